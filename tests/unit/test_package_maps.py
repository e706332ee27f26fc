"""Every package's `__init__.py` is a map: what it owns, its front door, and each of its modules.

A module or sub-package missing from its package's list, or a listed one that no longer exists,
fails here, so the map a newcomer reads is never out of date.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import reader_app

PACKAGE_DIR = Path(reader_app.__file__).parent
ENTRY = re.compile(r"^- `([\w]+/?)`", re.MULTILINE)


def packages(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.rglob("__init__.py"))


def map_problems(package: Path) -> list[str]:
    """What is wrong with `package`'s map: no docstring, no front door, modules missing or stale."""
    name = package.name
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
    if not doc:
        return [f"{name}: __init__.py has no docstring"]
    problems = []
    if "Front door:" not in doc:
        problems.append(f"{name}: the docstring names no front door")
    listed = set(ENTRY.findall(doc))
    present = {
        child.name + "/" if child.is_dir() else child.stem
        for child in package.iterdir()
        if (child.is_dir() and (child / "__init__.py").exists())
        or (child.suffix == ".py" and child.name != "__init__.py")
    }
    problems += [f"{name}: {entry} is not in the map" for entry in sorted(present - listed)]
    problems += [f"{name}: {entry} is in the map but not in the package" for entry in
                 sorted(listed - present)]
    return problems


def test_every_package_lists_its_modules() -> None:
    found = packages(PACKAGE_DIR)
    assert PACKAGE_DIR / "rag" / "model" in found and PACKAGE_DIR / "ui" / "page" in found
    assert [problem for package in found for problem in map_problems(package)] == []


def test_a_missing_or_stale_entry_is_named(tmp_path: Path) -> None:
    package = tmp_path / "room"
    (package / "inner").mkdir(parents=True)
    (package / "inner" / "__init__.py").write_text('"""Inner."""\n')
    (package / "a.py").write_text("")
    (package / "b.py").write_text("")
    (package / "__init__.py").write_text(
        '"""A room.\n\nFront door: `a.py`.\n\nModules:\n- `a`: one.\n- `gone`: old.\n"""\n'
    )
    assert map_problems(package) == [
        "room: b is not in the map",
        "room: inner/ is not in the map",
        "room: gone is in the map but not in the package",
    ]
    no_door = '"""A room with no door.\n\n- `a`\n- `b`\n- `inner/`\n"""\n'
    (package / "__init__.py").write_text(no_door)
    assert map_problems(package) == ["room: the docstring names no front door"]
