"""Fuzz `read_book` with mutated EPUBs and CBZs, under a memory cap and a per-case time budget.

    python -m tests.fuzz.run --examples 300          # what `make test` runs (via test_fuzz.py)
    python -m tests.fuzz.run --seconds 1800          # what `make fuzz` runs (FUZZ_SECONDS)

Allowed outcomes for every case: the book opens, or a `BookError` whose message names the file.
Anything else (another exception, a case over the time budget, MemoryError under the RLIMIT_AS
cap) is a failure: the shrunk file is saved under --crashes and the exit status is 1. The last
line printed is a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import resource
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reader_app.books.formats import read_book
from reader_app.errors import BookError
from tests.fuzz.mutate import mutated_archive
from tests.fuzz.seeds import cbz_members, epub_members


class CaseOvertimeError(Exception):
    """One case ran longer than its budget: a hang, or work out of proportion to its input."""


@dataclass
class Tally:
    cases: int = 0
    opened: int = 0
    refused: int = 0
    slowest: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)


def _overtime(_signum: int, _frame: FrameType | None) -> None:
    raise CaseOvertimeError("case over its time budget")


def check_one(data: bytes, suffix: str, *, folder: Path, tally: Tally, budget: float) -> None:
    """Open one fuzzed file; return quietly on an allowed outcome, raise otherwise."""
    path = folder / f"fuzzed{suffix}"
    path.write_bytes(data)
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        book = read_book(path)
    except BookError as error:
        message = str(error)
        assert path.name in message and error.reason.strip(), message
        tally.refused += 1
        key = type(error).__name__
        tally.reasons[key] = tally.reasons.get(key, 0) + 1
    else:
        assert book.sections, "a book opened with no sections"
        tally.opened += 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        tally.cases += 1
        tally.slowest = max(tally.slowest, time.perf_counter() - started)


def run(*, examples: int, seconds: float, memory_mb: int, budget: float, crashes: Path) -> int:
    limit = memory_mb << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _overtime)
    tally = Tally()
    seeds = {".epub": epub_members(), ".cbz": cbz_members()}
    deadline = time.monotonic() + seconds if seconds else None
    failure = ""
    with tempfile.TemporaryDirectory(prefix="pagemate-fuzz-") as tmp:
        folder = Path(tmp)

        @settings(
            max_examples=min(examples, 200) if examples else 200,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(suffix=st.sampled_from(sorted(seeds)), data=st.data())
        def case(suffix: str, data: st.DataObject) -> None:
            archive = data.draw(mutated_archive(seeds[suffix]), label="archive")
            try:
                check_one(archive, suffix, folder=folder, tally=tally, budget=budget)
            except BaseException:
                crashes.mkdir(parents=True, exist_ok=True)
                (crashes / f"crash{suffix}").write_bytes(archive)  # the last one is the shrunk one
                raise

        try:
            while True:
                case()
                if examples and tally.cases >= examples:
                    break
                if deadline is not None and time.monotonic() >= deadline:
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
    args = parser.parse_args(argv)
    if not args.examples and not args.seconds:
        args.examples = 300
    return run(
        examples=args.examples,
        seconds=args.seconds,
        memory_mb=args.memory_mb,
        budget=args.budget,
        crashes=args.crashes,
    )


if __name__ == "__main__":
    sys.exit(main())
