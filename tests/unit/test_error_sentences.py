"""Every error a reader can meet speaks the window's language (issue 41): no error is made of
plain English, and every sentence errors are made of is translated in each shipped catalogue.

Both are read from the source with `ast`, so a new error, or a new sentence, is covered the day
it is written. The command line's and the agents' own errors stay English by design (they are
read by scripts and by models): `ENGLISH_ONLY`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator

import reader_app
from reader_app.translatable import ERRORS
from scripts import translations

PACKAGE = Path(reader_app.__file__).parent
ENGLISH_ONLY = ("cli/", "mcp/", "books/shelf/marking.py")  # `reader-app mark-read`'s refusals
PLACEHOLDER = re.compile(r"\{\w*\}")


def modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def error_classes(trees: list[tuple[str, ast.Module]]) -> set[str]:
    """ReaderError and every class that derives from it, wherever it is defined."""
    names = {"ReaderError"}
    grown = True
    while grown:
        grown = False
        for _, tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names and any(
                        _name(base) in names for base in node.bases):
                    names.add(node.name)
                    grown = True
    return names


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)


def _english(node: ast.expr) -> bool:
    """A message written out in English: a string, an f-string, or one glued to another."""
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str))


def plain_english_errors() -> list[str]:
    trees = list(modules())
    errors = error_classes(trees)
    found = []
    for where, tree in trees:
        if where.startswith(ENGLISH_ONLY):
            continue
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            made_here = cls.name in errors  # its own super().__init__("…") counts too
            for call in (n for n in ast.walk(cls) if isinstance(n, ast.Call)):
                if made_here and _name(call.func) == "__init__":
                    found += [f"{where}:{call.lineno}" for a in call.args if _english(a)]
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _name(call.func) in errors:
                arguments = [*call.args, *(k.value for k in call.keywords)]
                found += [f"{where}:{call.lineno}" for a in arguments if _english(a)]
    return sorted(set(found))


def error_sentences() -> list[str]:
    """Every template marked `QT_TRANSLATE_NOOP("Errors", "…")` in the package."""
    found: dict[str, None] = {}
    for _, tree in modules():
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _name(call.func) == "QT_TRANSLATE_NOOP" and len(call.args) == 2:
                context, text = call.args
                if isinstance(context, ast.Constant) and context.value == ERRORS:
                    assert isinstance(text, ast.Constant) and isinstance(text.value, str), (
                        f"lupdate reads only a literal: {ast.unparse(text)}")
                    found[text.value] = None
    return list(found)


def test_no_error_a_reader_can_meet_is_made_of_plain_english() -> None:
    assert plain_english_errors() == [], (
        "errors made of plain English (make each a `sentence(QT_TRANSLATE_NOOP(\"Errors\", …))`, "
        "then `python -m scripts.translations update` and translate it)")


def test_the_scan_finds_an_english_error_and_passes_a_marked_one(tmp_path: Path) -> None:
    tree = ast.parse(
        "class OddError(BookError):\n"
        "    def __init__(self):\n"
        "        super().__init__(f'it is odd ({1})')\n"
        "raise BookError(path, 'the file is odd.')\n"
        "raise BookError(path, sentence(QT_TRANSLATE_NOOP('Errors', 'the file is odd.')))\n")
    assert error_classes([("x.py", tree)]) == {"ReaderError"}  # BookError is defined elsewhere
    trees = [("x.py", tree), ("errors.py", ast.parse("class BookError(ReaderError): pass"))]
    assert error_classes(trees) == {"ReaderError", "BookError", "OddError"}
    assert _english(ast.parse("f'a {b}' + c", mode="eval").body)
    assert not _english(ast.parse("sentence(QT_TRANSLATE_NOOP('Errors', 'a'))",
                                  mode="eval").body)


@pytest.mark.parametrize("language", translations.LANGUAGES)
def test_every_error_sentence_is_translated_in_the_shipped_catalogue(language: str) -> None:
    translator = QTranslator()
    assert translator.load(f"pagemate_{language}", str(translations.FOLDER))
    sentences = error_sentences()
    assert len(sentences) > 150  # the scan reads the package (not an empty folder)
    missing, broken = [], []
    for template in sentences:
        said = translator.translate(ERRORS, template)
        if not said:
            missing.append(template)
        elif sorted(set(PLACEHOLDER.findall(said))) != sorted(set(PLACEHOLDER.findall(template))):
            broken.append((template, said))
    assert missing == [], (f"{len(missing)} error sentences without a {language} translation "
                           "(python -m scripts.translations update, then translate them): "
                           f"{missing[:5]}")
    assert broken == [], f"translations that lost or gained a placeholder: {broken[:5]}"
