"""The other formats beside EPUB: launch to first page and peak memory beside calibre's viewer
and Foliate (bench_open_peers' screen watch), and the companion's retrieval figures on the dev
set's books converted to each format against their EPUB figures (goal: within 0.03).

The books are converted from the corpus EPUBs by calibre (scripts/make_text_fixtures.py, into
BENCH_FORMATS_DIR, default /tmp/pagemate-formats); without `ebook-convert` the group is skipped
with a note. BENCH_FORMATS picks formats ("FB2,TXT"), BENCH_FORMATS_BOOKS the dev set's books
(substrings of their file names, as `devset.py --books`), BENCH_FORMATS_OPEN the books opened
beside the peers (default War and Peace and Jekyll and Hyde).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

# One row per format: its name in the table and the ending of its converted file.
FORMATS = {
    "FB2": ".fb2.zip",
    "TXT": ".txt",
    "Markdown": ".md",
}
OPEN_BOOKS = {
    "War and Peace": "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub",
    "Jekyll": "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub",
}
TITLE_PAGE_INK = 0.001  # of the page area: two lines of a title page
WITHIN = 0.03  # the companion's recall on a format, against the same book's EPUB
Row = dict[str, Any]


def run() -> list[Row]:
    if shutil.which("ebook-convert") is None:
        return [{"metric": "other formats", "value": None, "unit": "",
                 "note": "skipped: needs calibre's ebook-convert (scripts/install-bench-peers.sh)"}]
    formats = _chosen(os.environ.get("BENCH_FORMATS", ""), FORMATS)
    wanted = os.environ.get("BENCH_FORMATS_BOOKS", "")
    converted = _converted(formats, wanted)
    rows = _launch_rows(formats, converted)
    rows += _retrieval_rows(formats, converted, wanted)
    return rows


def _chosen(names: str, table: dict[str, str]) -> dict[str, str]:
    picked = {n.strip().casefold() for n in names.split(",") if n.strip()}
    return {k: v for k, v in table.items() if not picked or k.casefold() in picked}


def _converted(formats: dict[str, str], wanted: str) -> dict[tuple[str, str], Path]:
    """(EPUB file name, format) -> its conversion, made now when it is not there yet."""
    from scripts.make_text_fixtures import CORPUS, MAKERS

    folder = Path(os.environ.get("BENCH_FORMATS_DIR", "/tmp/pagemate-formats"))
    opened = os.environ.get("BENCH_FORMATS_OPEN", "")
    names = [p.name for p in sorted(CORPUS.glob("*.epub"))
             if any(part in p.name for part in wanted.split(","))
             or any(part in p.name for part in (opened or ",".join(OPEN_BOOKS.values()))
                    .split(","))]  # fmt: skip
    found: dict[tuple[str, str], Path] = {}
    for name in names:
        for label, ending in formats.items():
            target = folder / name.replace(".epub", ending)
            if not target.exists():
                for maker in MAKERS:  # each maker writes its own formats; a file made is kept
                    if not target.exists():
                        maker(CORPUS / name, folder)
            if target.exists():
                found[(name, label)] = target
    return found


def _launch_rows(formats: dict[str, str], converted: dict[tuple[str, str], Path]) -> list[Row]:
    from benchmarks import bench_open_peers

    opened = os.environ.get("BENCH_FORMATS_OPEN", "")
    chosen = {title: file for title, file in OPEN_BOOKS.items()
              if not opened or any(part in file for part in opened.split(","))}
    books = {f"{title} {label}": converted[(file, label)]
             for title, file in chosen.items() for label in formats
             if (file, label) in converted}
    # A text book opens at its title page: two short lines, less ink than the EPUB's pictures.
    return bench_open_peers.run(books=books, ink=TITLE_PAGE_INK) if books else []


def _retrieval_rows(
    formats: dict[str, str], converted: dict[tuple[str, str], Path], wanted: str
) -> list[Row]:
    from benchmarks.devset import CachedEmbedder, Setting, cache_folder, evaluate
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.retrieval.search import search

    setting = [Setting("fused @6", {"k": 6})]
    embedder = CachedEmbedder(default_embedder(home=cache_folder()), cache_folder())
    rows: list[Row] = []
    figures: dict[str, tuple[float, int]] = {}
    for label in ("EPUB", *formats):
        home = cache_folder() / f"formats-{label.casefold()}"
        home.mkdir(parents=True, exist_ok=True)

        def source(file: str, label: str = label) -> Path:
            from benchmarks.devset import CORPUS

            return CORPUS / file if label == "EPUB" else converted[(file, label)]

        books = wanted or ",".join(sorted({f for f, fmt in converted if fmt in formats}))
        outcome = evaluate(home=home, embedder=embedder, searcher=search, settings=setting,
                           books=books, source=source, log=lambda line: print(line, flush=True))
        hits, total = outcome.recall("fused @6")
        recall = hits / total if total else 0.0
        figures[label] = (recall, sum(outcome.leaks.values()))
        epub = figures["EPUB"][0]
        rows.append({"metric": f"{label}: dev set recall, fused @6", "value": recall,
                     "unit": "", "note": f"{total} questions",
                     "target": "" if label == "EPUB" else f"≥ {epub - WITHIN:.3f} (EPUB − 0.03)"})
        rows.append({"metric": f"{label}: spoiler probes leaking (k 50)", "value":
                     figures[label][1], "unit": "probes", "target": "0"})
    return rows
