"""A cache of parsed book models, so reopening a long book does not parse it again."""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import tempfile
from dataclasses import fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from reader_app.books.files.safezip import (
    ZipResourceLoader,
    require_regular_file,
    unreadable_file_error,
)
from reader_app.books.model import (
    Block,
    BlockStyle,
    Book,
    Locator,
    Look,
    Media,
    Metadata,
    Section,
    Series,
    Span,
    TocEntry,
)
from reader_app.books.opening.formats import read_book
from reader_app.digest import file_sha256
from reader_app.paths import cache_dir

# Bump whenever parsing changes what ends up in the model: older cache files are then ignored.
# 16: a media element's label is never a data: URI, and is short; 15: an image's alt text
# (Block.alt); 14: audio and video as MEDIA blocks; 13: the modules moved into rooms (pickled paths)
PARSER_VERSION = 16

# The model's value classes, pickled as constructor calls with positional arguments: the default
# for slotted frozen dataclasses (a __setstate__ that looks up the fields for every object) makes
# reopening War and Peace about three times slower.
_POSITIONAL = MappingProxyType(
    {
        cls: tuple(field.name for field in fields(cls))
        for cls in (Block, Span, Section, Locator, TocEntry, Metadata, Series, Look, BlockStyle,
                    Media)
    }
)


class _ModelPickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        names = _POSITIONAL.get(type(obj))
        if names is None:
            return NotImplemented
        return type(obj), tuple(getattr(obj, name) for name in names)


def cache_path(home: Path, book_id: str) -> Path:
    return cache_dir(home) / f"{book_id}.model"


def load_book(path: Path, home: Path) -> Book:
    """The parsed book at `path`, from the cache in `home` when it holds this exact file.

    Identity is the file's SHA-256, so a renamed or moved file still hits the cache; the
    returned book always points at `path`. A missing, stale or corrupt cache file is replaced.
    """
    path = Path(path)
    require_regular_file(path)
    try:
        book_id = file_sha256(path)
    except OSError as error:
        raise unreadable_file_error(path, error) from error
    cached = _read_cache(cache_path(home, book_id), book_id)
    if cached is not None:
        return replace(cached, path=path, load_resource=ZipResourceLoader(path))
    book = read_book(path, book_id=book_id)
    _write_cache(cache_path(home, book.book_id), book)
    return book


def forget_cached_model(home: Path, book_id: str) -> None:
    """Delete the cached model of a book (when it leaves the library)."""
    with contextlib.suppress(FileNotFoundError):
        cache_path(home, book_id).unlink()


def _read_cache(file: Path, book_id: str) -> Book | None:
    try:
        with file.open("rb") as handle:
            version, book = pickle.load(handle)
    except FileNotFoundError:
        return None
    except Exception:  # a torn or foreign file: ignore it, it is rewritten below
        return None
    if version != PARSER_VERSION or not isinstance(book, Book) or book.book_id != book_id:
        return None
    return book


def _write_cache(file: Path, book: Book) -> None:
    # Temp file + rename: a crash mid-write never leaves a half file under the real name.
    try:
        descriptor, temp_name = tempfile.mkstemp(
            dir=file.parent, prefix=f".{file.stem}.", suffix=".tmp"
        )
    except OSError:  # a read-only or full library: the book still opens, uncached
        return
    try:
        with os.fdopen(descriptor, "wb") as handle:
            buffer = io.BytesIO()
            _ModelPickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump((PARSER_VERSION, book))
            handle.write(buffer.getbuffer())
        os.replace(temp_name, file)
    except OSError:
        # A full disk or read-only library must not stop the reader from opening the book.
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
