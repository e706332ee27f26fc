"""Hypothesis strategies for the comics libarchive reads: CB7 and CBT written from (mutated)
members, CBR from the committed RAR 4 and RAR 5 fixtures (nothing free writes RAR), each then
damaged byte by byte like the zips in mutate.py."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

from hypothesis import strategies as st

from tests.fuzz.mutate import mutated_members

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "comics"
# The plain ones twice: most fuzzed RARs should have pages to find.
RAR_SEEDS = ("tiny-rar4.cbr", "tiny-rar5.cbr") * 2 + ("secret-rar5.cbr", "secret-names-rar4.cbr")
ARCHIVE_SUFFIXES = (".cb7", ".cbr", ".cbt")


def cbt_bytes(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            try:
                archive.addfile(info, io.BytesIO(data))
            except (ValueError, UnicodeEncodeError):
                continue  # a name tarfile itself refuses to write; leave the member out
    return out.getvalue()


def cb7_bytes(members: dict[str, bytes]) -> bytes:
    import libarchive

    chunks: list[bytes] = []

    def write(data: bytes) -> int:
        chunks.append(bytes(data))
        return len(data)

    with libarchive.custom_writer(write, "7zip") as archive:
        for name, data in members.items():
            if name and "\x00" not in name:
                archive.add_file_from_memory(name, len(data), data)
    return b"".join(chunks)


@st.composite
def damaged_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """Raw flips and cuts of a finished archive (checksums and headers get hit)."""
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(("flip", "flip", "cut", "zero")))
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        if kind == "cut":
            data = data[:at]
        elif kind == "zero":
            data = data[:at] + bytes(draw(st.integers(1, 64))) + data[at + 64:]
        else:
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
    return data


@st.composite
def mutated_libarchive_comic(draw: st.DrawFn, members: dict[str, bytes], suffix: str) -> bytes:
    if suffix == ".cbr":
        seed = (FIXTURES / draw(st.sampled_from(RAR_SEEDS))).read_bytes()
        return draw(damaged_bytes(seed))
    members = draw(mutated_members(members))
    data = cb7_bytes(members) if suffix == ".cb7" else cbt_bytes(members)
    return draw(damaged_bytes(data))
