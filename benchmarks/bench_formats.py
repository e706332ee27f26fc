"""The other formats beside EPUB: launch to first page and peak memory beside calibre's viewer
and Foliate (bench_open_peers' screen watch), and the companion's retrieval figures on the dev
set's books converted to each format against their EPUB figures (goal: within 0.03).

The books are converted from the corpus EPUBs by calibre, each format by its own script's maker
(FB2, TXT and Markdown: scripts/make_text_fixtures.py; PDF: scripts/make_pdf_fixtures.py, into
the folder's pdf/; MOBI 6 and AZW3: scripts/make_format_fixtures.py), into BENCH_FORMATS_DIR
(default /tmp/pagemate-formats); without `ebook-convert` the group is skipped with a note. Each
book's text is what the app indexes (devset.prepare_book: a PDF's from its text layer).
BENCH_FORMATS picks formats ("FB2,PDF"), BENCH_FORMATS_BOOKS the dev set's books (substrings of
their file names, as `devset.py --books`), BENCH_FORMATS_OPEN the books opened beside the peers
(default War and Peace and Jekyll and Hyde), BENCH_FORMATS_PARTS the parts measured ("open",
"retrieval"; default both):

    BENCH_FORMATS_PARTS=retrieval BENCH_FORMATS_BOOKS=jekyll,alice \
        nice -n 10 .venv/bin/python -m benchmarks.run formats
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from benchmarks import format_books

if TYPE_CHECKING:
    from benchmarks.devset import Outcome

# One row per format: its name in the table, and the folder (under BENCH_FORMATS_DIR) and the
# ending of its converted file, where its maker (`_makers`) writes it.
FORMATS = {
    "FB2": ("", ".fb2.zip"),
    "TXT": ("", ".txt"),
    "Markdown": ("", ".md"),
    **format_books.FORMATS,  # PDF, MOBI (MOBI 6) and AZW3
}
OPEN_BOOKS = {
    "War and Peace": "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub",
    "Jekyll": "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub",
}
TITLE_PAGE_INK = 0.001  # of the page area: two lines of a title page
WITHIN = 0.03  # the companion's recall on a format, against the same book's EPUB
FUSED = "fused @6"
Row = dict[str, Any]
Format = tuple[str, str]  # the folder, the file's ending
V = TypeVar("V")


def run() -> list[Row]:
    if shutil.which("ebook-convert") is None:
        return [{"metric": "other formats", "value": None, "unit": "",
                 "note": "skipped: needs calibre's ebook-convert (scripts/install-bench-peers.sh)"}]
    formats = _chosen(os.environ.get("BENCH_FORMATS", ""), FORMATS)
    wanted = os.environ.get("BENCH_FORMATS_BOOKS", "")
    parts = _chosen(os.environ.get("BENCH_FORMATS_PARTS", ""), {"open": 0, "retrieval": 0})
    opened = _opened() if "open" in parts else {}
    converted = _converted(formats, wanted, opened)
    rows = _launch_rows(formats, converted, opened) if opened else []
    if "retrieval" in parts:
        rows += _retrieval_rows(formats, converted)
    return rows


def _chosen(names: str, table: dict[str, V]) -> dict[str, V]:
    picked = {n.strip().casefold() for n in names.split(",") if n.strip()}
    return {k: v for k, v in table.items() if not picked or k.casefold() in picked}


def _opened() -> dict[str, str]:
    """The books opened beside the peers: title -> the corpus EPUB's file name."""
    opened = os.environ.get("BENCH_FORMATS_OPEN", "")
    return {title: file for title, file in OPEN_BOOKS.items()
            if not opened or any(part in file for part in opened.split(","))}


def _makers() -> dict[str, Callable[[Path, Path], list[Path]]]:
    """Format -> the function that converts a corpus EPUB into a folder (scripts/make_*)."""
    from scripts.make_format_fixtures import make_mobi
    from scripts.make_pdf_fixtures import make_pdf
    from scripts.make_text_fixtures import make_fb2, make_text

    return {"FB2": make_fb2, "TXT": make_text, "Markdown": make_text, "PDF": make_pdf,
            "MOBI": make_mobi, "AZW3": make_mobi}


