"""Launch to first page beside the peers: Pagemate, calibre's viewer and Foliate, each started on
the same X server (Xvfb) and timed by the same screen watch (benchmarks/screen_watch.py: the
first grab of the page area's final picture, with ink in it and unchanged for a second), first
open (fresh settings and caches) and reopen (the same ones again), War and Peace and a small
book, and issue 42's formats (`comic_books`: comics as CB7, CBT and CBR; `format_books.py`:
Jekyll and Hyde as calibre made it in PDF, MOBI 6 and AZW3) beside the peers that open them; with
the peak memory of each reader's whole process tree until then (RSS and PSS), and until 15 s from
launch (Pagemate's preparation child, started after the first page, loads its embedding model
within it).

Rounds interleave the readers (their order turns each round) and the books, median of
BENCH_PEERS_RUNS (default 5). A reader that is not installed is left out with a note: calibre
and Foliate are Debian packages that `scripts/install-bench-peers.sh` installs (never needed by
`make test`). Each reader gets a home of its own per round (HOME, XDG folders, READER_APP_HOME);
all share one D-Bus session bus, so a service the bus starts is nobody's memory. calibre's
browser engine runs without its sandbox (it refuses to start as root otherwise), and its help
overlay, which covers the first two books a new calibre shows, is seeded as already shown. Each
reader opens at its own window size (there is no window manager): calibre's is the smallest.
Without Xvfb the whole group is skipped with a note. Grabs of each first page are left in
BENCH_PEERS_SHOTS (default a temporary folder) for a look.
"""

from __future__ import annotations

import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.bench_reader import BOOKS, ROOT
from benchmarks.format_books import format_books as converted_books

SCREEN = "1280x900x24"
LATER_SECONDS = 15  # memory is also watched until then from launch: work begun after the page
Command = Callable[[Path], list[str]]
READERS: dict[str, tuple[str, Command]] = {
    # name: (the program that must be installed, the command for a book)
    "Pagemate": (sys.executable, lambda book: [sys.executable, "-m", "reader_app", str(book)]),
    "calibre": ("ebook-viewer", lambda book: ["ebook-viewer", str(book)]),
    "Foliate": ("foliate", lambda book: ["foliate", str(book)]),
}
# The formats each peer opens (issue 42: measured beside the peers where they open the format).
PEER_SUFFIXES: dict[str, frozenset[str]] = {
    # Not CBR or CBT: Debian's calibre 6.13 says "Failed to open the book" over its "Preparing
    # book for first read" screen (no unrar; no tar comics), and that screen has ink too.
    "calibre": frozenset({".epub", ".cbz", ".cb7", ".pdf", ".mobi", ".azw3",
                          ".fb2", ".fb2.zip", ".txt", ".md"}),
    # Not PDF: Debian's Foliate says "File type not supported", and that screen has ink too.
    "Foliate": frozenset({".epub", ".cbz", ".mobi", ".azw3", ".fb2", ".fb2.zip"}),
}


def comic_books(folder: Path) -> dict[str, Path]:
    """Issue 42's formats, each made from a corpus book into `folder`: Pepper&Carrot episode 2
    as CB7 and CBT, and as CBR where RARLAB's `rar` is installed."""
    from scripts.make_format_fixtures import write_cb7, write_cbr, write_cbt, zip_members
    from tests.conftest import COMICS, PEPPER2

    cbz = COMICS / PEPPER2
    if not cbz.exists():
        return {}
    members = zip_members(cbz)
    books = {"Pepper&Carrot 2 (CB7)": write_cb7(members, folder / "pepper2.cb7"),
             "Pepper&Carrot 2 (CBT)": write_cbt(members, folder / "pepper2.cbt")}
    if shutil.which("rar"):
        books["Pepper&Carrot 2 (CBR)"] = write_cbr(members, folder / "pepper2.cbr")
    return books


