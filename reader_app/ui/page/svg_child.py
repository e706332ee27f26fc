"""Big SVGs are rasterised by resvg in a child process, so the window never waits on the GIL.

resvg (a Rust extension) holds the GIL for the whole render: a 1.9 MB cover (War and Peace)
takes about 240 ms, and every Python thread, the UI's included, waits that long. The time grows
with the markup and with the pixels drawn: War and Peace's 20 KB logo took 18 ms at 400 px
wide, 52 ms at 800 px and 154 ms at 1600 px. Markup at or above `CHILD_MIN_BYTES`, and any
drawing of `CHILD_MIN_PIXELS` or more, is therefore drawn by `python -c` in a child process with
the same arguments; small drawings drawn small take a few milliseconds and stay in process. In a
frozen bundle (no interpreter to start) or when the child fails, the caller draws in process.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys

log = logging.getLogger(__name__)

CHILD_MIN_BYTES = 256 * 1024
CHILD_MIN_PIXELS = 160_000  # 400 x 400: from about 15 ms of resvg up
CHILD_TIMEOUT_S = 60.0

# Reads one JSON line of options, then the SVG markup, from stdin; writes the PNG to stdout.
_CHILD = """
import json, sys
import resvg_py
options = json.loads(sys.stdin.buffer.readline())
svg = sys.stdin.buffer.read().decode("utf-8", errors="replace")
sys.stdout.buffer.write(bytes(resvg_py.svg_to_bytes(svg_string=svg, **options)))
"""


def can_render_in_child(data: bytes, pixels: int = 0) -> bool:
    """Whether drawing `data` at `pixels` (width x height) goes to a child process."""
    big = len(data) >= CHILD_MIN_BYTES or pixels >= CHILD_MIN_PIXELS
    return big and not getattr(sys, "frozen", False)


def render_in_child(data: bytes, **options: object) -> bytes | None:
    """resvg's PNG for `data` drawn in a child process, or None if that could not be done."""
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-c", _CHILD],
            input=json.dumps(options).encode() + b"\n" + data,
            capture_output=True,
            timeout=CHILD_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as error:
        log.info("could not start the SVG renderer process: %s", error)
        return None
    if done.returncode != 0 or not done.stdout:
        log.info("the SVG renderer process failed: %s", done.stderr.decode(errors="replace")[-300:])
        return None
    return done.stdout
