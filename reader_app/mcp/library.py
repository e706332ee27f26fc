"""What the MCP tools answer, free of the protocol: books, where the reader is, scoped search.

Every call opens its own read-only connection (`PRAGMA query_only`) and closes it, so the server
holds no lock between calls, never writes the reading state, and sees the reader's newest
boundary as soon as the app records it. The boundary comes only from the stored reading state.
A book whose text is not prepared yet is prepared in the background by the one preparation
pipeline (`reader_app.prepare`: OCR for comics, sentences, keyword index; its own connection),
while the tool tells the agent to try again shortly; the meaning index is left to the app.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reader_app.books.model import Book
from reader_app.errors import ReaderError
from reader_app.paths import database_path

log = logging.getLogger(__name__)

MAX_K = 256  # the search's own limit (rag.search.MAX_K), repeated so listing books stays light


class AgentToolError(ReaderError):
    """A tool call the agent can correct: the message says what to do."""


@dataclass(frozen=True, slots=True)
class _Reader:
    """The reading state of one book, as stored by the reader view."""

    book: Book
    boundary_sid: int
    finished: bool


class AgentLibrary:
    """The library in `home` as an agent may see it."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self._lock = threading.Lock()
        self._books: dict[str, Book] = {}
        self._embedder: Any = None
        self._vector_cache: Any = None
        self._preparing: dict[str, str] = {}  # book id -> how far its preparation is
        self._unpreparable: dict[str, str] = {}  # book id -> why it has no text

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection | None]:
        path = database_path(self.home)
        if not path.exists():
            yield None
            return
        conn = sqlite3.connect(path, timeout=30.0, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA query_only = ON")  # this server never writes the library
            yield conn
        finally:
            conn.close()

    # -- list_books ----------------------------------------------------------------------------

    def list_books(self) -> list[dict[str, str]]:
        with self._connection() as conn:
            if conn is None:
                return []
            rows = conn.execute(
                "SELECT book_id, title, authors FROM books ORDER BY title COLLATE NOCASE, book_id"
            ).fetchall()
        return [{"book_id": str(r[0]), "title": str(r[1] or ""), "author": str(r[2] or "")}
                for r in rows]

    # -- reading_position ----------------------------------------------------------------------

    def reading_position(self, book_id: str) -> dict[str, Any]:
        from reader_app.books.shelf.library import Library
        from reader_app.books.shelf.marking import place_of

        with self._connection() as conn:
            book = self._book(conn, book_id)
            assert conn is not None
            state = Library(conn, self.home).reading_state(book_id)
        place = place_of(book, state)
        return {
            "book_id": book_id,
            "title": book.metadata.title,
            "author": book.metadata.author_line,
            "read_anything": place.read_anything,
            "finished": place.finished,
            "chapter": place.chapter.title if place.chapter else None,
            "chapter_number": place.chapter.number if place.chapter else None,
            "percent": round(place.percent, 1),
            "summary": f"The reader has read up to {place.describe()}.",
        }

    # -- search_book ---------------------------------------------------------------------------

    def search_book(self, book_id: str, query: str | None = None, k: int = 20) -> dict[str, Any]:
        if query is not None and not query.strip():
            raise AgentToolError(
                "The query is empty. Pass some words or a question to search for, or leave "
                "query out to get the last sentences the reader has read."
            )
        if isinstance(k, bool) or not 1 <= k <= MAX_K:
            raise AgentToolError(f"k must be a whole number from 1 to {MAX_K}, not {k}.")
        with self._connection() as conn:
            book = self._book(conn, book_id)
            assert conn is not None
            reader = self._reader(conn, book)
            if query is None:
                passages = self._last_sentences(conn, reader, k)
                mode, note = "recent", ""
            else:
                passages, mode, note = self._search(conn, reader, query.strip(), k)
        result: dict[str, Any] = {
            "book_id": book_id,
            "title": book.metadata.title,
            "boundary_sid": reader.boundary_sid,
            "mode": mode,
            "passages": passages,
        }
        if note:
            result["note"] = note
        return result

    # -- ask_book --------------------------------------------------------------------------

    def ask_book(self, book_id: str, question: str) -> dict[str, Any]:
        from reader_app.mcp.ask import ask_book

        if not question.strip():
            raise AgentToolError("The question is empty: pass the question to ask.")
        with self._connection() as conn:
            book = self._book(conn, book_id)
            assert conn is not None
            self._reader(conn, book)  # read, and prepared: or a clear error
            embedder, _trouble = self._embedder_for(conn)
        if embedder is None:
            from reader_app.mcp.keyword_only import KeywordOnlyEmbedder

            embedder = KeywordOnlyEmbedder()
        return ask_book(self.home, book, question, embedder=embedder)

    def _reader(self, conn: sqlite3.Connection, book: Book) -> _Reader:
        from reader_app.rag.index.sentences import sentence_count
        from reader_app.rag.scope.boundary import boundary_sid_for

        row = conn.execute(
            """SELECT boundary_section, boundary_block, boundary_char, finished
               FROM reading_state WHERE book_id = ?""", (book.book_id,)).fetchone()
        if row is None or (int(row[0]) < 0 and not row[3]):
            raise AgentToolError(
                f"“{book.metadata.title}” has not been read yet, so there is nothing to search: "
                "open it in Pagemate first and read a little."
            )
        if sentence_count(conn, book.book_id) == 0:
            raise AgentToolError(self._not_prepared(book))
        from reader_app.books.model import Locator

        boundary = boundary_sid_for(conn, book.book_id, Locator(int(row[0]), int(row[1]),
                                    int(row[2])), finished=bool(row[3]))
        return _Reader(book, boundary, bool(row[3]))

    def _search(
        self, conn: sqlite3.Connection, reader: _Reader, query: str, k: int
    ) -> tuple[list[dict[str, Any]], str, str]:
        from reader_app.rag.retrieval.search import UNLIMITED_TOKENS, search
        from reader_app.rag.scope.boundary import scope_for_book

        scope = scope_for_book(conn, reader.book.book_id)
        embedder, trouble = self._embedder_for(conn)
        mode, note = "hybrid", ""
        if embedder is None:
            from reader_app.mcp.keyword_only import KeywordOnlyEmbedder

            embedder = KeywordOnlyEmbedder()
            mode = "keyword_only"
            note = (f"The embedding model could not be loaded ({trouble}), so these passages "
                    "come from keyword search alone.")
        result = search(conn, self.home, scope, query, k=k, candidates=max(2 * k, 20),
                        embedder=embedder, token_budget=UNLIMITED_TOKENS,
                        vector_cache=self._vectors())
        if mode == "hybrid" and not result.index_covers_boundary:
            mode = "keyword_partial"
            note = ("The book's meaning index does not yet reach where the reader is; passages "
                    "past its end were found by keyword search alone. Pagemate is still "
                    "preparing it.")
        passages = [
            {"book_id": p.book_id, "sid_start": p.sid_start, "sid_end": p.sid_end, "text": p.text}
            for p in result.passages
        ]
        return self._placed(conn, reader, passages), mode, note

    def _last_sentences(
        self, conn: sqlite3.Connection, reader: _Reader, k: int
    ) -> list[dict[str, Any]]:
        from reader_app.rag.index.sentences import join_sentences, sentences_between

        if reader.boundary_sid < 0:
            return []
        sentences = sentences_between(conn, reader.book.book_id,
                                      max(reader.boundary_sid - k + 1, 0), reader.boundary_sid,
                                      story_only=True)
        runs: list[list[Any]] = []
        for sentence in sentences:  # one passage per run within a section
            if runs and runs[-1][-1].section == sentence.section:
                runs[-1].append(sentence)
            else:
                runs.append([sentence])
        passages = [{"book_id": reader.book.book_id, "sid_start": run[0].sid,
                     "sid_end": run[-1].sid, "text": join_sentences(run)} for run in runs]
        return self._placed(conn, reader, passages)

    def _placed(
        self, conn: sqlite3.Connection, reader: _Reader, passages: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Each passage cut to the scope (a second guard: the search already masks), each
        sentence once, in reading order, with its chapter and position."""
        from reader_app.books.shelf.marking import chapter_at, percent_at
        from reader_app.rag.index.sentences import join_sentences, sentences_between
        from reader_app.rag.scope.boundary import scope_for_book, sentence_in_scope

        current = reader.book.book_id
        scope = scope_for_book(conn, current)
        order = {volume.book_id: n for n, volume in enumerate(scope.volumes)}
        seen: set[tuple[str, int]] = set()
        placed = []
        for passage in sorted(passages, key=lambda p: (order.get(p["book_id"], -1),
                                                       p["sid_start"])):
            book_id = passage["book_id"]
            whole = list(range(passage["sid_start"], passage["sid_end"] + 1))
            sentences = [s for s in sentences_between(conn, book_id, passage["sid_start"],
                                                      passage["sid_end"], story_only=True)
                         if (book_id, s.sid) not in seen
                         and (book_id != current or sentence_in_scope(scope, book_id, s.sid))]
            if not sentences:
                continue
            # The search's own text when the passage is kept whole (a note comes with the
            # sentence that refers to it).
            text = (passage["text"] if [s.sid for s in sentences] == whole
                    else join_sentences(sentences))
            seen.update((book_id, s.sid) for s in sentences)
            book = reader.book if book_id == current else self._book(conn, book_id)
            chapter = chapter_at(book, sentences[0].locator)
            item = {
                "text": text,
                "chapter": chapter.title if chapter else "",
                "percent": round(percent_at(book, sentences[0].locator), 1),
                "sid_start": sentences[0].sid,
                "sid_end": sentences[-1].sid,
            }
            if book_id != current:
                item["volume"] = book.metadata.title  # an earlier volume of the series
            placed.append(item)
        return placed

    # -- preparing a book in the background ------------------------------------------------

    def _not_prepared(self, book: Book) -> str:
        """Why the book can't be searched yet, starting its preparation if nobody has."""
        title = book.metadata.title
        with self._lock:
            reason = self._unpreparable.get(book.book_id)
            progress = self._preparing.get(book.book_id)
            if reason is None and progress is None:
                progress = self._preparing[book.book_id] = "starting"
                threading.Thread(target=self._prepare, args=(book,), daemon=True,
                                 name=f"prepare-{book.book_id[:8]}").start()
        if reason is not None:
            return f"“{title}” can't be searched: {reason}"
        return (f"“{title}” is not prepared for search yet; it is being prepared now "
                f"({progress}). Try again in a minute, or open it in Pagemate.")

    def _prepare(self, book: Book) -> None:
        from reader_app.prepare.news import PrepareNews
        from reader_app.prepare.pipeline import prepare_book
        from reader_app.store.db import connect

        def progress(news: PrepareNews) -> None:
            with self._lock:
                self._preparing[book.book_id] = f"{news.stage} {news.fraction:.0%}"

        conn = connect(self.home, check_same_thread=False)
        try:
            prepare_book(conn, self.home, book, dense=False, progress=progress)
        except ReaderError as error:
            with self._lock:
                self._unpreparable[book.book_id] = str(error)
        except Exception:  # logged to stderr; the next call tries again
            log.exception("preparing %s failed", book.path.name)
        finally:
            conn.close()
            with self._lock:
                self._preparing.pop(book.book_id, None)

    # -- shared --------------------------------------------------------------------------------

    def _book(self, conn: sqlite3.Connection | None, book_id: str) -> Book:
        from reader_app.books.opening.cache import load_book

        row = None if conn is None else conn.execute(
            "SELECT path FROM books WHERE book_id = ?", (book_id,)).fetchone()
        if row is None:
            raise AgentToolError(
                f"There is no book with book_id “{book_id}” in the library. Call list_books "
                "for the ids of the reader's books."
            )
        with self._lock:
            cached = self._books.get(book_id)
        if cached is not None:
            return cached
        path = Path(row[0])
        try:
            book = load_book(path, self.home)
        except ReaderError as error:
            raise AgentToolError(f"The book's file can't be read: {error}") from error
        if book.book_id != book_id:
            raise AgentToolError(
                f"The file at {path} has changed since it was added to the library; open the "
                "book in Pagemate again."
            )
        with self._lock:
            self._books[book_id] = book
        return book

    def _embedder_for(self, conn: sqlite3.Connection) -> tuple[Any, str]:
        """The embedding model chosen in the settings, loaded once; None and why if it can't be."""
        from reader_app.rag.index.embed import embedder_for
        from reader_app.settings import SettingsStore

        model_id = str(SettingsStore(conn).get("assistant.embedding_model"))
        with self._lock:
            if self._embedder is not None and self._embedder.model_id == model_id:
                return self._embedder, ""
        try:
            embedder = embedder_for(model_id, home=self.home)
        except Exception as error:  # any failure to load means keyword search only
            log.warning("embedding model %s unavailable: %s", model_id, error)
            return None, f"{model_id}: {error}"
        with self._lock:
            self._embedder = embedder
        return embedder, ""

    def _vectors(self) -> Any:
        from reader_app.rag.index.indexes import VectorIndexCache

        with self._lock:
            if self._vector_cache is None:
                self._vector_cache = VectorIndexCache()
            return self._vector_cache
