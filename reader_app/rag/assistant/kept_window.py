"""Kept from one reading to the next, where the server can: llama.cpp's server started with
`--slot-save-path` writes what a slot has read to a file and reads it back in a fraction of a
second (`ModelGateway.slot`). When a book closes, the window the server read along is saved,
the file named for the book, the server and model, and the window's extent (its anchor and the
boundary it was read to); when the book opens again at that boundary or past it, the file is
restored before reading along, so the server reads only what was read since.

Only what the server holds is saved: the last prompt this process sent it must begin with the
window's request (a chapter summary sent after it leaves nothing worth keeping). Nothing is
restored that reaches past the boundary: a window saved further on than the reader now is
(the mark moved back) stays on the server's disk. A restore that fails costs only a re-read.

Which file holds which book's window is kept in the library folder (`kept-windows.json`): the
server's folder cannot be listed, and the anchor must be the same again for the file to fit.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import threading
from dataclasses import asdict, dataclass
from pathlib import Path

from reader_app.rag.assistant.read_along import Window, reading_key
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.pacing import flat_prompt
from reader_app.rag.model.wire import SlotFile
from reader_app.rag.scope.request import ModelRequest

log = logging.getLogger(__name__)

RECORDS_FILE = "kept-windows.json"
MAX_RECORDS = 200  # books whose window is remembered; the oldest forgotten first
_lock = threading.Lock()
# The servers (queue keys) found to save slots, or not, by the restore tried on opening a book.
_saving: dict[str, bool] = {}


@dataclass(frozen=True)
class KeptWindow:
    """A window saved on the server: from `anchor` to `boundary`."""

    anchor: int
    boundary: int


def slot_file(gateway: ModelGateway, book_id: str, anchor: int, boundary: int) -> SlotFile:
    """The file a window is saved in on the server: the book, a tag of the server and model
    (what another model read is of no use to this one), the window's anchor and the boundary
    it was read to."""
    tag = hashlib.sha256(f"{gateway.queue.key}\n{gateway.model}".encode()).hexdigest()[:10]
    return SlotFile(book_id.lower(), tag, anchor, boundary)


class WindowKeeper:
    """The windows of one server and model, saved on close and restored on open."""

    def __init__(self, home: Path, gateway: ModelGateway) -> None:
        self.path = Path(home) / RECORDS_FILE
        self.gateway = gateway

    def kept(self, book_id: str) -> KeptWindow | None:
        """The window last saved for `book_id` on this server and model, if any."""
        entry = self._records().get(self._key(book_id))
        try:
            return KeptWindow(int(entry["anchor"]), int(entry["boundary"])) \
                if isinstance(entry, dict) else None
        except (KeyError, TypeError, ValueError):
            return None

    def kept_before(self, book_id: str, boundary: int) -> KeptWindow | None:
        """The window saved for `book_id` if it was read to `boundary` or before (its anchor
        is where the window must begin for it to fit)."""
        kept = self.kept(book_id)
        return kept if kept is not None and kept.boundary <= boundary else None

    def save(self, book_id: str, request: ModelRequest, window: Window,
             boundary: int) -> KeptWindow | None:
        """Save the window (read along to `boundary` with `request`) if the server holds it:
        the last prompt sent there began with it. None when not saved."""
        flat = flat_prompt(request.messages)
        if not self.saves or self.gateway.queue.shared_prefix_chars(flat) < len(flat):
            return None  # the server has read something else since
        kept = KeptWindow(window.sid_start, boundary)
        file = slot_file(self.gateway, book_id, kept.anchor, kept.boundary)
        if not self.gateway.slot("save", file):
            return None
        self._write(book_id, kept, file)
        return kept

    @property
    def saves(self) -> bool:
        """Whether the server saves slots, as a restore on opening a book found out."""
        return _saving.get(self.gateway.queue.key, False)

    def restore(self, book_id: str, window: Window, boundary: int) -> KeptWindow | None:
        """Restore the saved window that the window at `boundary` begins with; the one the
        server read back, if it did. Tried where none was saved too (the name it would have):
        that is how the app finds out whether the server saves slots at all."""
        kept = self.kept(book_id)
        if kept is None or kept.anchor != window.sid_start or kept.boundary > boundary:
            kept = KeptWindow(window.sid_start, boundary)
        restored = self.gateway.slot(
            "restore", slot_file(self.gateway, book_id, kept.anchor, kept.boundary))
        _saving[self.gateway.queue.key] = restored is not None
        return kept if restored else None

    # -- the records ------------------------------------------------------------------------

    def _key(self, book_id: str) -> str:
        return "\n".join(reading_key(self.gateway, book_id))

    def _records(self) -> dict[str, object]:
        try:
            records = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return records if isinstance(records, dict) else {}

    def _write(self, book_id: str, kept: KeptWindow, file: SlotFile) -> None:
        with _lock:
            records = self._records()
            records.pop(self._key(book_id), None)
            records[self._key(book_id)] = {**asdict(kept), "file": file.name}
            while len(records) > MAX_RECORDS:
                records.pop(next(iter(records)))
            try:  # a file of its own to write, so another Pagemate process writing meanwhile
                fd, scratch = tempfile.mkstemp(dir=self.path.parent, prefix=".kept-windows-")
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    json.dump(records, handle, indent=1)
                os.replace(scratch, self.path)
            except OSError as error:  # a full disk: the window is read again next time
                log.info("the kept window of %s was not recorded: %s", book_id, error)


def forget_saving_servers() -> None:
    """For tests: no server is known to save slots."""
    _saving.clear()
