"""Scoring comic OCR against the corpus transcripts: character error rate on the dialogue.

How the comparison is made (the corpus README explains the transcripts):
- Only dialogue and captions are scored. Sound effects (SHH, PLOP, Glup, the letter-by-letter
  "S P l urp !") and sign lettering inside the art (the WITCH PROPERTY label) are not: they are
  drawn, often one letter per transcript block, and the product keeps them only as extra words.
  A transcript block counts as dialogue unless every word in it is in `NOT_DIALOGUE_WORDS`.
- Text painted into the artwork (the logo, bottle labels, ep02's patron list) is in no transcript
  box, so OCR found outside every box is not scored either way.
- For each dialogue block the OCR lines whose centre lies in its box (padded, since the boxes can
  clip glyphs) are joined in the reading order the app produced and compared with the transcript.
  A block OCR missed counts as all its characters wrong.
- Curly and straight apostrophes and quotes are the same character; runs of spaces are one space.
  Case counts.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from reader_app.comics.reading_order import Box
from reader_app.comics.text import ComicText

NOT_DIALOGUE_WORDS = frozenset(
    # Episode 1 sound effects, episode 2 sound effects (some split into single letters),
    # and the label painted on the potion cabinet.
    {"shh", "plop", "splash", "glup", "gulp", "tok", "blup", "lup", "up", "pl", "s", "p", "l", "m",
     "urp", "a", "t", "b", "warning", "witch", "property"}
)
BOX_PADDING = 12.0


@dataclass(frozen=True)
class EpisodeScore:
    episode: str
    errors: int
    reference_chars: int
    blocks: int

    @property
    def cer(self) -> float:
        return self.errors / self.reference_chars if self.reference_chars else 0.0


def normalise(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip()


def is_dialogue(text: str) -> bool:
    words = re.findall(r"[A-Za-z]+", text)
    return any(word.lower() not in NOT_DIALOGUE_WORDS for word in words)


def edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def dialogue_blocks(transcript_path: Path) -> list[tuple[int, Box, str]]:
    """(page, padded box, text) of every dialogue block in a transcript."""
    data = json.loads(transcript_path.read_text())
    found = []
    for page in data["pages"]:
        for block in page["blocks"]:
            if is_dialogue(block["text"]):
                x, y, w, h = block["bbox_xywh"]
                box = Box(x - BOX_PADDING, y - BOX_PADDING, x + w + BOX_PADDING,
                          y + h + BOX_PADDING)
                found.append((page["index"], box, block["text"]))
    return found


def recognised_in(texts: ComicText, page: int, box: Box) -> str:
    """The OCR lines of `page` whose centre lies in `box`, joined in the app's reading order."""
    page_text = texts.page(page)
    if page_text is None:
        return ""
    words = [
        line.text
        for block in page_text.blocks
        for line in block.lines
        if box.contains(line.box.center)
    ]
    return " ".join(words)


def dialogue_word_recall(texts: ComicText, transcript_path: Path) -> tuple[int, int]:
    """(dialogue words found anywhere in the comic's page text, dialogue words): what search and
    answers can still quote once the text not worth reading is left out."""
    found_text = " ".join(page.text for page in texts.pages).lower()
    words = [
        word.lower()
        for _, _, text in dialogue_blocks(transcript_path)
        for word in re.findall(r"[A-Za-z']+", normalise(text))
    ]
    found = sum(1 for w in words if re.search(rf"(?<![a-z']){re.escape(w)}(?![a-z'])", found_text))
    return found, len(words)


def score_episode(texts: ComicText, transcript_path: Path) -> EpisodeScore:
    errors = reference_chars = count = 0
    for page, box, text in dialogue_blocks(transcript_path):
        reference = normalise(text)
        hypothesis = normalise(recognised_in(texts, page, box))
        errors += edit_distance(reference, hypothesis)
        reference_chars += len(reference)
        count += 1
    name = transcript_path.name.removesuffix(".transcript.json")
    return EpisodeScore(name, errors, reference_chars, count)
