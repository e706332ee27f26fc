"""Make the other formats' test books from the corpus EPUBs with calibre's `ebook-convert`, as a
reader's own tools make them; each format is one function.

    python -m scripts.make_text_fixtures                  # every corpus book, into OUT
    python -m scripts.make_text_fixtures --fixtures       # refresh the small committed ones

OUT is $PAGEMATE_FORMATS or /tmp/pagemate-formats; tests that need a converted corpus book look
there and skip when it is absent (CI has no calibre). The committed fixtures
(tests/fixtures/formats/) are Jekyll and Hyde's conversions, small enough to keep.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "epub"
FIXTURES = ROOT / "tests" / "fixtures" / "formats"
OUT = Path(os.environ.get("PAGEMATE_FORMATS", "/tmp/pagemate-formats"))
JEKYLL = "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"


def convert(epub: Path, target: Path, *options: str) -> Path:
    """`ebook-convert epub target options...`; the output format follows target's suffix."""
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["ebook-convert", str(epub), str(target), *options],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    return target


def make_fb2(epub: Path, out: Path) -> list[Path]:
    """<name>.fb2 and <name>.fb2.zip (the .fb2 alone in a zip, as FB2 libraries ship them)."""
    fb2 = convert(epub, out / f"{epub.stem}.fb2")
    packed = out / f"{epub.stem}.fb2.zip"
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(fb2, fb2.name)
    return [fb2, packed]


def make_text(epub: Path, out: Path) -> list[Path]:
    """<name>.txt (calibre's plain text) and <name>.md (its Markdown output)."""
    text = convert(epub, out / f"{epub.stem}.txt")
    with tempfile.TemporaryDirectory() as tmp:
        # calibre names its Markdown output by the .txt suffix and an option, not by ".md".
        made = convert(epub, Path(tmp) / "book.txt", "--txt-output-formatting=markdown")
        markdown = out / f"{epub.stem}.md"
        shutil.copyfile(made, markdown)
    return [text, markdown]


def make_gutenberg_text(epub: Path, out: Path) -> list[Path]:
    """<name>.gutenberg.txt: the EPUB's text laid out as Project Gutenberg does, in Windows-1252:
    a header and licence around it, "CHAPTER I." over each chapter's title in capitals,
    paragraphs hard-wrapped at 70 columns with a blank line between."""
    sys.path.insert(0, str(ROOT))
    from reader_app.books.model import BlockKind
    from reader_app.books.opening.formats import read_book

    book = read_book(epub)
    lines = [f"The Project Gutenberg eBook of {book.metadata.title}", "",
             "This eBook is for the use of anyone anywhere at no cost.", "", "",
             f"*** START OF THE PROJECT GUTENBERG EBOOK {book.metadata.title.upper()} ***", "", ""]
    chapter = 0
    for section in book.sections:
        for block in section.blocks:
            text = " ".join(block.text.split())
            if not text:
                continue
            if block.kind is BlockKind.HEADING:
                chapter += 1
                lines += ["", "", "", f"CHAPTER {_roman(chapter)}.", "", text.upper(), "", ""]
            else:
                lines += [*textwrap.wrap(text, 70), ""]
    lines += ["", "", f"*** END OF THE PROJECT GUTENBERG EBOOK {book.metadata.title.upper()} ***",
              "", "Updated editions will replace the previous one."]
    target = out / f"{epub.stem}.gutenberg.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes("\r\n".join(lines).encode("cp1252", errors="replace"))
    return [target]


def _roman(number: int) -> str:
    numerals = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    result = ""
    for value, letters in numerals:
        while number >= value:
            result, number = result + letters, number - value
    return result


MAKERS = (make_fb2, make_text, make_gutenberg_text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", action="store_true", help="refresh the committed fixtures")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if shutil.which("ebook-convert") is None:
        print("ebook-convert is not installed (scripts/install-bench-peers.sh installs calibre)")
        return 1
    if args.fixtures:
        epub = CORPUS / JEKYLL
        with tempfile.TemporaryDirectory() as tmp:
            made = [p for maker in MAKERS for p in maker(epub, Path(tmp))]
            kept = {f"{epub.stem}{ending}": f"jekyll{ending}"
                    for ending in (".fb2.zip", ".gutenberg.txt", ".txt", ".md")}
            for path in made:
                if path.name in kept:
                    shutil.copyfile(path, FIXTURES / kept[path.name])
                    print(FIXTURES / kept[path.name])
        return 0
    for epub in sorted(CORPUS.glob("*.epub")):
        for maker in MAKERS:
            for path in maker(epub, args.out):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
