"""Japanese line ends by CSS `line-break`: no laid-out line starts with a character the rules
forbid at a line's start, nor ends with one forbidden at a line's end; `normal` and `loose` let
a line start where `strict` does not; the book's text is untouched."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from PySide6.QtGui import QTextDocument
from pytestqt.qtbot import QtBot

from reader_app.books.opening.formats import read_book
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.page.kinsoku import (
    CLOSING,
    ITERATION,
    NOT_AT_END,
    SMALL_KANA,
    WORD_JOINER,
    forbidden_at_start,
)
from reader_app.ui.page.pagination import PageGeometry
from reader_app.ui.page.text_effects import ZERO_WIDTH_SPACE
from tests.unit.books.epubgen import make_epub, xhtml

# Words chosen to put small kana, prolonged-sound and iteration marks, brackets and stops
# everywhere a line might end.
WORDS = ["ちょっと", "キャッシュ", "ジャーナル", "木々", "人々", "「なぁ」", "（しょう）", "です。",
         "、", "ニュース", "ぎゅっと", "『ファイル』", "コーヒー", "ゃ", "ー", "っ", "。", "湖",
         "～", "東京", "ゝ", "漢字"]


def line_pairs(doc: QTextDocument) -> list[tuple[str, str]]:
    """Each pair of consecutive lines inside one paragraph, word joiners left out."""
    pairs = []
    block = doc.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        lines = []
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            shown = text[line.textStart() : line.textStart() + line.textLength()]
            lines.append(shown.replace(WORD_JOINER, "").replace(ZERO_WIDTH_SPACE, "").rstrip())
        pairs += [(a, b) for a, b in itertools.pairwise(lines) if a and b]
        block = block.next()
    return pairs


def line_starts_and_ends(tmp_path: Path, line_break: str) -> list[tuple[str, str]]:
    """(line, next line) inside paragraphs of a generated Japanese chapter, at many widths."""
    rng = random.Random(32)
    paragraphs = "".join(
        "<p>" + "".join(rng.choice(WORDS) for _ in range(120)) + "</p>" for _ in range(6)
    )
    chapter = xhtml(f'<div lang="ja" style="line-break: {line_break}">{paragraphs}</div>')
    book = read_book(make_epub(tmp_path / f"{line_break}.epub", {"c1.xhtml": chapter}))
    text = book.sections[0].blocks[0].text
    assert WORD_JOINER not in text and ZERO_WIDTH_SPACE not in text, "the book's text is its own"
    pairs: list[tuple[str, str]] = []
    for width in range(260, 420, 17):  # many widths: many different line ends
        doc = SectionDocument(
            book, 0, Appearance(font_size=14, measure=0), PageGeometry(width, 2000)
        )
        pairs += line_pairs(doc.doc)
    assert len(pairs) > 500
    return pairs


def test_strict_never_starts_a_line_with_a_forbidden_character(
    qtbot: QtBot, tmp_path: Path
) -> None:
    forbidden_first = forbidden_at_start("strict")
    for before, after in line_starts_and_ends(tmp_path, "strict"):
        assert after[0] not in forbidden_first, f"{before} | {after}"
        assert before[-1] not in NOT_AT_END, f"{before} | {after}"


def test_normal_and_loose_let_a_line_start_where_strict_does_not(
    qtbot: QtBot, tmp_path: Path
) -> None:
    normal = line_starts_and_ends(tmp_path, "normal")
    for before, after in normal:
        assert after[0] not in CLOSING | (ITERATION - {"ー"}), f"{before} | {after}"
        assert before[-1] not in NOT_AT_END, f"{before} | {after}"
    assert any(after[0] in SMALL_KANA for _, after in normal), "normal: small kana may start"
    loose = line_starts_and_ends(tmp_path, "loose")
    assert any(after[0] in "々ゝ" for _, after in loose), "loose: iteration marks may start"
    assert not any(after[0] in "。、" for _, after in loose)
    anywhere = line_starts_and_ends(tmp_path, "anywhere")
    assert any(after[0] in "。、" for _, after in anywhere), "anywhere: even before a stop"
