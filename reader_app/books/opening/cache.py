"""A cache of parsed book models, so reopening a long book does not parse it again.

Each section's blocks are pickled apart from the rest of the book, and a reopened book unpickles
a section's blocks only when something first asks for them (`CachedSection`): the first page
waits for its own chapter, not for the whole of War and Peace. Everything else about the book
(its metadata, table of contents, section names and lengths, so progress and page counts) is
read at once."""

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

from reader_app.books.files.safezip import require_regular_file, unreadable_file_error
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
from reader_app.books.opening.formats import read_book, resource_loader
from reader_app.digest import file_sha256
from reader_app.paths import cache_dir

# Bump whenever parsing changes what ends up in the model: older cache files are then ignored.
# 19: a book's notes are sentences (translatable.Sentence, the template and its arguments), so
# the window shows them in its language; an older file's English notes are parsed again;
# 18: list markers follow the book's list-style (none, square, roman...);
# 17: the merges of 14 to 16 below, and media labels without data: URIs, cut to 80 characters;
# 16: sections' blocks pickled apart and the underline position; 15: an image's alt text
# (Block.alt); 14: audio and video as MEDIA blocks; 13: the modules moved into rooms (pickled paths)
PARSER_VERSION = 19

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
        if isinstance(obj, Section):  # its blocks in a pickle of their own (CachedSection)
            return _cached_section, (
                obj.index, obj.name, obj.title, _pickled(obj.blocks), obj.double_page,
                obj.linear, obj.char_count,
            )
        names = _POSITIONAL.get(type(obj))
        if names is None:
            return NotImplemented
        return type(obj), tuple(getattr(obj, name) for name in names)


def _pickled(value: object) -> bytes:
    buffer = io.BytesIO()
    _ModelPickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


# Section's own storage for `blocks` (a slot), which CachedSection's property fills on first use.
_BLOCKS_SLOT = Section.__dict__["blocks"]


class CachedSection(Section):
    """A section read from the cache: its blocks stay pickled until first asked for.

    It is a `Section` in every way a reader of the model can tell (fields, equality, hash,
    `dataclasses.replace`); pickled again (for another process), it becomes a plain `Section`.
    Unpickling is idempotent, so two threads asking at once at worst both do it.
    """

    __slots__ = ("_chars", "_packed")
    _chars: int  # the blocks' characters, stored: progress needs no blocks
    _packed: bytes  # the blocks' own pickle; b"" once read

    @property  # a field of Section, read through the pickle
    def blocks(self) -> tuple[Block, ...]:
        try:
            read: tuple[Block, ...] = _BLOCKS_SLOT.__get__(self, CachedSection)
            return read
        except AttributeError:  # still pickled
            pass
        blocks: tuple[Block, ...] = pickle.loads(self._packed)
        _BLOCKS_SLOT.__set__(self, blocks)
        object.__setattr__(self, "_packed", b"")  # the bytes are not kept beside the blocks
        return blocks

    @blocks.setter
    def blocks(self, value: tuple[Block, ...]) -> None:  # Section's __init__ (replace) sets it
        _BLOCKS_SLOT.__set__(self, value)

    @property
    def unpickled(self) -> bool:
        """Whether the blocks have been read (for tests and benchmarks)."""
        try:
            _BLOCKS_SLOT.__get__(self, CachedSection)
        except AttributeError:
            return False
        return True

    @property
    def char_count(self) -> int:
        try:
            return int(self._chars)
        except AttributeError:  # made by `replace`, with blocks of its own
            return sum(len(b.text) for b in self.blocks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Section):
            return NotImplemented
        return astuple_shallow(self) == astuple_shallow(other)

    __hash__ = Section.__hash__

    def __reduce__(self) -> tuple[Any, ...]:
        return Section, astuple_shallow(self)


def astuple_shallow(section: Section) -> tuple[Any, ...]:
    """A section's fields in order, the values themselves (not copied, as `astuple` would)."""
    return tuple(getattr(section, f.name) for f in fields(Section))


def _cached_section(
    index: int, name: str, title: str, packed: bytes, double_page: bool, linear: bool, chars: int
) -> CachedSection:
    section = CachedSection.__new__(CachedSection)
    put = object.__setattr__  # frozen: Section's own __init__ does the same
    for field_name, value in (("index", index), ("name", name), ("title", title),
                              ("double_page", double_page), ("linear", linear),
                              ("_packed", packed), ("_chars", chars)):
        put(section, field_name, value)
    return section


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
        # A zip's loader, a Kindle file's or an archive's follows the file to where it is now;
        # an FB2's pictures are in the model, and a text book has none.
        loader = resource_loader(cached.format, path) or cached.load_resource
        return replace(cached, path=path, load_resource=loader)
    book = read_book(path, book_id=book_id)
    if book.format != "pdf":  # a PDF opens from its catalogue alone, and its pages stay open
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
