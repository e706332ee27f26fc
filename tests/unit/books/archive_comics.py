"""Comics repacked as CBR, CB7 and CBT for the tests: the corpus's Pepper&Carrot CBZ (built into a
temporary folder, never committed) and the committed tiny RAR fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scripts.make_format_fixtures import (
    rar_writes,
    write_cb7,
    write_cbr,
    write_cbt,
    zip_members,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "comics"
# Every container, by the suffix its file gets; "cbr4" is RAR 4, "cbr" RAR 5.
CONTAINERS = ("cbr", "cbr4", "cb7", "cbt")


def repack(cbz: Path, container: str, folder: Path) -> Path:
    """The CBZ's very members in another container; skips when no tool here can write it."""
    members = zip_members(cbz)
    target = folder / f"{cbz.stem}.{container.removesuffix('4')}"
    if container == "cbt":
        return write_cbt(members, target)
    if container == "cb7":
        return write_cb7(members, target)
    version = 4 if container == "cbr4" else 5
    # rar 7 no longer writes RAR 4; PAGEMATE_RAR4 may name a 6.x that does.
    rar = os.environ.get("PAGEMATE_RAR4", "rar") if version == 4 else "rar"
    if not rar_writes(rar, version):
        pytest.skip(f"no `rar` here that writes RAR {version} (RARLAB's; not in CI)")
    target = target.with_name(f"{cbz.stem}-rar{version}.cbr")
    return write_cbr(members, target, version=version, rar=rar)
