"""Big SVGs are rasterised by resvg in a child process, so the window never waits on the GIL.

resvg (a Rust extension) holds the GIL for the whole render: a 1.9 MB cover (War and Peace)
takes about 240 ms, and every Python thread, the UI's included, waits that long. Markup at or
above `CHILD_MIN_BYTES` is therefore drawn by `python -c` in a child process with the same
arguments; smaller drawings take a few milliseconds and stay in process. In a frozen bundle
(no interpreter to start) or when the child fails, the caller draws in process as before.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys

log = logging.getLogger(__name__)

CHILD_MIN_BYTES = 256 * 1024
CHILD_TIMEOUT_S = 60.0

# Reads one JSON line of options, then the SVG markup, from stdin; writes the PNG to stdout.
_CHILD = """
import json, sys
import resvg_py
options = json.loads(sys.stdin.buffer.readline())
svg = sys.stdin.buffer.read().decode("utf-8", errors="replace")
sys.stdout.buffer.write(bytes(resvg_py.svg_to_bytes(svg_string=svg, **options)))
"""


def can_render_in_child(data: bytes) -> bool:
    return len(data) >= CHILD_MIN_BYTES and not getattr(sys, "frozen", False)


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
