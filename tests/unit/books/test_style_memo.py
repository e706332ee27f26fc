"""The cascade's memo (styles.Styler): elements sharing a memo entry match the same rules."""

from __future__ import annotations

import pytest
from lxml import etree

from reader_app.books.typography.css import parse_stylesheet
from reader_app.books.typography.styles import ROOT_STYLE, Computed, Styler

SHEET = """
p { text-indent: 1em; margin: 0 }
h2 + p { text-indent: 0 }
h2 + p + p { font-style: italic }
h2 + p + p + p { font-weight: bold }
hr + p.first { font-variant: small-caps }
div.verse > p:first-child { margin-top: 2em }
div.verse p:last-child { margin-bottom: 3em }
p[lang|="fr"] { font-style: italic }
#lone { text-align: center }
"""

BODY = """
<body xmlns="http://www.w3.org/1999/xhtml">
  <h2>One</h2><p>a</p><p>b</p><p>c</p><p>d</p>
  <h2>Two</h2><script>x</script><!-- a comment --><p>a</p><p class="first">b</p><p>c</p>
  <hr/><p class="first other">a</p><p class="first">b</p><p lang="fr-CA">c</p>
  <div class="verse"><p>one</p><p>two</p><p>three</p></div>
  <div class="verse"><p>only</p></div>
  <div><p>first but not verse</p><p id="lone">centred</p><p id="unnamed">plain</p></div>
</body>
"""

CHAIN_SHEET = """
p:first-child + p { font-weight: bold }
p:first-child + p + p { font-style: italic }
em:first-child + em { font-variant: small-caps }
p + p:last-child { text-align: center }
h3:first-child ~ p { text-indent: 0 }
"""

CHAIN_BODY = """
<body xmlns="http://www.w3.org/1999/xhtml">
  <div><p>a</p><p>b</p><p>c</p><p>d</p></div>
  <div><h3>h</h3><p>a</p><p>b</p><p>c</p></div>
  <div><p>a</p><p>b</p></div>
  <section><p>x <em>one</em><em>two</em><em>three</em></p><p>y</p><p>z</p><p>w</p></section>
  <div><span>s</span><p>a</p><p>b</p><p>c</p></div>
</body>
"""



def _styles(styler: Styler, root: etree._Element) -> list[tuple[str, Computed]]:
    """Every element's computed style, walking the tree as the XHTML converter does."""
    found: list[tuple[str, Computed]] = []

    def walk(element: etree._Element, parent: Computed) -> None:
        for child in element:
            if not isinstance(child.tag, str) or child.tag.endswith("script"):
                continue  # the converter drops scripts unstyled, as here
            style = styler.compute(child, parent)
            found.append((etree.tostring(child, with_tail=False).decode()[:40], style))
            walk(child, style)

    styler.start_document()
    walk(root, ROOT_STYLE)
    return found


def _without_memo_key(style: Computed) -> Computed:
    from dataclasses import replace

    return replace(style, context=0)


def _memoised_equal_afresh(sheet: str, body: str) -> list[tuple[str, Computed]]:
    """Every element's memoised style, each checked against one matched afresh; returned."""
    rules = parse_stylesheet(sheet)
    root = etree.fromstring(body)
    memoised = _styles(Styler(rules), root)

    def afresh(element: etree._Element) -> Computed:
        """A new styler for every element on the path: nothing memoised, every rule tested."""
        parent = element.getparent()
        outer = ROOT_STYLE if parent is None or parent is root else afresh(parent)
        return Styler(rules).compute(element, outer)

    elements = [
        el
        for el in root.iter()
        if el is not root and isinstance(el.tag, str) and not el.tag.endswith("script")
    ]
    assert len(elements) == len(memoised) > 10
    for element, (markup, style) in zip(elements, memoised, strict=True):
        assert _without_memo_key(style) == _without_memo_key(afresh(element)), markup
    return memoised


def test_memoised_styles_equal_styles_matched_afresh_for_every_element() -> None:
    assert len(_memoised_equal_afresh(SHEET, BODY)) > 20


def test_sibling_chains_see_dropped_markup_and_stop_at_their_depth() -> None:
    styles = [
        style for _markup, style in _styles(Styler(parse_stylesheet(SHEET)), etree.fromstring(BODY))
    ]
    # h2 One, p a, p b, p c, p d, h2 Two, p a, p.first b, ...
    one_a, one_b, one_c, one_d = styles[1:5]
    two_a, two_b = styles[6:8]
    assert one_a.indent == 0 and one_b.look.italic and one_c.look.bold
    assert not one_d.look.bold and not one_d.look.italic  # four steps from the heading: no rule
    # The unstyled <script> is still the heading's next sibling, so "h2 + p" does not match.
    assert two_a.indent == 1 and not two_b.look.italic


@pytest.mark.parametrize(("sheet", "body"), [(SHEET, BODY), (CHAIN_SHEET, CHAIN_BODY)])
def test_styles_computed_in_document_order_equal_styles_found_through_the_tree(
    sheet: str, body: str
) -> None:
    """compute_next (the converter's walk: each child after its previous sibling's style, dropped
    markup included) gives what compute gives, which finds each element's siblings itself."""
    rules = parse_stylesheet(sheet)
    root = etree.fromstring(body)
    in_order = Styler(rules)
    in_order.start_document()
    found: list[tuple[str, Computed]] = []

    def walk(element: etree._Element, parent: Computed) -> None:
        previous = None
        for child in element:
            if not isinstance(child.tag, str):
                continue  # comments are no siblings for `+`
            style = previous = in_order.compute_next(child, parent, previous)
            if not child.tag.endswith("script"):
                found.append((etree.tostring(child, with_tail=False).decode()[:40], style))
                walk(child, style)

    walk(root, ROOT_STYLE)
    through_tree = _styles(Styler(rules), root)
    assert len(found) == len(through_tree) > 20
    for (markup, ordered), (_, tree) in zip(found, through_tree, strict=True):
        assert _without_memo_key(ordered) == _without_memo_key(tree), markup


def test_structural_pseudo_classes_in_sibling_chains_are_not_shared_wrongly() -> None:
    # The memo shares a style between elements that match the same rules; an element's place
    # (first child or not) must be part of what its next siblings are keyed by.
    memoised = _memoised_equal_afresh(CHAIN_SHEET, CHAIN_BODY)
    first_div = [style for _markup, style in memoised[1:5]]
    assert [s.look.bold for s in first_div] == [False, True, False, False]
    assert [s.look.italic for s in first_div] == [False, False, True, False]
