"""The window's catalogues: `python -m scripts.translations update` gathers every translatable
word of reader_app/ into assets/translations/pagemate_<language>.ts (new words come in
unfinished, for a translator, with Qt Linguist or any editor); `release` compiles each .ts into
the .qm the application loads. Both .ts and .qm are committed; tests/ui/test_translations.py
fails when a .qm does not match its .ts or a word is left untranslated. English is the source
text itself (its plurals: `ui/translation.py`'s `Plurals`)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "translations"
LANGUAGES = ("fr", "de", "es")


def tool(name: str) -> str:
    """A Qt tool from PySide6, beside the running interpreter (the venv) or on the PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 (pip install -e '.[dev]')")
    return found


def sources() -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for path in (ROOT / "reader_app").rglob("*.py"))


def catalogue(language: str) -> Path:
    return FOLDER / f"pagemate_{language}.ts"


def update() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    lupdate = tool("pyside6-lupdate")
    for language in LANGUAGES:
        subprocess.run([lupdate, "-no-obsolete", "-locations", "none", "-target-language",
                        language, *sources(), "-ts", str(catalogue(language))],
                       cwd=ROOT, check=True)


def release(out: Path = FOLDER) -> list[Path]:
    """Compile every catalogue into `out`; returns the .qm files written."""
    lrelease = tool("pyside6-lrelease")
    written = []
    for source in sorted(FOLDER.glob("pagemate_*.ts")):
        target = out / source.with_suffix(".qm").name
        subprocess.run([lrelease, "-silent", str(source), "-qm", str(target)], check=True)
        written.append(target)
    return written


def main(argv: list[str]) -> int:
    commands = {"update": update, "release": release}
    if len(argv) != 1 or argv[0] not in commands:
        print("usage: python -m scripts.translations update|release", file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
