"""Run by bench_open_peers, on an X display of its own: launch one reader on one book and watch
the screen until its first page stands drawn; print what was seen as JSON.

    python -m benchmarks.screen_watch --out shot.png [--timeout 90] -- COMMAND ...

How "first page drawn" is told, the same for every reader: the root window is grabbed about every
30 ms (Qt's screen grab, as `xwd -root` would). The reader's window is where the screen is not
the black of the empty X server; its page area is that window less 12% on each side (toolbars,
status bars and side panels mostly lie outside it). The page is drawn when the page area shows
ink (at least INK_MIN of its pixels far from its background colour: text, or the book's own
picture) and then does not change for STABLE_SECONDS. The time reported is that of the first grab
of the final, unchanging picture, from just before the command was started. A loading screen with
a spinner changes, so it never counts; the grabs and the memory samples cost every reader alike.

Memory: every grab, the resident memory (RSS, and PSS, which shares a shared page between the
processes using it) of the command's whole process tree is summed; the peak over the run, until
the page has stood still, is reported, and with --later S also the peak until S seconds from
launch (what the reader holds once work started after the first page has begun).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

INK_MIN = 0.004  # of the page area: a few lines of text or a picture, not an empty window
STABLE_SECONDS = 1.0
MARGIN = 0.12  # of the window, each side, left out of the page area
MEMORY_EVERY_SECONDS = 0.1


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found += [child, *_children(child)]
    return found


def _field_kb(path: str, name: str) -> int:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def tree_memory_mb(pid: int) -> tuple[float, float]:
    """RSS and PSS of `pid` and every process under it, in MB."""
    rss = pss = 0
    for each in [pid, *_children(pid)]:
        rss += _field_kb(f"/proc/{each}/status", "VmRSS")
        pss += _field_kb(f"/proc/{each}/smaps_rollup", "Pss")
    return rss / 1024, pss / 1024


def page_area(gray: np.ndarray) -> np.ndarray | None:
    """The window's page area in a grey root grab: None while no window is drawn."""
    rows = np.flatnonzero(gray.max(axis=1) > 0)
    cols = np.flatnonzero(gray.max(axis=0) > 0)
    if len(rows) < 50 or len(cols) < 50:
        return None
    top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
    dy, dx = int((bottom - top) * MARGIN), int((right - left) * MARGIN)
    return gray[top + dy: bottom - dy, left + dx: right - dx]


def ink_fraction(area: np.ndarray) -> float:
    background = int(np.median(area))
    return float(np.mean(np.abs(area.astype(np.int16) - background) > 60))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True, help="the first page's grab, PNG")
    parser.add_argument("--timeout", type=float, default=90.0)
    parser.add_argument("--later", type=float, default=0.0,
                        help="go on sampling memory until this many s from launch")
    parser.add_argument("--ink", type=float, default=INK_MIN,
                        help="the share of the page area that must show ink (a sparse title "
                        "page of a text book: less)")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()

    from PySide6.QtGui import QGuiApplication, QImage

    app = QGuiApplication(sys.argv[:1])
    screen = app.primaryScreen()
    started = time.perf_counter()
    child = subprocess.Popen(args.command, start_new_session=True, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result: dict[str, object] = {"ok": False}
    peak_rss = peak_pss = 0.0
    memory_at = -1.0
    last: bytes | None = None
    run_start = 0.0
    changes: list[tuple[float, float]] = []  # (s, ink) of each new picture, for the record
    image = None
    try:
        while True:
            grabbed_at = time.perf_counter() - started
            image = screen.grabWindow(0).toImage().convertToFormat(QImage.Format.Format_Grayscale8)
            if grabbed_at - memory_at >= MEMORY_EVERY_SECONDS:
                rss, pss = tree_memory_mb(child.pid)
                peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
                memory_at = grabbed_at
            width, height, stride = image.width(), image.height(), image.bytesPerLine()
            gray = np.frombuffer(image.constBits(), np.uint8, stride * height)
            area = page_area(gray.reshape(height, stride)[:, :width])
            picture = None if area is None else area.tobytes()
            if picture != last:
                last, run_start = picture, grabbed_at
                ink = 0.0 if area is None else ink_fraction(area)
                changes.append((round(grabbed_at, 3), round(ink, 4)))
            elif (area is not None and changes[-1][1] >= args.ink
                  and grabbed_at - run_start >= STABLE_SECONDS):
                result = {"ok": True, "first_page_s": run_start, "peak_rss_mb": peak_rss,
                          "peak_pss_mb": peak_pss, "ink": changes[-1][1]}
                # What the reader holds once settled (a preparation or indexing started after
                # the first page counts here): the tree's peak until `--later` s from launch.
                while time.perf_counter() - started < args.later and child.poll() is None:
                    rss, pss = tree_memory_mb(child.pid)
                    peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
                    time.sleep(MEMORY_EVERY_SECONDS)
                result.update(later_rss_mb=peak_rss, later_pss_mb=peak_pss)
                break
            if child.poll() is not None:
                result["error"] = f"the reader exited with {child.returncode}"
                break
            if grabbed_at > args.timeout:
                result["error"] = f"no first page within {args.timeout:.0f} s"
                break
            time.sleep(0.02)
    finally:
        if image is not None:
            image.save(str(args.out))
        _end(child)
    result["changes"] = changes[-12:]
    print(json.dumps(result))


def _end(child: subprocess.Popen[bytes]) -> None:
    """End the reader's whole process group (started here, in a session of its own): asked
    first, then its leftovers (a browser engine's helper processes) killed."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(child.pid, sig)
        except ProcessLookupError:
            break
        try:
            child.wait(5.0)
        except subprocess.TimeoutExpired:
            continue


if __name__ == "__main__":
    main()
