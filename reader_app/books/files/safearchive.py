"""Reading untrusted RAR, 7z and tar comics through libarchive, under the safe zip's caps."""

from __future__ import annotations

import ctypes
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from reader_app.books.files.safezip import (
    DEFAULT_LIMITS,
    TRAVERSAL,
    ZipLimits,
    is_unsafe_member_name,
    unreadable_file_error,
)
from reader_app.errors import BookError, DamagedBookError, UnsafeBookError
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

ArchiveKind = Literal["rar", "7z", "tar"]
# libarchive's reader for each kind: only that one, so a file cannot pass as another format, and
# no compression filter, so a ".cbt" cannot be a gzip of zeros unpacking to terabytes.
_LIBARCHIVE_FORMATS: dict[ArchiveKind, tuple[str, ...]] = {
    "rar": ("rar", "rar5"),
    "7z": ("7zip",),
    "tar": ("tar",),
}
_READ_CHUNK = 1 << 16
_ENCRYPTED = re.compile(r"encrypt|passphrase|password", re.IGNORECASE)
PASSWORD_REASON = sentence(QT_TRANSLATE_NOOP(
    "Errors", "it is password-protected (encrypted); Pagemate cannot open encrypted comics. "
    "Unpack it with its password and repack the pages as a CBZ."))


def _libarchive() -> Any:
    # Imported on first use: opening an EPUB never loads the system library.
    import libarchive

    return libarchive


@dataclass(frozen=True, slots=True)
class _Member:
    name: str
    size: int  # what the header claims; reading counts for itself


class SafeArchive:
    """A RAR, 7z or tar archive whose listing has been checked against `ZipLimits` on opening.

    Refused on opening: too many members, names that climb out of a folder, links and device
    entries, encrypted members, and declared sizes beyond the caps. libarchive reads in order, so
    each `read` walks the archive to its member; `peek_all` serves many members in one walk.
    Member names are only ever keys, never file-system paths.
    """

    def __init__(
        self, path: Path, *, kind: ArchiveKind, limits: ZipLimits = DEFAULT_LIMITS
    ) -> None:
        self.path = path
        self.kind = kind
        self.limits = limits
        self._members = self._checked_listing()
        self.names: tuple[str, ...] = tuple(self._members)

    def __enter__(self) -> SafeArchive:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Nothing stays open between calls; here so the archive reads like `SafeZip`."""

    def __contains__(self, name: object) -> bool:
        return name in self._members

    def size(self, name: str) -> int:
        """The uncompressed size the header claims (use only as a hint)."""
        return self._members[name].size

    def read(self, name: str, *, max_size: int | None = None) -> bytes:
        """The member's bytes, with a cap a lying header cannot get round.

        Unknown member -> KeyError. Over the cap -> UnsafeBookError.
        """
        cap = min(max_size or self.limits.max_member_size, self.limits.max_member_size)
        if self._members[name].size > cap:
            raise self._too_big(name, cap)
        found = self._contents({name}, cap=cap, count=None)
        if name not in found:
            raise DamagedBookError(self.path, name, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it is missing from the archive's data")))
        return found[name]

    def peek(self, name: str, count: int) -> bytes:
        """The first `count` bytes of a member (for magic numbers)."""
        return self.peek_all([name], count).get(name, b"")

    def peek_all(self, names: Iterable[str], count: int) -> dict[str, bytes]:
        """The first `count` bytes of each named member, in one walk through the archive."""
        wanted = set(names)
        for name in wanted:
            if name not in self._members:
                raise KeyError(name)
        return self._contents(wanted, cap=count, count=count)

    def _contents(self, wanted: set[str], *, cap: int, count: int | None) -> dict[str, bytes]:
        found: dict[str, bytes] = {}
        with self._reader() as archive:
            for entry in self._entries(archive):
                name = _entry_name(entry)
                if name not in wanted or name in found:
                    continue
                with self._member_errors(name):
                    found[name] = self._entry_bytes(entry, name, cap=cap, count=count)
                if len(found) == len(wanted):
                    break
        return found

    def _entry_bytes(self, entry: Any, name: str, *, cap: int, count: int | None) -> bytes:
        pieces: list[bytes] = []
        total = 0
        for chunk in entry.get_blocks(_READ_CHUNK):
            pieces.append(chunk)
            total += len(chunk)
            if count is not None and total >= count:
                return b"".join(pieces)[:count]
            if total > cap:
                raise self._too_big(name, cap)
        return b"".join(pieces)

    @contextmanager
    def _reader(self) -> Iterator[Any]:
        libarchive = _libarchive()
        try:
            self.path.open("rb").close()  # a missing or unreadable file says so in plain words
        except OSError as error:
            raise unreadable_file_error(self.path, error) from error
        with self._archive_errors():
            archive_p = libarchive.ffi.read_new()
            try:
                libarchive.ffi.get_read_filter_function("none")(archive_p)
                for format_name in _LIBARCHIVE_FORMATS[self.kind]:
                    libarchive.ffi.get_read_format_function(format_name)(archive_p)
                libarchive.ffi.read_open_filename_w(archive_p, str(self.path), _READ_CHUNK)
                yield libarchive.read.ArchiveRead(archive_p)
            finally:
                libarchive.ffi.read_free(archive_p)

    def _entries(self, archive: Any) -> Iterator[Any]:
        """The archive's entries, a listing error reported as the whole file's damage."""
        iterator = iter(archive)
        while True:
            with self._archive_errors():
                entry = next(iterator, None)
            if entry is None:
                return
            yield entry

    @contextmanager
    def _archive_errors(self) -> Iterator[None]:
        libarchive = _libarchive()
        try:
            yield
        except libarchive.ArchiveError as error:
            message = _message(error)
            if _ENCRYPTED.search(message):
                raise BookError(self.path, PASSWORD_REASON) from error
            raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "the file is damaged or incomplete ({detail})."),
                detail=message or "unreadable")) from error

    @contextmanager
    def _member_errors(self, name: str) -> Iterator[None]:
        libarchive = _libarchive()
        try:
            yield
        except libarchive.ArchiveError as error:
            message = _message(error)
            if _ENCRYPTED.search(message) or self._rar5_encrypted():
                raise BookError(self.path, PASSWORD_REASON) from error
            detail = sentence(QT_TRANSLATE_NOOP(
                "Errors", "its compressed data is corrupt or cut short"))
            raise DamagedBookError(self.path, name, sentence(QT_TRANSLATE_NOOP(
                "Errors", "{detail}: {message}"), detail=detail, message=message)
                if message else detail) from error

    def _rar5_encrypted(self) -> bool:
        from reader_app.books.files.rar5 import has_encrypted_file

        return self.kind == "rar" and has_encrypted_file(self.path)

    def _too_big(self, name: str, cap: int) -> UnsafeBookError:
        return UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{member}” unpacks to more than {mib} MiB, which no book needs; the file "
            "may be an archive bomb."), member=name, mib=cap // (1 << 20)))

    def _checked_listing(self) -> dict[str, _Member]:
        limits = self.limits
        members: dict[str, _Member] = {}
        seen = 0
        total = 0
        with self._reader() as archive:
            for entry in self._entries(archive):
                seen += 1
                if seen > limits.max_members:
                    raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                        "Errors", "it holds more than {limit} files; the file may be an archive "
                        "bomb."), limit=limits.max_members))
                name = _entry_name(entry)
                self._check_entry(entry, name)
                if entry.isdir:
                    continue
                size = entry.size or 0
                total += size
                if total > limits.max_total_uncompressed:
                    raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                        "Errors", "it unpacks to more than {gib} GiB; the file may be an archive "
                        "bomb."), gib=limits.max_total_uncompressed >> 30))
                members.setdefault(name, _Member(name, size))
        self._check_ratio(total)
        self._check_complete()
        return members

    def _check_complete(self) -> None:
        from reader_app.books.files.rar5 import RAR5_SIGNATURE, is_cut_short

        if self.kind != "rar":
            return
        with self.path.open("rb") as handle:
            rar5 = handle.read(len(RAR5_SIGNATURE)) == RAR5_SIGNATURE
        if rar5 and is_cut_short(self.path):
            raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "the file is damaged or incomplete (the archive is cut short).")))

    def _check_entry(self, entry: Any, name: str) -> None:
        if is_unsafe_member_name(name):
            raise UnsafeBookError(self.path, sentence(TRAVERSAL, member=name))
        if entry.issym or entry.islnk:
            raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it contains a link (“{member}”), which a comic never needs; the file "
                "was not opened."), member=name))
        if not (entry.isdir or entry.isreg):
            raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it contains a device or special file (“{member}”), which a comic "
                "never needs; the file was not opened."), member=name))
        if _is_encrypted(entry):
            raise BookError(self.path, PASSWORD_REASON)

    def _check_ratio(self, total: int) -> None:
        """Solid RAR and 7z compress members together, so the ratio is the whole archive's."""
        limits = self.limits
        try:
            packed = self.path.stat().st_size
        except OSError as error:
            raise unreadable_file_error(self.path, error) from error
        if total > limits.ratio_floor and total > limits.max_ratio * max(packed, 1):
            raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it is compressed more than {ratio} to 1, which is typical of an "
                "archive bomb; the file was not opened."), ratio=f"{limits.max_ratio:.0f}"))


