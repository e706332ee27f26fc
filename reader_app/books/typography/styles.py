"""The cascade: a document's stylesheets over a small default sheet, as computed element styles.

Only what makes a page look like a book is computed (see css.SUPPORTED). Absolute font sizes are
ignored (the reader's size wins); relative ones scale it. An element that is `display: none`, or
moved far off the page with `position: absolute` (the usual way to hide a heading that an image
repeats), is hidden: its text is left out of the book model, so it is not in the sentence table
either, and the assistant never sees it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from lxml import etree

from reader_app.books.files.numbers import bounded_int
from reader_app.books.model import PLAIN_LOOK, BlockStyle, Look
from reader_app.books.typography.css import Rule, family_names, parse_declarations
from reader_app.books.typography.selectors import RuleIndex, next_element, previous_element

# The tags' plain meaning, as the lowest layer of the cascade (what a browser's own sheet does).
DEFAULT_SHEET = """
h1 { font-size: 1.6em; font-weight: bold } h2 { font-size: 1.4em; font-weight: bold }
h3 { font-size: 1.2em; font-weight: bold } h4 { font-size: 1.1em; font-weight: bold }
h5, h6 { font-weight: bold }
b, strong, th { font-weight: bold }
i, em, cite, dfn, var, address { font-style: italic }
sup { vertical-align: super } sub { vertical-align: sub }
pre { white-space: pre }
ul { list-style-type: disc } ol { list-style-type: decimal }
[hidden] { display: none }
"""
_LENGTH = re.compile(r"^(-?(?:\d+\.?\d*|\.\d+))(em|rem|px|pt|%|ex|ch)?$")
_KEYWORD_SIZES = {
    "xx-small": 0.6, "x-small": 0.75, "small": 0.89, "medium": 1.0, "large": 1.2,
    "x-large": 1.5, "xx-large": 2.0,
}  # fmt: skip
_BREAKS = frozenset({"always", "page", "left", "right", "recto", "verso"})
_BLOCK_DISPLAYS = frozenset({"block", "list-item", "table", "flex", "grid", "flow-root"})
MIN_SCALE, MAX_SCALE = 0.5, 3.0
MANY_ATTRIBUTES = 64  # past this, an element's signature reads only the attributes it needs
MAX_RAW_SIGNATURES = 50_000  # attribute sets remembered per styler before starting afresh
_TRANSFORMS = {
    "none": "", "uppercase": "uppercase", "lowercase": "lowercase", "capitalize": "capitalize",
    "full-width": "fullwidth", "-epub-fullwidth": "fullwidth", "fullwidth": "fullwidth",
}  # fmt: skip


_EPUB_PREFIXED = (
    "-epub-text-transform", "-epub-word-break", "-epub-writing-mode", "-epub-line-break",
    "-epub-text-underline-position",
)
_LINE_BREAKS = ("auto", "loose", "normal", "strict", "anywhere")
# The list-style-type keywords a marker is drawn for ("none" draws none).
LIST_STYLES = frozenset({
    "none", "disc", "circle", "square", "decimal", "lower-alpha", "upper-alpha", "lower-latin",
    "upper-latin", "lower-roman", "upper-roman",
})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Computed:
    """An element's computed style (the subset)."""

    look: Look = PLAIN_LOOK
    align: str = ""
    indent: float | None = None
    hyphens: str = ""
    word_break: str = ""
    line_break: str = ""
    preformatted: bool = False
    list_style: str = ""  # a LIST_STYLES keyword, "" for the list's own (bullets or numbers)
    # Not inherited:
    margin_top: float | None = None
    margin_bottom: float | None = None
    display: str = ""  # "", "block", "inline"
    hidden: bool = False
    break_before: bool = False
    break_after: bool = False
    # The memo entry this was computed for: elements with equal contexts style alike.
    context: int = 0

    def block_style(self, *, margin_top: float | None, page_break: bool) -> BlockStyle:
        return BlockStyle(
            look=self.look,
            indent=self.indent,
            margin_top=margin_top,
            margin_bottom=self.margin_bottom,
            align=self.align,
            page_break=page_break,
            hyphens=self.hyphens,
            word_break=self.word_break,
            line_break=self.line_break,
        )


ROOT_STYLE = Computed()


