"""Every error a reader can meet speaks the window's language (issue 41): no error is made of
plain English, and every sentence errors are made of is translated in each shipped catalogue.
So do a book's notes (what the reader is told about parts skipped or simplified) and the reasons
a comic is not described: none is plain English, each is translated. A number inside a sentence
is kept a number, for the window to group the way its locale does. The sentences that say where
the reader is, an answer's receipt and the transcript's own words are translated too, and no
window text is an English f-string handed straight to a label, an item or a tooltip.

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
from reader_app.rag.assistant.answer_check import RECEIPT
from reader_app.rag.assistant.answer_view import TRANSCRIPT
from reader_app.translatable import ERRORS, NOTES, PLACES
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


# Where a note or a reason is made: a list of notes (`notes.append(…)`, the refused inline
# images' reasons), or a `notes=` / `reason=` handed on (`Book(notes=…)`, `DescriptionRun`).
NOTE_LISTS = ("notes", "refused")
NOTE_KEYWORDS = ("notes", "reason")


def _unmarked(node: ast.expr) -> bool:
    """English in a note: written out, or a sentence made English by `str()` on the way."""
    if isinstance(node, ast.Call) and _name(node.func) == "str":
        return True
    if isinstance(node, (ast.Tuple, ast.List)):
        return any(_unmarked(element) for element in node.elts)
    return _english(node) and not (isinstance(node, ast.Constant) and node.value == "")


def plain_english_notes(trees: list[tuple[str, ast.Module]] | None = None) -> list[str]:
    found = []
    for where, tree in trees if trees is not None else modules():
        if where.startswith(ENGLISH_ONLY):
            continue
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            listed = (isinstance(call.func, ast.Attribute)
                      and call.func.attr in ("append", "extend", "insert")
                      and (_name(call.func.value) or "").endswith(NOTE_LISTS))
            arguments = call.args if listed else []
            arguments += [k.value for k in call.keywords if k.arg in NOTE_KEYWORDS]
            found += [f"{where}:{call.lineno}" for a in arguments if _unmarked(a)]
    return sorted(set(found))


def numbers_made_english(trees: list[tuple[str, ast.Module]] | None = None) -> list[str]:
    """`sentence(…, count=f"{n:,}")`: a number grouped the English way before the window sees
    it (pass `count=n`: `said` groups it in the window's locale, `str` the English way)."""
    found = []
    for where, tree in trees if trees is not None else modules():
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _name(call.func) not in ("sentence", "note"):
                continue
            for keyword in call.keywords:
                specs = [v.format_spec for v in ast.walk(keyword.value)
                         if isinstance(v, ast.FormattedValue) and v.format_spec is not None]
                if any("," in ast.unparse(spec) for spec in specs):
                    found.append(f"{where}:{call.lineno}")
    return sorted(set(found))


WINDOW_WORDS = ("tr", "translate", "say")  # what says the window's words (`say`: a Qt-free one)


def _bare_number(node: ast.expr) -> bool:
    """A number made on the spot and handed over as it is: `len(…)`, `round(…)`, `n + 1`."""
    if isinstance(node, ast.Call):
        return _name(node.func) in ("len", "round")
    return isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and any(
        isinstance(side, ast.Constant) and type(side.value) is int
        for side in (node.left, node.right))


def numbers_left_unformatted(trees: list[tuple[str, ast.Module]] | None = None) -> list[str]:
    """`self.tr("Page {0}").format(page + 1)`: a number the window shows as Python writes it
    ("1234") where its locale groups it ("1.234"); pass it through `number_text`."""
    found = []
    for where, tree in trees if trees is not None else modules():
        if where.startswith(ENGLISH_ONLY):
            continue
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            words = call.func.value if isinstance(call.func, ast.Attribute) else None
            if (_name(call.func) == "format" and isinstance(words, ast.Call)
                    and _name(words.func) in WINDOW_WORDS):
                arguments = [*call.args, *(k.value for k in call.keywords)]
                found += [f"{where}:{call.lineno}" for a in arguments if _bare_number(a)]
    return sorted(set(found))


# The window's text setters and items: an f-string with English words handed straight to one
# ("Bookmark: {words}") never reaches the catalogue. HTML tags are not words.
SHOWN_BY = ("setText", "setToolTip", "setWindowTitle", "showMessage", "setPlaceholderText",
            "setStatusTip", "setLabelText", "QLabel", "QListWidgetItem", "QTreeWidgetItem",
            "QStandardItem", "QPushButton", "QCheckBox", "QAction")
_WORD = re.compile(r"[^\W\d_]{3,}")
_TAG = re.compile(r"<[^>]*>")


def _english_fstring(node: ast.expr) -> bool:
    if isinstance(node, ast.BinOp):
        return _english_fstring(node.left) or _english_fstring(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):  # f"…".strip()
        return _english_fstring(node.func.value)
    if not isinstance(node, ast.JoinedStr):
        return False
    written = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
    return bool(_WORD.search(_TAG.sub("", written)))


def english_shown(trees: list[tuple[str, ast.Module]] | None = None) -> list[str]:
    """`item.setToolTip(f"Play {label}")`: window words written in English in the window."""
    found = []
    for where, tree in trees if trees is not None else modules():
        if not where.startswith("ui/"):
            continue
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _name(call.func) in SHOWN_BY:
                found += [f"{where}:{call.lineno}" for a in call.args if _english_fstring(a)]
    return sorted(set(found))


def error_sentences(context: str = ERRORS) -> list[str]:
    """Every template marked `QT_TRANSLATE_NOOP(context, "…")` in the package."""
    found: dict[str, None] = {}
    for _, tree in modules():
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if _name(call.func) == "QT_TRANSLATE_NOOP" and len(call.args) == 2:
                context_node, text = call.args
                if isinstance(context_node, ast.Constant) and context_node.value == context:
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


def test_no_note_about_a_book_and_no_reason_is_made_of_plain_english() -> None:
    assert plain_english_notes() == [], (
        "notes or reasons made of plain English (make each a `note(QT_TRANSLATE_NOOP("
        "\"BookNotes\", …))`, then `python -m scripts.translations update` and translate it)")


def test_the_note_scan_finds_an_english_note_and_passes_a_marked_one() -> None:
    tree = ast.parse(
        "notes.append(f'Part {member} is shown as plain paragraphs.')\n"
        "self.out.notes.append('The book has more links than Pagemate follows.')\n"
        "notes.append(str(images.note()))\n"
        "Book(path, notes=('odd',))\n"
        "DescriptionRun(reason='Page descriptions are off in Settings.')\n"
        "notes.append(note(QT_TRANSLATE_NOOP('BookNotes', 'Part {m}.'), m=member))\n"
        "notes.extend(parsed.notes)\n"
        "DescriptionRun(reason=words_of(error))\n"
        "Book(path, notes=tuple(notes))\n")
    assert plain_english_notes([("x.py", tree)]) == [f"x.py:{n}" for n in range(1, 6)]


def test_no_sentence_groups_its_numbers_the_english_way() -> None:
    assert numbers_made_english() == [], "pass the number itself: said() groups it per locale"
    tree = ast.parse("sentence(QT_TRANSLATE_NOOP('Errors', '{n} pages'), n=f'{n:,}')\n"
                     "note(QT_TRANSLATE_NOOP('BookNotes', '{n} pages'), n=n)\n"
                     "sentence(QT_TRANSLATE_NOOP('Errors', '{s} s'), s=f'{s:g}')\n")
    assert numbers_made_english([("x.py", tree)]) == ["x.py:1"]


def test_no_number_the_window_shows_is_left_as_python_writes_it() -> None:
    assert numbers_left_unformatted() == [], "pass it through number_text (ui/translation.py)"
    tree = ast.parse("self.tr('Page {0} of {1}').format(page + 1, len(pages))\n"
                     "translate('GoTo', '{0}%').format(round(x * 100))\n"
                     "self.tr('{0} · {1}').format(number_text(page + 1), a + b)\n"
                     "self.tr('{0}').format(upper() + '…')\n"
                     "f'{page + 1}'.format(n + 1)\n")
    assert numbers_left_unformatted([("x.py", tree)]) == ["x.py:1", "x.py:2"]


def test_no_words_the_window_shows_are_an_english_f_string() -> None:
    assert english_shown() == [], "say them through self.tr(…).format(…) or translate(…)"
    tree = ast.parse("button.setToolTip(f'Play {label}'.strip())\n"
                     "QListWidgetItem(icon, f'Bookmark: {words}\\n{place}')\n"
                     "label.setText(self.tr('Found {0}').format(name) + f' · {more}')\n"
                     "QLabel(f'<table>{rows}</table>')\n"
                     "window.setWindowTitle(f'{title} — {APP_NAME}')\n"
                     "item.setToolTip(f'{entry.title}\\n{subtitle}\\n' + self.tr('{0} read'))\n")
    assert english_shown([("ui/x.py", tree), ("cli/y.py", tree)]) == ["ui/x.py:1", "ui/x.py:2"]


# Where the reader is ("Knows up to"), the answer's receipt and the transcript's own words are
# sentences too: a translation that lost a {placeholder} would be shown in English.
@pytest.mark.parametrize("context", [ERRORS, NOTES, PLACES, RECEIPT, TRANSCRIPT])
@pytest.mark.parametrize("language", translations.LANGUAGES)
def test_every_error_sentence_is_translated_in_the_shipped_catalogue(
    language: str, context: str
) -> None:
    translator = QTranslator()
    assert translator.load(f"pagemate_{language}", str(translations.FOLDER))
    sentences = error_sentences(context)
    assert len(sentences) > {ERRORS: 150, NOTES: 20}.get(context, 5)  # the package is read
    missing, broken = [], []
    for template in sentences:
        said = translator.translate(context, template)
        if not said:
            missing.append(template)
        elif sorted(set(PLACEHOLDER.findall(said))) != sorted(set(PLACEHOLDER.findall(template))):
            broken.append((template, said))
    assert missing == [], (f"{len(missing)} error sentences without a {language} translation "
                           "(python -m scripts.translations update, then translate them): "
                           f"{missing[:5]}")
    assert broken == [], f"translations that lost or gained a placeholder: {broken[:5]}"
