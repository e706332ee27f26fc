"""What a preparation reports (`PrepareNews`), apart from the preparing itself: the window reads
the news at launch without loading the indexer and its numpy (`pipeline.py` prepares)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reader_app.books.model import Book

# The stages a preparation reports, in the order they happen.
STAGES = ("layer", "ocr", "describe", "text", "index", "covered", "ready", "cancelled")


@dataclass(frozen=True, slots=True)
class PrepareNews:
    """One piece of progress. `stage` is one of STAGES: "covered" means the dense index covers
    what has been read (the assistant can answer) while the rest is still being prepared."""

    book_id: str
    stage: str
    fraction: float = 0.0
    message: str = ""
    book: Book | None = None  # with "text": the book as indexed (a comic with its pages' text)


Progress = Callable[[PrepareNews], None]
