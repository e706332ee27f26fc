"""Hostile and broken files, each generated here, fail with a clear error that names the file."""

from __future__ import annotations

import io
import random
import struct
import time
import zipfile
import zlib
from pathlib import Path

import pytest

from reader_app.books.files.safezip import SafeZip, ZipLimits
from reader_app.books.files.xmlsafe import parse_xml
from reader_app.books.opening.cache import load_book
from reader_app.books.opening.formats import read_book
from reader_app.books.pictures.covers import check_image_size
from reader_app.errors import BookError, DrmProtectedError, UnsafeBookError, UnsupportedFormatError
from tests.unit.books.epubgen import (
    CONTAINER_XML,
    image_bytes,
    make_epub,
    package_document,
    write_zip,
    xhtml,
)

CHAPTER = xhtml("<p>Only a little text.</p>")
BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
    + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
        for i in range(1, 10)
    )
    + "]>\n"
)
EXTERNAL_ENTITY = (
    '<?xml version="1.0"?>\n<!DOCTYPE html [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
)


def expect_error(path: Path, kind: type[BookError], *, words: str) -> BookError:
    with pytest.raises(kind) as caught:
        read_book(path)
    message = str(caught.value)
    assert path.name in message, message
    assert words.lower() in message.lower(), message
    return caught.value


def test_a_text_file_is_not_a_book(tmp_path: Path) -> None:
    path = tmp_path / "notes.epub"
    path.write_text("Just some notes, not a book at all.\n" * 10)
    expect_error(path, UnsupportedFormatError, words="not an EPUB")


def test_a_broken_pdf_is_named_as_a_damaged_pdf(tmp_path: Path) -> None:
    path = tmp_path / "paper.epub"  # read as what it is, whatever its name says
    path.write_bytes(b"%PDF-1.7\n" + b"\0" * 100)
    expect_error(path, BookError, words="PDF is damaged")


def test_an_empty_file_says_it_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "empty.epub"
    path.touch()
    expect_error(path, BookError, words="empty")


