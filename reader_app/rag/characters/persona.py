"""A character's persona for character chat, made only from what the reader has read.

Two passes through the gateway, both from sealed excerpts at or before the boundary: first the
facts (who they are, what they have done and said, whom they know), then their voice, from
their own dialogue and those notes. A persona is stored with the boundary it was made at (a
`companion_texts` row of kind "persona") and is used only while the boundary is at or beyond
it: after a Reset, a persona made further on is never read again (`rag/scope/boundary.py` decides).
It is remade once the reader has passed enough new mentions of the character.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Protocol

from reader_app.books.model import Book
from reader_app.rag.companion.entity_store import speech_mentions_of
from reader_app.rag.companion.store import latest_usable, save_text
from reader_app.rag.companion.xray import XRayEntry, mention_sids
from reader_app.rag.companion.xray_notes import description_spans
from reader_app.rag.index.sentences import sentences_between
from reader_app.rag.scope.boundary import Scope, derived_text_usable
from reader_app.rag.scope.excerpts import (
    ScopedExcerpts,
    UsableText,
    excerpts_in_scope,
    from_summaries,
    joined,
)
from reader_app.rag.scope.seal import ScopeViolationError, Sealed


class PersonaWriter(Protocol):
    """The two persona passes (`rag/characters/calls.py`)."""

    @property
    def model(self) -> str: ...

    def persona_facts(self, excerpts: ScopedExcerpts, *, name: str, title: str) -> str: ...

    def persona_voice(self, excerpts: ScopedExcerpts, *, name: str, title: str) -> str: ...


KIND = "persona"
FACT_FIRST, FACT_LATEST = 4, 10  # mentions the facts pass reads: the first and the latest
SPEECH_FIRST, SPEECH_LATEST = 2, 10  # sentences where they speak, for the voice pass
MAX_QUOTES = 5
QUOTE = re.compile(r"[“\"]([^”\"]{12,240})[”\"]")
_SEAL = object()


class PersonaScopeError(ScopeViolationError):
    """A bug: a persona made past the boundary was about to be used. Never caught."""


@dataclass(frozen=True, slots=True)
class Persona(Sealed):
    """Who the character is at `made_at_sid`. Sealed: built here from scoped text only."""

    key: int
    name: str
    facts: str
    voice: str
    quotes: tuple[str, ...]  # their own words, quoted from passages at or before made_at_sid
    made_at_sid: int
    mention_count: int  # mentions of the character the reader had passed when it was made
    source: str  # model | extract
    _seal: object = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._seal is not _SEAL:
            raise PersonaScopeError("build a Persona with usable_persona or build_persona")

    def usable_at(self, boundary_sid: int) -> bool:
        return self.made_at_sid <= boundary_sid


def usable_persona(conn: sqlite3.Connection, scope: Scope, entry: XRayEntry) -> Persona | None:
    """The newest stored persona made at or before the boundary, or None."""
    stored = latest_usable(conn, scope, book_id=scope.book_id, kind=KIND, subject=str(entry.key))
    if stored is None:
        return None
    data = json.loads(stored.text)
    return Persona(entry.key, entry.name, str(data["facts"]), str(data["voice"]),
                   tuple(str(q) for q in data["quotes"]), stored.made_at_sid,
                   stored.mention_count, stored.source, _SEAL)


def needs_rebuild(persona: Persona | None, entry: XRayEntry) -> bool:
    """None yet, only extracts, or the reader has passed enough new mentions since."""
    if persona is None or persona.source != "model":
        return True
    return entry.mentions - persona.mention_count >= max(5, persona.mention_count // 4)


def build_persona(conn: sqlite3.Connection, book: Book, scope: Scope, entry: XRayEntry,
                  gateway: PersonaWriter) -> Persona:
    """Both passes from in-scope passages, stored with the boundary. Raises the gateway's
    errors (nothing is stored then)."""
    facts_excerpts = _facts_excerpts(conn, book, scope, entry)
    title = book.metadata.title
    facts = gateway.persona_facts(facts_excerpts, name=entry.name, title=title)
    notes = from_summaries(scope, [UsableText(book.book_id, scope.boundary_sid,
                                              f"Notes on {entry.name}", facts)])
    dialogue = _dialogue_excerpts(conn, book, scope, entry)
    voice = gateway.persona_voice(joined(notes, dialogue), name=entry.name, title=title)
    quotes = own_words(dialogue)
    save_text(conn, book_id=book.book_id, kind=KIND, subject=str(entry.key),
              sid_start=facts_excerpts.excerpts[0].sid_start,
              sid_end=max(e.sid_end for e in (*facts_excerpts.excerpts, *dialogue.excerpts)),
              made_at_sid=scope.boundary_sid,
              text=json.dumps({"facts": facts, "voice": voice, "quotes": list(quotes)},
                              ensure_ascii=False),
              source="model", model=gateway.model, mention_count=entry.mentions)
    return Persona(entry.key, entry.name, facts, voice, quotes, scope.boundary_sid,
                   entry.mentions, "model", _SEAL)


def extract_persona(conn: sqlite3.Connection, book: Book, scope: Scope,
                    entry: XRayEntry) -> Persona:
    """With no model: the sentences that introduce them and their own words, not stored."""
    sids = mention_sids(conn, scope, entry)[:3]
    facts = " ".join(s.text for sid in sids for s in sentences_between(conn, book.book_id, sid,
                                                                         sid))
    quotes = own_words(_dialogue_excerpts(conn, book, scope, entry))
    return Persona(entry.key, entry.name, facts, "", quotes, scope.boundary_sid, entry.mentions,
                   "extract", _SEAL)


def check_usable(persona: Persona, scope: Scope) -> None:
    """The last check before a persona joins a request."""
    if not derived_text_usable(scope, scope.book_id, made_at_sid=persona.made_at_sid):
        raise PersonaScopeError(
            f"a persona made at sentence {persona.made_at_sid} is not usable at boundary "
            f"{scope.boundary_sid}"
        )


def own_words(dialogue: ScopedExcerpts) -> tuple[str, ...]:
    """Lines in quotation marks from the passages where they speak, latest first."""
    found: list[str] = []
    for excerpt in reversed(dialogue.excerpts):
        for match in QUOTE.finditer(excerpt.text):
            line = " ".join(match.group(1).split()).strip(" ,")
            if line and line not in found:
                found.append(line)
    return tuple(found[:MAX_QUOTES])


def _facts_excerpts(conn: sqlite3.Connection, book: Book, scope: Scope,
                    entry: XRayEntry) -> ScopedExcerpts:
    spans = description_spans(conn, book, scope, entry, first=FACT_FIRST, latest=FACT_LATEST)
    return excerpts_in_scope(conn, scope, spans)


def _dialogue_excerpts(conn: sqlite3.Connection, book: Book, scope: Scope,
                       entry: XRayEntry) -> ScopedExcerpts:
    """The sentences where they speak, each with the one before; the facts' passages when the
    book never says "said <name>" up to here."""
    spoken = speech_mentions_of(conn, book.book_id, entry.form_ids, scope.boundary_sid)
    if not spoken:
        return _facts_excerpts(conn, book, scope, entry)
    spans = description_spans(conn, book, scope, entry, first=SPEECH_FIRST,
                              latest=SPEECH_LATEST, sids=spoken)
    return excerpts_in_scope(conn, scope, spans)
