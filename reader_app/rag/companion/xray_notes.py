"""X-Ray cards: descriptions "as of Chapter 12", and name merges a model may propose.

A description is written by the model from the passages where the name appears up to the
boundary (its first mentions and its latest ones), stored with that boundary, and refreshed
when the reader has passed more of its mentions. With no model, the card shows the first
sentences that introduce the name. Model merges are stored as links made at the boundary.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Book
from reader_app.books.text.language import decided_language
from reader_app.errors import ReaderError
from reader_app.rag.companion.calls import CompanionCalls
from reader_app.rag.companion.entity_store import add_model_link
from reader_app.rag.companion.store import CompanionText, latest_usable, save_text
from reader_app.rag.companion.words import AS_OF_HERE, AS_OF_START
from reader_app.rag.companion.xray import XRayEntry, known_entities, mention_sids
from reader_app.rag.index.sentences import locator_for_sid, sentences_between
from reader_app.rag.scope.boundary import Scope
from reader_app.rag.scope.excerpts import Span, excerpts_in_scope

FIRST_MENTIONS = 3  # the passages that introduce a name...
LATEST_MENTIONS = 5  # ...and the most recent ones, each with the sentence before it
INTRO_SENTENCES = 2
MERGE_CANDIDATES = 12


@dataclass(frozen=True, slots=True)
class Description:
    text: str
    as_of: str  # "Chapter 12": where the boundary was when it was written
    made_at_sid: int
    source: str  # model | extract
    mention_count: int


def stored_description(
    conn: sqlite3.Connection, book: Book, scope: Scope, entry: XRayEntry
) -> Description | None:
    """The newest description usable at `scope`, or None."""
    stored = latest_usable(conn, scope, book_id=book.book_id, kind="description",
                           subject=str(entry.key))
    return None if stored is None else _description(conn, book, stored)


def needs_refresh(description: Description | None, entry: XRayEntry) -> bool:
    """No model description yet, or the reader has since passed a good many more mentions."""
    if description is None or description.source != "model":
        return True
    grown = entry.mentions - description.mention_count
    return grown >= max(3, description.mention_count // 4)


def introduction(conn: sqlite3.Connection, book: Book, scope: Scope,
                 entry: XRayEntry) -> Description:
    """The first sentences that mention the name: the card's text when no model is available."""
    sids = mention_sids(conn, scope, entry)[:INTRO_SENTENCES]
    texts = [s.text for sid in sids for s in sentences_between(conn, book.book_id, sid, sid)]
    return Description(" ".join(texts), _as_of(conn, book, scope.boundary_sid),
                       scope.boundary_sid, "extract", entry.mentions)


def describe(
    conn: sqlite3.Connection, book: Book, scope: Scope, entry: XRayEntry, gateway: CompanionCalls
) -> Description:
    """Ask the model for a description from in-scope passages, store it and return it."""
    excerpts = excerpts_in_scope(conn, scope, description_spans(conn, book, scope, entry))
    text = gateway.companion_text("describe", excerpts, title=book.metadata.title,
                                  subject=entry.name, language=decided_language(book))
    save_text(conn, book_id=book.book_id, kind="description", subject=str(entry.key),
              sid_start=excerpts.excerpts[0].sid_start, sid_end=excerpts.excerpts[-1].sid_end,
              made_at_sid=scope.boundary_sid, text=text, source="model", model=gateway.model,
              mention_count=entry.mentions)
    return Description(text, _as_of(conn, book, scope.boundary_sid), scope.boundary_sid,
                       "model", entry.mentions)


def description_spans(
    conn: sqlite3.Connection, book: Book, scope: Scope, entry: XRayEntry, *,
    first: int = FIRST_MENTIONS, latest: int = LATEST_MENTIONS, sids: list[int] | None = None,
) -> list[Span]:
    """The first and latest mentions up to the boundary (or of `sids`, mentions chosen by the
    caller), each with the sentence before it."""
    sids = mention_sids(conn, scope, entry) if sids is None else sids
    chosen = sorted(set(sids[:first] + sids[-latest:]))
    spans: list[Span] = []
    for sid in chosen:
        start = max(sid - 1, 0)
        if spans and start <= spans[-1].sid_end + 1:
            spans[-1] = Span(book.book_id, spans[-1].sid_start, sid, spans[-1].label)
        else:
            label = book.chapter_title(locator_for_sid(conn, book.book_id, sid))
            spans.append(Span(book.book_id, start, sid, label))
    return spans


def propose_merges(
    conn: sqlite3.Connection, book: Book, scope: Scope, gateway: CompanionCalls
) -> int:
    """Let the model say which of the most mentioned names are one person, from each name's
    first passages up to the boundary. Stored as links made at the boundary; returns how many."""
    people = known_entities(conn, scope, kinds=("person",))[:MERGE_CANDIDATES]
    if len(people) < 2:
        return 0
    spans = []
    for entry in people:
        first = mention_sids(conn, scope, entry)[:2]
        spans += [Span(book.book_id, sid, sid, entry.name) for sid in first]
    excerpts = excerpts_in_scope(conn, scope, spans)
    by_name = {entry.name: entry for entry in people}
    try:
        pairs = gateway.same_names(tuple(by_name), excerpts)
    except (ReaderError, ValueError):
        return 0
    for a, b in pairs:
        keep, join = sorted((by_name[a], by_name[b]), key=lambda e: e.key)
        add_model_link(conn, book.book_id, form_id=join.key, into_form_id=keep.key,
                       made_at_sid=scope.boundary_sid)
    return len(pairs)


def _description(conn: sqlite3.Connection, book: Book, stored: CompanionText) -> Description:
    return Description(stored.text, _as_of(conn, book, stored.made_at_sid), stored.made_at_sid,
                       stored.source, stored.mention_count)


def _as_of(conn: sqlite3.Connection, book: Book, sid: int) -> str:
    if sid < 0:
        return AS_OF_START
    return book.chapter_title(locator_for_sid(conn, book.book_id, sid)) or AS_OF_HERE
