"""MathML as a voice says it: "a over b", "x squared", "the square root of x plus one".

Read aloud speaks a formula from its markup (the `Span.math` resource) rather than its linear text:
"(a+b)/(c)" read by a voice is noise, "a plus b, over c" is mathematics. The author's `alttext`
wins where the `<math>` element has one. Work is bounded as books/content/mathml.py bounds it.
"""

from __future__ import annotations

from lxml import etree

from reader_app.books.content.mathml import MAX_DEPTH, MAX_NODES
from reader_app.books.files.xmlsafe import local_name

_OPERATORS = {
    "+": "plus", "-": "minus", "−": "minus", "±": "plus or minus", "×": "times", "·": "times",
    "⋅": "times", "*": "times", "/": "over", "÷": "divided by", "=": "equals",
    "≠": "is not equal to", "≈": "is approximately", "<": "is less than", ">": "is greater than",
    "≤": "is less than or equal to", "≥": "is greater than or equal to", "→": "tends to",
    "⇒": "implies", "∞": "infinity", "∑": "the sum", "∏": "the product", "∫": "the integral",
    "∂": "partial", "∈": "in", "′": "prime", "!": "factorial", "%": "percent",
}  # fmt: skip
_LETTERS = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "θ": "theta",
    "λ": "lambda", "μ": "mu", "π": "pi", "σ": "sigma", "τ": "tau", "φ": "phi", "ω": "omega",
    "Δ": "delta", "Σ": "sigma", "Ω": "omega",
}  # fmt: skip
_POWERS = {"2": "squared", "3": "cubed"}
_ORDINALS = {"2": "square", "3": "cube", "4": "fourth", "5": "fifth", "n": "n-th"}
_SKIPPED = frozenset({"annotation", "annotation-xml", "mphantom", "none", "mprescripts"})
_BRACKETS = frozenset("()[]{}|")


class _Budget:
    def __init__(self) -> None:
        self.nodes = MAX_NODES


def spoken_math_markup(markup: bytes) -> str:
    """The words for a formula's stored markup ("" when it cannot be read)."""
    try:
        # A new parser per call: lxml parsers are not safe to share between threads.
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                                 huge_tree=False)
        element = etree.fromstring(markup, parser)
    except etree.XMLSyntaxError:
        return ""
    return spoken_math(element)


def spoken_math(element: etree._Element) -> str:
    """The words for a `<math>` element: its `alttext` if it has one, else its markup read out."""
    alt = " ".join((element.get("alttext") or "").split())
    if alt:
        return alt
    try:
        said = _say(element, _Budget(), 0)
    except RecursionError:
        said = ""
    return " ".join(said.replace(" ,", ",").split()).strip(" ,")


def _say(element: etree._Element, budget: _Budget, depth: int) -> str:
    budget.nodes -= 1
    tag = local_name(element)
    if budget.nodes < 0 or depth > MAX_DEPTH:
        return _token(_text(element))
    if tag in _SKIPPED:
        return ""
    if tag in ("mi", "mn", "mo", "mtext", "ms"):
        return _token(_text(element))
    children = [child for child in element if local_name(child)]
    parts = [_say(child, budget, depth + 1) for child in children]
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag == "mfrac" and len(parts) == 2:
        top = _operand(parts[0])
        if " " in top:  # "a plus b, all over 2": the listener hears where the numerator ends
            return f"{top}, all over {_operand(parts[1])},"
        return f"{top} over {_operand(parts[1])},"
    if tag == "msqrt":
        return f"the square root of {' '.join(parts)},"
    if tag == "mroot" and len(parts) == 2:
        index = _text(children[1]).strip()
        root = _ORDINALS.get(index, f"{parts[1]}-th")
        return f"the {root} root of {parts[0]},"
    if tag == "msup" and len(parts) == 2:
        return f"{parts[0]} {_power(children[1], parts[1])}"
    if tag in ("msub", "munder") and len(parts) == 2:
        return f"{parts[0]} sub {parts[1]}"
    if tag == "msubsup" and len(parts) == 3:
        return f"{parts[0]} sub {parts[1]} {_power(children[2], parts[2])}"
    if tag == "munderover" and len(parts) == 3:
        return f"{parts[0]} from {parts[1]} to {parts[2]},"
    if tag == "mover" and len(parts) == 2:
        return f"{parts[0]} {parts[1]}"
    if tag in ("mtable", "mtr", "mlabeledtr"):
        return ", ".join(p for p in parts if p) + ","
    return " ".join(p for p in parts if p)  # math, mrow, mstyle, mfenced, mtd, menclose...


def _power(script: etree._Element, said: str) -> str:
    """'squared', 'cubed', or 'to the power n' for an exponent."""
    exponent = " ".join(_text(script).split())
    return _POWERS.get(exponent) or f"to the power {said},"


def _operand(said: str) -> str:
    return said.rstrip(",").strip()


def _token(text: str) -> str:
    text = " ".join(text.split())
    if text in _BRACKETS:
        return ""  # a listener hears the grouping in the phrasing, not as "bracket"
    if text in _OPERATORS:
        return _OPERATORS[text]
    return "".join(f" {_LETTERS[char]} " if char in _LETTERS else char for char in text).strip()


def _text(element: etree._Element) -> str:
    return "".join(str(piece) for piece in element.itertext())
