"""Read along: the model server reads the pages the reader has read, in the background, as they
are read, so that a question pays only for what comes after them.

The window is the most recent text inside the boundary: from an anchor (three quarters of its
size back, across chapters) up to the boundary. It is the stable beginning of every answer's
prompt (prompts.py: the rules, the book, the window, then the earlier turns and the new turn),
and it grows page by page: the text from the anchor to a later boundary begins with the text to
an earlier one, so each step of reading along, and each question, reuses what the server read
before. When it has grown past `GROWTH` times its size it is re-anchored, once, and read again.

The window is sealed book text (`ScopedExcerpts`): it is made from sentence spans that the scope
admits, rebuilt from them for every request (never kept as a string), so when the boundary moves
back it holds nothing past the new one. The anchor is remembered per server, model and book in
this process; what the server has read along up to is remembered with it.

Its size follows the server: what its learnt speed reads in about `WINDOW_SECONDS` (a reader
spends a minute or two on a page), within the room its context leaves.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.rag.assistant.followup import NAME_INSIDE, QUOTATION
from reader_app.rag.assistant.places import Places
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.pacing import flat_prompt
from reader_app.rag.scope.boundary import Scope
from reader_app.rag.scope.excerpts import ScopedExcerpts, Span, excerpts_in_scope
from reader_app.rag.scope.request import ModelRequest

WINDOW_SECONDS = 90.0
UNKNOWN_SPEED_TOKENS = 2000  # before the server's speed is learnt
MIN_WINDOW_TOKENS = 600
MAX_WINDOW_TOKENS = 6000
CONTEXT_SHARE = 0.4  # of the server's context, at most, for the window
GROWTH = 1.5  # a window grown past this many times its size is re-anchored
# Of its size: how far back a new window begins. It then grows to GROWTH times its size, so
# the server reads along about as much again as the reader reads. Measured on the dev set's War
# and Peace questions asked just after their evidence, the window held it for 4 of 28 when it
# began at the chapter's start, 15 at three quarters back with a chapter's start preferred,
# 23 at three quarters back across chapters, 28 at the whole size (twice the reading).
REACH = 0.75
CHARS_PER_TOKEN = 4
# A question whose best passage lies in the window is about the pages just read: the window
# answers it, and only the best passages outside it within this many tokens go with it (the
# best one's core sentences). On the dev set's War and Peace questions asked just after their
# evidence, 100 tokens kept as much evidence as 200 or a whole budget (24 of 28), and none 23.
JUST_READ_TOKENS = 100
# A question known before any search to be about the pages read along (a quotation of them, or
# what has just happened, naming only people in them) gets no passages outside the window: the
# window holds its answer, and what the search finds in older chapters for "what has Denísov
# just done?" is noise ("What's to be done?" said by another man, chapters back) that the server
# reads afresh: about 110 of the 344 tokens such a question cost at War and Peace's 10%, two
# seconds at 50 tokens a second. Its pointers into the window still go.
ABOUT_WINDOW_TOKENS = 0
# A window the server holds this much of is sent with a question (the rest read on the way).
HELD_SHARE = 0.8
_SCAN_SENTENCES = 4000  # how far back an anchor is looked for


@dataclass
class Reading:
    """One book's window on one server: where it begins, and how far the server has read it
    (the boundary it was read to; -1: not read)."""

    anchor: int
    read_to: int = -1
    tokens: int = 0  # the window's size when last built


_readings: dict[tuple[str, str, str], Reading] = {}
_lock = threading.Lock()


def window_tokens(gateway: ModelGateway) -> int:
    """How big a window this server is given: what it reads in `WINDOW_SECONDS`, within the
    share of its context left for it."""
    speed = gateway.pace.speed
    tokens = UNKNOWN_SPEED_TOKENS if speed is None else \
        int(speed.prompt_per_second * WINDOW_SECONDS)
    context = gateway.context_tokens()
    if context:
        tokens = min(tokens, int(context * CONTEXT_SHARE))
    return max(MIN_WINDOW_TOKENS, min(tokens, MAX_WINDOW_TOKENS))


@dataclass(frozen=True)
class Window:
    """The window at one boundary: its sealed text, where it runs, its size, and the chapter it
    ends in (what the reader is told the model has read along up to)."""

    excerpts: ScopedExcerpts
    sid_start: int
    sid_end: int
    tokens: int
    ends_in: str


class ReadAlong:
    """The window of one book on one server, at the boundary of a scope."""

    def __init__(self, conn: sqlite3.Connection, book: Book, gateway: ModelGateway) -> None:
        self.conn = conn
        self.book = book
        self.gateway = gateway
        self.key = reading_key(gateway, book.book_id)

    @property
    def reading(self) -> Reading | None:
        with _lock:
            return _readings.get(self.key)

    def window(self, scope: Scope, *, only_read: bool = False) -> Window | None:
        """The window at `scope`'s boundary (None before reading, or with nothing to read),
        anchored where it was unless the boundary moved back before the anchor or the window
        has grown past its size. `only_read`: None unless the server has read along some of
        it (a question sends the window only then: read in the question's own time, it would
        cost more than the passages it replaces)."""
        boundary = scope.boundary_sid
        if boundary < 0 or scope.book_id != self.book.book_id:
            return None
        size = window_tokens(self.gateway)
        reading = self.reading
        anchor = reading.anchor if reading is not None else None
        if anchor is None or anchor > boundary or \
                self._tokens(anchor, boundary) > size * GROWTH:
            anchor = self._anchor(boundary, size)
        if only_read and (reading is None or reading.anchor != anchor
                          or not 0 <= reading.read_to <= boundary):
            return None
        window = self._build(scope, anchor)
        if window is None:
            return None
        with _lock:
            known = _readings.get(self.key)
            if known is None or known.anchor != anchor:
                _readings[self.key] = Reading(anchor, tokens=window.tokens)
            else:
                known.tokens = window.tokens
                if known.read_to > boundary:
                    known.read_to = -1  # moved back: what was read reaches past the boundary
        return window

    def resume(self, anchor: int) -> None:
        """Begin the window at `anchor` (where a window kept on the server began), unless the
        server has read some of this book's window already in this process."""
        with _lock:
            known = _readings.get(self.key)
            if known is None or known.read_to < 0:
                _readings[self.key] = Reading(anchor)

    def held(self, request: ModelRequest) -> bool:
        """Whether the server still holds most of `request` (the window's, as read along).
        llama.cpp's server keeps earlier prompts in memory (`--cache-ram`) and finds them
        again; others (Ollama) keep only the last prompt of each slot, which a chapter summary
        sent since has replaced: a question would then pay to read the window again."""
        if getattr(self.gateway.wire, "llama_cpp", False):
            return True
        flat = flat_prompt(request.messages)
        return self.gateway.queue.shared_prefix_chars(flat) >= HELD_SHARE * len(flat)

    def read_to(self, boundary: int) -> int:
        """The boundary the server has read along to, if still within `boundary` (else -1)."""
        reading = self.reading
        if reading is None or reading.read_to > boundary:
            return -1
        return reading.read_to

    # -- the window's extent ----------------------------------------------------------------

    def _tokens(self, start: int, end: int) -> int:
        row = self.conn.execute(
            "SELECT COALESCE(SUM(LENGTH(text)), 0) FROM sentences "
            "WHERE book_id = ? AND sid BETWEEN ? AND ? AND story",
            (self.book.book_id, start, end)).fetchone()
        return int(row[0]) // CHARS_PER_TOKEN

    def _anchor(self, boundary: int, size: int) -> int:
        """Where a new window begins: `REACH` of its size back from the boundary, across
        chapters (a reader a page into a chapter asks about the end of the one before)."""
        rows = self.conn.execute(
            "SELECT sid, LENGTH(text), story FROM sentences "
            "WHERE book_id = ? AND sid <= ? ORDER BY sid DESC LIMIT ?",
            (self.book.book_id, boundary, _SCAN_SENTENCES)).fetchall()
        reach = int(size * REACH) * CHARS_PER_TOKEN
        anchor, taken = boundary, 0
        for sid, length, story in rows:
            if taken >= reach:
                break
            anchor = int(sid)
            taken += int(length) if story else 0
        return anchor

    def _build(self, scope: Scope, anchor: int) -> Window | None:
        """The window from `anchor` to the boundary, a span a chapter, as sealed excerpts."""
        boundary = scope.boundary_sid
        sections = self.conn.execute(
            "SELECT section, MIN(sid), MAX(sid) FROM sentences "
            "WHERE book_id = ? AND sid BETWEEN ? AND ? GROUP BY section ORDER BY MIN(sid)",
            (self.book.book_id, anchor, boundary)).fetchall()
        places = Places(self.conn, self.book)
        spans = [Span(self.book.book_id, int(first), int(last), places.chapter_of(int(first))[0])
                 for _section, first, last in sections]
        if not spans:
            return None
        excerpts = excerpts_in_scope(self.conn, scope, spans)
        if excerpts.is_empty:
            return None
        tokens = len(excerpts.text) // CHARS_PER_TOKEN + 1
        return Window(excerpts, anchor, boundary, tokens, spans[-1].label)


