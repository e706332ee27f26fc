"""Whether a RAR 5 archive holds password-protected files (libarchive 3.6 cannot tell)."""

from __future__ import annotations

from pathlib import Path

RAR5_SIGNATURE = b"Rar!\x1a\x07\x01\x00"
_FILE_HEADER = 2
_SERVICE_HEADER = 3
_ENCRYPTION_HEADER = 4  # the whole archive, names and all, is encrypted
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


def has_encrypted_file(path: Path) -> bool:
    """True if any header of the RAR 5 archive at `path` marks its data or names encrypted.

    Walks the block headers only (seeking over the data); anything unreadable is False, so the
    caller's own "damaged" message stands.
    """
    try:
        with path.open("rb") as handle:
            if handle.read(len(RAR5_SIGNATURE)) != RAR5_SIGNATURE:
                return False
            position = len(RAR5_SIGNATURE)
            for _ in range(_MAX_BLOCKS):
                handle.seek(position)
                head = handle.read(4 + 3)  # CRC32, then the header size as up to 3 bytes
                if len(head) < 5:
                    return False
                size, body_start = _vint(head, 4)
                if size == 0 or size > _MAX_HEADER:
                    return False
                handle.seek(position + body_start)
                body = handle.read(size)
                if len(body) < size:
                    return False
                kind, offset = _vint(body, 0)
                flags, offset = _vint(body, offset)
                extra_size = data_size = 0
                if flags & _HAS_EXTRA_AREA:
                    extra_size, offset = _vint(body, offset)
                if flags & _HAS_DATA_AREA:
                    data_size, offset = _vint(body, offset)
                if kind == _ENCRYPTION_HEADER:
                    return True
                if (
                    kind in (_FILE_HEADER, _SERVICE_HEADER)
                    and 0 < extra_size <= size
                    and _extra_area_encrypted(body[size - extra_size:])
                ):
                    return True
                position += body_start + size + data_size
    except (OSError, ValueError):
        return False
    return False