def _converted(
    formats: dict[str, Format], wanted: str, opened: dict[str, str]
) -> dict[tuple[str, str], Path]:
    """(EPUB file name, format) -> its conversion, made now when it is not there yet."""
    from scripts.make_text_fixtures import CORPUS

    folder = Path(os.environ.get("BENCH_FORMATS_DIR", "/tmp/pagemate-formats"))
    names = [p.name for p in sorted(CORPUS.glob("*.epub"))
             if any(part in p.name for part in wanted.split(",")) or p.name in opened.values()]
    makers = _makers()
    found: dict[tuple[str, str], Path] = {}
    for name in names:
        for label, (under, ending) in formats.items():
            target = folder / under / name.replace(".epub", ending)
            if not target.exists():
                try:
                    makers[label](CORPUS / name, folder / under)  # a file made is kept
                except (subprocess.SubprocessError, OSError) as error:
                    print(f"# no {label} of {name}: {error}", flush=True)  # left out below
            if target.exists():
                found[(name, label)] = target
    return found


def _launch_rows(
    formats: dict[str, Format], converted: dict[tuple[str, str], Path], opened: dict[str, str]
) -> list[Row]:
    from benchmarks import bench_open_peers

    books = {f"{title} {label}": converted[(file, label)]
             for title, file in opened.items() for label in formats
             if (file, label) in converted}
    # A text book opens at its title page: two short lines, less ink than the EPUB's pictures.
    return bench_open_peers.run(books=books, ink=TITLE_PAGE_INK) if books else []


def _retrieval_rows(
    formats: dict[str, Format], converted: dict[tuple[str, str], Path]
) -> list[Row]:
    """Each format's recall and leaks beside the EPUB's on the same questions (those of the
    books it has a conversion of), overall and per book in the note."""
    from benchmarks.devset import CORPUS, CachedEmbedder, Setting, cache_folder, evaluate
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.retrieval.search import search

    setting = [Setting(FUSED, {"k": 6})]
    embedder = CachedEmbedder(default_embedder(home=cache_folder()), cache_folder())
    rows: list[Row] = []
    epub: Outcome | None = None
    for label in ("EPUB", *formats):
        files = sorted({f for f, fmt in converted if label in ("EPUB", fmt)})
        if not files:
            continue
        home = cache_folder() / f"formats-{label.casefold()}"
        home.mkdir(parents=True, exist_ok=True)

        def source(file: str, label: str = label) -> Path:
            return CORPUS / file if label == "EPUB" else converted[(file, label)]

        outcome = evaluate(home=home, embedder=embedder, searcher=search, settings=setting,
                           books=",".join(files), source=source,
                           log=lambda line: print(line, flush=True))
        epub = epub or outcome
        rows += _figures(label, outcome, epub)
    return rows


def _figures(label: str, outcome: Outcome, epub: Outcome) -> list[Row]:
    """A format's recall (with the EPUB's on the same questions) and its leaking probes."""
    hits = outcome.hits[FUSED]
    recall = sum(hits.values()) / len(hits) if hits else 0.0
    same = [epub.hits[FUSED][q] for q in hits if q in epub.hits[FUSED]]
    reference = sum(same) / len(same) if same else 0.0
    books = []
    for book in sorted(set(outcome.books.values())):
        got, total = outcome.recall(FUSED, book)
        was, _ = epub.recall(FUSED, book)
        books.append(f"{book} {got}/{total}" + ("" if label == "EPUB" else f" (EPUB {was})"))
    note = f"{len(hits)} questions: " + ", ".join(books)
    if label != "EPUB":
        note += f"; difference {recall - reference:+.3f}"
    leaks = sum(outcome.leaks.values())
    return [
        {"metric": f"{label}: dev set recall, fused @6", "value": recall, "unit": "",
         "note": note,
         "target": "" if label == "EPUB" else f"≥ {reference - WITHIN:.3f} (EPUB − 0.03)"},
        {"metric": f"{label}: spoiler probes leaking (k 50)", "value": leaks, "unit": "probes",
         "target": "0", "note": f"of {len(outcome.leaks)}"},
    ]
