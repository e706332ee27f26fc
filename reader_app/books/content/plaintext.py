"""Plain text books (.txt) into the book model: chapters found from their headings ("CHAPTER I",
"BOOK ONE", a roman numeral, a line in capitals) or from the blank lines around them, and
paragraphs joined across the hard line breaks of 70-column text (Project Gutenberg's).

A Project Gutenberg file's header and licence are marked as matter around the text, so the
companion leaves them out; the reader still sees them.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from reader_app.books.content.text_parts import LINE_BREAK, Chapters, chapters_from_blocks
from reader_app.books.files.budget import BookBudget
from reader_app.books.files.textdecode import read_text_file
from reader_app.books.model import Block, BlockKind, Book, BookFormat, Metadata, Section

_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|first|second|third|fourth|"
    "fifth|sixth|seventh|eighth|ninth|tenth|last|the first|the second|the third|the last"
)
_NUMBER = rf"(?:[ivxlcdm]+|\d{{1,4}}|{_NUMBER_WORDS})\b"
_VOLUME = re.compile(rf"^(?:book|volume|vol\.)\s+{_NUMBER}", re.IGNORECASE)
_PART = re.compile(rf"^part\s+{_NUMBER}", re.IGNORECASE)
# Heading ranks, outermost first; the ranks a book uses become its levels 1, 2, 3.
VOLUME, PART, CHAPTER = 1, 2, 3
_CHAPTER = re.compile(
    rf"^(?:chapter|chap\.|section|canto|letter|stave|act|scene)\s+{_NUMBER}", re.IGNORECASE
)
_NAMED = re.compile(
    r"^(?:prologue|epilogue|preface|introduction|foreword|afterword|appendix|conclusion|"
    r"postscript|the end)\b[^a-z]{0,3}$",
    re.IGNORECASE,
)
_BARE_NUMBER = re.compile(r"^(?:[IVXLCDM]+|\d{1,3})[.:]?$")
_GUTENBERG_START = re.compile(r"^\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG", re.IGNORECASE)
_GUTENBERG_END = re.compile(r"^\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG", re.IGNORECASE)
_SENTENCE_END = (".", ",", ";", "\u201d", '"')
HEADING_MAX = 80  # characters: a longer line is a paragraph, whatever it looks like
AROUND = ("imprint",)  # Project Gutenberg's header and licence: not the story


@dataclass(frozen=True, slots=True)
class _Group:
    """Lines between blank lines, and how many blank lines came before them."""

    lines: tuple[str, ...]
    gap: int


def read_plain_text(path: Path, *, book_id: str) -> Book:
    """The text file at `path` as a book. BookError (and subclasses) for what cannot be read."""
    text, _encoding = read_text_file(path)
    blocks = text_blocks(text)
    BookBudget(path).spend(elements=len(blocks), characters=sum(len(b.text) for b in blocks))
    chapters = chapters_of(blocks, name=path.name)
    return text_book(path, book_id=book_id, book_format="txt", chapters=chapters,
                     header=_header_fields(text))


def text_book(
    path: Path, *, book_id: str, book_format: BookFormat, chapters: Chapters,
    header: dict[str, str] | None = None,
) -> Book:
    """The book of a text or Markdown file: its header's title, author and language (Project
    Gutenberg's "Title:" lines, Markdown's front matter), else its file's name; no pictures."""
    title = path.name
    for suffix in (".markdown", ".md", ".txt", ".text"):
        if title.lower().endswith(suffix):
            title = title[: -len(suffix)]
    header = header or {}
    language = header.get("language", "").strip()
    return Book(
        book_id=book_id,
        path=path,
        format=book_format,
        metadata=Metadata(
            title=header.get("title") or title.replace("_", " ").strip() or path.name,
            authors=tuple(a.strip() for a in header.get("author", "").split(" and ")
                          if a.strip()),
            language=_LANGUAGES.get(language.casefold(), language.casefold()[:35]),
        ),
        sections=chapters.sections or (Section(0, path.name, "", ()),),
        toc=chapters.toc,
        cover=None,
        load_resource=_no_resources,
    )


_HEADER_FIELD = re.compile(r"^(title|author|language)\s*:\s*(.{1,200})$", re.IGNORECASE)
_LANGUAGES = {"english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it",
              "russian": "ru", "dutch": "nl", "portuguese": "pt", "finnish": "fi", "latin": "la"}
HEADER_LINES = 80  # a Project Gutenberg header's "Title:" and "Author:" come early


def _header_fields(text: str) -> dict[str, str]:
    """"Title:", "Author:" and "Language:" lines at the head of a text (Project Gutenberg's)."""
    found: dict[str, str] = {}
    for line in text[:20_000].split("\n")[:HEADER_LINES]:
        if match := _HEADER_FIELD.match(line.strip()):
            found.setdefault(match.group(1).casefold(), " ".join(match.group(2).split()))
    return found


def _no_resources(name: str) -> bytes:
    raise KeyError(name)


def chapters_of(blocks: list[Block], *, name: str) -> Chapters:
    """Sections cut at every heading (book, part, chapter), contents nested by their levels."""
    levels = {b.level for b in blocks if b.kind is BlockKind.HEADING}
    deepest = max(levels, default=1)
    return chapters_from_blocks(blocks, name=name, chapter_level=deepest, toc_levels=1)


