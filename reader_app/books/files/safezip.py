"""Reading untrusted zip containers (EPUB, CBZ) with caps on size, count, ratio and names."""

from __future__ import annotations

import errno
import lzma
import os
import posixpath
import re
import stat
import struct
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from reader_app.errors import BookError, DamagedBookError, UnsafeBookError
from reader_app.translatable import QT_TRANSLATE_NOOP, Part, sentence

_DRIVE_LETTER = re.compile(r"^[A-Za-z]:")
_READ_CHUNK = 1 << 16
# What reading one member of a damaged archive can raise: bad deflate/bzip2/lzma data, a CRC
# mismatch (BadZipFile), a member cut short (EOFError), a header that does not parse.
_MEMBER_FAILURES: tuple[type[BaseException], ...] = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    lzma.LZMAError,
    EOFError,
    OSError,
    ValueError,
    struct.error,
)


def _describe(error: BaseException) -> Part:
    if isinstance(error, (zlib.error, lzma.LZMAError)):
        return sentence(QT_TRANSLATE_NOOP("Errors", "its compressed data is corrupt"))
    if isinstance(error, EOFError):
        return sentence(QT_TRANSLATE_NOOP("Errors", "it is cut short"))
    text = str(error)
    if "CRC" in text:
        return sentence(QT_TRANSLATE_NOOP(
            "Errors", "its checksum does not match; the bytes were changed"))
    return text[:200] or type(error).__name__


A_FOLDER = sentence(QT_TRANSLATE_NOOP("Errors", "it is a folder, not a book file."))
# Shared with safearchive.py: a member whose name climbs out of the book ({member}).
TRAVERSAL = QT_TRANSLATE_NOOP(
    "Errors", "it contains a file named “{member}” that points outside the book (path "
    "traversal); the file was not opened.")


@dataclass(frozen=True, slots=True)
class ZipLimits:
    """What a book container may hold before we call it hostile."""

    max_members: int = 10_000
    max_total_uncompressed: int = 1 << 30  # 1 GiB
    max_member_size: int = 64 << 20  # 64 MiB: no single chapter or page needs more
    max_ratio: float = 100.0  # compression ratio, checked on members over `ratio_floor`
    ratio_floor: int = 1 << 20
    # An LZMA member names the dictionary its decoder allocates; 7-Zip's largest preset uses
    # 64 MiB. A few bytes of header could otherwise make the decoder reserve 4 GiB.
    max_lzma_dictionary: int = 128 << 20


DEFAULT_LIMITS = ZipLimits()


def is_unsafe_member_name(name: str) -> bool:
    """True for names that would escape a folder if someone ever used them as a path."""
    if not name or "\x00" in name:
        return True
    if name.startswith(("/", "\\")) or _DRIVE_LETTER.match(name):
        return True
    parts = re.split(r"[/\\]", name)
    return any(part == ".." for part in parts)


def resolve_member_name(base: str, href: str) -> str | None:
    """The member named by `href` relative to member `base` (None for an empty path).

    Resolved as a URL is (RFC 3986 dot-segment removal): an `href` starting with "/" is rooted
    at the container's root (never the file system's), and a "../" that would climb above the
    root is dropped there, as the EPUB tests expect (ocf-url): "../../img/a.png" from
    "OEBPS/c1.xhtml" is "img/a.png". Nothing resolves outside the container.
    """
    path = href if href.startswith("/") else f"{posixpath.dirname(base)}/{href}"
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts) or None


