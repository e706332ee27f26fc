"""MathML as readable linear text: fractions, scripts, roots, fences and tables in one line.

`<math>` becomes text of the book (searchable, quotable, in the sentence table) rather than its
tokens run together ("x=a+b2" for x = (a+b)²). Scripts use Unicode superscript and subscript
characters where every character has one (x², aᵢ), and ^( ) / _( ) otherwise; fractions are
(a)/(b) with brackets only around compound parts; roots are √x or √(x+1), with an index as ³√x.
Work is bounded by MAX_NODES and MAX_DEPTH: deeper or larger markup keeps its plain text.
"""

from __future__ import annotations

import re

from lxml import etree

from reader_app.books.files.xmlsafe import local_name

MAX_NODES = 5_000
MAX_DEPTH = 64
_SUPER = dict(zip("0123456789+-=()niaxyz", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵃˣʸᶻ", strict=True))
_SUB = dict(zip("0123456789+-=()aeioxjkmnt", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢₒₓⱼₖₘₙₜ", strict=True))
_SUPER["−"] = "⁻"
_SUB["−"] = "₋"
_SIMPLE = re.compile(r"\d+(?:\.\d+)?|[^\W\d_]+|[^\W\d_]\d*")  # 12, 3.5, sin, x, x1
_TOKENS = frozenset({"mi", "mn", "mo", "mtext", "ms"})
_SKIPPED = frozenset({"annotation", "annotation-xml", "mphantom", "none", "mprescripts"})
_SPACED = frozenset({"=", "<", ">", "≤", "≥", "≠", "≈", "→", "⇒", "±", "+", "−", "-", "×", "·"})


class _Budget:
    def __init__(self) -> None:
        self.nodes = MAX_NODES


def linear_math(element: etree._Element) -> str:
    """A `<math>` element as one line of readable text ("" if it has none)."""
    try:
        text = _render(element, _Budget(), 0)
    except RecursionError:
        text = ""
    if not text.strip():
        alt = (element.get("alttext") or "").strip()
        return alt or _text(element).strip()
    return " ".join(text.split())


def _render(element: etree._Element, budget: _Budget, depth: int) -> str:
    budget.nodes -= 1
    if budget.nodes < 0 or depth > MAX_DEPTH:
        return _text(element)
    tag = local_name(element)
    children = [child for child in element if local_name(child)]
    parts = [_render(child, budget, depth + 1) for child in children]
    if tag in _TOKENS:
        token = " ".join(_text(element).split())
        if tag == "mo" and token in _SPACED:
            return f" {token} "
        if tag == "ms":
            return f"“{token}”"
        return token
    if tag in _SKIPPED:
        return ""
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag == "mspace":
        return " "
    if tag == "mfrac" and len(parts) == 2:
        return f"{_grouped(parts[0])}/{_grouped(parts[1])}"
    if tag == "msqrt":
        return "√" + _grouped("".join(parts))
    if tag == "mroot" and len(parts) == 2:
        return _script(parts[1], _SUPER, "") + "√" + _grouped(parts[0])
    if tag in ("msup", "mover") and len(parts) == 2:
        return parts[0] + _script(parts[1], _SUPER, "^")
    if tag in ("msub", "munder") and len(parts) == 2:
        return parts[0] + _script(parts[1], _SUB, "_")
    if tag in ("msubsup", "munderover") and len(parts) == 3:
        return parts[0] + _script(parts[1], _SUB, "_") + _script(parts[2], _SUPER, "^")
    if tag == "mfenced":
        opening, closing = element.get("open", "("), element.get("close", ")")
        separator = (element.get("separators", ",").strip() or ",")[0]
        return opening + f"{separator} ".join(p.strip() for p in parts) + closing
    if tag == "mtable":
        return "[" + "; ".join(p.strip() for p in parts) + "]"
    if tag in ("mtr", "mlabeledtr"):
        return ", ".join(p.strip() for p in parts)
    if parts and children and local_name(children[0]) == "mo":
        parts[0] = parts[0].strip()  # a leading sign is unary: "-b", not "- b"
    return "".join(parts)  # math, mrow, mstyle, mpadded, menclose, mtd, merror...


def _grouped(text: str) -> str:
    """`text` as one operand: bracketed unless it is a single number, name or bracketed group."""
    text = text.strip()
    simple = _SIMPLE.fullmatch(text) is not None or (
        text[:1] in "([{" and text[-1:] in ")]}" and _balanced_once(text)
    )
    return text if simple else f"({text})"


def _balanced_once(text: str) -> bool:
    """Whether the first bracket in `text` closes at its very end: "(a+b)", not "(a)+(b)"."""
    depth = 0
    for index, char in enumerate(text):
        depth += char in "([{"
        depth -= char in ")]}"
        if depth == 0:
            return index == len(text) - 1
    return False


def _script(text: str, table: dict[str, str], marker: str) -> str:
    compact = "".join(text.split())
    if compact and all(char in table for char in compact):
        return "".join(table[char] for char in compact)
    if not marker:
        return f"({compact})"
    inner = text.strip()
    bracketed = inner[:1] in "([{" and _balanced_once(inner)
    if len(compact) > 1 and not compact.isdigit() and not bracketed:
        inner = f"({inner})"  # e^(πi), not e^πi
    return f"{marker}{inner} "


def _text(element: etree._Element) -> str:
    return "".join(str(piece) for piece in element.itertext())
