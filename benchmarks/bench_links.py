"""Opening a book with one paragraph of many links (issue 38): 1,000, 10,000 and 20,000 plain links
or nested note references, parsed now and with the links resolved the old way beside it.

The old way (`_per_link_copy`, kept here as the alternative) copied the paragraph's whole span
list for every link: quadratic in the links of one paragraph, paid by every open, the head start
and the index alike. Medians of CPU time (the machine is shared; wall time swings with its load).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from reader_app.books.content import epub
from reader_app.books.content.epub_toc import AnchorTable, locate
from reader_app.books.content.xhtml import ParsedDocument
from reader_app.books.model import Section
from reader_app.books.opening.formats import read_book

SIZES = (1_000, 10_000, 20_000)
RUNS = 3


def _per_link_copy(
    index: int, member: str, parsed: ParsedDocument, anchors: AnchorTable
) -> Section:
    """The links resolved as before issue 38: the block's spans copied once per link."""
    blocks = list(parsed.blocks)
    for link in parsed.links:
        target = locate(anchors, link.member, link.fragment)
        if target is None:
            continue
        block = blocks[link.block]
        spans = list(block.spans)
        spans[link.span] = replace(spans[link.span], target=target)
        blocks[link.block] = replace(block, spans=tuple(spans))
    return Section(index=index, name=member, title="", blocks=tuple(blocks))


@contextmanager
def _resolved_per_link() -> Iterator[None]:
    now = epub._resolve_links
    epub._resolve_links = _per_link_copy
    try:
        yield
    finally:
        epub._resolve_links = now


def _median_cpu(action: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        started = time.process_time()
        action()
        times.append(time.process_time() - started)
    return statistics.median(times)


def run() -> list[dict[str, object]]:
    from tests.unit.books.epubgen import make_epub, paragraph_of_links, xhtml

    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as folder:
        for nested, label in ((False, "links"), (True, "nested note references")):
            for count in SIZES:
                path = make_epub(Path(folder) / f"{label[:6]}{count}.epub",
                                 {"c0.xhtml": xhtml(paragraph_of_links(count, nested=nested))})
                after = _median_cpu(lambda path=path: read_book(path))
                with _resolved_per_link():
                    before = _median_cpu(lambda path=path: read_book(path))
                rows.append({
                    "metric": f"open, {count:,} {label} in one paragraph",
                    "value": after,
                    "unit": "CPU s",
                    "note": f"median of {RUNS}; links copied per link (before issue 38): "
                            f"{before:.3f} s, {before / max(after, 1e-6):.1f}x; file "
                            f"{path.stat().st_size / 1e3:.0f} KB",
                })  # fmt: skip
    return rows