class SafeZip:
    """A zip archive whose directory has been checked against `ZipLimits` on opening.

    Member names are only ever used as keys into the archive, never as file-system paths.
    """

    def __init__(self, path: Path, *, limits: ZipLimits = DEFAULT_LIMITS) -> None:
        self.path = path
        self.limits = limits
        self._zip = _open_zip(path)
        try:
            self._infos = self._checked_directory()
        except BaseException:
            self._zip.close()
            raise
        self.names: tuple[str, ...] = tuple(self._infos)

    def __enter__(self) -> SafeZip:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()

    def __contains__(self, name: object) -> bool:
        return name in self._infos

    def size(self, name: str) -> int:
        """The uncompressed size the directory claims (use only as a hint)."""
        return self._infos[name].file_size

    def read(self, name: str, *, max_size: int | None = None) -> bytes:
        """The member's bytes, streamed with a cap so a lying header cannot blow up memory.

        Unknown member -> KeyError. Over the cap -> UnsafeBookError.
        """
        info = self._infos[name]
        cap = min(max_size or self.limits.max_member_size, self.limits.max_member_size)
        if info.file_size > cap:
            raise self._too_big(name, cap)
        self._check_lzma_dictionary(info)
        pieces: list[bytes] = []
        total = 0
        with self._member_errors(name), self._zip.open(info) as stream:
            while chunk := stream.read(_READ_CHUNK):
                total += len(chunk)
                if total > cap:
                    raise self._too_big(name, cap)
                pieces.append(chunk)
        return b"".join(pieces)

    def peek(self, name: str, count: int) -> bytes:
        """The first `count` bytes of a member (for magic numbers), without reading the rest."""
        self._check_lzma_dictionary(self._infos[name])
        with self._member_errors(name), self._zip.open(self._infos[name]) as stream:
            return stream.read(count)

    def peek_all(self, names: Iterable[str], count: int) -> dict[str, bytes]:
        """The first `count` bytes of each named member (as `SafeArchive` serves them)."""
        return {name: self.peek(name, count) for name in names}

    def _check_lzma_dictionary(self, info: zipfile.ZipInfo) -> None:
        """Refuse an LZMA member whose header asks for a dictionary no book needs."""
        if info.compress_type != zipfile.ZIP_LZMA:
            return
        try:
            with self.path.open("rb") as handle:
                handle.seek(info.header_offset)
                header = handle.read(30)
                if len(header) < 30 or not header.startswith(b"PK\x03\x04"):
                    return  # zipfile itself reports the damage when the member is opened
                name_length, extra_length = struct.unpack("<HH", header[26:30])
                handle.seek(info.header_offset + 30 + name_length + extra_length)
                # LZMA in zip: version (2 bytes), properties size (2), properties (5).
                start = handle.read(9)
        except OSError as error:
            raise unreadable_file_error(self.path, error) from error
        if len(start) < 9:
            return
        dictionary = struct.unpack("<I", start[5:9])[0]
        if dictionary > self.limits.max_lzma_dictionary:
            raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "“{member}” asks for a {mib} MiB decompression dictionary, which no "
                "book needs; the file may be built to exhaust memory."),
                member=info.filename, mib=dictionary >> 20))

    @contextmanager
    def _member_errors(self, name: str) -> Iterator[None]:
        """Every way reading a member can fail becomes one `DamagedBookError` naming it."""
        try:
            yield
        except NotImplementedError as error:  # an unsupported compression method or version
            raise DamagedBookError(self.path, name, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it uses a compression method Pagemate does not support"))) from error
        except RuntimeError as error:  # zipfile raises it for encrypted (password) members
            raise BookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "“{member}” is password-protected."), member=name)) from error
        except _MEMBER_FAILURES as error:
            raise DamagedBookError(self.path, name, _describe(error)) from error

    def _too_big(self, name: str, cap: int) -> UnsafeBookError:
        return UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{member}” unpacks to more than {mib} MiB, which no book needs; the file "
            "may be a zip bomb."), member=name, mib=cap // (1 << 20)))

    def _checked_directory(self) -> dict[str, zipfile.ZipInfo]:
        infos = self._zip.infolist()
        limits = self.limits
        if len(infos) > limits.max_members:
            raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "it holds {count} files (the limit is {limit}); the file may be a zip "
                "bomb."), count=len(infos), limit=limits.max_members))
        total = 0
        checked: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename
            if is_unsafe_member_name(name):
                raise UnsafeBookError(self.path, sentence(TRAVERSAL, member=name))
            total += info.file_size
            if total > limits.max_total_uncompressed:
                raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "it unpacks to more than {gib} GiB; the file may be a zip bomb."),
                    gib=limits.max_total_uncompressed >> 30))
            if info.file_size > limits.ratio_floor and info.file_size > limits.max_ratio * max(
                info.compress_size, 1
            ):
                raise UnsafeBookError(self.path, sentence(QT_TRANSLATE_NOOP(
                    "Errors", "“{member}” is compressed more than {ratio} to 1, which is typical "
                    "of a zip bomb; the file was not opened."),
                    member=name, ratio=f"{limits.max_ratio:.0f}"))
            if info.is_dir():
                continue
            checked.setdefault(name, info)
        return checked


MAX_BOOK_FILE_SIZE = 4 << 30  # 4 GiB: the largest comic collections stay well below


