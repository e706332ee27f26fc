"""The installed app: bundle size, and time to the first page from the bundle versus from source.

Reads dist/pagemate/ as `make package` left it; it does not build (a build takes minutes).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "pagemate"
BOOK = ROOT / "assets" / "samples" / (
    "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
)
RUNS = 3


def run() -> list[dict[str, object]]:
    executable = BUNDLE / "pagemate"
    if not executable.exists():
        return [{
            "metric": "bundle size", "value": None, "unit": "MiB",
            "note": "dist/pagemate not built: run `make package` first",
        }]
    # PyInstaller links some libraries into _internal/ by symlink: count each file once.
    files = [f for f in BUNDLE.rglob("*") if f.is_file() and not f.is_symlink()]
    size_mib = sum(f.stat().st_size for f in files) / 2**20
    bundle_s = _first_page_seconds([str(executable)])
    source_s = _first_page_seconds([sys.executable, "-m", "reader_app"])
    return [
        {"metric": "bundle size", "value": round(size_mib), "unit": "MiB", "target": "< 600",
         "note": f"{len(files)} files, one-folder PyInstaller build"},
        {"metric": "first page, bundle", "value": round(bundle_s, 2), "unit": "s",
         "target": "< 3", "note": f"--screenshot on Jekyll, median of {RUNS} launches"},
        {"metric": "first page, source", "value": round(source_s, 2), "unit": "s",
         "note": f"python -m reader_app; bundle/source = {bundle_s / source_s:.2f}"},
    ]


def _first_page_seconds(command: list[str]) -> float:
    """Median wall time from launch until the first page has been saved and the app quit."""
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as scratch:
            env = {**os.environ, "READER_APP_HOME": scratch, "QT_QPA_PLATFORM": "offscreen"}
            started = time.perf_counter()
            subprocess.run(
                [*command, "--screenshot", str(Path(scratch) / "page.png"), str(BOOK)],
                env=env, cwd=ROOT, check=True, capture_output=True, timeout=120,
            )
            times.append(time.perf_counter() - started)
    return statistics.median(times)
