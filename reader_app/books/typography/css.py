"""A book's stylesheets read as data: a small selector subset, matched against lxml elements.

Nothing in a stylesheet is ever executed or fetched: `@import`, `url()`, `expression()` and every
at-rule but `@namespace` (and `@media` blocks that apply to screens) are skipped. Selectors outside
the subset (type, `*`, `.class`, `#id`, `[attr]` tests, `:first-child`, `:last-child`,
`:only-child`, `:not(compound)`, combinators descendant, `>` and `+`) drop their rule. Sizes are
capped so a hostile stylesheet costs a bounded time: see the MAX_* limits.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import tinycss2
from lxml import etree
from tinycss2 import ast

log = logging.getLogger(__name__)

MAX_SHEET_CHARS = 400_000  # per stylesheet; the rest is ignored
MAX_RULES = 4_000  # selector/declaration pairs kept per document
MAX_COMPOUNDS = 8  # compound selectors in one complex selector
# tinycss2 turns every integer token into a Python int, which refuses over 4,300 digits
# (sys.int_info.str_digits_check_threshold): longer runs are no size a page can use.
MAX_DIGITS = 1_000
_LONG_DIGITS = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
# Put where such a number stood: an identifier no property or selector accepts, so the
# declaration (or rule) it was in is dropped, and the rest of the sheet is read as written.
_NO_NUMBER = "too-long-number"

SUPPORTED = frozenset(
    {
        "text-indent", "margin", "margin-top", "margin-bottom", "text-align", "font-style",
        "font-weight", "font-variant", "font-variant-caps", "font-size", "vertical-align",
        "display", "hyphens", "-epub-hyphens", "-webkit-hyphens", "page-break-before",
        "page-break-after", "break-before", "break-after", "white-space", "position", "left",
        "top", "filter", "font-family", "text-transform", "-epub-text-transform", "word-break",
        "-epub-word-break", "writing-mode", "-epub-writing-mode", "line-break", "-epub-line-break",
        "text-decoration", "text-decoration-line", "text-underline-position",
        "-epub-text-underline-position", "list-style", "list-style-type",
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Attribute:
    name: str  # Clark notation for namespaced names
    op: str  # "", "=", "~=", "|=", "^=", "$=", "*="
    value: str


@dataclass(frozen=True, slots=True)
class Compound:
    tag: str  # "" for any
    ids: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    attributes: tuple[Attribute, ...] = ()
    pseudo: tuple[str, ...] = ()  # first-child, last-child, only-child
    negated: tuple[Compound, ...] = ()


@dataclass(frozen=True, slots=True)
class Selector:
    """Compounds right to left; `combinators[i]` joins compounds[i] to compounds[i + 1]."""

    compounds: tuple[Compound, ...]
    combinators: tuple[str, ...]
    specificity: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Rule:
    selector: Selector
    declarations: tuple[tuple[str, str, bool], ...]  # (property, value, important)
    order: int


@dataclass(frozen=True, slots=True)
class FontFaceRule:
    """An @font-face rule: the family it names and its first `url()` source (never fetched)."""

    family: str  # lower-cased
    url: str
    bold: bool = False
    italic: bool = False


class Unsupported(Exception):
    """A selector outside the subset: its rule is dropped."""


def tamed(text: str, *, where: str) -> str:
    """`text` with every number over MAX_DIGITS digits replaced (logged), so that tokenizing it
    cannot raise and only the declaration or rule holding the number is dropped."""
    if _LONG_DIGITS.search(text) is None:
        return text
    log.warning("%s: a number of over %d digits was ignored with its declaration or rule",
                where, MAX_DIGITS)
    return _LONG_DIGITS.sub(_NO_NUMBER, text)


def parse_declarations(
    text: str | list[object], *, where: str = "a style attribute"
) -> tuple[tuple[str, str, bool], ...]:
    """Supported declarations of a `style` attribute or a rule body (its text, or the tokens
    of a parsed rule's content, which spares tokenizing it twice), values lower-cased."""
    found: list[tuple[str, str, bool]] = []
    source = tamed(text[:MAX_SHEET_CHARS], where=where) if isinstance(text, str) else text
    for item in tinycss2.parse_declaration_list(source, skip_comments=True, skip_whitespace=True):
        if not isinstance(item, ast.Declaration) or item.lower_name not in SUPPORTED:
            continue
        if any(_is_function(token) for token in item.value):
            continue  # url(), expression(), calc(), var(): never interpreted
        value = tinycss2.serialize(item.value).strip().lower()
        found.append((item.lower_name, value, item.important))
    return tuple(found)


def parse_stylesheet(
    text: str,
    *,
    first_order: int = 0,
    faces: list[FontFaceRule] | None = None,
    where: str = "a stylesheet",
) -> list[Rule]:
    """Rules of one stylesheet, in source order from `first_order`; @font-face rules go to
    `faces` when it is given. A rule that cannot be read is dropped (logged, naming `where`),
    never the sheet's other rules, never the book."""
    rules: list[Rule] = []
    namespaces: dict[str, str] = {}
    try:
        nodes = tinycss2.parse_stylesheet(tamed(text[:MAX_SHEET_CHARS], where=where), True, True)
    except (ValueError, RecursionError) as error:  # tinycss2's own limits, whatever is left
        log.warning("%s could not be read and was ignored: %s", where, error)
        return rules
    _collect(nodes, rules, namespaces, first_order, faces, where)
    return rules


def _collect(
    nodes: Iterable[object],
    rules: list[Rule],
    ns: dict[str, str],
    order: int,
    faces: list[FontFaceRule] | None,
    where: str,
) -> None:
    for node in nodes:
        if len(rules) >= MAX_RULES:
            return
        try:
            _collect_one(node, rules, ns, order, faces, where)
        except (ValueError, TypeError, IndexError, RecursionError) as error:
            line = getattr(node, "source_line", "?")
            log.warning("%s: the rule on line %s was dropped: %s: %s", where, line,
                        type(error).__name__, error)


def _collect_one(
    node: object,
    rules: list[Rule],
    ns: dict[str, str],
    order: int,
    faces: list[FontFaceRule] | None,
    where: str,
) -> None:
    if isinstance(node, ast.AtRule):
        keyword = node.lower_at_keyword
        if keyword == "namespace":
            _namespace(node, ns)
        elif keyword == "media" and node.content and _for_screen(node.prelude):
            inner = tinycss2.parse_rule_list(node.content, True, True)
            _collect(inner, rules, ns, order + len(rules), faces, where)
        elif keyword == "font-face" and node.content and faces is not None:
            face = _font_face(node.content)
            if face is not None:
                faces.append(face)
        return  # @import, @page ...: never fetched, not applied here
    if not isinstance(node, ast.QualifiedRule):
        return
    declarations = parse_declarations(node.content or [])
    if not declarations:
        return
    for tokens in _split_commas(node.prelude):
        try:
            selector = parse_selector(tokens, ns)
        except Unsupported:
            continue
        rules.append(Rule(selector, declarations, order + len(rules)))


def _font_face(content: list[object]) -> FontFaceRule | None:
    family, url, bold, italic = "", "", False, False
    for item in tinycss2.parse_declaration_list(content, skip_comments=True, skip_whitespace=True):
        if not isinstance(item, ast.Declaration):
            continue
        if item.lower_name == "font-family":
            family = next(iter(family_names(tinycss2.serialize(item.value))), "")
        elif item.lower_name == "src" and not url:
            url = next((u for u in map(_url_of, item.value) if u), "")
        elif item.lower_name == "font-weight":
            weight = tinycss2.serialize(item.value).strip().lower()
            bold = weight == "bold" or (weight.isdigit() and int(weight[:4]) >= 600)
        elif item.lower_name == "font-style":
            italic = tinycss2.serialize(item.value).strip().lower() in ("italic", "oblique")
    return FontFaceRule(family, url, bold, italic) if family and url else None


def _url_of(token: object) -> str:
    if isinstance(token, ast.URLToken):
        return str(token.value)
    if isinstance(token, ast.FunctionBlock) and token.lower_name == "url":
        strings = [t for t in token.arguments if isinstance(t, ast.StringToken)]
        return str(strings[0].value) if strings else ""
    return ""


def family_names(value: str) -> list[str]:
    """The names in a `font-family` value, unquoted and lower-cased, in order."""
    names = (part.strip().strip("'\"").strip().lower() for part in value.split(","))
    return [name for name in names if name][:16]


def _namespace(node: ast.AtRule, ns: dict[str, str]) -> None:
    tokens = [t for t in node.prelude if t.type not in ("whitespace", "comment")]
    if len(tokens) == 2 and tokens[0].type == "ident" and tokens[1].type in ("string", "url"):
        ns[tokens[0].value] = str(tokens[1].value)


def _for_screen(prelude: list[object]) -> bool:
    words = tinycss2.serialize(prelude).lower()
    if "print" in words and "screen" not in words and "all" not in words:
        return False
    # Dark-mode variants are the reader's theme's business, not the book's.
    return "prefers-color-scheme" not in words and "amzn" not in words


def _split_commas(tokens: list[object]) -> Iterator[list[object]]:
    current: list[object] = []
    for token in tokens:
        if isinstance(token, ast.LiteralToken) and token.value == ",":
            yield current
            current = []
        else:
            current.append(token)
    yield current


def _is_function(token: object) -> bool:
    return isinstance(token, (ast.FunctionBlock, ast.URLToken))


def parse_selector(tokens: list[object], ns: dict[str, str]) -> Selector:
    """One complex selector from its tokens; raises Unsupported outside the subset."""
    compounds: list[Compound] = []
    combinators: list[str] = []
    pending = ""
    index = 0
    tokens = list(tokens)
    while index < len(tokens):
        token = tokens[index]
        if isinstance(token, ast.WhitespaceToken):
            pending = pending or " "
            index += 1
            continue
        if isinstance(token, ast.LiteralToken) and token.value in (">", "+", "~"):
            if token.value == "~":
                raise Unsupported("general sibling")
            pending = token.value
            index += 1
            continue
        if compounds:
            if not pending:
                raise Unsupported("missing combinator")
            combinators.append(pending)
        elif pending.strip():
            raise Unsupported("leading combinator")
        pending = ""
        compound, index = _compound(tokens, index, ns)
        compounds.append(compound)
        if len(compounds) > MAX_COMPOUNDS:
            raise Unsupported("too deep")
    if not compounds or pending.strip():
        raise Unsupported("empty or dangling")
    ids = sum(len(c.ids) + sum(len(n.ids) for n in c.negated) for c in compounds)
    classes = sum(
        len(c.classes) + len(c.attributes) + len(c.pseudo) + len(c.negated) for c in compounds
    )
    tags = sum(1 for c in compounds if c.tag)
    return Selector(
        compounds=tuple(reversed(compounds)),
        combinators=tuple(reversed(combinators)),
        specificity=(ids, classes, tags),
    )


def _compound(tokens: list[object], index: int, ns: dict[str, str]) -> tuple[Compound, int]:
    tag = ""
    ids: list[str] = []
    classes: list[str] = []
    attributes: list[Attribute] = []
    pseudo: list[str] = []
    negated: list[Compound] = []
    start = index
    while index < len(tokens):
        token = tokens[index]
        if isinstance(token, ast.IdentToken) and index == start:
            tag = token.lower_value
        elif isinstance(token, ast.LiteralToken) and token.value == "*" and index == start:
            pass
        elif isinstance(token, ast.HashToken):
            ids.append(token.value)
        elif isinstance(token, ast.LiteralToken) and token.value == ".":
            index += 1
            name = tokens[index] if index < len(tokens) else None
            if not isinstance(name, ast.IdentToken):
                raise Unsupported("bad class")
            classes.append(name.value)
        elif isinstance(token, ast.SquareBracketsBlock):
            attributes.append(_attribute(token.content, ns))
        elif isinstance(token, ast.LiteralToken) and token.value == ":":
            index += 1
            name = tokens[index] if index < len(tokens) else None
            if isinstance(name, ast.IdentToken) and name.lower_value in (
                "first-child",
                "last-child",
                "only-child",
            ):
                pseudo.append(name.lower_value)
            elif isinstance(name, ast.FunctionBlock) and name.lower_name == "not":
                inner = [t for t in name.arguments if not isinstance(t, ast.WhitespaceToken)]
                compound, used = _compound(inner, 0, ns)
                if used != len(inner) or compound.negated:
                    raise Unsupported(":not with a complex selector")
                negated.append(compound)
            else:
                raise Unsupported("pseudo-class or pseudo-element")
        else:
            break
        index += 1
    if index == start:
        raise Unsupported("not a selector")
    return Compound(
        tag, tuple(ids), tuple(classes), tuple(attributes), tuple(pseudo), tuple(negated)
    ), index


def _is_xml_name(name: str) -> bool:
    """Whether lxml accepts `name` (a control character or a bad namespace makes it raise)."""
    try:
        etree.QName(name)
    except ValueError:
        return False
    return True


def _attribute(content: list[object], ns: dict[str, str]) -> Attribute:
    tokens = [t for t in content if not isinstance(t, ast.WhitespaceToken)]
    name = ""
    if (
        len(tokens) >= 3
        and isinstance(tokens[0], ast.IdentToken)
        and isinstance(tokens[1], ast.LiteralToken)
        and tokens[1].value == "|"
        and isinstance(tokens[2], ast.IdentToken)
    ):
        uri = ns.get(tokens[0].value)
        if uri is None:
            raise Unsupported("undeclared namespace prefix")
        name = f"{{{uri}}}{tokens[2].value}"
        tokens = tokens[3:]
    elif tokens and isinstance(tokens[0], ast.IdentToken):
        name = tokens[0].value
        tokens = tokens[1:]
    else:
        raise Unsupported("attribute name")
    if not _is_xml_name(name):
        log.warning("a rule testing the attribute %r, which no element can have, was dropped", name)
        raise Unsupported("no element can have that attribute")  # `[\\2 type]`: lxml refuses it
    if not tokens:
        return Attribute(name, "", "")
    op = ""
    while tokens and isinstance(tokens[0], ast.LiteralToken) and not op.endswith("="):
        op += str(tokens[0].value)
        tokens = tokens[1:]
    if len(tokens) not in (1, 2) or not isinstance(tokens[0], (ast.IdentToken, ast.StringToken)):
        raise Unsupported("attribute value")
    if op not in ("=", "~=", "|=", "^=", "$=", "*="):
        raise Unsupported("attribute operator")
    return Attribute(name, op, str(tokens[0].value))
