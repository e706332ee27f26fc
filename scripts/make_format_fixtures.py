"""Make the other formats' test books from the corpus EPUBs with calibre's `ebook-convert`, as a
reader's own tools make them; each format is one function.

    python -m scripts.make_format_fixtures                  # every corpus book, into OUT
    python -m scripts.make_format_fixtures --fixtures       # refresh the small committed ones

OUT is $PAGEMATE_FORMATS or /tmp/pagemate-formats; tests that need a converted corpus book look
there and skip when it is absent (CI has no calibre).

MOBI: calibre's three Kindle outputs of each book: `<name>.mobi` (MOBI 6, `--mobi-file-type
old`), `<name>.azw3` (KF8) and `<name>.both.mobi` (a joint MOBI 6 + KF8 file, calibre's default).
The committed fixtures (tests/fixtures/mobi/) are Jekyll and Hyde's MOBI 6 and AZW3, a joint
file of a small generated book with a picture and a footnote link, and the marker book
(tests/unit/books/mobigen.py writes it as MOBI 6) converted to AZW3, and an AZW3 with an
embedded font (DejaVu Sans Mono, subset by calibre).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
OUT = Path(os.environ.get("PAGEMATE_FORMATS", "/tmp/pagemate-formats"))
JEKYLL = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
MOBI_FIXTURES = ROOT / "tests" / "fixtures" / "mobi"


def convert(epub: Path, target: Path, *options: str) -> Path:
    """`ebook-convert epub target options...`; the output format follows target's suffix."""
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["ebook-convert", str(epub), str(target), *options],
        check=True, capture_output=True, timeout=900,
    )  # fmt: skip
    return target


def make_mobi(epub: Path, out: Path) -> list[Path]:
    """<name>.mobi (MOBI 6), <name>.azw3 (KF8) and <name>.both.mobi (joint MOBI 6 + KF8)."""
    return [
        convert(epub, out / f"{epub.stem}.mobi", "--mobi-file-type", "old"),
        convert(epub, out / f"{epub.stem}.azw3"),
        convert(epub, out / f"{epub.stem}.both.mobi", "--mobi-file-type", "both"),
    ]


def small_epub(path: Path) -> Path:
    """A three-chapter EPUB with a picture, a footnote link and a nested contents entry."""
    sys.path.insert(0, str(ROOT))
    from tests.unit.books.epubgen import image_bytes, make_epub, xhtml

    chapters = {
        "one.xhtml": xhtml(
            '<h1>Chapter One</h1><p>The lantern burned by the river.<a href="three.xhtml#note1">'
            '<sup>1</sup></a></p><p><img src="pic.png" alt="A red square"/></p>'
            '<h2 id="part-two">A Second Part</h2><p>The ferryman <i>waited</i> all night.</p>'
        ),
        "two.xhtml": xhtml("<h1>Chapter Two</h1><p>Morning came over the water at last.</p>"),
        "three.xhtml": xhtml('<h1>Notes</h1><p id="note1">1. The lantern was brass.</p>'),
    }
    toc = [("Chapter One", "one.xhtml"), ("Chapter Two", "two.xhtml"), ("Notes", "three.xhtml")]
    return make_epub(
        path, chapters, extra={"OEBPS/pic.png": image_bytes(size=(120, 80))}, toc=toc
    )


def font_epub(path: Path) -> Path:
    """A one-chapter EPUB whose paragraph is set in an embedded font (DejaVu Sans Mono)."""
    sys.path.insert(0, str(ROOT))
    from tests.unit.books.epubgen import make_epub, xhtml

    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
    css = ('@font-face { font-family: "Lantern Mono"; src: url(mono.ttf); } '
           'p.mono { font-family: "Lantern Mono", monospace; }')
    chapter = xhtml('<h1>Fonts</h1><p class="mono">The lantern in a font of its own.</p>')
    chapter = chapter.replace("</title>", '</title><link rel="stylesheet" href="style.css"/>')
    extra = {"OEBPS/style.css": css, "OEBPS/mono.ttf": font.read_bytes()}
    return make_epub(path, {"one.xhtml": chapter}, extra=extra)


def make_mobi_fixtures() -> list[Path]:
    MOBI_FIXTURES.mkdir(parents=True, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as tmp:
        jekyll = make_mobi(CORPUS / JEKYLL, Path(tmp))
        for path, name in ((jekyll[0], "jekyll.mobi"), (jekyll[1], "jekyll.azw3")):
            made.append(Path(shutil.copyfile(path, MOBI_FIXTURES / name)))
        small = small_epub(Path(tmp) / "small.epub")
        made.append(convert(small, MOBI_FIXTURES / "small-joint.mobi", "--mobi-file-type", "both"))
        shutil.copyfile(small, MOBI_FIXTURES / "small.epub")
        made.append(MOBI_FIXTURES / "small.epub")
        from tests.unit.books.mobigen import marker_mobi

        markers = marker_mobi(Path(tmp) / "markers.mobi")
        made.append(convert(markers, MOBI_FIXTURES / "markers.azw3"))
        fonts = font_epub(Path(tmp) / "font.epub")
        made.append(convert(fonts, MOBI_FIXTURES / "font.azw3", "--subset-embedded-fonts"))
    return made


MAKERS = (make_mobi,)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", action="store_true", help="refresh the committed fixtures")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if shutil.which("ebook-convert") is None:
        print("ebook-convert is not installed (scripts/install-bench-peers.sh installs calibre)")
        return 1
    if args.fixtures:
        for path in make_mobi_fixtures():
            print(path)
        return 0
    for epub in sorted(CORPUS.glob("*.epub")):
        for maker in MAKERS:
            for path in maker(epub, args.out):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
