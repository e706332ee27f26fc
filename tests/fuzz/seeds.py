"""Small, valid books for the fuzzer to mutate: an EPUB with NCX, nav, lists, links and an
image, a CBZ with ComicInfo.xml, a PDF with an outline, labels and a link (`pdf_seed`), an FB2
(alone and zipped), a Project Gutenberg style text and a Markdown file. Archives' members are kept
as a name -> bytes mapping so that the mutations can work on the container, the documents and the
zip structure separately."""

from __future__ import annotations

import base64
import io

from PIL import Image

OPF = """<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:fuzz:1</dc:identifier><dc:title>Fuzz Book</dc:title>
<dc:creator>A. Writer</dc:creator><dc:language>en</dc:language>
<dc:description>&lt;p&gt;A small book.&lt;/p&gt;</dc:description>
<meta name="calibre:series" content="Fuzz"/><meta name="calibre:series_index" content="2"/>
<meta name="cover" content="img"/>
</metadata>
<manifest>
<item id="c0" href="c0.xhtml" media-type="application/xhtml+xml"/>
<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="img" href="pic.png" media-type="image/png" properties="cover-image"/>
</manifest>
<spine toc="ncx"><itemref idref="c0"/><itemref idref="c1"/></spine>
</package>"""

CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles></container>"""

HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
    'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head><body>'
)

CHAPTER_0 = (
    HEAD + '<h1 id="top">Chapter One</h1><p class="x" style="text-align:center">It was a '
    '<b>dark</b> and <i>stormy</i> night.<br/>Then <a href="c1.xhtml#end">more</a>.</p>'
    '<ol start="3"><li>first</li><li value="7">second</li></ol>'
    '<blockquote><p>Quoted &amp; kept.</p></blockquote><img src="pic.png" alt="pic"/>'
    "<table><tr><td>a</td><td>b</td></tr></table></body></html>"
)
CHAPTER_1 = (
    HEAD + "<h2>Chapter Two</h2><pre>  kept\n  as is</pre><ul><li>one<ul><li>two</li></ul>"
    '</li></ul><p id="end">The end.<sup><a href="#end">1</a></sup></p></body></html>'
)
NAV = (
    HEAD + '<nav epub:type="toc"><ol><li><a href="c0.xhtml#top">One</a></li>'
    '<li><a href="c1.xhtml">Two</a><ol><li><a href="c1.xhtml#end">End</a></li></ol></li>'
    "</ol></nav></body></html>"
)
NCX = """<?xml version="1.0" encoding="utf-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
<navPoint id="n0" playOrder="1"><navLabel><text>One</text></navLabel><content src="c0.xhtml"/>
<navPoint id="n1" playOrder="2"><navLabel><text>Two</text></navLabel>
<content src="c1.xhtml#end"/></navPoint></navPoint></navMap></ncx>"""

COMIC_INFO = """<?xml version="1.0" encoding="utf-8"?>
<ComicInfo><Title>Fuzz Comic</Title><Series>Fuzz</Series><Number>3</Number>
<Writer>A, B</Writer><Manga>YesAndRightToLeft</Manga><Pages>
<Page Image="0" Type="FrontCover"/><Page Image="1" DoublePage="true"/></Pages></ComicInfo>"""


def png(*, size: tuple[int, int] = (8, 12), color: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def epub_members() -> dict[str, bytes]:
    return {
        "mimetype": b"application/epub+zip",
        "META-INF/container.xml": CONTAINER.encode(),
        "OEBPS/content.opf": OPF.encode(),
        "OEBPS/c0.xhtml": CHAPTER_0.encode(),
        "OEBPS/c1.xhtml": CHAPTER_1.encode(),
        "OEBPS/nav.xhtml": NAV.encode(),
        "OEBPS/toc.ncx": NCX.encode(),
        "OEBPS/pic.png": png(),
    }


def cbz_members() -> dict[str, bytes]:
    return {
        "page2.png": png(color="blue"),
        "page10.png": png(color="green"),
        "page1.png": png(),
        "ComicInfo.xml": COMIC_INFO.encode(),
    }


def pdf_seed() -> bytes:
    """A generated PDF (tests/unit/books/pdfgen.py): text pages, running heads, page numbers,
    an outline with sub-entries, roman page labels and a link."""
    import tempfile
    from pathlib import Path

    from tests.unit.books.pdfgen import sample_spec, write_pdf

    with tempfile.TemporaryDirectory() as folder:
        return write_pdf(Path(folder) / "seed.pdf", sample_spec(chapters=2)).read_bytes()


# Edits a hostile PDF makes to the seed (the cross-reference offsets go stale; PDFium rebuilds
# them): a poster-sized page, a page count that lies, an outline entry that is its own next, a
# page tree that holds itself, a stream longer than the file.
PDF_HOSTILE_EDITS: tuple[tuple[bytes, bytes], ...] = (
    (b"/MediaBox [0 0 420 595]", b"/MediaBox [0 0 99999999 99999999]"),
    (b"/Count 6 >>", b"/Count 2147483647 >>"),
    (b"/Next 19 0 R /First 20 0 R", b"/Next 18 0 R /First 18 0 R"),
    (b"/Kids [", b"/Kids [2 0 R "),
    (b"/Length ", b"/Length 9999999"),
)


FB2 = """<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"
 xmlns:l="http://www.w3.org/1999/xlink"><description><title-info>