def test_a_truncated_zip_is_reported_as_damaged(tmp_path: Path) -> None:
    whole = make_epub(tmp_path / "whole.epub", {"c0.xhtml": CHAPTER * 50})
    data = whole.read_bytes()
    path = tmp_path / "cut.epub"
    path.write_bytes(data[: len(data) // 2])
    expect_error(path, BookError, words="truncated")


def test_an_epub_without_container_xml(tmp_path: Path) -> None:
    path = make_epub(tmp_path / "nocontainer.epub", {"c0.xhtml": CHAPTER}, with_container=False)
    expect_error(path, BookError, words="META-INF/container.xml")


def test_a_container_pointing_at_a_missing_package_document(tmp_path: Path) -> None:
    path = write_zip(
        tmp_path / "noopf.epub",
        {"META-INF/container.xml": CONTAINER_XML.format(opf="OEBPS/missing.opf")},
    )
    expect_error(path, BookError, words="OEBPS/missing.opf")


def test_a_spine_pointing_at_a_missing_chapter_names_it(tmp_path: Path) -> None:
    opf = package_document(["c0.xhtml", "gone.xhtml"])
    path = make_epub(tmp_path / "hole.epub", {"c0.xhtml": CHAPTER}, opf=opf)
    expect_error(path, BookError, words="OEBPS/gone.xhtml")


def test_a_spine_entry_missing_from_the_manifest(tmp_path: Path) -> None:
    opf = package_document(["c0.xhtml"]).replace("</spine>", '<itemref idref="ghost"/></spine>')
    path = make_epub(tmp_path / "ghost.epub", {"c0.xhtml": CHAPTER}, opf=opf)
    expect_error(path, BookError, words="ghost")


def encryption_xml(algorithm: str, uri: str) -> str:
    return (
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
        'xmlns:enc="http://www.w3.org/2001/04/xmlenc#">'
        f'<enc:EncryptedData><enc:EncryptionMethod Algorithm="{algorithm}"/>'
        f'<enc:CipherData><enc:CipherReference URI="{uri}"/></enc:CipherData>'
        "</enc:EncryptedData></encryption>"
    )


def test_encrypted_content_is_reported_as_drm(tmp_path: Path) -> None:
    extra = {
        "META-INF/encryption.xml": encryption_xml(
            "http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/c0.xhtml"
        )
    }
    path = make_epub(tmp_path / "locked.epub", {"c0.xhtml": CHAPTER}, extra=extra)
    expect_error(path, DrmProtectedError, words="protected by DRM")


def test_adobe_rights_file_is_reported_as_drm(tmp_path: Path) -> None:
    extra = {"META-INF/rights.xml": '<rights xmlns="http://ns.adobe.com/adept"/>'}
    path = make_epub(tmp_path / "adept.epub", {"c0.xhtml": CHAPTER}, extra=extra)
    expect_error(path, DrmProtectedError, words="DRM")


def test_font_obfuscation_alone_is_not_drm(tmp_path: Path) -> None:
    extra = {
        "META-INF/encryption.xml": encryption_xml(
            "http://www.idpf.org/2008/embedding", "OEBPS/fonts/font.otf"
        )
    }
    path = make_epub(tmp_path / "fonts.epub", {"c0.xhtml": CHAPTER}, extra=extra)
    assert read_book(path).sections[0].blocks[0].text == "Only a little text."


def test_a_highly_compressed_member_is_a_zip_bomb(tmp_path: Path) -> None:
    path = tmp_path / "bomb.epub"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("OEBPS/c0.xhtml", b"\0" * (16 << 20))  # 16 MiB -> ~16 KiB
    expect_error(path, UnsafeBookError, words="zip bomb")


def test_a_huge_claimed_total_size_is_a_zip_bomb(tmp_path: Path) -> None:
    path = make_epub(tmp_path / "huge.epub", {"c0.xhtml": CHAPTER})
    data = bytearray(path.read_bytes())
    # Make the central directory claim 3 GiB for the chapter (a lying header).
    entry = data.rindex(b"PK\x01\x02")
    struct.pack_into("<I", data, entry + 24, 3 << 30)
    path.write_bytes(bytes(data))
    expect_error(path, UnsafeBookError, words="GiB")


def test_too_many_members_is_a_zip_bomb(tmp_path: Path) -> None:
    path = tmp_path / "swarm.cbz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for index in range(10_001):
            archive.writestr(f"p{index}.txt", b"")
    expect_error(path, UnsafeBookError, words="10,001 files")


def test_reading_is_capped_even_when_the_header_lies(tmp_path: Path) -> None:
    noise = random.Random(7).randbytes(3 << 20)  # incompressible, so no ratio alarm
    path = write_zip(tmp_path / "big.epub", {"big.bin": noise}, epub=False)
    with (
        SafeZip(path, limits=ZipLimits(max_member_size=1 << 20)) as archive,
        pytest.raises(UnsafeBookError, match=r"big\.epub"),
    ):
        archive.read("big.bin")


@pytest.mark.parametrize(
    "name", ["../escape.xhtml", "/etc/evil.xhtml", "C:/evil.xhtml", "a\\..\\b"]
)
def test_member_names_that_escape_the_folder_are_refused(tmp_path: Path, name: str) -> None:
    path = make_epub(tmp_path / "traversal.epub", {"c0.xhtml": CHAPTER}, extra={name: "x"})
    expect_error(path, UnsafeBookError, words="outside the book")


def test_billion_laughs_in_the_package_document(tmp_path: Path) -> None:
    opf = package_document(["c0.xhtml"]).replace('<?xml version="1.0" encoding="utf-8"?>\n', "")
    opf = BILLION_LAUGHS.replace("lolz", "package") + opf.replace(
        "<dc:title>A Generated Book", "<dc:title>&lol9;"
    )
    path = make_epub(tmp_path / "laughs.epub", {"c0.xhtml": CHAPTER}, opf=opf)
    started = time.perf_counter()
    expect_error(path, UnsafeBookError, words="entities")
    assert time.perf_counter() - started < 2.0


def test_billion_laughs_in_a_chapter(tmp_path: Path) -> None:
    chapter = BILLION_LAUGHS.replace("lolz", "html") + CHAPTER.split("\n", 1)[1].replace(
        "Only a little text.", "&lol9;"
    )
    path = make_epub(tmp_path / "laughs2.epub", {"c0.xhtml": chapter})
    expect_error(path, UnsafeBookError, words="c0.xhtml")


def test_external_entity_is_refused_and_never_read(tmp_path: Path) -> None:
    chapter = EXTERNAL_ENTITY + CHAPTER.split("\n", 1)[1].replace("Only a little text.", "&secret;")
    path = make_epub(tmp_path / "xxe.epub", {"c0.xhtml": chapter})
    error = expect_error(path, UnsafeBookError, words="entities")
    assert "root:" not in str(error)


def test_an_external_dtd_is_never_loaded(tmp_path: Path) -> None:
    # No entity declaration here, only a DTD on disk that a careless parser would fetch.
    dtd = tmp_path / "evil.dtd"
    dtd.write_text('<!ENTITY secret "LEAKED-FROM-DISK">')
    document = (
        f'<?xml version="1.0"?><!DOCTYPE html SYSTEM "file://{dtd}">'
        "<html><body><p>before &secret; after</p></body></html>"
    ).encode()
    try:
        root = parse_xml(document, path=tmp_path / "x.epub", member="c.xhtml", html_fallback=True)
    except BookError:
        return  # refusing the document is also safe
    assert "LEAKED" not in "".join(root.itertext())


def test_entities_in_comicinfo_are_refused(tmp_path: Path) -> None:
    info = BILLION_LAUGHS.replace("lolz", "ComicInfo")
    info += "<ComicInfo><Title>&lol9;</Title></ComicInfo>"
    path = write_zip(
        tmp_path / "laughs.cbz", {"ComicInfo.xml": info, "001.png": image_bytes()}, epub=False
    )
    expect_error(path, UnsafeBookError, words="ComicInfo.xml")


def png_claiming(width: int, height: int) -> bytes:
    """A real PNG whose header is rewritten to claim `width` x `height` pixels."""
    data = bytearray(image_bytes(size=(8, 8)))
    ihdr = data.index(b"IHDR")
    struct.pack_into(">II", data, ihdr + 4, width, height)
    crc = zlib.crc32(bytes(data[ihdr : ihdr + 17]))
    struct.pack_into(">I", data, ihdr + 17, crc)
    return bytes(data)


def test_an_image_claiming_fifty_thousand_pixels_square_is_refused() -> None:
    with pytest.raises(UnsafeBookError) as caught:
        check_image_size(png_claiming(50_000, 50_000), source=Path("comic.cbz"), name="p1.png")
    assert "comic.cbz" in str(caught.value) and "pixels" in str(caught.value)


def test_a_long_thin_image_is_refused_and_a_normal_one_passes() -> None:
    with pytest.raises(UnsafeBookError):
        check_image_size(png_claiming(40_000, 10))
    check_image_size(png_claiming(3_000, 4_000))
    check_image_size(image_bytes(size=(992, 1401), fmt="JPEG"))


def test_an_empty_cbz_has_no_pages(tmp_path: Path) -> None:
    path = tmp_path / "empty.cbz"
    zipfile.ZipFile(path, "w").close()
    expect_error(path, BookError, words="no pages")


def test_a_cbz_with_only_comicinfo_has_no_pages(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "info.cbz", {"ComicInfo.xml": "<ComicInfo/>"}, epub=False)
    expect_error(path, BookError, words="no pages")


def test_a_cbz_of_files_named_like_images_that_are_not(tmp_path: Path) -> None:
    pages = {f"{n:03d}.jpg": b"this is not a jpeg at all" * 10 for n in range(5)}
    path = write_zip(tmp_path / "fake.cbz", pages, epub=False)
    expect_error(path, BookError, words="not images")


def test_a_folder_is_not_a_book(tmp_path: Path) -> None:
    folder = tmp_path / "folder.epub"
    folder.mkdir()
    expect_error(folder, BookError, words="folder")


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    expect_error(tmp_path / "gone.epub", BookError, words="does not exist")


def test_a_file_the_system_refuses_to_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, library_home: Path
) -> None:
    # Tests run as root, where chmod 000 does not stop reads; make the OS refusal explicit.
    path = make_epub(tmp_path / "private.epub", {"c0.xhtml": CHAPTER})
    real_open = io.open

    def refusing_open(file: object, *args: object, **kwargs: object) -> object:
        if Path(str(file)) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(io, "open", refusing_open)
    expect_error(path, BookError, words="not allowed to read")
    with pytest.raises(BookError, match=r"private\.epub"):
        load_book(path, library_home)


def test_a_comic_page_claiming_a_giant_size_is_refused_when_opening(tmp_path: Path) -> None:
    pages = {"001.png": image_bytes(), "002.png": png_claiming(50_000, 50_000)}
    path = write_zip(tmp_path / "giant.cbz", pages, epub=False)
    expect_error(path, UnsafeBookError, words="002.png")


def test_entities_declared_in_utf16_are_refused(tmp_path: Path) -> None:
    chapter = (
        BILLION_LAUGHS.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="utf-16"?>')
        + "<html><body><p>&lol9;</p></body></html>"
    )
    path = make_epub(tmp_path / "wide.epub", {"c0.xhtml": chapter.encode("utf-16")})
    expect_error(path, UnsafeBookError, words="entities")


def test_an_svg_illustration_declaring_entities_is_refused() -> None:
    svg = (
        BILLION_LAUGHS.replace("lolz", "svg") + '<svg xmlns="http://www.w3.org/2000/svg">'
        "<text>&lol9;</text></svg>"
    ).encode()
    with pytest.raises(UnsafeBookError, match="entities"):
        check_image_size(svg, source=Path("book.epub"), name="images/pic.svg")
    check_image_size(b'<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')


def test_absurdly_deep_nesting_fails_cleanly_or_parses(tmp_path: Path) -> None:
    depth = 5_000
    chapter = xhtml("<div>" * depth + "deep" + "</div>" * depth + "<p>after</p>")
    path = make_epub(tmp_path / "deep.epub", {"c0.xhtml": chapter})
    try:
        book = read_book(path)
    except BookError as error:
        assert path.name in str(error)
        return
    assert len(book.sections) == 1  # libxml2's depth limit truncated it; nothing crashed