def opens(reader: str, book: Path) -> bool:
    suffixes = PEER_SUFFIXES.get(reader)
    return suffixes is None or any(book.name.lower().endswith(s) for s in suffixes)


def _free_display() -> int:
    return next(n for n in range(57, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists()
                and not Path(f"/tmp/.X{n}-lock").exists())


def _start_x() -> tuple[subprocess.Popen[bytes], str]:
    number = _free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", SCREEN, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists():
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise RuntimeError("Xvfb did not start")
        time.sleep(0.05)
    return server, f":{number}"


def _start_bus() -> tuple[int, str]:
    out = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1",
                          "--print-pid=1"], capture_output=True, text=True, check=True).stdout
    address, pid = out.split()[:2]
    return int(pid), address


def _env(home: Path, display: str, bus: str) -> dict[str, str]:
    # An installed Pagemate runs from compiled bytecode (run() compiles it first), as the peers'
    # Python does: a shell that asks for no bytecode must not make it compile every launch.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("QT_", "XDG_")) and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(DISPLAY=display, HOME=str(home), READER_APP_HOME=str(home / "pagemate"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_DATA_HOME=str(home / ".local" / "share"), XDG_RUNTIME_DIR=str(home / "run"),
               DBUS_SESSION_BUS_ADDRESS=bus, QT_QPA_PLATFORM="xcb",
               QTWEBENGINE_DISABLE_SANDBOX="1")
    (home / "run").mkdir(parents=True, exist_ok=True, mode=0o700)
    # calibre covers the first two books it shows with a help overlay ("Welcome to the calibre
    # E-book viewer! Press any key"): seeded as shown, as for a reader who has used it before.
    calibre = home / ".config" / "calibre"
    calibre.mkdir(parents=True, exist_ok=True)
    (calibre / "viewer-webengine.json").write_text(
        json.dumps({"session_data": {"controls_help_shown_count": 2}}))
    return env


