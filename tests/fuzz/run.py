"""Fuzz `read_book` with mutated EPUBs, comics (CBZ, CBR, CB7, CBT), PDFs, MOBIs, AZW3s, FB2s
(alone and zipped), text and Markdown files,
under a memory cap and a per-case time budget, then paint the books that opened in an offscreen
window (the render stage, in a subprocess).

    python -m tests.fuzz.run --examples 300 --seed 0 # what `make test` runs (via test_fuzz.py)
    python -m tests.fuzz.run --seconds 1800          # what `make fuzz` runs (FUZZ_SECONDS)

Each case is a seed book (generated, tests/fuzz/seeds.py; MOBI and AZW3:
tests/fuzz/mobi_cases.py), half the time with one class of hostile input put in
(tests/fuzz/hostile.py: CSS numbers and escapes, pictures of every format, long spines, many
attributes, amplification, links per paragraph, parts of the real corpus books;
tests/fuzz/hostile_text.py for the one-file formats), then mutated (tests/fuzz/mutate.py).
Allowed outcomes: the book opens, or a `BookError` whose message names the file. Anything else
(another exception, a case over the time budget, MemoryError under the RLIMIT_AS cap) is a
failure: the shrunk file is saved under --crashes and the exit status is 1.
Every batch of cases, up to --render books that opened are opened and painted page by page in a
child process (tests/fuzz/render.py): a segfault there, or an exception that reached Qt, is a
failure too and the batch's files are saved. The last line printed is a JSON summary.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import random
import resource
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from reader_app.books.model import Book
from reader_app.books.opening.formats import read_book
from reader_app.errors import BookError
from tests.fuzz.archives import ARCHIVE_SUFFIXES, mutated_libarchive_comic
from tests.fuzz.hostile import hostile_cbz, hostile_epub
from tests.fuzz.hostile_text import hostile_fb2, hostile_text
from tests.fuzz.mobi_cases import MOBI_SUFFIXES, mobi_case, seed_files
from tests.fuzz.mutate import mutated_archive, mutated_bytes
from tests.fuzz.render import render_in_subprocess
from tests.fuzz.seeds import (
    PDF_HOSTILE_EDITS,
    cbz_members,
    epub_members,
    fb2_zip_members,
    pdf_seed,
    raw_books,
)


class CaseOvertimeError(Exception):
    """One case ran longer than its budget: a hang, or work out of proportion to its input."""


@dataclass
class Tally:
    cases: int = 0
    opened: int = 0
    refused: int = 0
    slowest: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)
    hostile: int = 0  # cases with a class of hostile input put in before mutation
    rendered: int = 0  # books opened and painted in the render stage
    pages_painted: int = 0
    survivors: list[Path] = field(default_factory=list)  # opened, not yet rendered
    by_format: dict[str, list[int]] = field(default_factory=dict)  # suffix: [opened, refused]


def _overtime(_signum: int, _frame: FrameType | None) -> None:
    raise CaseOvertimeError("case over its time budget")


def check_one(
    data: bytes, suffix: str, *, folder: Path, tally: Tally, budget: float, keep: int = 0
) -> None:
    """Open one fuzzed file; return quietly on an allowed outcome, raise otherwise."""
    path = folder / f"fuzzed{suffix}"
    path.write_bytes(data)
    started = time.perf_counter()
    # Again every second past the budget: an alarm that lands in a garbage collector's
    # callback (Hypothesis has one) is printed and ignored, and the case ran on unbounded.
    signal.setitimer(signal.ITIMER_REAL, budget, 1.0)
    try:
        book = read_book(path)
    except BookError as error:
        message = str(error)
        assert path.name in message and error.reason.strip(), message
        tally.refused += 1
        tally.by_format.setdefault(suffix, [0, 0])[1] += 1
        key = type(error).__name__
        tally.reasons[key] = tally.reasons.get(key, 0) + 1
    else:
        assert book.sections, "a book opened with no sections"
        if book.format == "pdf":
            _draw_and_read_pdf(book)
        tally.opened += 1
        tally.by_format.setdefault(suffix, [0, 0])[0] += 1
        _keep_sample(tally, data, suffix, folder=folder, keep=keep)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        tally.cases += 1
        tally.slowest = max(tally.slowest, time.perf_counter() - started)


def _draw_and_read_pdf(book: Book) -> None:
    """A PDF opens from its catalogue alone: draw its pages and read their text layer, where a
    damaged page shows itself (a BookError for that page is an allowed outcome), and split its
    text into sentences across its page breaks."""
    from reader_app.books.opening.pdf import pdf_pages
    from reader_app.books.opening.pdf_text import with_text_layer
    from reader_app.rag.index.sentences import split_book

    pages = pdf_pages(book)
    assert pages is not None
    read = with_text_layer(book, pages).book
    if read is not None:
        split_book(read)
    for index in range(min(len(book.sections), 12)):
        with contextlib.suppress(BookError):
            pages.render(index, width=300, height=400)


def _keep_sample(tally: Tally, data: bytes, suffix: str, *, folder: Path, keep: int) -> None:
    """Keep `keep` of the books that opened, a uniform sample of them (reservoir sampling), so a
    short run paints its later, more mutated cases too, not only its first ones."""
    if keep <= 0:
        return
    survivor = folder / f"survivor{tally.cases}{suffix}"
    if len(tally.survivors) < keep:
        tally.survivors.append(survivor)
    else:
        slot = random.Random(tally.cases).randrange(tally.opened)
        if slot >= keep:
            return
        tally.survivors[slot].unlink(missing_ok=True)
        tally.survivors[slot] = survivor
    survivor.write_bytes(data)


def render_survivors(tally: Tally, crashes: Path) -> None:
    """Open and paint the books kept in `tally.survivors` in a child process; raise on a crash
    (the books are saved under `crashes` first)."""
    books, tally.survivors = tally.survivors, []
    if not books:
        return
    try:
        status, summary, stderr = render_in_subprocess(books, max_pages=12, timeout=60)
    except BaseException:  # the child hung past its time: the batch is the finding
        _save_batch(books, crashes)
        raise
    tally.rendered += int(summary.get("opened", 0))
    tally.pages_painted += int(summary.get("pages_painted", 0))
    faults = [*summary.get("escaped", []), *summary.get("faults", [])]
    if status != 0 or faults:
        _save_batch(books, crashes)
        raise RenderCrashError(f"render stage ended with status {status}: "
                               f"{(faults or [stderr])[0][-1500:]}")
    for book in books:
        book.unlink(missing_ok=True)


def _save_batch(books: list[Path], crashes: Path) -> None:
    crashes.mkdir(parents=True, exist_ok=True)
    for book in books:
        (crashes / f"render-{book.name}").write_bytes(book.read_bytes())


class RenderCrashError(Exception):
    """The render stage crashed (a segfault, an abort) or let an exception reach Qt."""


def run(
    *, examples: int, seconds: float, memory_mb: int, budget: float, crashes: Path,
    render: int = 0,
    seed: int | None = None,
) -> int:
    limit = memory_mb << 20
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    # The soft limit only: the render stage's child (Qt) lifts it back for itself.
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.signal(signal.SIGALRM, _overtime)
    tally = Tally()
    seeds = {".epub": epub_members(), ".cbz": cbz_members(), ".pdf": {"pdf": pdf_seed()},
             ".fb2.zip": fb2_zip_members()}
    seeds.update({suffix: cbz_members() for suffix in ARCHIVE_SUFFIXES})
    seeds.update({suffix: {} for suffix in MOBI_SUFFIXES})  # mutated as files, not members
    calibre_files = seed_files()
    raw = raw_books()  # the formats that are one file: mutated as bytes, not as an archive
    deadline = time.monotonic() + seconds if seconds else None
    failure = ""
    with tempfile.TemporaryDirectory(prefix="pagemate-fuzz-") as tmp:
        folder = Path(tmp)

        def one_case(suffix: str, hostile: bool, data: st.DataObject) -> None:
            if suffix in MOBI_SUFFIXES:
                tally.hostile += hostile
                archive = data.draw(mobi_case(suffix, hostile, calibre_files), label="mobi")
            elif suffix in raw:
                tally.hostile += hostile
                book = raw[suffix]
                if hostile:
                    put_in = hostile_fb2 if suffix == ".fb2" else hostile_text
                    book = data.draw(put_in(book), label="hostile")
                archive = data.draw(mutated_bytes(book), label="file")
            elif suffix == ".pdf":
                document = seeds[suffix]["pdf"]
                if hostile:
                    tally.hostile += 1
                    old, new = data.draw(st.sampled_from(PDF_HOSTILE_EDITS), label="hostile")
                    document = document.replace(old, new, 1)
                archive = data.draw(mutated_bytes(document), label="pdf")
            else:
                members = seeds[suffix]
                if hostile and suffix == ".fb2.zip":
                    tally.hostile += 1
                    fb2 = data.draw(hostile_fb2(members["book.fb2"]), label="hostile")
                    members = {"book.fb2": fb2}
                elif hostile and suffix != ".cbr":  # a RAR cannot be written again, only damaged
                    tally.hostile += 1
                    put_in = hostile_epub if suffix == ".epub" else hostile_cbz
                    members = data.draw(put_in(members), label="hostile")
                made = (
                    mutated_libarchive_comic(members, suffix)
                    if suffix in ARCHIVE_SUFFIXES
                    else mutated_archive(members)
                )
                archive = data.draw(made, label="archive")
            try:
                check_one(archive, suffix, folder=folder, tally=tally, budget=budget, keep=render)
            except BaseException:
                crashes.mkdir(parents=True, exist_ok=True)
                (crashes / f"crash{suffix}").write_bytes(archive)  # the last one is the shrunk one
                raise

        def batch(suffix: str, cases: int, round_no: int) -> None:
            """`cases` cases of one format, drawn from the round's seed when the run has one."""

            @settings(max_examples=cases, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))
            @given(hostile=st.booleans(), data=st.data())
            def case(hostile: bool, data: st.DataObject) -> None:
                one_case(suffix, hostile, data)

            if seed is not None:
                case = hypothesis_seed(seed + round_no * len(suffixes) + suffixes.index(suffix))(
                    case
                )
            case()

        # Every format in turn, the same number of cases each: a format drawn at random can
        # go a whole short run with a handful of cases.
        suffixes = sorted([*seeds, *raw])
        per_batch = -(-examples // len(suffixes)) if examples else 20
        try:
            for round_no in itertools.count():
                for suffix in suffixes:
                    batch(suffix, per_batch, round_no)
                ending = bool(examples and tally.cases >= examples) or (
                    deadline is not None and time.monotonic() >= deadline
                )
                # A long run paints its survivors batch by batch; a counted one once, at its end.
                if ending or (deadline is not None and len(tally.survivors) >= render):
                    render_survivors(tally, crashes)
                if ending:
                    break
        except BaseException as error:  # any failure ends the run with a report
            failure = f"{type(error).__name__}: {error}"[:2000]
    print(
        json.dumps(
            {
                "cases": tally.cases,
                "opened": tally.opened,
                "refused": tally.refused,
                "refusals": tally.reasons,
                "by_format": tally.by_format,
                "hostile": tally.hostile,
                "rendered": tally.rendered,
                "pages_painted": tally.pages_painted,
                "slowest_case_s": round(tally.slowest, 3),
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
                "memory_cap_mb": memory_mb,
                "failure": failure,
            }
        )
    )
    return 1 if failure else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=0, help="stop after this many cases")
    parser.add_argument("--seconds", type=float, default=0, help="stop after this long")
    parser.add_argument("--memory-mb", type=int, default=2048, help="RLIMIT_AS for the run")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds allowed per case")
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"))
    parser.add_argument("--render", type=int, default=40,
                        help="books that opened painted in the render stage per batch of cases")
    parser.add_argument("--seed", type=int, default=None,
                        help="draw the cases from this seed (the same cases every run)")
    args = parser.parse_args(argv)
    if not args.examples and not args.seconds:
        args.examples = 300
    return run(
        examples=args.examples,
        seconds=args.seconds,
        memory_mb=args.memory_mb,
        budget=args.budget,
        crashes=args.crashes,
        render=args.render,
        seed=args.seed,
    )


if __name__ == "__main__":
    sys.exit(main())