def require_regular_file(path: Path, *, max_size: int = MAX_BOOK_FILE_SIZE) -> int:
    """The file's size if `path` is a regular file Pagemate may read as a book; BookError if not.

    Checked before anything hashes or reads it: `/dev/zero`, a FIFO or a terminal never end,
    and a `/proc` file claims a size it does not have.
    """
    try:
        status = os.stat(path)
    except OSError as error:
        raise unreadable_file_error(path, error) from error
    if stat.S_ISDIR(status.st_mode):
        raise BookError(path, A_FOLDER)
    if not stat.S_ISREG(status.st_mode):
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is not a regular file (a device, pipe or socket), so not a book.")))
    if str(path).startswith(("/proc/", "/sys/")):
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is a system file, not a book.")))
    if status.st_size > max_size:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is larger than {gib} GiB, far beyond any book or comic; it was not "
            "opened."), gib=max_size >> 30))
    return status.st_size


SYMLINK_LOOP = sentence(QT_TRANSLATE_NOOP(
    "Errors", "it is a symbolic link that leads round in a loop, never to a file."))


def resolved_book_path(path: Path | str) -> Path:
    """The file at `path` with its symbolic links followed: the one way an opened book's path
    is resolved (the head start's key). BookError when the links loop or a folder on the way
    cannot be looked into, never a RuntimeError in the reader's banner."""
    try:
        return Path(path).resolve()
    except RuntimeError as error:  # Python before 3.13 reports a loop so, not as an OSError
        raise BookError(path, SYMLINK_LOOP) from error
    except OSError as error:
        raise unreadable_file_error(Path(path), error) from error


def unreadable_file_error(path: Path, error: OSError) -> BookError:
    """What to tell the reader when the file itself cannot be read."""
    if error.errno == errno.ELOOP:
        return BookError(path, SYMLINK_LOOP)
    if isinstance(error, IsADirectoryError):
        return BookError(path, A_FOLDER)
    if isinstance(error, PermissionError):
        return BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "Pagemate is not allowed to read it. Check the file's permissions.")))
    if isinstance(error, FileNotFoundError):
        return BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "the file does not exist (was it moved or deleted?).")))
    return BookError(path, sentence(QT_TRANSLATE_NOOP(
        "Errors", "the file cannot be read ({detail})."), detail=str(error.strerror or error)))


def _open_zip(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except zipfile.BadZipFile as error:
        if read_head(path, 4).startswith(b"PK"):
            raise BookError(path, sentence(QT_TRANSLATE_NOOP(
                "Errors", "the file is damaged or incomplete (a truncated zip archive).")
            )) from error
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it is not a zip archive."))) from error
    except OSError as error:
        raise unreadable_file_error(path, error) from error
    except NotImplementedError as error:  # a directory entry needing a newer zip version
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "it uses a zip feature Pagemate does not support ({detail}); it may be "
            "damaged."), detail=str(error))) from error
    except (EOFError, ValueError, struct.error) as error:
        raise BookError(path, sentence(QT_TRANSLATE_NOOP(
            "Errors", "the file is damaged ({detail})."), detail=str(error))) from error


def read_head(path: Path, count: int) -> bytes:
    """The first `count` bytes of the file, for sniffing; b"" if it cannot be read."""
    try:
        with path.open("rb") as handle:
            return handle.read(count)
    except OSError:
        return b""


class ZipResourceLoader:
    """`Book.load_resource`: reads one member on demand, under the same caps, from `path`.

    A small class rather than a closure so a parsed `Book` can be pickled into the cache.
    Each call opens the archive afresh, so it is safe to call from any thread.
    """

    __slots__ = ("limits", "path")

    def __init__(self, path: Path, *, limits: ZipLimits = DEFAULT_LIMITS) -> None:
        self.path = path
        self.limits = limits

    def __call__(self, name: str) -> bytes:
        with SafeZip(self.path, limits=self.limits) as archive:
            return archive.read(name)

    def peek(self, name: str, count: int) -> bytes:
        with SafeZip(self.path, limits=self.limits) as archive:
            return archive.peek(name, count)

    def __getstate__(self) -> tuple[Path, ZipLimits]:
        return (self.path, self.limits)

    def __setstate__(self, state: tuple[Path, ZipLimits]) -> None:
        self.path, self.limits = state

    def __repr__(self) -> str:
        return f"ZipResourceLoader({str(self.path)!r})"
