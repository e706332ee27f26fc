"""What libarchive 3.6 does not tell of a RAR 5 archive: password-protected files, a cut end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

RAR5_SIGNATURE = b"Rar!\x1a\x07\x01\x00"
_FILE_HEADER = 2
_SERVICE_HEADER = 3
_ENCRYPTION_HEADER = 4  # the whole archive, names and all, is encrypted
_END_OF_ARCHIVE = 5
_FILE_ENCRYPTION_RECORD = 1
_HAS_EXTRA_AREA = 0x1
_HAS_DATA_AREA = 0x2
_MAX_HEADER = 2 << 20  # RARLAB's own limit on one header's size
_MAX_BLOCKS = 20_000  # the member cap twice over, with room for service headers


def _vint(data: bytes, offset: int) -> tuple[int, int]:
    """RAR 5's variable-length integer at `offset`: (value, offset after it)."""
    value = 0
    for shift in range(0, 70, 7):
        if offset >= len(data):
            raise ValueError("cut short")
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, offset
    raise ValueError("overlong number")


def _extra_area_encrypted(extra: bytes) -> bool:
    offset = 0
    while offset < len(extra):
        size, start = _vint(extra, offset)
        kind, _ = _vint(extra, start)
        if kind == _FILE_ENCRYPTION_RECORD:
            return True
        if size == 0:
            return False
        offset = start + size
    return False


def _headers(path: Path) -> Iterator[tuple[int, bytes]]:
    """Each block header's type and extra area, walking the headers and seeking over the data.

    Raises ValueError where the archive is cut short or does not parse, OSError if unreadable.
    """
    with path.open("rb") as handle:
        if handle.read(len(RAR5_SIGNATURE)) != RAR5_SIGNATURE:
            raise ValueError("not RAR 5")
        position = len(RAR5_SIGNATURE)
        for _ in range(_MAX_BLOCKS):
            handle.seek(position)
            head = handle.read(4 + 3)  # CRC32, then the header size as up to 3 bytes
            if len(head) < 5:
                raise ValueError("cut short")
            size, body_start = _vint(head, 4)
            if size == 0 or size > _MAX_HEADER:
                raise ValueError("bad header size")
            handle.seek(position + body_start)
            body = handle.read(size)
            if len(body) < size:
                raise ValueError("cut short")
            kind, offset = _vint(body, 0)
            flags, offset = _vint(body, offset)
            extra_size = data_size = 0
            if flags & _HAS_EXTRA_AREA:
                extra_size, offset = _vint(body, offset)
            if flags & _HAS_DATA_AREA:
                data_size, offset = _vint(body, offset)
            yield kind, (body[size - extra_size:] if 0 < extra_size <= size else b"")
            if kind == _END_OF_ARCHIVE:
                return
            position += body_start + size + data_size
        raise ValueError("too many blocks")


def has_encrypted_file(path: Path) -> bool:
    """True if any header of the RAR 5 archive at `path` marks its data or names encrypted.

    Anything unreadable is False, so the caller's own "damaged" message stands.
    """
    try:
        for kind, extra in _headers(path):
            if kind == _ENCRYPTION_HEADER:
                return True
            if kind in (_FILE_HEADER, _SERVICE_HEADER) and _extra_area_encrypted(extra):
                return True
    except (OSError, ValueError):
        return False
    return False


def is_cut_short(path: Path) -> bool:
    """True if the RAR 5 archive at `path` ends before its end-of-archive block (a download
    cut off, a copy that failed): libarchive lists what it finds and stops quietly there."""
    try:
        return not any(kind == _END_OF_ARCHIVE for kind, _ in _headers(path))
    except ValueError:
        return True
    except OSError:
        return False