_NOT_WORD = re.compile(r"[^\w]+")
QUOTED_WORDS = 3  # a quotation this long found in the window is of the pages just read


def quotes_window(question: str, window: Window) -> bool:
    """Whether `question` quotes the pages read along (a quotation of QUOTED_WORDS words or
    more found in them): it is about the pages just read even when the search's best chunk lies
    elsewhere (the last lines before the boundary are in no chunk yet, only in the window)."""
    quotes = [_plain(q) for q in QUOTATION.findall(question)]
    quotes = [q for q in quotes if len(q.split()) >= QUOTED_WORDS]
    if not quotes:
        return False
    text = _plain(window.excerpts.text)
    return any(q in text for q in quotes)


# A question about what has just happened, in the words readers use for it: "what has Pierre
# just done?", "who just came in?", "this chapter"; "qu'est-ce qu'il vient de dire ?", "à
# l'instant"; "was hat er gerade getan?", "soeben", "in diesem Kapitel"; "¿qué acaba de hacer?".
# Not a bare "just" ("why didn't she just drink it?") nor "had just" (the story's own past:
# "the man whose leg they had just cut off"), nor a bare "now" ("where is Pierre now?" asks
# where the book last left him, which may be chapters back).
JUST_NOW = re.compile(
    r"\b(?:has|have|'s|’s|'ve|’ve)\s+(?:\w+\s+)?just\b|\b(?:what|who)\s+just\b"
    r"|\bjust\s+(?:happened|now)\b|\bright now\b"
    r"|\b(?:this|the current)\s+(?:chapter|page|scene|passage)\b"
    r"|\bvien(?:s|t|nent|nez)\s+d[e’']|\bvenons\s+d[e’']|\bà l[’']instant\b"
    r"|\b(?:ce|cet)\s+(?:chapitre|passage)\b|\bcette\s+(?:page|scène)\b"
    r"|\b(?:hat|haben|hast|habt|ist|sind|bist|seid)\s+(?:\w+\s+)?(?:gerade|eben)\b|\bsoeben\b"
    r"|\bgerade eben\b|\b(?:dies|diese[mnrs]?)\s+(?:kapitel|seite|szene|stelle)\b"
    r"|\bacaba(?:s|n|mos|is)?\s+de\b|\b(?:este|esta)\s+(?:capítulo|página|escena|pasaje)\b",
    re.IGNORECASE)
