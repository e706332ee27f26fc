"""A passage an answer cites (`Citation`), and how its quote is cut: one pair of marks, without the
chapter heading it happens to begin with, cut at a word. Plain values, below the conversations that
store them, so the sealed context can make them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reader_app.books.model import Locator


@dataclass(frozen=True, slots=True)
class Citation:
    """A passage an answer used: where it is, and a short quote to show under the answer."""

    label: int  # the number the prompt gave it: [1], [2], ...
    chunk_id: int
    sid_start: int
    sid_end: int
    locator: Locator
    chapter: str
    quote: str

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "chunk_id": self.chunk_id,
            "sid_start": self.sid_start,
            "sid_end": self.sid_end,
            "locator": list(self.locator.as_tuple()),
            "chapter": self.chapter,
            "quote": self.quote,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Citation:
        section, block, char = data["locator"]
        return cls(
            label=int(data["label"]),
            chunk_id=int(data["chunk_id"]),
            sid_start=int(data["sid_start"]),
            sid_end=int(data["sid_end"]),
            locator=Locator(int(section), int(block), int(char)),
            chapter=str(data["chapter"]),
            quote=str(data["quote"]),
        )



OPENING_MARKS = "“\"‘'«„"


def cut_at_word(text: str, *, limit: int) -> str:
    """`text` on one line, at most `limit` characters, cut between words with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def quoted(text: str) -> str:
    """`text` in quotation marks, unless it already opens with its own (dialogue)."""
    return text if text[:1] in OPENING_MARKS else f"“{text}”"


def without_heading(text: str, chapter: str) -> str:
    """A passage's text without the chapter heading it begins with ("III Not all…")."""
    words, heading = text.split(), chapter.split()
    if heading and [w.casefold().rstrip(".:") for w in words[: len(heading)]] == [
        w.casefold().rstrip(".:") for w in heading
    ] and len(words) > len(heading):
        return " ".join(words[len(heading) :])
    return text
