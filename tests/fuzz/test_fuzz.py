"""The book fuzzer in `make test`: a few hundred mutated EPUBs, comics (CBZ, CBR, CB7, CBT),
PDFs, MOBIs, AZW3s, FB2s, FB2.ZIPs, text and Markdown files (half with a class of hostile input
put in), in a subprocess with an address-space cap, and a few of those that opened painted page
by page in an offscreen window; `make fuzz` runs the same harness for as long as FUZZ_SECONDS
says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
# The same cases on every machine, so a pass or a failure is the code's and not the draw's
# (`make fuzz` draws afresh for as long as it runs); FUZZ_SEED tries another set.
SEED = int(os.environ.get("FUZZ_SEED", "0"))
# Every format the harness (tests/fuzz/run.py) fuzzes, by the suffix its cases are given.
FORMATS = (".epub", ".cbz", ".cbr", ".cb7", ".cbt", ".pdf", ".mobi", ".azw3", ".fb2", ".fb2.zip",
           ".txt", ".md")


def test_fuzzed_books_open_or_fail_with_a_book_error_and_those_that_open_paint(
    tmp_path: Path,
) -> None:
    crashes = tmp_path / "crashes"
    result = subprocess.run(
        [sys.executable, "-m", "tests.fuzz.run", "--examples", str(EXAMPLES),
         "--memory-mb", "2048", "--budget", "10", "--crashes", str(crashes), "--render", "8",
         "--seed", str(SEED)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    lines = result.stdout.strip().splitlines()
    assert lines, result.stderr[-3000:]
    summary = json.loads(lines[-1])
    saved = sorted(p.name for p in crashes.glob("*")) if crashes.exists() else []
    report = (summary, saved, result.stderr[-3000:])
    assert result.returncode == 0 and not summary["failure"], report
    assert summary["cases"] >= EXAMPLES
    assert summary["opened"] > 0 and summary["refused"] > 0  # the mutations reach both outcomes
    assert summary["hostile"] > EXAMPLES // 4 and summary["rendered"] > 0
    # Every format takes its turn: as many cases as each other format (a case that neither
    # opened nor was refused ended the run above), and none is missing or unlisted here.
    by_format = summary["by_format"]
    assert sorted(by_format) == sorted(FORMATS), by_format
    for suffix in FORMATS:
        opened, refused = by_format[suffix]
        assert opened + refused >= EXAMPLES // len(FORMATS), (suffix, by_format)
    # And the mutations reach both outcomes: always for these, whose seeds are made to; for
    # every format on the seed `make test` draws (another FUZZ_SEED may miss one by chance).
    both = FORMATS if SEED == 0 else (".epub", ".cbz", ".cbr", ".cb7", ".cbt")
    for suffix in both:
        opened, refused = by_format[suffix]
        assert opened > 0 and refused > 0, (suffix, by_format)
