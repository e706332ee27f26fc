"""Where the UI thread's stalls come from: benchmarks/stall_probe.py with a watchdog.

    python -m benchmarks.stall_trace BOOK [--at 10] [--threshold 30]

Runs the same window and page turns as the probe. A watchdog thread wakes every 2 ms; when the
UI thread's 10 ms probe has not ticked for `--threshold` ms it records every thread's Python
stack once per stall, and how late the watchdog itself woke (a late watchdog means the GIL was
held by another thread, or the process got no CPU). Garbage collections are timed through
`gc.callbacks`, with the thread they ran on. Prints one JSON line per stall longer than the
threshold (the stacks, the collections inside it) and a summary line last.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

from benchmarks import stall_probe


class Watchdog:
    def __init__(self, threshold_ms: float) -> None:
        self.threshold = threshold_ms / 1000
        self.last_tick = time.perf_counter()
        self.started = False
        self.ui_ident = threading.get_ident()
        self.stalls: list[dict[str, Any]] = []
        self.collections: list[tuple[float, float, int, str]] = []
        self._gc_started: dict[int, float] = {}
        self._stop = threading.Event()
        self._captured_for = -1.0
        self._thread = threading.Thread(target=self._run, daemon=True, name="watchdog")

    def start(self) -> None:
        gc.callbacks.append(self._gc)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        gc.callbacks.remove(self._gc)

    def tick(self) -> None:
        now = time.perf_counter()
        if not self.started:  # the first tick: the probe has begun
            self.started, self.last_tick = True, now
            return
        gap = now - self.last_tick
        if gap > self.threshold and self.stalls and self.stalls[-1]["start"] == self.last_tick:
            self.stalls[-1]["gap_ms"] = round(gap * 1000, 1)
        elif gap > self.threshold:
            self.stalls.append({"start": self.last_tick, "gap_ms": round(gap * 1000, 1),
                                "stacks": None, "watchdog_late_ms": None})
        self.last_tick = now

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        ident = threading.get_ident()
        if phase == "start":
            self._gc_started[ident] = time.perf_counter()
        else:
            started = self._gc_started.pop(ident, None)
            if started is not None:
                name = "ui" if ident == self.ui_ident else threading.current_thread().name
                self.collections.append((started, time.perf_counter() - started,
                                         info["generation"], name))

    def _run(self) -> None:
        while not self._stop.is_set():
            before = time.perf_counter()
            time.sleep(0.002)
            now = time.perf_counter()
            late = now - before - 0.002
            start = self.last_tick
            if self.started and now - start > self.threshold and self._captured_for != start:
                self._captured_for = start
                stacks = {}
                for ident, frame in sys._current_frames().items():
                    if ident == threading.get_ident():
                        continue
                    name = "ui" if ident == self.ui_ident else _thread_name(ident)
                    stacks[name] = [f"{f.filename.split('site-packages/')[-1]}:{f.lineno} "
                                    f"{f.name}" for f in traceback.extract_stack(frame)][-12:]
                self.stalls.append({"start": start, "gap_ms": None, "stacks": stacks,
                                    "watchdog_late_ms": round(late * 1000, 1),
                                    "seen_after_ms": round((now - start) * 1000, 1)})


def _thread_name(ident: int) -> str:
    for thread in threading.enumerate():
        if thread.ident == ident:
            return thread.name
    return str(ident)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("book", type=Path)
    parser.add_argument("--at", type=float, default=10.0)
    parser.add_argument("--after-index", type=float, default=1.5)
    parser.add_argument("--threshold", type=float, default=30.0, help="ms")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    dog = Watchdog(args.threshold)
    original_tick = stall_probe.PROBE_HOOKS
    stall_probe.PROBE_HOOKS = [dog.tick]
    with tempfile.TemporaryDirectory(prefix="bench-stall-") as home_dir:
        os.environ["READER_APP_HOME"] = home_dir
        dog.start()
        summary = stall_probe._measure(args.book, args.at / 100, args.after_index)
        dog.stop()
    stall_probe.PROBE_HOOKS = original_tick
    merged: dict[float, dict[str, Any]] = {}
    for stall in dog.stalls:
        into = merged.setdefault(stall["start"], {"start": stall["start"]})
        for key, value in stall.items():
            if value is not None:
                into[key] = value
    for stall in sorted(merged.values(), key=lambda s: s["start"]):
        end = stall["start"] + stall.get("gap_ms", 0) / 1000
        stall["collections"] = [
            {"ms": round(d * 1000, 1), "gen": g, "thread": t}
            for (s, d, g, t) in dog.collections if s < end and s + d > stall["start"]
        ]
        print(json.dumps(stall))
    slow_gc = [c for c in dog.collections if c[1] > 0.01]
    summary["collections"] = len(dog.collections)
    summary["collections_over_10ms"] = [
        {"ms": round(d * 1000, 1), "gen": g, "thread": t} for (_s, d, g, t) in slow_gc
    ]
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