class Styler:
    """Computes element styles; elements in equal contexts share one result without matching.

    An element's context is its parent's context, its own signature (tag, id, classes, the
    attributes selectors test, its style attribute) and its previous siblings' signatures as far
    as `+` chains reach: two elements with equal contexts match exactly the same rules.
    """

    def __init__(self, rules: list[Rule], *, families: set[str] | None = None) -> None:
        self.index = RuleIndex(rules)
        self.families = families if families is not None else set()  # embedded font families
        self._attributes = tuple(sorted(self.index.attribute_names))
        self._depth = self.index.sibling_depth
        # Memo keys are flat tuples of small ints: the parent's context, the element's signature
        # and (as far as `+` chains reach) its previous siblings' signatures, and whether it is a
        # last child when a selector asks.
        self._memo: dict[tuple[int | bool, ...], Computed] = {}
        # Signatures are numbered by the tag and attributes they are made of, as read, so an
        # element like one seen before costs one lookup (no class filtering, no tuple kept).
        self._raw_signatures: dict[tuple[object, ...], int] = {}
        self._signature_ids: dict[tuple[object, ...], int] = {}
        self._chains: dict[etree._Element, tuple[int, ...]] = {}  # only when `+` chains exist
        self._keys: dict[int, tuple[int | bool, ...]] = {}  # a memo entry's key, by its context
        self._no_siblings = (-1,) * self._depth
        self._styles: dict[BlockStyle, BlockStyle] = {}
        # One object per distinct look, so the converter compares looks by identity first.
        self._looks: dict[Look, Look] = {PLAIN_LOOK: PLAIN_LOOK}

    def start_document(self) -> None:
        self._chains.clear()
        self.index.start_document()
        if len(self._raw_signatures) > MAX_RAW_SIGNATURES:
            self._raw_signatures.clear()  # unique ids and style attributes: a cache, not state

    def _signature(self, element: etree._Element) -> int:
        if len(element.attrib) > MANY_ATTRIBUTES:
            return self._signature_of_many(element)
        raw = (element.tag, *element.items())  # one call; most elements have no attributes
        found = self._raw_signatures.get(raw)
        if found is None:
            attributes = {str(k): str(v) for k, v in element.items()}
            found = self._numbered(element, attributes.get)
            self._raw_signatures[raw] = found
        return found

    def _signature_of_many(self, element: etree._Element) -> int:
        """The signature of an element with many attributes, reading only those it depends on:
        lxml's `items()` looks each value up from the start of the list (quadratic), and a raw
        key of 100,000 attributes would be no cache. `keys()` and a few `get()`s are linear."""
        wanted = {"id", "class", "style", *self._attributes}
        present = {str(key) for key in element.keys() if key in wanted}  # noqa: SIM118 (children)
        values = {name: str(element.get(name)) for name in present}
        return self._numbered(element, values.get)

    def _numbered(self, element: etree._Element, get: Callable[[str], str | None]) -> int:
        element_id, classes = get("id"), get("class")
        if element_id is not None and element_id not in self.index.id_names:
            element_id = None  # unique ids no selector names would make every context new
        if classes:
            names = self.index.class_names
            classes = " ".join(c for c in classes.split() if c in names)
        tested = tuple(map(get, self._attributes))
        signature = (element.tag, element_id, classes, get("style"), *tested)
        return self._signature_ids.setdefault(signature, len(self._signature_ids))

    def _chain(self, element: etree._Element) -> tuple[int, ...]:
        """The signatures of `element` and of its previous siblings as far as `+` chains reach.

        Kept per element: siblings are styled in order, so each element adds one signature to its
        previous sibling's chain instead of walking back `sibling_depth` elements every time.
        """
        found = self._chains.get(element)
        if found is None:
            depth = self._depth
            sibling = element.getprevious()
            while sibling is not None and not isinstance(sibling.tag, str):
                sibling = sibling.getprevious()
            before = self._chains.get(sibling) if sibling is not None else ()
            if before is None:  # a sibling that was never styled (dropped markup)
                before = ()
                while sibling is not None and len(before) < depth:
                    before += (self._signature(sibling),)
                    sibling = previous_element(sibling)
            found = (self._signature(element), *before[:depth])
            if len(found) <= depth:
                found += (-1,) * (depth + 1 - len(found))
            self._chains[element] = found
        return found

    def compute(self, element: etree._Element, parent: Computed) -> Computed:
        if self._depth:
            key: tuple[int | bool, ...] = (parent.context, *self._chain(element))
        else:
            key = (parent.context, self._signature(element))
        return self._lookup(element, parent, key)

    def compute_next(
        self, element: etree._Element, parent: Computed, previous: Computed | None
    ) -> Computed:
        """`compute` for children styled in document order, every element child included (the
        converter's walk): `previous` is the style this styler computed for the previous element
        sibling, None for a first child. Its memo key holds that sibling's chain, so nothing is
        kept per element and no sibling is looked up."""
        depth = self._depth
        if not depth:
            return self._lookup(element, parent, (parent.context, self._signature(element)))
        if previous is None:
            before: tuple[int | bool, ...] = self._no_siblings
        else:
            previous_key = self._keys.get(previous.context)
            if previous_key is None:  # not computed here: find the siblings in the tree
                return self.compute(element, parent)
            before = previous_key[1 : depth + 1]
        return self._lookup(element, parent, (parent.context, self._signature(element), *before))

    def _lookup(
        self, element: etree._Element, parent: Computed, key: tuple[int | bool, ...]
    ) -> Computed:
        if self.index.uses_last_child:
            key += (next_element(element) is None,)
        found = self._memo.get(key)
        if found is not None:
            return found
        matched = self.index.matching(element)
        inline = element.get("style")
        specified: dict[str, str] = {}
        important: dict[str, str] = {}
        for rule in matched:
            _declare(rule.declarations, specified, important)
        if inline:
            _declare(parse_declarations(inline), specified, important)
        specified.update(important)
        if "font-family" in specified:
            specified["font-family"] = self._embedded_family(specified["font-family"], element)
        computed = _compute(specified, parent, context=len(self._memo) + 1, looks=self._looks)
        self._memo[key] = computed
        self._keys[computed.context] = key
        return computed

    def inherited_from_html(self, html: etree._Element) -> Computed:
        """What the body inherits from the html element: only `text-underline-position` (the
        W3C test sets it there). The html element's other styles are not applied: books size
        their text there for a browser's page (`html { font-size: 62.5% }`), and here the
        reader's chosen size wins."""
        if not self.compute(html, ROOT_STYLE).look.underline_under:
            return ROOT_STYLE
        return replace(ROOT_STYLE, look=replace(ROOT_STYLE.look, underline_under=True))

    def _embedded_family(self, value: str, element: etree._Element) -> str:
        """The first family in `value` that the book embeds, "" for the reader's font. The body's
        own family is the book's text face, where the reader's choice of font wins."""
        if etree.QName(element).localname in ("html", "body"):
            return ""
        return next((name for name in family_names(value) if name in self.families), "")

    def intern(self, style: BlockStyle) -> BlockStyle:
        """One shared object per distinct block style (smaller models, faster cache loads)."""
        return self._styles.setdefault(style, style)


