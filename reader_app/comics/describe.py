"""Comic page descriptions: which pages may be described, the images sent, the stored text."""

from __future__ import annotations

import dataclasses
import io
import logging
import re
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from PIL import Image

from reader_app.books.model import Book
from reader_app.books.pictures.picture_decode import pillow_formats
from reader_app.cancel import CancelToken
from reader_app.comics.text import page_content_hash, page_image_name
from reader_app.errors import AnswerFailedError, AssistantUnavailableError
from reader_app.translatable import Sentence, words_of

log = logging.getLogger(__name__)

# Vision models are trained on images around this size; larger pages only cost upload and time.
DESCRIPTION_IMAGE_SIDE = 1344
DESCRIPTION_MAX_CHARS = 800

ProgressCallback = Callable[[int, int], None]  # (pages described, pages to describe)


class PageDescriber(Protocol):
    """Turns one page image into a short description."""

    @property
    def model(self) -> str: ...

    def describe(self, image: bytes, *, page_number: int, title: str) -> str: ...


@dataclass(frozen=True)
class DescriptionRun:
    """What `describe_pages` did. `descriptions` holds every stored description of the book's
    pages (page index -> text) for the model, ready for `with_page_text`."""

    descriptions: Mapping[int, str] = field(default_factory=dict)
    model: str | None = None
    described: tuple[int, ...] = ()  # pages described by this call, in order
    last_page: int = -1  # the last page descriptions may be made for
    complete: bool = True
    # Why nothing could be described (setting off, no vision model, ...): a sentence the window
    # translates (`str()` is its English), or "" when nothing stood in the way.
    reason: Sentence | str = ""


def describe_reached_pages(
    conn: sqlite3.Connection,
    home: Path,
    book: Book,
    *,
    describer: PageDescriber,
    last_page: int,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
) -> DescriptionRun:
    """Describe the pages of a comic the reader has reached, in page order, storing each.

    Only pages up to `last_page` are read and sent: `rag.scope.boundary.last_page_to_describe`
    decides it (the last page read, or every page while the reader has chosen "Prepare whole
    comic").
    A page already described (same image, same model) is not sent again.
    `rag.vision.describe_pages` is the entry point that heeds the setting and finds a model.
    """
    wanted = [s for s in book.sections if s.index <= last_page and page_image_name(s)]
    described: list[int] = []
    for done, section in enumerate(wanted):
        if cancel is not None and cancel.cancelled:
            return _run(conn, book, describer.model, described, last_page, complete=False)
        content_hash = page_content_hash(book, section)
        if content_hash is not None and _stored(conn, content_hash, describer.model) is None:
            image = _image_for_model(book, section.name, page_image_name(section) or "")
            if image is not None:
                try:
                    text = describer.describe(image, page_number=section.index + 1,
                                              title=book.metadata.title)
                except AssistantUnavailableError as error:
                    run = _run(conn, book, describer.model, described, last_page, complete=False)
                    return dataclasses.replace(run, reason=words_of(error))
                except AnswerFailedError as error:
                    log.warning("Page %d of %s was not described: %s", section.index + 1,
                                book.path.name, error)
                    text = ""
                text = _tidy(text)
                if text:
                    _store(conn, content_hash, describer.model, text)
                    described.append(section.index)
        if progress is not None:
            progress(done + 1, len(wanted))
    return _run(conn, book, describer.model, described, last_page, complete=True)


def stored_descriptions(conn: sqlite3.Connection, book: Book, *, model: str) -> dict[int, str]:
    """Every stored description of the pages of `book` made by `model`, by page index."""
    found = {}
    for section in book.sections:
        content_hash = page_content_hash(book, section)
        if content_hash is None:
            continue
        text = _stored(conn, content_hash, model)
        if text is not None:
            found[section.index] = text
    return found


def _run(conn: sqlite3.Connection, book: Book, model: str, described: list[int],
         last_page: int, *, complete: bool) -> DescriptionRun:
    return DescriptionRun(stored_descriptions(conn, book, model=model), model, tuple(described),
                          last_page, complete)


def _image_for_model(book: Book, page_name: str, image_name: str) -> bytes | None:
    """The page as a JPEG no larger than a vision model can use."""
    try:
        with Image.open(io.BytesIO(book.load_resource(image_name)),
                        formats=pillow_formats()) as opened:
            opened.draft("RGB", (DESCRIPTION_IMAGE_SIDE, DESCRIPTION_IMAGE_SIDE))
            image = opened.convert("RGB")
        image.thumbnail((DESCRIPTION_IMAGE_SIDE, DESCRIPTION_IMAGE_SIDE))
        out = io.BytesIO()
        image.save(out, format="JPEG", quality=85)
        return out.getvalue()
    except Exception as error:  # any Pillow plugin's own failure (RuntimeError, OverflowError…)
        log.warning("Not describing %s of %s: the image could not be decoded (%s: %s)",
                    page_name, book.path.name, type(error).__name__, error)
        return None


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > DESCRIPTION_MAX_CHARS:
        text = text[: DESCRIPTION_MAX_CHARS - 1].rstrip() + "…"
    return text


def _stored(conn: sqlite3.Connection, content_hash: str, model: str) -> str | None:
    row = conn.execute(
        "SELECT text FROM page_descriptions WHERE content_hash = ? AND model = ?",
        (content_hash, model),
    ).fetchone()
    return None if row is None else str(row[0])


def _store(conn: sqlite3.Connection, content_hash: str, model: str, text: str) -> None:
    with conn:
        conn.execute(
            """INSERT OR REPLACE INTO page_descriptions (content_hash, model, text, created_at)
               VALUES (?, ?, ?, ?)""",
            (content_hash, model, text, time.time()),
        )