def _entry_name(entry: Any) -> str:
    name = entry.pathname
    if isinstance(name, bytes):  # not valid in the archive's encoding: a stable stand-in
        return name.decode("utf-8", "replace")
    return str(name or "")


def _is_encrypted(entry: Any) -> bool:
    libarchive = _libarchive()
    function = libarchive.ffi.libarchive.archive_entry_is_encrypted
    function.argtypes = [ctypes.c_void_p]
    function.restype = ctypes.c_int
    return bool(function(entry._entry_p) > 0)


def _message(error: Any) -> str:
    message = error.msg
    if isinstance(message, bytes):
        message = message.decode("utf-8", "replace")
    return str(message or "")[:200]


class ArchiveResourceLoader:
    """`Book.load_resource` for a RAR, 7z or tar comic: one member on demand, under the caps.

    Picklable (the model cache) and safe to call from any thread: each call reads afresh.
    """

    __slots__ = ("kind", "limits", "path")

    def __init__(
        self, path: Path, *, kind: ArchiveKind, limits: ZipLimits = DEFAULT_LIMITS
    ) -> None:
        self.path = path
        self.kind: ArchiveKind = kind
        self.limits = limits

    def __call__(self, name: str) -> bytes:
        return SafeArchive(self.path, kind=self.kind, limits=self.limits).read(name)

    def peek(self, name: str, count: int) -> bytes:
        return SafeArchive(self.path, kind=self.kind, limits=self.limits).peek(name, count)

    def __getstate__(self) -> tuple[Path, ArchiveKind, ZipLimits]:
        return (self.path, self.kind, self.limits)

    def __setstate__(self, state: tuple[Path, ArchiveKind, ZipLimits]) -> None:
        self.path, self.kind, self.limits = state

    def __repr__(self) -> str:
        return f"ArchiveResourceLoader({str(self.path)!r}, kind={self.kind!r})"