_NOT_NAMES = frozenset({"Kapitel", "Seite", "Szene", "Stelle"})  # German nouns in JUST_NOW


def asks_about_just_now(question: str, window: Window) -> bool:
    """Whether `question` asks about what has just happened (JUST_NOW's words, in English,
    French, German or Spanish) and every name it asks about is in the pages read along: the
    window then holds its evidence, whatever the search ranks first (a main character's name
    finds chapters of older passages)."""
    if not JUST_NOW.search(question):
        return False
    text = window.excerpts.text
    names = set(NAME_INSIDE.findall(QUOTATION.sub(" ", question))) - _NOT_NAMES
    return all(name in text for name in names)


def about_window(question: str, window: Window) -> bool:
    """Whether `question` is known, before any search, to be about the pages read along."""
    return quotes_window(question, window) or asks_about_just_now(question, window)


def _plain(text: str) -> str:
    return " ".join(_NOT_WORD.sub(" ", text.casefold()).split())


def reading_key(gateway: ModelGateway, book_id: str) -> tuple[str, str, str]:
    return gateway.queue.key, gateway.model, book_id


def mark_read(gateway: ModelGateway, book_id: str, window: Window, *, boundary: int) -> None:
    """The server behind `gateway` has read `window` (made at `boundary`)."""
    with _lock:
        known = _readings.get(reading_key(gateway, book_id))
        if known is not None and known.anchor == window.sid_start:
            known.read_to = boundary


def forget_readings() -> None:
    """For tests: no server has read anything along."""
    with _lock:
        _readings.clear()