def _watch(
    command: list[str], env: dict[str, str], shot: Path, ink: float | None = None
) -> dict[str, object]:
    inked = ["--ink", str(ink)] if ink is not None else []
    out = subprocess.run([sys.executable, "-m", "benchmarks.screen_watch", "--out", str(shot),
                          "--later", str(LATER_SECONDS), *inked, "--", *command],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    lines = out.stdout.strip().splitlines()
    if not lines:
        return {"ok": False, "error": out.stderr.strip()[-300:]}
    return dict(json.loads(lines[-1]))


def run(
    books: dict[str, Path] | None = None, *, ink: float | None = None
) -> list[dict[str, object]]:
    """The rows for `books` (name -> file; by default bench_reader's EPUBs with issue 42's comics
    and converted books); `ink`: the share of the page area a first page must ink (screen_watch's
    --ink)."""
    if shutil.which("Xvfb") is None or shutil.which("dbus-daemon") is None:
        return [{"metric": "launch to first page beside the peers", "value": None, "unit": "",
                 "note": "skipped: needs Xvfb and dbus-daemon (scripts/install-bench-peers.sh)"}]
    runs = int(os.environ.get("BENCH_PEERS_RUNS", "5"))
    compileall.compile_dir(ROOT / "reader_app", quiet=1)
    shots = Path(os.environ.get("BENCH_PEERS_SHOTS") or tempfile.mkdtemp(prefix="peers-shots-"))
    shots.mkdir(parents=True, exist_ok=True)
    readers = {name: command for name, (program, command) in READERS.items()
               if shutil.which(program)}
    missing = [name for name in READERS if name not in readers]
    server, display = _start_x()
    bus_pid, bus = _start_bus()
    seen: dict[tuple[str, str, str], list[dict[str, object]]] = {}
    # BENCH_PEERS_BOOKS ("Jekyll and Hyde (PDF)"): only those books, for a check of one case
    wanted = [n for n in os.environ.get("BENCH_PEERS_BOOKS", "").split(",") if n]
    made = books if books is not None else {
        **BOOKS, **comic_books(Path(tempfile.mkdtemp(prefix="peers-books-"))),
        **converted_books()}
    books = {name: book for name, book in made.items() if not wanted or name in wanted}
    try:
        for round_number in range(runs):
            names = list(readers)
            turn = round_number % len(names)
            for book_name, book in books.items():
                for name in names[turn:] + names[:turn]:
                    if not opens(name, book):
                        continue
                    with tempfile.TemporaryDirectory(prefix="peer-home-") as tmp:
                        env = _env(Path(tmp), display, bus)
                        for mode in ("first open", "reopen"):
                            shot = shots / f"{name}-{book_name}-{mode}-{round_number}.png"
                            result = _watch(readers[name](book), env, shot.with_name(
                                shot.name.replace(" ", "_")), ink)
                            seen.setdefault((name, book_name, mode), []).append(result)
                            print(f"   {name}, {book_name}, {mode}: "
                                  f"{result.get('first_page_s', result.get('error'))}",
                                  flush=True)
    finally:
        server.terminate()
        server.wait(10)
        os.kill(bus_pid, 15)
    return _rows(seen, books=list(books), readers=list(readers), missing=missing, runs=runs,
                 shots=shots)


def _median(results: list[dict[str, object]], key: str) -> float | None:
    values = [float(str(r[key])) for r in results if r.get("ok")]
    return statistics.median(values) if values else None


def _rows(
    seen: dict[tuple[str, str, str], list[dict[str, object]]], *, books: list[str],
    readers: list[str], missing: list[str], runs: int, shots: Path,
) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for book_name in books:
        for mode in ("first open", "reopen"):
            ours = seen.get(("Pagemate", book_name, mode), [])
            our_time, our_memory = _median(ours, "first_page_s"), _median(ours, "peak_rss_mb")
            for name in readers:
                if (name, book_name, mode) not in seen:  # a peer that does not open the format
                    continue
                results = seen[(name, book_name, mode)]
                failed = [str(r.get("error")) for r in results if not r.get("ok")]
                seconds, rss = _median(results, "first_page_s"), _median(results, "peak_rss_mb")
                pss = _median(results, "peak_pss_mb")
                later = _median(results, "later_rss_mb")
                later_pss = _median(results, "later_pss_mb")
                label = f"{book_name} {mode}, {name}"
                note = f"{len(failed)} of {runs} failed: {failed[0]}" if failed else ""
                rows.append({"metric": f"{label}: launch to first page (median of {runs})",
                             "value": seconds, "unit": "s", "note": note})
                rows.append({"metric": f"{label}: process tree's peak memory", "value": rss,
                             "unit": "MB RSS",
                             "note": f"PSS {pss:.0f} MB" if pss is not None else ""})
                rows.append({"metric": f"{label}: process tree's peak memory within "
                                       f"{LATER_SECONDS} s of launch", "value": later,
                             "unit": "MB RSS",
                             "note": f"PSS {later_pss:.0f} MB" if later_pss is not None else ""})
                if name == "Pagemate" or None in (seconds, our_time, rss, our_memory):
                    continue
                assert seconds is not None and our_time is not None
                assert rss is not None and our_memory is not None
                goal = "≥ 1.5" if mode == "reopen" else "≥ 2"
                rows.append({"metric": f"{label}: its time / Pagemate's", "unit": "x",
                             "value": seconds / our_time, "target": goal})
                rows.append({"metric": f"{label}: Pagemate's memory / its", "unit": "x",
                             "value": our_memory / rss, "target": "≤ 0.6"})
    for name in missing:
        rows.append({"metric": f"{name}: not measured", "value": None, "unit": "",
                     "note": "not installed: run scripts/install-bench-peers.sh"})
    rows.append({"metric": "first-page grabs", "value": None, "unit": "", "note": str(shots)})
    return rows
