"""XHTML becomes blocks whose text is exactly what the view shows, with spans, anchors and links."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.content.xhtml import LINE_BREAK, parse_document
from reader_app.books.files.xmlsafe import parse_xml
from reader_app.books.model import Block, BlockKind, Book, Locator, Look, Span
from reader_app.books.opening.formats import read_book
from tests.unit.books.epubgen import image_bytes, make_epub, xhtml


def blocks_of(body: str, *, members: frozenset[str] = frozenset()) -> tuple[Block, ...]:
    root = parse_xml(xhtml(body).encode(), path=Path("t.epub"), member="OEBPS/c.xhtml")
    return parse_document(root, name="OEBPS/c.xhtml", has_member=members.__contains__).blocks


def styled(block: Block, **flags: object) -> list[str]:
    """The text under spans carrying all of `flags`."""
    return [
        block.text[s.start : s.end]
        for s in block.spans
        if all(getattr(s, key) == value for key, value in flags.items())
    ]


def test_whitespace_collapses_like_html_across_inline_elements() -> None:
    (block,) = blocks_of("<p>\n   It  was\t<i>a   dark</i>\n <b> and </b>  stormy   night.  </p>")
    assert block.text == "It was a dark and stormy night."
    assert styled(block, italic=True) == ["a dark"]
    assert styled(block, bold=True) == ["and "]  # the space after "dark" was already there


def test_every_inline_style_maps_to_its_span_flag() -> None:
    (block,) = blocks_of(
        "<p><strong>B</strong><em>I</em><cite>C</cite><u>U</u><code>M</code><kbd>K</kbd>"
        '<sup>2</sup><sub>n</sub><span class="small-caps">Sc</span>plain</p>'
    )
    assert block.text == "BICUMK2nScplain"
    assert styled(block, bold=True) == ["B"]
    assert styled(block, italic=True) == ["IC"]  # adjacent runs of one style merge
    assert styled(block, underline=True) == ["U"]
    assert styled(block, monospace=True) == ["MK"]
    assert styled(block, superscript=True) == ["2"]
    assert styled(block, subscript=True) == ["n"]
    assert styled(block, small_caps=True) == ["Sc"]


def test_nested_styles_combine() -> None:
    (block,) = blocks_of("<p>a <b>bold <i>both</i></b> c</p>")
    assert block.spans == (
        Span(2, 7, bold=True, look=Look(bold=True)),
        Span(7, 11, bold=True, italic=True, look=Look(italic=True, bold=True)),
    )


def test_line_breaks_are_line_separators_inside_one_block() -> None:
    (block,) = blocks_of("<p>First line   <br/>  second line<br/>third</p>")
    assert block.text == f"First line{LINE_BREAK}second line{LINE_BREAK}third"


def test_preformatted_text_keeps_its_spaces_and_lines() -> None:
    (block,) = blocks_of("<pre>\ndef f():\n    return  1\n</pre>")
    assert block.kind is BlockKind.PREFORMATTED
    assert block.text == f"def f():{LINE_BREAK}    return  1"


def test_headings_lists_quotes_and_rules() -> None:
    blocks = blocks_of(
        "<h1>Title</h1><h3>Sub</h3>"
        "<ul><li>one</li><li>two<ul><li>deep</li></ul></li></ul>"
        '<ol start="3"><li><p>three</p><p>more of three</p></li><li>four</li></ol>'
        "<blockquote><p>said</p><blockquote>inner</blockquote></blockquote><hr/>"
    )
    summary = [(b.kind, b.level, b.marker, b.text) for b in blocks]
    assert summary == [
        (BlockKind.HEADING, 1, "", "Title"),
        (BlockKind.HEADING, 3, "", "Sub"),
        (BlockKind.LIST_ITEM, 1, "•", "one"),
        (BlockKind.LIST_ITEM, 1, "•", "two"),
        (BlockKind.LIST_ITEM, 2, "•", "deep"),
        (BlockKind.LIST_ITEM, 1, "3.", "three"),
        (BlockKind.LIST_ITEM, 1, "", "more of three"),
        (BlockKind.LIST_ITEM, 1, "4.", "four"),
        (BlockKind.QUOTE, 1, "", "said"),
        (BlockKind.QUOTE, 2, "", "inner"),
        (BlockKind.RULE, 0, "", ""),
    ]


def test_hgroup_lines_are_headings() -> None:
    blocks = blocks_of("<hgroup><h2>I</h2><p>The Beginning</p></hgroup><p>Text.</p>")
    assert [(b.kind, b.level, b.text) for b in blocks] == [
        (BlockKind.HEADING, 2, "I"),
        (BlockKind.HEADING, 3, "The Beginning"),
        (BlockKind.PARAGRAPH, 0, "Text."),
    ]


def test_div_with_direct_text_and_nested_paragraphs() -> None:
    blocks = blocks_of("<div>loose text<p>inside</p>tail text</div>")
    assert [b.text for b in blocks] == ["loose text", "inside", "tail text"]


def test_tables_keep_rows_and_tab_newline_text() -> None:
    (caption, table) = blocks_of(
        "<table><caption>Scores</caption><tr><th>Name</th><th>Pts</th></tr>"
        "<tbody><tr><td>Ann <i>B.</i></td><td>3</td></tr></tbody></table>"
    )
    assert caption.text == "Scores"
    assert table.kind is BlockKind.TABLE
    assert table.rows == (("Name", "Pts"), ("Ann B.", "3"))
    assert table.text == "Name\tPts\nAnn B.\t3"


def test_scripts_styles_forms_and_frames_are_dropped() -> None:
    blocks = blocks_of(
        "<p>kept<script>alert('x')</script></p><style>p{}</style>"
        '<iframe src="http://evil.example/"></iframe><form><input value="v"/>no</form>'
        '<object data="x.swf">fallback</object><p>also kept</p>'
    )
    # A plugin object is never run: its fallback content is shown instead.
    assert [b.text for b in blocks] == ["kept", "fallback", "also kept"]


def test_images_resolve_relative_to_the_section_and_remote_ones_are_skipped() -> None:
    members = frozenset({"OEBPS/images/a.png", "OEBPS/images/b.svg", "OEBPS/images/c.jpg"})
    blocks = blocks_of(
        '<p>Before <img src="images/a.png"/> after</p>'
        '<figure id="fig"><img src="../OEBPS/images/b.svg"/></figure>'
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<image xlink:href="images/c.jpg"/></svg>'
        '<p><img src="http://tracker.example/pixel.png"/><img src="images/missing.png"/>x</p>',
        members=members,
    )
    assert [(b.kind, b.text, b.image) for b in blocks] == [
        (BlockKind.PARAGRAPH, "Before", None),
        (BlockKind.IMAGE, "", "OEBPS/images/a.png"),
        (BlockKind.PARAGRAPH, "after", None),
        (BlockKind.IMAGE, "", "OEBPS/images/b.svg"),
        (BlockKind.IMAGE, "", "OEBPS/images/c.jpg"),
        (BlockKind.PARAGRAPH, "x", None),
    ]
    assert blocks[3].anchors == ("fig",)


def test_external_links_keep_only_safe_schemes() -> None:
    (block,) = blocks_of(
        '<p><a href="https://example.org/a">web</a> <a href="mailto:x@example.org">mail</a> '
        '<a href="javascript:alert(1)">js</a> <a href="file:///etc/passwd">file</a></p>'
    )
    links = {block.text[s.start : s.end]: s.href for s in block.spans}
    assert links == {"web": "https://example.org/a", "mail": "mailto:x@example.org"}


@pytest.fixture
def linked_book(tmp_path: Path) -> Book:
    chapters = {
        "text/one.xhtml": xhtml(
            '<section id="one"><h1>One</h1><p>Words<a href="notes.xhtml#n1" '
            'epub:type="noteref" id="r1">1</a> and <a href="#later">later</a>.</p>'
            '<p>x</p><p id="later">Later <span id="mid">middle</span> here.</p></section>'
        ),
        "text/notes.xhtml": xhtml(
            '<aside id="n1" epub:type="endnote"><p>The note. <a href="one.xhtml#r1">↩</a></p>'
            "</aside>"
        ),
    }
    toc = [
        ("One", "text/one.xhtml"),
        ("Middle", "text/one.xhtml#mid"),
        ("Notes", "text/notes.xhtml"),
    ]
    path = make_epub(
        tmp_path / "links.epub",
        chapters,
        toc=toc,
        extra={"OEBPS/text/pic.png": image_bytes()},
    )
    return read_book(path)


def test_footnote_references_and_internal_links_resolve_to_locators(linked_book: Book) -> None:
    one, notes = linked_book.sections
    paragraph = one.blocks[1]
    targets = {paragraph.text[s.start : s.end]: s.target for s in paragraph.spans}
    assert targets == {"1": Locator(1, 0, 0), "later": Locator(0, 3, 0)}
    assert [paragraph.text[s.start : s.end] for s in paragraph.spans if s.superscript] == ["1"]
    back = notes.blocks[0].spans[0]
    assert back.target == Locator(0, 1, 5)  # the reference sits after "Words"
    assert "n1" in notes.blocks[0].anchors and "one" in one.blocks[0].anchors


def test_toc_targets_point_at_the_anchored_block_and_name_sections(linked_book: Book) -> None:
    entries = [(e.title, e.target) for e in linked_book.toc]
    assert entries == [
        ("One", Locator(0, 0, 0)),
        ("Middle", Locator(0, 3, 6)),
        ("Notes", Locator(1, 0, 0)),
    ]
    assert [s.title for s in linked_book.sections] == ["One", "Notes"]
    assert linked_book.metadata.authors == ("First Author", "Second Author")


def test_alignment_given_on_the_element_is_kept() -> None:
    blocks = blocks_of(
        '<p style="text-align: center">mid</p><div align="right"><p>r</p></div>'
        "<center>old</center><p>plain</p>"
    )
    # The style attribute is the publisher's (applied while publisher styles are on); the old
    # align attribute and <center> are kept in the block whatever the setting.
    assert [(b.text, b.align, b.style and b.style.align) for b in blocks] == [
        ("mid", "", "center"),
        ("r", "right", ""),
        ("old", "center", ""),
        ("plain", "", ""),
    ]


def test_a_quotation_is_drawn_with_the_marks_of_its_language_and_nesting() -> None:
    english, french, german = blocks_of(
        '<p lang="en">She said <q>he told me <q>no</q> twice</q>.</p>'
        '<p xml:lang="fr"><q>Le mieux est <q>l’ennemi</q> du bien</q></p>'
        '<p lang="de-AT">Er sagte <q>ja</q>.</p>'
    )
    assert english.text == "She said “he told me ‘no’ twice”."
    assert french.text == "«Le mieux est “l’ennemi” du bien»"
    assert german.text == "Er sagte „ja“."


def test_a_quotation_with_no_language_takes_english_marks_not_the_package_language() -> None:
    # W3C pkg-lang_but_not_content: a content document does not inherit dc:language.
    (block,) = blocks_of("<blockquote><q>Le mieux est l'ennemi du bien</q></blockquote>")
    assert block.text == "“Le mieux est l'ennemi du bien”"


def test_a_quotation_keeps_its_spans_in_place() -> None:
    (block,) = blocks_of('<p lang="fr">Il dit <q><i>non</i></q> et part.</p>')
    assert block.text == "Il dit «non» et part."
    assert styled(block, italic=True) == ["non"]
