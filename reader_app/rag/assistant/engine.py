"""The assistant engine (no Qt): question -> rewrite -> scoped search -> prompt -> streamed answer.

The scope comes only from the recorded reading state (DESIGN 1.1): `ask` has no position
parameter. Run it in a worker thread with its own connection.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reader_app.books.model import Book
from reader_app.books.shelf.library import Library
from reader_app.books.text.language import decided_language
from reader_app.cancel import CancelToken
from reader_app.errors import (
    AssistantUnavailableError,
    QueryError,
    ReaderError,
)
from reader_app.rag.assistant.answer_check import AnswerChecker, Receipt
from reader_app.rag.assistant.answer_run import AnswerRun, PreparedQuestion
from reader_app.rag.assistant.calls import AssistantCalls, QueryRewrite
from reader_app.rag.assistant.comic_pages import ComicPagesNews, comic_pages_for_question
from reader_app.rag.assistant.conversations import (
    ConversationStore,
    Message,
    estimate_tokens,
)
from reader_app.rag.assistant.followup import leans_on_conversation
from reader_app.rag.assistant.model_ranking import RetrievalHelpers
from reader_app.rag.assistant.places import Places
from reader_app.rag.assistant.prompts import (
    REWRITE_TURNS,
    answer_prefix,
    length_instruction,
    read_along_request,
    warm_request,
)
from reader_app.rag.assistant.read_along import (
    ABOUT_WINDOW_TOKENS,
    JUST_READ_TOKENS,
    ReadAlong,
    Window,
    about_window,
)
from reader_app.rag.assistant.term_table import TermTables
from reader_app.rag.index.embed import Embedder, embedder_for
from reader_app.rag.index.indexes import VectorIndexCache
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.servers import ServerChoice
from reader_app.rag.model.speeds import speeds_for
from reader_app.rag.retrieval.search import DEFAULT_TOKEN_BUDGET, search
from reader_app.rag.scope.boundary import Scope, scope_at, scope_for_book
from reader_app.rag.scope.request import ModelRequest
from reader_app.rag.scope.sealed import BookDetails, ScopedContext, ScopedHistory
from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

# Recent turns that go back into the answer prompt, each with the excerpts it was given: the
# server's prompt cache keeps them, so they cost a follow-up context, not time.
HISTORY_TOKEN_BUDGET = 6000
SUMMARY_EVERY = 10  # messages between summary regenerations
SUMMARY_KEEPS_RECENT = 2  # turns left out of a summary: they still go in verbatim
MAX_QUESTION_CHARS = 4000
# Fitting the passages to the server: the rules, book details, where the reader is and the
# question take about this many tokens; estimates err by up to this factor; the best passages
# are always sent whole within the floor; and no server is sent more than the ceiling (the 20
# best passages of nearly every question fit in it).
PROMPT_TOKENS = 700
TURN_TOKENS = 300  # a new turn besides its excerpts: the place, the on-screen text, the question
CONTEXT_MARGIN = 1.15
MIN_PASSAGE_TOKENS = 400
MAX_PASSAGE_TOKENS = 8000
# The reader's wait for the first words ("assistant.answer_wait"), in seconds, within these.
MIN_WAIT_SECONDS = 5
MAX_WAIT_SECONDS = 600

ScopeSource = Callable[[sqlite3.Connection, str], Scope]


@dataclass(frozen=True, slots=True)
class AssistantConfig:
    host: str
    model: str
    answer_length: str = "medium"
    rewrite_queries: bool = True
    # The chat model's retrieval helpers (docs/retrieval.md): off until measured with a model.
    hypothetical_queries: bool = False
    rank_with_model: bool = False
    answer_wait: float = 15.0  # seconds the reader will wait for the first words
    timeout: float = 60.0
    api_key: str = field(default="", repr=False)
    allowed_remote_hosts: tuple[str, ...] = ()
    treat_as_remote: tuple[str, ...] = ()
    read_along: bool = True  # the server reads the pages as they are read (read_along.py)

    @classmethod
    def from_settings(cls, conn: sqlite3.Connection) -> AssistantConfig:
        settings = SettingsStore(conn)
        server = ServerChoice.from_settings(settings)
        return cls(
            host=server.url,
            model=server.model,
            answer_length=str(settings.get("assistant.answer_length")),
            rewrite_queries=bool(settings.get("assistant.rewrite_queries")),
            hypothetical_queries=bool(settings.get("assistant.hypothetical_queries")),
            rank_with_model=bool(settings.get("assistant.rank_with_model")),
            answer_wait=float(settings.get("assistant.answer_wait")),
            api_key=server.api_key,
            allowed_remote_hosts=server.allowed_remote_hosts,
            treat_as_remote=server.treat_as_remote,
            read_along=bool(settings.get("assistant.read_along")),
        )

    @property
    def server(self) -> ServerChoice:
        return ServerChoice(self.host, self.model, self.api_key, self.allowed_remote_hosts,
                            self.treat_as_remote)

    def gateway(self, **options: Any) -> ModelGateway:
        """A gateway to the chosen server, refusing book text if it may not go there."""
        return ModelGateway.for_choice(self.server, **options)


def rewrite_cache_key(question: str, history: ScopedHistory) -> str:
    """SHA-256 of the question and the last four turns: the same inputs give the same rewrite."""
    payload = json.dumps([question, list(history.turns[-REWRITE_TURNS:])], ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


class Assistant:
    """Answers questions about one library's books from what the reader has read."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        home: Path,
        *,
        config: AssistantConfig | None = None,
        embedder: Embedder | None = None,
        gateway: ModelGateway | None = None,
        scope_source: ScopeSource = scope_for_book,
        vector_cache: VectorIndexCache | None = None,
        term_tables: TermTables | None = None,
    ) -> None:
        self.conn = conn
        self.home = home
        self.config = config or AssistantConfig.from_settings(conn)
        self.store = ConversationStore(conn)
        self.gateway = gateway or self.config.gateway(timeout=self.config.timeout,
                                                      speeds=speeds_for(home))
        # Who decides the boundary: the recorded reading state, unless the command line's
        # --at/--upto-sid chose one when it built this assistant.
        self._scope_source = scope_source
        self._embedder = embedder
        # Shared by a caller that makes one Assistant per question (the panel's workers), so
        # the FAISS file is read once, not once per question.
        self._vector_cache = vector_cache or VectorIndexCache()
        self._term_tables = term_tables or TermTables(home)

    def passage_budget(self, history: ScopedHistory | None = None, *,
                       book: Book | None = None, window: Window | None = None) -> int:
        """Tokens for the passages found outside the pages read along.

        Where the server's speed is known, as many as it reads within the reader's wait
        (`answer_wait`), after what it must read besides (the pages read along and the earlier
        turns, unless its prompt cache holds them, and the new turn's other text); before that,
        the usual 3,000. Never below the floor (the best passages whole), never above what the
        server's context leaves (where known) or the ceiling, and less after a refusal.
        """
        history = history or ScopedHistory.empty(boundary_sid=-1)
        ceiling = self._context_room(history)
        speed = self.gateway.pace.speed
        if speed is None:
            return max(MIN_PASSAGE_TOKENS, min(DEFAULT_TOKEN_BUDGET, ceiling))
        wait = min(max(self.config.answer_wait, MIN_WAIT_SECONDS), MAX_WAIT_SECONDS)
        details = BookDetails.of(book) if book is not None else BookDetails("", "", "")
        prefix = answer_prefix(details, history, started=True,
                               answer_length=self.config.answer_length,
                               window=window.excerpts if window is not None else None)
        besides = self.gateway.pace.fresh_tokens(prefix) + TURN_TOKENS
        affordable = int((wait * speed.prompt_per_second - besides) / CONTEXT_MARGIN)
        return max(MIN_PASSAGE_TOKENS, min(affordable, ceiling))

    def _context_room(self, history: ScopedHistory) -> int:
        """What the server's context leaves for passages (the ceiling where it is not known)."""
        limit = self.gateway.context_tokens()
        if limit is None:
            return MAX_PASSAGE_TOKENS
        _, answer_tokens = length_instruction(self.config.answer_length)
        spoken = estimate_tokens(history.summary) + sum(
            estimate_tokens(sent) + estimate_tokens(answer)
            for sent, (_, answer) in zip(history.sent, history.turns, strict=True))
        room = limit - answer_tokens - spoken - PROMPT_TOKENS
        room = int(room / (self.gateway.overflow * CONTEXT_MARGIN))
        return max(MIN_PASSAGE_TOKENS, min(MAX_PASSAGE_TOKENS, room))

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            # The same model the book was indexed with: the one chosen in the settings.
            model_id = str(SettingsStore(self.conn).get("assistant.embedding_model"))
            self._embedder = embedder_for(model_id, home=self.home)
        return self._embedder

    def close(self) -> None:
        self.gateway.close()

    # -- conversations ---------------------------------------------------------------------

    def conversation(self, book_id: str) -> tuple[int, list[Message]]:
        """The book's current conversation and its messages."""
        conversation_id = self.store.current_conversation(book_id)
        return conversation_id, self.store.messages(conversation_id)

    def new_conversation(self, book_id: str) -> int:
        return self.store.new_conversation(book_id)

    # -- asking ----------------------------------------------------------------------------

    def ask(
        self,
        book: Book,
        question: str,
        *,
        conversation_id: int | None = None,
        cancel: CancelToken | None = None,
        news: Callable[[ComicPagesNews], None] | None = None,
    ) -> AnswerRun:
        """Prepare an answer: scope, rewrite, search, prompt; stream it with `run.tokens()`.
        From here to the answer's request, the server's background work waits.

        For a comic asked about while OCR still reads its pages, `news` (the panel's) hears
        "Still reading the comic's pages: 88%..." while the answer waits for the pages up to
        the boundary (comic_pages.py); without it the pages ready are used as they are."""
        # The gateway works for this answer's job from now on (its upkeep too): a wait for the
        # server's turn ends when the job is cancelled, not when the turn comes.
        self.gateway.cancel = cancel
        with self.gateway.question_coming():
            return self._prepare_question(book, question, conversation_id=conversation_id,
                                          cancel=cancel, news=news)

    def _prepare_question(self, book: Book, question: str, *, conversation_id: int | None,
                          cancel: CancelToken | None,
                          news: Callable[[ComicPagesNews], None] | None) -> AnswerRun:
        started = time.perf_counter()
        reached_before = self.gateway.transport.requests_reached()  # for the receipt
        question = " ".join(question.split()) if "\n" not in question else question.strip()
        if not question:
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "Type a question first.")))
        if len(question) > MAX_QUESTION_CHARS:
            raise QueryError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "That question is {count} characters long; keep it under "
                    "{limit}."),
                    count=len(question), limit=MAX_QUESTION_CHARS)
            )
        if book.is_comic and news is not None:
            comic_pages_for_question(self.conn, book, news=news, cancel=cancel)
        if sentence_count(self.conn, book.book_id) == 0:
            ensure_sentences(self.conn, book)
        scope = self._scope_source(self.conn, book.book_id)
        calls_before = self.gateway.calls
        budget = DEFAULT_TOKEN_BUDGET
        places = Places(self.conn, book)
        if conversation_id is None:
            conversation_id = self.store.current_conversation(book.book_id)
        elif self.store.conversation_book(conversation_id) != book.book_id:
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "That conversation belongs to another book.")))
        history = ScopedHistory.from_store(
            self.store,
            conversation_id,
            boundary_sid=scope.boundary_sid,
            token_budget=HISTORY_TOKEN_BUDGET,
        )
        early_error: AssistantUnavailableError | None = None
        search_query = question
        along = self.read_along(book)
        window = along.window(scope, only_read=True) if self.config.read_along else None
        if window is not None and not along.held(read_along_request(
                BookDetails.of(book), window.excerpts, answer_length=self.config.answer_length)):
            window = None  # another prompt has taken its place on the server
        if scope.boundary_sid < 0:
            context = ScopedContext.before_reading(book=book, history=history)
        else:
            if self.config.rewrite_queries and leans_on_conversation(
                    question, history, book_language=decided_language(book)):
                rewrite, early_error = self._rewrite(question, history)
                if rewrite is not None:
                    search_query = rewrite.query
            helpers = RetrievalHelpers(self.conn, self.gateway)
            hypothetical = (
                helpers.hypothetical(question, title=book.metadata.title)
                if self.config.hypothetical_queries and early_error is None
                else None
            )
            reranker = helpers.reranker(question) \
                if self.config.rank_with_model and early_error is None else None

            budget = self.passage_budget(history, book=book, window=window)
            if window is not None and about_window(question, window):
                budget = ABOUT_WINDOW_TOKENS  # the window answers it
            # A question whose best chunk lies in the window gets JUST_READ_TOKENS (`inside_budget`)
            result = search(self.conn, self.home, scope, search_query, embedder=self.embedder,
                            vector_cache=self._vector_cache, token_budget=budget,
                            outside=(window.sid_start, window.sid_end) if window else None,
                            inside_budget=JUST_READ_TOKENS, hypothetical=hypothetical,
                            reranker=reranker)
            if not result.best_outside:
                budget = min(budget, JUST_READ_TOKENS)
            context = ScopedContext.from_search(
                result, book=book, location=self._location(places, scope), history=history,
                window=window.excerpts if window is not None else None)
        message = self.store.add_question(
            conversation_id, text=question, boundary_sid=scope.boundary_sid
        )
        known = question
        if scope.boundary_sid < 0:  # before reading, the title and description are known
            known += f"\n{book.metadata.title}\n{book.metadata.description}"
        checker = AnswerChecker(
            self._term_tables.for_book(self.conn, book.book_id), known, scope.boundary_sid
        )
        receipt = Receipt(self._boundary_label(places, scope), len(context.citations),
                          self.gateway.place.elsewhere)
        prepared = PreparedQuestion(
            book=book, conversation_id=conversation_id, question=message, context=context,
            search_query=search_query, checker=checker, receipt=receipt, places=places,
            model=self.config.model, answer_length=self.config.answer_length, started=started,
            reached_before=reached_before,
            early_error=early_error, calls_before_answer=self.gateway.calls - calls_before,
            passage_budget=budget,
            window_tokens=window.tokens if window is not None else 0,
        )
        return AnswerRun(prepared, gateway=self.gateway, store=self.store, cancel=cancel)

    def read_along(self, book: Book) -> ReadAlong:
        return ReadAlong(self.conn, book, self.gateway)

    def read_along_request(self, book: Book, *, before: int | None = None
                           ) -> tuple[ModelRequest, Window, int] | None:
        """What reading along sends now for `book` (the window at the recorded boundary, with
        the boundary), or sent when the boundary was at `before` if that is not past it; None
        with nothing to read, or while reading along is off."""
        if not self.config.read_along:
            return None
        scope = self._scope_source(self.conn, book.book_id)
        if before is not None and before < scope.boundary_sid:
            scope = scope_at(self.conn, book.book_id, boundary_sid=before)
        window = self.read_along(book).window(scope)
        if window is None:
            return None
        request = read_along_request(BookDetails.of(book), window.excerpts,
                                     answer_length=self.config.answer_length)
        return request, window, scope.boundary_sid

    def warm(self, book: Book) -> bool:
        """Have the server load the model and read what the next answer about `book` begins
        with (the rules, the book's details, the conversation so far), so the first question
        costs only its own text. Gives way to a question; True when the server read it."""
        return self.gateway.warm(self.warm_request(book))

    def warm_request(self, book: Book) -> ModelRequest:
        """What the next answer about `book` begins with, at the recorded boundary."""
        scope = self._scope_source(self.conn, book.book_id)
        conversation_id = self.store.latest_conversation(book.book_id)
        history = ScopedHistory.empty(boundary_sid=scope.boundary_sid) if conversation_id is None \
            else ScopedHistory.from_store(self.store, conversation_id,
                                          boundary_sid=scope.boundary_sid,
                                          token_budget=HISTORY_TOKEN_BUDGET)
        return warm_request(BookDetails.of(book), history, started=scope.boundary_sid >= 0,
                            answer_length=self.config.answer_length)

    def maintain_summary(self, conversation_id: int, *, boundary_sid: int) -> bool:
        """Every ten messages, summarise the older turns. True if a summary was written."""
        count = self.store.message_count(conversation_id)
        if count < SUMMARY_EVERY or count % SUMMARY_EVERY:
            return False
        older = ScopedHistory.for_summary(
            self.store,
            conversation_id,
            boundary_sid=boundary_sid,
            keep_recent=SUMMARY_KEEPS_RECENT,
        )
        if not older.turns:
            return False
        try:
            text = AssistantCalls(self.gateway).summarize(older)
        except ReaderError:
            return False  # history falls back to recent turns; next time we try again
        self.store.save_summary(
            conversation_id,
            text=text,
            boundary_sid=older.boundary_sid,
            through_message_id=older.newest_message_id,
        )
        return True

    # -- internals -------------------------------------------------------------------------

    def _rewrite(
        self, question: str, history: ScopedHistory
    ) -> tuple[QueryRewrite | None, AssistantUnavailableError | None]:
        """A cached or fresh rewrite; on any failure None (the raw question is searched)."""
        key = rewrite_cache_key(question, history)
        cached = self.store.cached_rewrite(key)
        if cached is not None:
            return QueryRewrite(search_phrase=cached[0], keywords=cached[1]), None
        try:
            rewrite = AssistantCalls(self.gateway).rewrite_query(question, history)
        except AssistantUnavailableError as error:
            return None, error  # the answer call would fail the same way: don't wait twice
        except (ReaderError, ValueError):
            return None, None
        self.store.store_rewrite(
            key, search_phrase=rewrite.search_phrase, keywords=rewrite.keywords
        )
        return rewrite, None

    def _boundary_label(self, places: Places, scope: Scope) -> str:
        """The receipt's words for how far the text reaches: the panel's (`Places.reached`);
        "" before reading."""
        if scope.boundary_sid < 0:
            return ""
        state = Library(self.conn, self.home).reading_state(places.book.book_id)
        return places.reached(scope.boundary_sid, state)

    def _location(self, places: Places, scope: Scope) -> str:
        if scope.boundary_sid < 0:
            return "the beginning"
        total = sentence_count(self.conn, places.book.book_id)
        if total and scope.boundary_sid >= total - 1:
            return "the end of the book"
        return places.of(scope.boundary_sid)
