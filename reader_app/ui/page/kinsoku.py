"""Japanese and Chinese line breaking by the book's CSS `line-break` (kinsoku shori).

Qt's own line breaking is already strict: it never starts a line with a closing bracket, a stop,
a small kana or an iteration mark, and never ends one with an opening bracket; so every value
broke alike. Here each value gets its own rules, as marks that live only in the laid-out
document (like soft hyphens: the book's text and every offset stay its own, and
ui/page/doc_positions.py steps over them):
- `strict`: a WORD JOINER (U+2060: no break on either side, draws nothing) wherever the strict
  rules forbid a break, which also covers what Qt lets through (a line starting with "～");
- `normal` (and `auto`, as browsers take it): a ZERO WIDTH SPACE lets a line start with a small
  kana or the prolonged-sound mark (CSS's CJ class);
- `loose`: as normal, and also with an iteration mark (々), centred punctuation or "…";
- `anywhere`: a break between any two characters.
Only text with CJK characters is touched: Latin text keeps Qt's (Unicode's) own rules.
"""

from __future__ import annotations

import re

from reader_app.ui.page.text_effects import ZERO_WIDTH_SPACE

WORD_JOINER = "\u2060"

# Never at a line's end: opening brackets and quotes.
NOT_AT_END = frozenset("（［｛〔〈《「『【〘〖〝‘“｟«([{")
# Never at a line's start, whatever the strictness: closing brackets, stops and commas.
CLOSING = frozenset("）］｝〕〉》」』】〙〗〟’”｠»)]}、。，．,.：；？！‼⁇⁈⁉")
# Small kana (CSS's CJ class): not at a line's start under `strict` only.
SMALL_KANA = frozenset(
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
# Iteration marks and the prolonged-sound mark: not at a line's start, except under `loose`.
ITERATION = frozenset("々〻ゝゞヽヾーｰ")
PROLONGED = frozenset("ーｰ")  # CSS's CJ class with the small kana: may start a line under normal
# Centred punctuation and inseparable dots: not at a line's start, except under `loose`.
CENTRED = frozenset("・：；‥…")
# Hyphen-like marks: not at a line's start under `strict`.
HYPHENS = frozenset("‐゠–〜～")


def forbidden_at_start(line_break: str) -> frozenset[str]:
    """The characters a line may not start with under `line-break: <line_break>` ("" is auto,
    which is `normal`, as browsers take it)."""
    if line_break == "anywhere":
        return frozenset()
    if line_break == "loose":
        return CLOSING - CENTRED
    if line_break == "strict":
        return CLOSING | SMALL_KANA | ITERATION | CENTRED | HYPHENS
    return CLOSING | ITERATION | CENTRED


# CJK punctuation, kana and ideographs, compatibility ideographs, full-width forms.
_CJK = re.compile("[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003134f]")


def kinsoku_joins(text: str, *, line_break: str = "") -> list[int]:
    """Offsets in `text` before which a WORD JOINER keeps the page from breaking there."""
    if line_break == "anywhere" or _CJK.search(text) is None:
        return []
    not_first = forbidden_at_start(line_break)
    joins: set[int] = set()
    for i, char in enumerate(text):
        if char in not_first and i > 0 and not text[i - 1].isspace():
            joins.add(i)  # keep it on the line before
        if char in NOT_AT_END and i + 1 < len(text) and not text[i + 1].isspace():
            joins.add(i + 1)  # take the next character with it
    return sorted(joins)


def allowed_breaks(text: str, *, line_break: str) -> list[int]:
    """Offsets in `text` before which a ZERO WIDTH SPACE lets the page break where Qt would
    not: what `normal`, `loose` and `anywhere` allow beyond the strict rules."""
    if _CJK.search(text) is None:
        return []
    if line_break == "anywhere":
        return [i for i in range(1, len(text)) if not (text[i].isspace() or text[i - 1].isspace())]
    allowed = SMALL_KANA | PROLONGED
    if line_break == "loose":
        allowed |= (ITERATION | CENTRED) - PROLONGED
    return [
        i for i in range(1, len(text))
        if text[i] in allowed and _CJK.match(text[i - 1]) is not None
        and text[i - 1] not in NOT_AT_END
    ]  # fmt: skip


def line_break_marks(text: str, *, line_break: str) -> tuple[list[int], str]:
    """Where the laid-out document gets a mark for `line-break: <line_break>`, and the mark."""
    if line_break == "strict":
        return kinsoku_joins(text, line_break="strict"), WORD_JOINER
    return allowed_breaks(text, line_break=line_break), ZERO_WIDTH_SPACE
