"""Reading untrusted zip containers (EPUB, CBZ) with caps on size, count, ratio and names."""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from reader_app.errors import BookError, UnsafeBookError

_DRIVE_LETTER = re.compile(r"^[A-Za-z]:")
_READ_CHUNK = 1 << 16


@dataclass(frozen=True, slots=True)
class ZipLimits:
    """What a book container may hold before we call it hostile."""

    max_members: int = 10_000
    max_total_uncompressed: int = 1 << 30  # 1 GiB
    max_member_size: int = 64 << 20  # 64 MiB: no single chapter or page needs more
    max_ratio: float = 100.0  # compression ratio, checked on members over `ratio_floor`
    ratio_floor: int = 1 << 20


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
    """The member named by `href` relative to member `base`, or None if it leaves the container.

    An `href` starting with "/" is rooted at the container's root (never the file system's).
    """
    if href.startswith("/"):
        joined = posixpath.normpath(href.lstrip("/"))
    else:
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(base), href))
    if joined.startswith("../") or joined == ".." or joined.startswith("/"):
        return None
    return joined


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
        pieces: list[bytes] = []
        total = 0
        try:
            with self._zip.open(info) as stream:
                while chunk := stream.read(_READ_CHUNK):
                    total += len(chunk)
                    if total > cap:
                        raise self._too_big(name, cap)
                    pieces.append(chunk)
        except (zipfile.BadZipFile, EOFError, OSError, zipfile.LargeZipFile) as error:
            raise BookError(
                self.path, f"the file is damaged: “{name}” cannot be read ({error})."
            ) from error
        except NotImplementedError as error:
            raise BookError(
                self.path, f"“{name}” uses a compression method Pagemate does not support."
            ) from error
        except RuntimeError as error:  # zipfile raises it for encrypted (password) members
            raise BookError(self.path, f"“{name}” is password-protected.") from error
        return b"".join(pieces)

    def peek(self, name: str, count: int) -> bytes:
        """The first `count` bytes of a member (for magic numbers), without reading the rest."""
        try:
            with self._zip.open(self._infos[name]) as stream:
                return stream.read(count)
        except (zipfile.BadZipFile, EOFError, OSError, RuntimeError, NotImplementedError) as error:
            raise BookError(
                self.path, f"the file is damaged: “{name}” cannot be read ({error})."
            ) from error

    def _too_big(self, name: str, cap: int) -> UnsafeBookError:
        return UnsafeBookError(
            self.path,
            f"“{name}” unpacks to more than {cap // (1 << 20)} MiB, which no book needs; "
            "the file may be a zip bomb.",
        )

    def _checked_directory(self) -> dict[str, zipfile.ZipInfo]:
        infos = self._zip.infolist()
        limits = self.limits
        if len(infos) > limits.max_members:
            raise UnsafeBookError(
                self.path,
                f"it holds {len(infos):,} files (the limit is {limits.max_members:,}); "
                "the file may be a zip bomb.",
            )
        total = 0
        checked: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename
            if is_unsafe_member_name(name):
                raise UnsafeBookError(
                    self.path,
                    f"it contains a file named “{name}” that points outside the book "
                    "(path traversal); the file was not opened.",
                )
            total += info.file_size
            if total > limits.max_total_uncompressed:
                raise UnsafeBookError(
                    self.path,
                    f"it unpacks to more than {limits.max_total_uncompressed >> 30} GiB; "
                    "the file may be a zip bomb.",
                )
            if info.file_size > limits.ratio_floor and info.file_size > limits.max_ratio * max(
                info.compress_size, 1
            ):
                raise UnsafeBookError(
                    self.path,
                    f"“{name}” is compressed more than {limits.max_ratio:.0f} to 1, "
                    "which is typical of a zip bomb; the file was not opened.",
                )
            if info.is_dir():
                continue
            checked.setdefault(name, info)
        return checked


def unreadable_file_error(path: Path, error: OSError) -> BookError:
    """What to tell the reader when the file itself cannot be read."""
    if isinstance(error, IsADirectoryError):
        return BookError(path, "it is a folder, not a book file.")
    if isinstance(error, PermissionError):
        return BookError(path, "Pagemate is not allowed to read it. Check the file's permissions.")
    if isinstance(error, FileNotFoundError):
        return BookError(path, "the file does not exist (was it moved or deleted?).")
    return BookError(path, f"the file cannot be read ({error.strerror or error}).")


def _open_zip(path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except zipfile.BadZipFile as error:
        if read_head(path, 4).startswith(b"PK"):
            raise BookError(
                path, "the file is damaged or incomplete (a truncated zip archive)."
            ) from error
        raise BookError(path, "it is not a zip archive.") from error
    except OSError as error:
        raise unreadable_file_error(path, error) from error
    except (EOFError, ValueError) as error:
        raise BookError(path, f"the file is damaged ({error}).") from error


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

    def __getstate__(self) -> tuple[Path, ZipLimits]:
        return (self.path, self.limits)

    def __setstate__(self, state: tuple[Path, ZipLimits]) -> None:
        self.path, self.limits = state

    def __repr__(self) -> str:
        return f"ZipResourceLoader({str(self.path)!r})"
