"""What a preparation reports (`PrepareNews`), apart from the preparing itself: the window reads
the news at launch without loading the indexer and its numpy (`pipeline.py` prepares)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.translatable import Sentence, words_of

# The stages a preparation reports, in the order they happen.
STAGES = ("layer", "ocr", "describe", "text", "index", "covered", "ready", "cancelled")


@dataclass(frozen=True, slots=True)
class PrepareNews:
    """One piece of progress. `stage` is one of STAGES: "covered" means the dense index covers
    what has been read (the assistant can answer) while the rest is still being prepared."""

    book_id: str
    stage: str
    fraction: float = 0.0
    message: str = ""  # English (the logs, the command line)
    book: Book | None = None  # with "text": the book as indexed (a comic with its pages' text)
    sentence: Sentence | None = None  # the message, for the window to translate (`saying`)

    @property
    def words(self) -> Sentence | str:
        """What the window shows: the marked sentence where there is one, else the message."""
        return self.sentence or self.message


def saying(book_id: str, stage: str, what: Sentence | str | BaseException, *,
           fraction: float = 0.0) -> PrepareNews:
    """News whose message is `what`: an error says its sentence where it has one
    (reader_app/errors.py), and the English stays the message."""
    what = words_of(what)
    return PrepareNews(book_id, stage, fraction, message=str(what),
                       sentence=what if isinstance(what, Sentence) else None)


Progress = Callable[[PrepareNews], None]
