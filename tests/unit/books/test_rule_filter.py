"""The rule index's ancestor filter (selectors.RuleIndex) skips only rules that cannot match."""

from __future__ import annotations

from lxml import etree

from reader_app.books.typography.css import parse_stylesheet
from reader_app.books.typography.selectors import RuleIndex, ancestor_needs, matches

SHEET = """
@namespace epub "http://www.idpf.org/2007/ops";
@namespace xml "http://www.w3.org/XML/1998/namespace";
[epub|type~="z3998:song"] p { text-indent: 0 }
[epub|type~="z3998:verse"] p + p { margin-top: 1em }
section[epub|type="chapter"] > p { font-style: italic }
body [xml|lang] { font-style: italic }
q i[xml|lang] { font-style: normal }
#chapter-2 blockquote > header { font-variant: small-caps }
div.verse p { text-align: left }
div.verse.long span { font-weight: bold }
section[data-x^="ab"] p { text-align: right }
h2 + p span { font-weight: bold }
article p { text-align: center }
p { text-indent: 1em }
"""

BODY = """
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<body>
  <section id="chapter-1" epub:type="chapter z3998:song">
    <p>one</p><p>two <span>s</span></p>
    <div class="verse"><p>v1</p><p>v2 <span>x</span></p></div>
  </section>
  <section id="chapter-2" epub:type="chapter" data-x="abc">
    <h2>Title</h2><p>after <span>heading</span></p>
    <blockquote><header>head</header><p>quoted <q><i xml:lang="fr">oui</i></q></p></blockquote>
    <div class="verse long"><div epub:type="z3998:verse"><p>a</p><p>b <span>c</span></p></div></div>
    <p xml:lang="la">latin</p>
  </section>
  <section epub:type="chapterish z3998:songbook" data-x="xab"><p>near misses</p></section>
</body>
</html>
"""


def test_indexed_matching_equals_testing_every_rule_on_every_element() -> None:
    rules = parse_stylesheet(SHEET)
    index = RuleIndex(rules)
    root = etree.fromstring(BODY)
    checked = 0
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        everything = [rule for rule in rules if matches(rule.selector, element)]
        everything.sort(key=lambda rule: (rule.selector.specificity, rule.order))
        assert index.matching(element) == everything, etree.tostring(element)[:60]
        checked += len(everything)
    assert checked > 20  # the sheet does match: the filter is not vacuously tested


def test_needs_name_only_what_ancestors_must_have() -> None:
    song, _verse, chapter, *_ = parse_stylesheet(SHEET)
    assert ancestor_needs(song.selector) == frozenset(
        {("~", "{http://www.idpf.org/2007/ops}type\0z3998:song")}
    )
    # "section[epub|type="chapter"] > p": the parent's tag and exact attribute value.
    assert ancestor_needs(chapter.selector) == frozenset(
        {("t", "section"), ("=", "{http://www.idpf.org/2007/ops}type\0chapter")}
    )
    adjacent = next(rule for rule in parse_stylesheet(SHEET) if "h2" in repr(rule.selector))
    # "h2 + p span": the <p> is an ancestor; the heading is its sibling, never required above.
    assert ancestor_needs(adjacent.selector) == frozenset({("t", "p")})
