"""Comics repacked as CBR, CB7 and CBT for the tests: the corpus's Pepper&Carrot CBZ (built into a
temporary folder, never committed), the committed tiny RAR fixtures, and the committed small
Pepper&Carrot CBZ with its RAR 5 and RAR 4 twins (tests/fixtures/comics/README.md), which let the
CBR be held to its CBZ where no `rar` is installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scripts.make_format_fixtures import (
    TWINS,
    rar_writes,
    write_cb7,
    write_cbr,
    write_cbt,
    zip_members,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "comics"
# Every container, by the suffix its file gets; "cbr4" is RAR 4, "cbr" RAR 5.
CONTAINERS = ("cbr", "cbr4", "cb7", "cbt")
TWIN_CBZ = FIXTURES / f"{TWINS}.cbz"


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


def twin(container: str, folder: Path) -> Path:
    """The small committed CBZ in `container`: its committed CBR twins (made by RARLAB's `rar`,
    which CI lacks), or a CB7 or CBT packed here, as the tests do."""
    if container in ("cbr", "cbr4"):
        return FIXTURES / f"{TWINS}-rar{4 if container == 'cbr4' else 5}.cbr"
    return repack(TWIN_CBZ, container, folder)