def _declare(
    declarations: tuple[tuple[str, str, bool], ...],
    specified: dict[str, str],
    important: dict[str, str],
) -> None:
    for name, value, is_important in declarations:
        if name == "margin":
            parts = value.split()
            if 1 <= len(parts) <= 4:
                target = important if is_important else specified
                target["margin-top"] = parts[0]
                target["margin-bottom"] = parts[2] if len(parts) >= 3 else parts[0]
            continue
        if name in ("-epub-hyphens", "-webkit-hyphens"):
            name = "hyphens"
        elif name in _EPUB_PREFIXED:
            name = name.removeprefix("-epub-")
        elif name == "font-variant-caps":
            name = "font-variant"
        elif name.startswith("page-break-"):
            name = "break-" + name.removeprefix("page-break-")
        elif name == "list-style":  # the shorthand's type is its one keyword from LIST_STYLES
            name, value = "list-style-type", next(
                (word for word in value.split() if word in LIST_STYLES), "")
        (important if is_important else specified)[name] = value


def _compute(
    specified: dict[str, str], parent: Computed, *, context: int, looks: dict[Look, Look]
) -> Computed:
    look = parent.look
    if specified:
        look = _look(specified, parent.look)
        look = looks.setdefault(look, look)
    hidden = specified.get("display") == "none" or _off_page(specified)
    display = specified.get("display", "")
    return Computed(
        look=look,
        align=_align(specified.get("text-align"), parent.align),
        indent=_inherited_length(specified.get("text-indent"), parent.indent, look.scale),
        hyphens=_choice(specified.get("hyphens"), parent.hyphens, ("auto", "manual", "none")),
        word_break=_choice(
            specified.get("word-break"), parent.word_break, ("normal", "keep-all", "break-all")
        ),
        line_break=_choice(specified.get("line-break"), parent.line_break, _LINE_BREAKS),
        preformatted=_white_space(specified.get("white-space"), parent.preformatted),
        list_style=_list_style(specified.get("list-style-type"), parent.list_style),
        margin_top=_length(specified.get("margin-top"), look.scale),
        margin_bottom=_length(specified.get("margin-bottom"), look.scale),
        display="block" if display in _BLOCK_DISPLAYS else ("inline" if display else ""),
        hidden=hidden,
        break_before=specified.get("break-before", "") in _BREAKS,
        break_after=specified.get("break-after", "") in _BREAKS,
        context=context,
    )