<author><first-name>A.</first-name><last-name>Writer</last-name></author>
<book-title>Fuzz Book</book-title><lang>en</lang><sequence name="Fuzz" number="2"/>
<coverpage><image l:href="#pic.png"/></coverpage></title-info></description>
<body><title><p>Fuzz Book</p></title><epigraph><p>Said.</p><text-author>A</text-author></epigraph>
<section id="s1"><title><p>Chapter One</p></title><p>It was a <strong>dark</strong> and
<emphasis>stormy</emphasis> night.<a l:href="#n1" type="note">1</a> <a l:href="#s2">On</a>.</p>
<poem><stanza><v>One line,</v><v>two lines.</v></stanza></poem><cite><p>Cited.</p></cite>
<section><title><p>Inner</p></title><subtitle>*</subtitle><empty-line/><image l:href="#pic.png"/>
<table><tr><td>a</td><td>b</td></tr></table></section></section>
<section id="s2"><p><strong>Chapter Two</strong></p><p>The end.</p></section></body>
<body name="notes"><section id="n1"><title><p>1</p></title><p>A note.</p></section></body>
<binary id="pic.png" content-type="image/png">{picture}</binary></FictionBook>"""

TEXT = """The Project Gutenberg eBook of Fuzz

*** START OF THE PROJECT GUTENBERG EBOOK FUZZ ***



BOOK ONE


CHAPTER I.

THE NIGHT

It was a dark and stormy night, and the rain fell in torrents, except at
occasional intervals, when it was checked by a violent gust of wind.

    One line,
    two lines.



CHAPTER II.

The end.

*** END OF THE PROJECT GUTENBERG EBOOK FUZZ ***
"""

MARKDOWN = """# Fuzz Book

Some *intro* with **bold _nested_**, `code`, a [link](https://example.com/) and ![pic](p.png).

## Chapter One

> A quote
> > nested

- one
  1. two

```
kept
```

---

Chapter Two
-----------

Plain \\*text\\*.
"""


def raw_books() -> dict[str, bytes]:
    """The formats that are one file, not an archive, by suffix."""
    fb2 = FB2.format(picture=base64.b64encode(png()).decode()).encode()
    return {".fb2": fb2, ".txt": TEXT.encode(), ".md": MARKDOWN.encode()}


def fb2_zip_members() -> dict[str, bytes]:
    return {"book.fb2": raw_books()[".fb2"]}
