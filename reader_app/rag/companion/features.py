"""The companion features in one place, for the window, the command line and character chat.

`Companion` reads the scope from the recorded reading state (or takes one from the command
line's --at), and falls back to extracts when no model is reachable. Every model call it makes
goes through the gateway with `ScopedExcerpts`.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from reader_app.books.model import Book, Locator
from reader_app.cancel import CancelToken
from reader_app.errors import ModelMissingError, ReaderError
from reader_app.rag.companion.calls import CompanionCalls
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.recaps import (
    StorySoFar,
    chapters_to_summarise,
    current_chapter,
    previously,
    series_recap,
    story_so_far,
    summarise_chapter,
)
from reader_app.rag.companion.xray import (
    RelationshipMap,
    XRayEntry,
    entity_by_key,
    find_by_name,
    known_entities,
    mention_sids,
    relationship_map,
)
from reader_app.rag.companion.xray_notes import (
    Description,
    describe,
    introduction,
    needs_refresh,
    propose_merges,
    stored_description,
)
from reader_app.rag.index.sentences import locator_for_sid
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.speeds import speeds_for
from reader_app.rag.scope.boundary import Scope, scope_for_book
from reader_app.store.file_lock import database_file

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MentionPlace:
    sid: int
    locator: Locator
    chapter: str


@dataclass(frozen=True, slots=True)
class XRayCard:
    entry: XRayEntry
    mentions: tuple[MentionPlace, ...]  # every mention up to the boundary, in reading order
    description: Description
    stale: bool  # the description is older than the reader's knowledge: refresh it

    @property
    def first_appearance(self) -> MentionPlace:
        return self.mentions[0]


class Companion:
    """X-Ray, recaps and the relationship map of one library, at the recorded boundary."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        *,
        gateway: ModelGateway | None,
        prepared: frozenset[str] = frozenset(),
    ) -> None:
        self.conn = conn
        # Its calls over the port, which it owns: closed with it.
        self.gateway = CompanionCalls(gateway) if gateway is not None else None
        self.model_error: ReaderError | None = None
        # Books whose sentences and names a caller has already checked in this session.
        self.prepared = set(prepared)

    @classmethod
    def from_settings(
        cls, conn: sqlite3.Connection, *, use_model: bool = True,
        prepared: frozenset[str] = frozenset(), cancel: CancelToken | None = None,
    ) -> Companion:
        """The companion of the library on `conn`; `cancel`: the job it works for, so that
        waiting for the model server's turn ends when the job is cancelled."""
        from reader_app.rag.assistant.engine import AssistantConfig

        if not use_model:
            return cls(conn, gateway=None, prepared=prepared)
        config = AssistantConfig.from_settings(conn)
        # The library's measured speeds: a long background prompt is then read ahead in steps
        # a question can stop quickly (rag/model/gateway.py, READ_AHEAD_*).
        database = database_file(conn)
        speeds = speeds_for(None if database is None else database.parent)
        return cls(conn, gateway=config.gateway(speeds=speeds, cancel=cancel), prepared=prepared)

    def close(self) -> None:
        if self.gateway is not None:
            self.gateway.port.close()

    def prepare(self, book: Book) -> None:
        """The sentence table and the names; quick after the first time."""
        if book.book_id in self.prepared:
            return
        ensure_sentences(self.conn, book)
        ensure_entities(self.conn, book)
        self.prepared.add(book.book_id)

    def scope(self, book: Book) -> Scope:
        return scope_for_book(self.conn, book.book_id)

    # -- X-Ray ------------------------------------------------------------------------------

    def xray(self, book: Book, scope: Scope | None = None) -> list[XRayEntry]:
        self.prepare(book)
        return known_entities(self.conn, scope or self.scope(book))

    def find(self, book: Book, name: str, scope: Scope | None = None) -> XRayEntry | None:
        self.prepare(book)
        return find_by_name(self.conn, scope or self.scope(book), name)

    def card(
        self, book: Book, key: int, scope: Scope | None = None, *, write: bool = False
    ) -> XRayCard | None:
        """The card of `key` at the boundary. With `write`, a stale description is remade by
        the model first (a worker's job); otherwise the stored one or the introduction."""
        self.prepare(book)
        scope = scope or self.scope(book)
        entry = entity_by_key(self.conn, scope, key)
        if entry is None:
            return None
        description = stored_description(self.conn, book, scope, entry)
        if write and needs_refresh(description, entry) and self._model_ok():
            assert self.gateway is not None
            try:
                description = describe(self.conn, book, scope, entry, self.gateway)
            except ReaderError as error:
                self._failed(error)
        stale = needs_refresh(description, entry)
        if description is None:
            description = introduction(self.conn, book, scope, entry)
        places = tuple(
            MentionPlace(sid, loc, book.chapter_title(loc))
            for sid in mention_sids(self.conn, scope, entry)
            for loc in (locator_for_sid(self.conn, book.book_id, sid),)
        )
        return XRayCard(entry, places, description, stale)

    def relationships(self, book: Book, scope: Scope | None = None) -> RelationshipMap:
        self.prepare(book)
        return relationship_map(self.conn, scope or self.scope(book))

    def merge_names(self, book: Book, scope: Scope | None = None) -> int:
        if not self._model_ok():
            return 0
        assert self.gateway is not None
        self.prepare(book)
        return propose_merges(self.conn, book, scope or self.scope(book), self.gateway)

    # -- the story so far -------------------------------------------------------------------

    def story(self, book: Book, scope: Scope | None = None) -> StorySoFar:
        self.prepare(book)
        return story_so_far(self.conn, book, scope or self.scope(book))

    def catch_up(self, book: Book, scope: Scope | None = None, *, partial: bool = True) -> int:
        """Summarise every chapter passed with no summary yet (and the current part read)."""
        if not self._reachable():
            return 0
        self.prepare(book)
        scope = scope or self.scope(book)
        made = 0
        todo = chapters_to_summarise(self.conn, book, scope)
        current = current_chapter(self.conn, book, scope) if partial else None
        if current is not None and current.sid_end > scope.boundary_sid >= current.sid_start:
            todo.append(current)
        for chapter in todo:
            if not self._model_ok():
                break
            assert self.gateway is not None
            try:
                summarise_chapter(self.conn, book, scope, chapter, self.gateway)
            except ReaderError as error:
                self._failed(error)
                break
            made += 1
        return made

    def previously(self, book: Book, scope: Scope | None = None) -> str:
        self.prepare(book)
        scope = scope or self.scope(book)
        try:
            return previously(self.conn, book, scope, self.gateway if self._model_ok() else None)
        except ReaderError as error:
            self._failed(error)
            return previously(self.conn, book, scope, None)

    def series_recap(
        self, book: Book, volumes: dict[str, Book], scope: Scope | None = None
    ) -> str:
        scope = scope or self.scope(book)
        for volume in volumes.values():
            self.prepare(volume)
        gateway = self.gateway if self._model_ok() else None
        try:
            return series_recap(self.conn, book, scope, volumes, gateway)
        except ReaderError as error:
            self._failed(error)
            return series_recap(self.conn, book, scope, volumes, None)

    # -- internals --------------------------------------------------------------------------

    def _reachable(self) -> bool:
        """A cheap first call, so that no book work is done for a model that isn't there."""
        if not self._model_ok():
            return False
        assert self.gateway is not None
        try:
            if self.gateway.port.models.has():
                return True
            self._failed(ModelMissingError(model=self.gateway.model, host=self.gateway.port.host))
        except ReaderError as error:
            self._failed(error)
        return False

    def _model_ok(self) -> bool:
        return self.gateway is not None and self.model_error is None

    def _failed(self, error: ReaderError) -> None:
        log.info("companion model call failed: %s", error)
        self.model_error = error