def _look(specified: dict[str, str], parent: Look) -> Look:
    italic, bold, small_caps = parent.italic, parent.bold, parent.small_caps
    vertical, scale = parent.vertical, parent.scale
    style = specified.get("font-style")
    if style in ("italic", "oblique"):
        italic = True
    elif style in ("normal", "initial"):
        italic = False
    weight = specified.get("font-weight")
    # Bounded: a stylesheet could spell a 5,000-digit weight, which int() refuses.
    number = bounded_int(weight, low=0, high=1000) if weight else None
    if weight in ("bold", "bolder") or (number is not None and number >= 600):
        bold = True
    elif weight in ("normal", "lighter", "initial") or number is not None:
        bold = False
    variant = specified.get("font-variant")
    if variant is not None:
        small_caps = "small-caps" in variant
    align = specified.get("vertical-align")
    if align in ("super", "sub"):
        vertical = align
    elif align in ("baseline", "initial"):
        vertical = ""
    size = specified.get("font-size")
    if size is not None:
        scale = _font_scale(size, parent.scale)
    family = specified.get("font-family", parent.family)
    transform = _TRANSFORMS.get(specified.get("text-transform", ""), parent.transform)
    # A decoration reaches every descendant, and a descendant's "none" cannot take it away.
    decoration = specified.get("text-decoration-line", specified.get("text-decoration", ""))
    underline = parent.underline or "underline" in decoration.split()
    return Look(italic, bold, small_caps, vertical, scale, family, transform, underline,
                _underline_under(specified.get("text-underline-position"), parent))


def _underline_under(value: str | None, parent: Look) -> bool:
    """text-underline-position (inherited): "under", alone or with "left"/"right" (which only
    vertical text tells apart), puts it below the descenders; "auto" and "from-font" where the
    font says."""
    if value is None or value.strip() == "inherit":
        return parent.underline_under
    return "under" in value.split()


def _font_scale(value: str, parent: float) -> float:
    if value in _KEYWORD_SIZES:
        return _KEYWORD_SIZES[value]
    if value == "smaller":
        return max(MIN_SCALE, parent / 1.2)
    if value == "larger":
        return min(MAX_SCALE, parent * 1.2)
    found = _LENGTH.match(value)
    if found is None or found.group(2) not in ("em", "%", "rem"):
        return parent  # absolute sizes: the reader's chosen size wins
    number = float(found.group(1))
    factor = number / 100 if found.group(2) == "%" else number
    base = 1.0 if found.group(2) == "rem" else parent
    return min(MAX_SCALE, max(MIN_SCALE, base * factor))


def _length(value: str | None, scale: float) -> float | None:
    """A length in ems of the reader's font (em counted in the element's own size)."""
    if value is None or value in ("auto", "initial", "inherit"):
        return None if value in (None, "inherit") else 0.0
    found = _LENGTH.match(value)
    if found is None:
        return None
    number, unit = float(found.group(1)), found.group(2)
    if unit in ("em", "ch"):
        ems = number * scale
    elif unit == "rem":
        ems = number
    elif unit == "ex":
        ems = number * scale / 2
    elif unit == "px":
        ems = number / 16
    elif unit == "pt":
        ems = number / 12
    elif unit is None and number == 0:
        ems = 0.0
    else:
        return None  # percentages of the page width: not a block-spacing length
    return max(-20.0, min(20.0, ems))


def _inherited_length(value: str | None, parent: float | None, scale: float) -> float | None:
    if value is None or value == "inherit":
        return parent
    return _length(value, scale)


def _align(value: str | None, parent: str) -> str:
    if value is None or value == "inherit":
        return parent
    value = {"start": "left", "end": "right", "-webkit-center": "center"}.get(value, value)
    return value if value in ("left", "right", "center", "justify") else ""


def _choice(value: str | None, parent: str, allowed: tuple[str, ...]) -> str:
    if value is None or value == "inherit":
        return parent
    return value if value in allowed else ""


def _list_style(value: str | None, parent: str) -> str:
    """list-style-type (inherited: the list's style reaches its items)."""
    if value is None or value == "inherit" or value not in LIST_STYLES:
        return parent
    return value


def _white_space(value: str | None, parent: bool) -> bool:
    if value is None or value == "inherit":
        return parent
    return value in ("pre", "pre-wrap", "pre-line", "break-spaces")


def _off_page(specified: dict[str, str]) -> bool:
    if specified.get("position") not in ("absolute", "fixed"):
        return False
    for side in ("left", "top"):
        found = _LENGTH.match(specified.get(side, ""))
        if found is None:
            continue
        number, unit = float(found.group(1)), found.group(2) or "px"
        ems = number if unit in ("em", "rem") else number / 16
        if ems <= -100:
            return True
    return False
