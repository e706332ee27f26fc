"""Reading-system conformance: root-relative and deep paths, fallbacks, malformed XHTML, rtl."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from reader_app.books.files.safezip import resolve_member_name
from reader_app.books.model import BlockKind, Locator, Media
from reader_app.books.opening.formats import read_book
from tests.unit.books.epubgen import image_bytes, make_epub, package_document, xhtml


def test_root_relative_and_deep_relative_images_resolve_inside_the_book(tmp_path: Path) -> None:
    chapter = xhtml(
        '<p>a</p><img src="/OEBPS/images/one.png" alt=""/>'
        '<img src="../OEBPS/images/../images/two.png" alt=""/>'
        '<img src="../../../../etc/passwd" alt=""/><img src="/../../secret.png" alt=""/>'
        '<img src="../../../OEBPS/images/three.png" alt=""/><img src="/../../../top.png" alt=""/>'
    )
    extra = {
        "OEBPS/images/one.png": image_bytes(),
        "OEBPS/images/two.png": image_bytes(),
        "OEBPS/images/three.png": image_bytes(),
        "top.png": image_bytes(),
    }
    book = read_book(make_epub(tmp_path / "paths.epub", {"c1.xhtml": chapter}, extra=extra))
    images = [b.image for b in book.sections[0].blocks if b.kind is BlockKind.IMAGE]
    # "../" above the container's root is clamped there (as URL resolution does), so the
    # climbing paths land inside the book: never outside it, and "etc/passwd" is no member.
    assert images == [
        "OEBPS/images/one.png",
        "OEBPS/images/two.png",
        "OEBPS/images/three.png",
        "top.png",
    ]


@pytest.mark.parametrize(
    ("base", "href", "member"),
    [
        ("OEBPS/c1.xhtml", "../../../etc/passwd", "etc/passwd"),
        ("OEBPS/text/c1.xhtml", "../img/a.png", "OEBPS/img/a.png"),
        ("OEBPS/text/c1.xhtml", "/img/a.png", "img/a.png"),
        ("OEBPS/c1.xhtml", "/../../../../a.css", "a.css"),
        ("c1.xhtml", "./x/../../y.png", "y.png"),
        ("OEBPS/c1.xhtml", "..", None),
        ("OEBPS/c1.xhtml", "", "OEBPS"),
    ],
)
def test_paths_are_resolved_as_urls_and_clamped_at_the_root(
    base: str, href: str, member: str | None
) -> None:
    assert resolve_member_name(base, href) == member


def test_a_spine_item_of_an_unknown_type_falls_back_through_the_manifest(tmp_path: Path) -> None:
    opf = package_document(["c1.xhtml"]).replace(
        '<item id="c0" href="c1.xhtml" media-type="application/xhtml+xml"/>',
        '<item id="c0" href="c1.dtbook" media-type="application/x-dtbook+xml" fallback="alt"/>'
        '<item id="alt" href="c1.xhtml" media-type="application/xhtml+xml"/>',
    )
    chapter = xhtml("<p>Test passes: the fallback was followed.</p>")
    extra = {"OEBPS/c1.dtbook": "<dtbook>Test fails</dtbook>"}
    book = read_book(make_epub(tmp_path / "fb.epub", {"c1.xhtml": chapter}, opf=opf, extra=extra))
    assert book.sections[0].blocks[0].text == "Test passes: the fallback was followed."


def test_contents_and_links_naming_a_replaced_spine_item_lead_to_its_fallback(
    tmp_path: Path,
) -> None:
    opf = package_document(["c1.xhtml", "c2.xhtml"]).replace(
        '<item id="c0" href="c1.xhtml" media-type="application/xhtml+xml"/>',
        '<item id="c0" href="c1.dtbook" media-type="application/x-dtbook+xml" fallback="alt"/>'
        '<item id="alt" href="c1.xhtml" media-type="application/xhtml+xml"/>',
    )
    chapters = {
        "c1.xhtml": xhtml("<p>Chapter one, as XHTML.</p>"),
        "c2.xhtml": xhtml('<p>Back to <a href="c1.dtbook#start">the first</a>.</p>'),
    }
    extra = {"OEBPS/c1.dtbook": "<dtbook>Not shown</dtbook>"}
    toc = [("One", "c1.dtbook"), ("Two", "c2.xhtml")]
    book = read_book(make_epub(tmp_path / "toc.epub", chapters, opf=opf, extra=extra, toc=toc))
    assert [(entry.title, entry.target.section) for entry in book.toc] == [("One", 0), ("Two", 1)]
    link = next(span for span in book.sections[1].blocks[0].spans if span.target is not None)
    assert link.target == Locator(0, 0, 0)  # its own ids are in the document not shown


def test_malformed_xhtml_is_recovered_with_a_note_in_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = xhtml("<p>One <b>bold</p><p>Two & three</p>")
    with caplog.at_level(logging.WARNING):
        book = read_book(make_epub(tmp_path / "broken.epub", {"c1.xhtml": broken}))
    assert [b.text for b in book.sections[0].blocks] == ["One bold", "Two & three"]
    assert any("not well-formed" in r.getMessage() for r in caplog.records)


def test_right_to_left_progression_is_in_the_metadata(tmp_path: Path) -> None:
    opf = package_document(["c1.xhtml"], spine_attributes='page-progression-direction="rtl"')
    book = read_book(make_epub(tmp_path / "rtl.epub", {"c1.xhtml": xhtml("<p>x</p>")}, opf=opf))
    assert book.metadata.right_to_left


def test_audio_and_video_are_media_blocks_with_their_sources_attributes_and_fallback(
    tmp_path: Path,
) -> None:
    chapter = xhtml(
        '<p>Listen.</p><audio controls="" src="media/song%201.mp3">Audio is not supported.</audio>'
        '<video poster="poster.png" autoplay="" loop="" muted="" width="320" height="180">'
        '<source src="https://example.org/clip.webm" type="video/webm"/>'
        '<source src="clip.mp4" type="video/mp4"/><source src="missing.ogv"/>'
        '<track src="subs.vtt"/><p>A film of the <i>harbour</i>.</p></video>'
        '<audio src="http://example.org/remote.mp3">Not fetched.</audio>'
        '<object data="pic.png" type="image/png"><p>never shown</p></object>'
        '<object data="sheet.psd" type="image/vnd.adobe.photoshop"><p>The fallback.</p></object>'
    )
    extra = {
        "OEBPS/poster.png": image_bytes(),
        "OEBPS/pic.png": image_bytes(),
        "OEBPS/media/song 1.mp3": b"ID3 not really music",
        "OEBPS/clip.mp4": b"not really a film",
    }
    book = read_book(make_epub(tmp_path / "media.epub", {"c1.xhtml": chapter}, extra=extra))
    blocks = [(b.kind, b.text, b.image) for b in book.sections[0].blocks]
    assert blocks == [
        (BlockKind.PARAGRAPH, "Listen.", None),
        (BlockKind.MEDIA, "Audio is not supported.", None),
        (BlockKind.MEDIA, "A film of the harbour.", None),
        (BlockKind.MEDIA, "Not fetched.", None),
        (BlockKind.IMAGE, "", "OEBPS/pic.png"),
        (BlockKind.PARAGRAPH, "The fallback.", None),
    ]
    audio, video, remote = (b.media for b in book.sections[0].blocks[1:4])
    assert audio == Media(kind="audio", sources=("OEBPS/media/song 1.mp3",), label="song 1.mp3",
                          controls=True)
    # Remote and missing sources are left out (nothing is fetched); the attributes are kept.
    assert video == Media(kind="video", sources=("OEBPS/clip.mp4",), label="clip.webm",
                          poster="OEBPS/poster.png", autoplay=True, loop=True, muted=True,
                          width=320, height=180)
    assert remote is not None and remote.sources == () and remote.label == "remote.mp3"


def test_an_image_of_a_foreign_type_is_drawn_through_its_manifest_fallback(
    tmp_path: Path,
) -> None:
    opf = package_document(
        ["c1.xhtml"],
        manifest_extra=(
            '<item id="foreign" href="img/picture.heic" media-type="image/heic" fallback="mid"/>'
            '<item id="mid" href="img/picture.foo" media-type="application/x-foo" '
            'fallback="png"/>'
            '<item id="png" href="img/picture.png" media-type="image/png"/>'
            '<item id="loop" href="img/loop.foo" media-type="application/x-foo" fallback="loop"/>'
            '<item id="plain" href="img/plain.jpg" media-type="image/jpeg" fallback="png"/>'
        ),
    )
    chapter = xhtml(
        '<p>a</p><img src="img/picture.heic" alt=""/><img src="img/loop.foo" alt=""/>'
        '<img src="img/plain.jpg" alt=""/>'
    )
    extra = {
        "OEBPS/img/picture.heic": b"not a picture Pagemate can draw",
        "OEBPS/img/picture.foo": b"nor this",
        "OEBPS/img/picture.png": image_bytes(),
        "OEBPS/img/loop.foo": b"a fallback chain that loops",
        "OEBPS/img/plain.jpg": image_bytes(fmt="JPEG"),
    }
    book = read_book(make_epub(tmp_path / "fb.epub", {"c1.xhtml": chapter}, opf=opf, extra=extra))
    images = [b.image for b in book.sections[0].blocks if b.kind is BlockKind.IMAGE]
    # The chain is followed to the first drawable type; a loop ends where it began; a picture
    # of a drawable type is drawn itself, whatever its fallback says.
    assert images == ["OEBPS/img/picture.png", "OEBPS/img/loop.foo", "OEBPS/img/plain.jpg"]


def test_a_plain_xml_spine_item_gives_way_to_its_xhtml_fallback(tmp_path: Path) -> None:
    opf = package_document(["c1.xhtml"]).replace(
        '<item id="c0" href="c1.xhtml" media-type="application/xhtml+xml"/>',
        '<item id="c0" href="moby.xml" media-type="application/xml" fallback="alt"/>'
        '<item id="alt" href="c1.xhtml" media-type="application/xhtml+xml"/>',
    )
    chapter = xhtml("<p>Test passes: the XHTML fallback is shown.</p>")
    extra = {"OEBPS/moby.xml": "<book><p>Test fails. Call me Ishmael.</p></book>"}
    book = read_book(make_epub(tmp_path / "xml.epub", {"c1.xhtml": chapter}, opf=opf, extra=extra))
    assert [b.text for b in book.sections[0].blocks] == [
        "Test passes: the XHTML fallback is shown."
    ]
    # With no fallback, a chapter labelled plain XML is still read (books mislabel XHTML).
    lone = package_document(["c1.xhtml"]).replace(
        'media-type="application/xhtml+xml"/>', 'media-type="application/xml"/>', 1
    )
    book = read_book(make_epub(tmp_path / "lone.epub", {"c1.xhtml": chapter}, opf=lone))
    assert book.sections[0].blocks[0].text == "Test passes: the XHTML fallback is shown."


def test_a_scripted_spine_item_gives_way_to_its_fallback(tmp_path: Path) -> None:
    opf = package_document(["c1.xhtml"]).replace(
        '<item id="c0" href="c1.xhtml" media-type="application/xhtml+xml"/>',
        '<item id="c0" href="c1.xhtml" media-type="application/xhtml+xml" properties="scripted" '
        'fallback="plain"/>'
        '<item id="plain" href="plain.xhtml" media-type="application/xhtml+xml"/>',
    )
    scripted = xhtml("<p>Scripts are needed here: the fallback was not followed.</p>")
    extra = {"OEBPS/plain.xhtml": xhtml("<p>Shown without scripts.</p>")}
    book = read_book(make_epub(tmp_path / "s.epub", {"c1.xhtml": scripted}, opf=opf, extra=extra))
    assert book.sections[0].blocks[0].text == "Shown without scripts."
    # A scripted document with no fallback is still shown (its text, without its scripts).
    lone = package_document(["c1.xhtml"]).replace(
        'media-type="application/xhtml+xml"/>',
        'media-type="application/xhtml+xml" properties="scripted"/>',
        1,
    )
    book = read_book(make_epub(tmp_path / "lone.epub", {"c1.xhtml": scripted}, opf=lone))
    assert book.sections[0].blocks[0].text.startswith("Scripts are needed here")