def text_blocks(text: str) -> list[Block]:
    """The blocks of a plain text: headings, paragraphs (hard line breaks joined) and verse."""
    groups = _groups(text)
    usual_gap = _usual_gap(groups)
    blocks: list[Block] = []
    marks: tuple[str, ...] = ()
    gutenberg = any(_GUTENBERG_START.match(g.lines[0]) for g in groups)
    if gutenberg:
        marks = AROUND
    previous_heading = False
    for group in groups:
        first = group.lines[0].strip()
        if len(group.lines) == 1 and not any(c.isalnum() for c in first):
            blocks.append(Block(BlockKind.RULE, marks=marks))  # "* * *": a scene break
            previous_heading = False
            continue
        if gutenberg and _GUTENBERG_START.match(first):
            blocks.append(Block(BlockKind.PARAGRAPH, " ".join(first.split()), marks=AROUND))
            marks = ()
            continue
        if gutenberg and _GUTENBERG_END.match(first):
            marks = AROUND
        level = _heading_level(group, usual_gap=usual_gap, after_heading=previous_heading)
        if level:
            heading = LINE_BREAK.join(" ".join(line.split()) for line in group.lines)
            if previous_heading and _numbered(blocks[-1].text) and not _numbered(heading):
                # "CHAPTER I." and, a blank line below, its title "THE RIVER": one heading
                numbered = blocks.pop()
                heading, level = numbered.text + LINE_BREAK + heading, numbered.level
            blocks.append(Block(BlockKind.HEADING, heading, level=level, marks=marks))
            previous_heading = True
            continue
        previous_heading = False
        blocks.extend(
            Block(BlockKind.PARAGRAPH, paragraph, marks=marks)
            for paragraph in _paragraphs(group.lines)
        )
    return _ranks_as_levels(blocks)


def _ranks_as_levels(blocks: list[Block]) -> list[Block]:
    """Heading ranks made levels from 1: a book of parts and chapters has parts at 1 and
    chapters at 2; one of chapters only has them at 1."""
    ranks = sorted({b.level for b in blocks if b.kind is BlockKind.HEADING})
    level_of = {rank: number for number, rank in enumerate(ranks, 1)}
    return [replace(b, level=level_of[b.level]) if b.kind is BlockKind.HEADING else b
            for b in blocks]


def _numbered(heading: str) -> bool:
    """A heading that only numbers its chapter ("CHAPTER IV.", "XII"), so a title may follow."""
    if LINE_BREAK in heading:
        return False
    words = heading.split()
    return bool(_BARE_NUMBER.match(heading)) or (
        len(words) == 2 and bool(_CHAPTER.match(heading) or _PART.match(heading)
                                 or _VOLUME.match(heading))
    )


def _groups(text: str) -> list[_Group]:
    groups: list[_Group] = []
    lines: list[str] = []
    gap = 0
    for raw in text.expandtabs(4).split("\n"):
        line = raw.rstrip().replace("\f", "")
        if line.strip():
            lines.append(line)
            continue
        if lines:
            groups.append(_Group(tuple(lines), gap))
            lines, gap = [], 0
        gap += 1
    if lines:
        groups.append(_Group(tuple(lines), gap))
    return groups


def _usual_gap(groups: list[_Group]) -> int:
    gaps = Counter(g.gap for g in groups[1:])
    if not gaps:
        return 1
    most = max(gaps.values())
    return min(gap for gap, count in gaps.items() if count == most)  # a tie: the smaller gap


def _heading_level(group: _Group, *, usual_gap: int, after_heading: bool) -> int:
    """The heading's rank (VOLUME, PART, CHAPTER), 0 for text. A heading is one to three short
    lines: "CHAPTER I" (with its title on the next line), "BOOK ONE", "IV", a line in capitals,
    or a short line set apart by more blank lines than paragraphs are."""
    lines = [line.strip() for line in group.lines]
    if len(lines) > 3 or any(len(line) > HEADING_MAX for line in lines):
        return 0
    first = lines[0]
    if _VOLUME.match(first):
        return VOLUME
    if _PART.match(first):
        return PART
    if _CHAPTER.match(first) or _NAMED.match(first) or _BARE_NUMBER.match(first):
        return CHAPTER
    if len(lines) > 1:
        return 0
    letters = [c for c in first if c.isalpha()]
    capitals = len(letters) >= 2 and all(c.isupper() for c in letters if c.isalpha() and
                                         c.lower() != c.upper())
    set_apart = group.gap > usual_gap or after_heading
    if capitals and set_apart and not first.endswith(","):
        return CHAPTER
    set_apart = group.gap >= usual_gap + 2 or (after_heading and group.gap > usual_gap)
    if set_apart and len(first) <= 60 and not first.endswith(_SENTENCE_END):
        return CHAPTER
    return 0


def _paragraphs(lines: tuple[str, ...]) -> list[str]:
    """One group's paragraphs: lines joined (a hyphen at a line's end joins without a space),
    split where an indented line starts a paragraph; verse (every line indented) keeps its
    lines."""
    indents = [len(line) - len(line.lstrip()) for line in lines]
    if len(lines) >= 2 and min(indents) >= 2 and max(indents) < 40:
        return [LINE_BREAK.join(" ".join(line.split()) for line in lines)]
    starts = [0]
    indented = [i for i in range(1, len(lines)) if indents[i] >= 2]
    if len(lines) >= 3 and 0 < len(indented) < len(lines) / 2:
        starts += indented  # paragraphs marked by a first-line indent, not by blank lines
    paragraphs = []
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        paragraphs.append(_joined(lines[start:end]))
    return [p for p in paragraphs if p]


def _joined(lines: tuple[str, ...]) -> str:
    parts: list[str] = []
    for line in lines:
        words = " ".join(line.split())
        if parts and parts[-1].endswith("-") and len(parts[-1]) > 1 and parts[-1][-2].isalpha() \
                and words[:1].isalpha():
            parts[-1] += words
        else:
            parts.append(words)
    return " ".join(parts)
