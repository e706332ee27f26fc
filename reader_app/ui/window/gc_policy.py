"""Garbage collection that does not stall the page: what the window holds for long is frozen.

A full collection walks every tracked object and holds the GIL while it does: in the window
with War and Peace open that took 60 ms on the UI thread and up to 280 ms on the preparation
worker (which stalls the UI thread just the same). `settle()` moves every object alive at that
moment (modules, the window's widgets, the open book's model) into the permanent generation
(`gc.freeze`), so later full collections walk only what was made since. Frozen objects are
still freed by reference counting as usual; only a cycle among them stays until the process
ends, so the app settles at a few moments only: once started, and when a book has opened.

Only the application turns this on (`enable`, from `ui/window/launch.py`); a test process, which
makes
and drops hundreds of windows, keeps Python's ordinary collector.
"""

from __future__ import annotations

import gc

_enabled = False


def enable() -> None:
    global _enabled
    _enabled = True


def settle() -> None:
    """Freeze what is alive now, if the application turned this on."""
    if _enabled:
        gc.freeze()
