"""Qt block and character formats for model blocks: the reader's settings, then the book's styles.

The reader's font family and size, line spacing and theme colours always win; the book's
stylesheets (when "Use publisher styles" is on) give indents, block spacing, alignment, small
caps, relative sizes, super/subscript and page breaks. Every line of a block gets the same height
(a fallback glyph that is taller than the book's font must not push its line down).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QTextBlockFormat,
    QTextCharFormat,
    QTextFormat,
)

from reader_app.books.model import Block, BlockKind, Look, Span
from reader_app.books.typography.hyphenation import SOFT_HYPHEN, break_positions
from reader_app.ui.page.appearance import Appearance, Theme
from reader_app.ui.page.font_features import FontFeatures
from reader_app.ui.page.kinsoku import line_break_marks
from reader_app.ui.page.text_effects import ZERO_WIDTH_SPACE, anywhere_breaks
from reader_app.ui.page.underlines import mark_under

MONOSPACE = ["DejaVu Sans Mono", "monospace"]
_VERTICAL = {
    "super": QTextCharFormat.VerticalAlignment.AlignSuperScript,
    "sub": QTextCharFormat.VerticalAlignment.AlignSubScript,
}
_FIXED_HEIGHT = 2  # QTextBlockFormat.LineHeightTypes.FixedHeight


class PageFormats:
    """Formats for one section's document under one appearance."""

    def __init__(
        self,
        appearance: Appearance,
        theme: Theme,
        font: QFont,
        *,
        features: FontFeatures | None = None,
        fonts: Mapping[str, str] | None = None,
    ) -> None:
        self.appearance = appearance
        self.theme = theme
        self.font = font
        self.publisher = appearance.publisher_styles
        self._line_heights: dict[float, float] = {}
        self.family = font.family()
        self.features = features if features is not None else FontFeatures()
        self.fonts = fonts or {}  # the book's @font-face families -> their Qt families
        self.under_lines = False  # whether any text is underlined "under" (ui/page/underlines.py)

    def styled(self, block: Block) -> bool:
        return self.publisher and block.style is not None

    def line_height(self, scale: float) -> float:
        """Pixels from one baseline to the next for text at `scale` times the reader's size."""
        height = self._line_heights.get(scale)
        if height is None:
            font = QFont(self.font)
            font.setPointSizeF(self.appearance.font_size * scale)
            height = QFontMetricsF(font).lineSpacing() * self.appearance.line_spacing
            self._line_heights[scale] = height
        return height

    def alignment(self, block: Block) -> str:
        """The block's effective alignment: "left", "right", "center" or "justify"."""
        if block.kind in (BlockKind.IMAGE, BlockKind.RULE, BlockKind.MEDIA):
            return "center"
        own = block.style.align if self.styled(block) and block.style else ""
        own = own or block.align
        if block.kind == BlockKind.HEADING:
            return own if own and own != "justify" else "center"
        if own in ("center", "right", "left"):
            return own
        justified = self.appearance.justify and block.kind != BlockKind.PREFORMATTED
        return "justify" if justified else "left"

    def block_format(self, block: Block, previous_bottom: float) -> QTextBlockFormat:
        a = self.appearance
        size = a.font_size
        fmt = QTextBlockFormat()
        para_gap = size * 0.55
        top, bottom = 0.0, para_gap
        if block.kind == BlockKind.HEADING:
            top, bottom = size * (2.2 if block.level <= 2 else 1.4), size * 0.9
            fmt.setHeadingLevel(max(1, min(block.level, 6)))
        elif block.kind == BlockKind.QUOTE:
            fmt.setLeftMargin(size * 2 * max(block.level, 1))
            fmt.setRightMargin(size * 2)
        elif block.kind == BlockKind.LIST_ITEM:
            fmt.setLeftMargin(size * 1.6 * max(block.level, 1))
            bottom = para_gap * 0.5  # its marker is painted in the margin before it
        elif block.kind == BlockKind.PREFORMATTED:
            fmt.setNonBreakableLines(True)
            fmt.setLeftMargin(size)
        elif block.kind in (BlockKind.IMAGE, BlockKind.RULE, BlockKind.MEDIA):
            top = para_gap
        style = block.style if self.styled(block) else None
        if style is not None:
            # Lengths are in ems of the reader's size; CSS collapses adjacent margins.
            if style.margin_top is not None:
                top = max(style.margin_top * size, 0.0)
            if style.margin_bottom is not None:
                bottom = max(style.margin_bottom * size, 0.0)
            if style.indent is not None and block.kind != BlockKind.LIST_ITEM:
                fmt.setTextIndent(style.indent * size)
            if style.page_break:
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        fmt.setTopMargin(max(top, previous_bottom) - previous_bottom)
        fmt.setBottomMargin(bottom)
        fmt.setAlignment(_ALIGN[self.alignment(block)])
        if block.kind not in (BlockKind.IMAGE, BlockKind.TABLE, BlockKind.MEDIA):
            fmt.setLineHeight(self.line_height(self.block_scale(block)), _FIXED_HEIGHT)
        return fmt

    def block_scale(self, block: Block) -> float:
        if self.styled(block) and block.style is not None:
            return block.style.look.scale
        return _heading_scale(block.level) if block.kind == BlockKind.HEADING else 1.0

    def base_format(self, block: Block) -> QTextCharFormat:
        base = QTextCharFormat()
        base.setForeground(QColor(self.theme.text))
        if self.styled(block) and block.style is not None:
            self.apply_look(base, block.style.look)
        elif block.kind == BlockKind.HEADING:
            base.setFontWeight(QFont.Weight.Bold)
            base.setFontPointSize(self.appearance.font_size * _heading_scale(block.level))
        if block.kind == BlockKind.PREFORMATTED:
            base.setFontFamilies(MONOSPACE)
        return base

    def apply_look(self, fmt: QTextCharFormat, look: Look) -> None:
        fmt.setFontItalic(look.italic)
        fmt.setFontWeight(QFont.Weight.Bold if look.bold else QFont.Weight.Normal)
        family = self.fonts.get(look.family, self.family) if look.family else self.family
        if family != self.family or look.family:
            fmt.setFontFamilies([family])
        self.features.small_caps(fmt, family, look.small_caps)
        fmt.setVerticalAlignment(
            _VERTICAL.get(look.vertical, QTextCharFormat.VerticalAlignment.AlignNormal)
        )
        # Qt already shrinks super/subscripts; a book's extra "smaller" would shrink them twice.
        scale = 1.0 if look.vertical and look.scale < 1 else look.scale
        fmt.setFontPointSize(self.appearance.font_size * scale)
        if look.underline and look.underline_under:
            mark_under(fmt)  # painted below the descenders: Qt has no underline position
            self.under_lines = True
        elif look.underline:
            fmt.setFontUnderline(True)  # Qt draws it at the font's underline position (auto)

    def apply_span(self, fmt: QTextCharFormat, span: Span, block: Block) -> None:
        if self.styled(block):
            if span.look is not None:
                self.apply_look(fmt, span.look)
        else:
            if span.bold:
                fmt.setFontWeight(QFont.Weight.Bold)
            if span.italic:
                fmt.setFontItalic(True)
            if span.small_caps:
                self.features.small_caps(fmt, self.family, True)
            if span.superscript:
                fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSuperScript)
            if span.subscript:
                fmt.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignSubScript)
        if span.underline:
            fmt.setFontUnderline(True)
        if span.monospace:
            fmt.setFontFamilies(MONOSPACE)

    def hyphenates(self, block: Block) -> bool:
        """Whether soft hyphens go into this block: justified text, unless the book says no."""
        if not self.appearance.hyphenate or not block.text:
            return False
        if block.kind not in (BlockKind.PARAGRAPH, BlockKind.QUOTE, BlockKind.LIST_ITEM):
            return False
        style = block.style if self.styled(block) else None
        if style is not None and (style.hyphens == "none" or style.word_break == "keep-all"):
            return False
        return self.alignment(block) == "justify"

    def breaks(self, block: Block, language: str) -> tuple[list[int], str]:
        """Offsets in the block's text where the page may break a word, and the character the
        document holds there: soft hyphens, zero-width spaces for `word-break: break-all`, or the
        marks of the CJK `line-break` rules (ui/page/kinsoku.py)."""
        style = block.style if self.styled(block) else None
        if style is not None and style.word_break == "break-all" and block.text:
            return anywhere_breaks(block.text), ZERO_WIDTH_SPACE
        # One kind of mark per block: text with CJK line-break marks is not hyphenated (a Latin
        # dictionary's breaks mean nothing in kana or ideographs).
        line_break = style.line_break if style is not None else ""
        marks, mark = line_break_marks(block.text, line_break=line_break)
        if marks:
            return marks, mark
        if self.hyphenates(block):
            return break_positions(block.text, language=language), SOFT_HYPHEN
        return [], SOFT_HYPHEN


_ALIGN = {
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
    "center": Qt.AlignmentFlag.AlignHCenter,
    "justify": Qt.AlignmentFlag.AlignJustify,
}


def _heading_scale(level: int) -> float:
    return {1: 1.6, 2: 1.4, 3: 1.2, 4: 1.1}.get(level, 1.0)
