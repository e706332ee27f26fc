"""Text from outside (a model's reply, a server's error, an address as typed) made safe to print
or to put in a message: control characters are shown as escapes, so a reply cannot set the
terminal's title (`ESC ] 0 ;`), clear it (`ESC [2J`), move its cursor, hide what came before it
(a carriage return) or turn text around (the bidirectional overrides)."""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, the C1 controls (0x9b is a one-byte CSI to some
# terminals), and the bidirectional marks, embeddings, overrides and isolates.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
_IN_TEXT = re.compile(f"[{_CONTROLS}]")
_IN_LINE = re.compile(f"[{_CONTROLS}\t\n]")


def printable(text: str, *, one_line: bool = False) -> str:
    """`text` with every control character shown as its escape (`\\x1b`, `\\u202e`); with
    `one_line`, tabs and newlines too (an address, a name in a sentence)."""
    return (_IN_LINE if one_line else _IN_TEXT).sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"
