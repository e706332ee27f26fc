"""Make the other formats' test books from the corpus EPUBs with calibre's `ebook-convert`, as a
reader's own tools make them; each format is one function.

    python -m scripts.make_pdf_fixtures                  # every corpus book, into OUT
    python -m scripts.make_pdf_fixtures --fixtures       # refresh the small committed ones

OUT is $PAGEMATE_FORMATS or /tmp/pagemate-formats; tests that need a converted corpus book look
there and skip when it is absent (CI has no calibre).

PDF: calibre's PDF output (its own outline, page numbers at the foot of each page). The committed
PDF fixtures (tests/fixtures/pdf/) are Jekyll and Hyde's first 24 pages (cut with qpdf, outline
kept) and a password-protected copy of the generated sample (qpdf --encrypt, AES-256).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
OUT = Path(os.environ.get("PAGEMATE_FORMATS", "/tmp/pagemate-formats"))
JEKYLL = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
PDF_FIXTURES = ROOT / "tests" / "fixtures" / "pdf"


def convert(epub: Path, target: Path, *options: str) -> Path:
    """`ebook-convert epub target options...`; the output format follows target's suffix."""
    target.parent.mkdir(parents=True, exist_ok=True)
    # calibre's PDF output runs a browser engine, which refuses to start as root in its sandbox.
    env = {**os.environ, "QTWEBENGINE_DISABLE_SANDBOX": "1", "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        ["ebook-convert", str(epub), str(target), *options],
        check=True, capture_output=True, timeout=900, env=env,
    )  # fmt: skip
    return target


def make_pdf(epub: Path, out: Path) -> list[Path]:
    """<name>.pdf: A5 pages with page numbers, the EPUB's contents as the PDF's outline."""
    return [convert(epub, out / f"{epub.stem}.pdf", "--paper-size", "a5",
                    "--pdf-page-numbers")]


def make_pdf_fixtures() -> list[Path]:
    """The committed PDFs: a calibre PDF cut to its first 24 pages, and a password-protected
    copy of the generated sample book."""
    sys.path.insert(0, str(ROOT))
    from tests.unit.books.pdfgen import sample_spec, write_pdf

    PDF_FIXTURES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        whole = make_pdf(CORPUS / JEKYLL, Path(tmp))[0]
        cut = PDF_FIXTURES / "jekyll-calibre-first-24-pages.pdf"
        subprocess.run(["qpdf", str(whole), "--pages", ".", "1-24", "--", str(cut)], check=True)
        plain = write_pdf(Path(tmp) / "plain.pdf", sample_spec())
        locked = PDF_FIXTURES / "password-protected.pdf"
        subprocess.run(["qpdf", "--encrypt", "reader-pass", "owner-pass", "256", "--",
                        str(plain), str(locked)], check=True)
    return [cut, locked]


MAKERS = {"pdf": make_pdf}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", action="store_true", help="refresh the committed fixtures")
    parser.add_argument("--formats", default=",".join(MAKERS), help="which formats to make")
    args = parser.parse_args(argv)
    if args.fixtures:
        for made in make_pdf_fixtures():
            print(made)
        return 0
    for epub in sorted(CORPUS.glob("*.epub")):
        for name in args.formats.split(","):
            for made in MAKERS[name](epub, OUT / name):
                print(made)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
