"""Character chat (no Qt): talk with a character who knows only what the reader has read.

A message travels like a question to the assistant (`rag/assistant/engine.py`), through the same
scope, store, search and spoiler check:

1. the character is one X-Ray knows at the recorded boundary (`rag/companion/xray.py`), so a name
met
   only later cannot even be chosen; its conversation is its own (`rag/characters/store.py`),
   claimed for this message alone (`rag/assistant/conversation_claims.py`);
2. its persona is the newest one usable at the boundary (`rag/characters/persona.py`), built first
if
   there is none; one made further on (before a Reset) is never read;
3. the message is rewritten by the model into a narrative query (dense search) and a keyword
   query (keyword search), cached under the SHA-256 of the message and the last four
   messages; on any failure the raw message is used for both;
4. the same masked hybrid search, its best passages where the character appears put first;
5. the reply streams in the character's voice (`CharacterRun.request`, prompts.py) and is
   stored as the assistant's are: a failed reply is marked, never history, never summarised.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from reader_app.books.model import Book
from reader_app.cancel import CancelToken
from reader_app.errors import AssistantUnavailableError, QueryError, ReaderError
from reader_app.rag.assistant.answer_check import AnswerChecker, Receipt
from reader_app.rag.assistant.answer_run import (
    AnswerRun,
    FallbackAnswer,
    PreparedQuestion,
    fallback_answer,
)
from reader_app.rag.assistant.calls import QueryRewrite
from reader_app.rag.assistant.conversation_claims import Claim, claim, release
from reader_app.rag.assistant.conversations import ConversationStore
from reader_app.rag.assistant.engine import (
    HISTORY_TOKEN_BUDGET,
    MAX_QUESTION_CHARS,
    SUMMARY_EVERY,
    SUMMARY_KEEPS_RECENT,
    Assistant,
    AssistantConfig,
    ScopeSource,
)
from reader_app.rag.assistant.places import Places
from reader_app.rag.assistant.term_table import TermTables
from reader_app.rag.characters import prompts as cp
from reader_app.rag.characters.calls import CharacterCalls
from reader_app.rag.characters.persona import (
    Persona,
    build_persona,
    check_usable,
    extract_persona,
    needs_rebuild,
    usable_persona,
)
from reader_app.rag.characters.prompts import last_messages
from reader_app.rag.characters.store import (
    ConversationInfo,
    character_conversation,
    character_of,
    conversations,
)
from reader_app.rag.companion.entity_store import ensure_entities
from reader_app.rag.companion.xray import (
    XRayEntry,
    entity_by_key,
    find_by_name,
    named_in_passing,
)
from reader_app.rag.index.embed import Embedder
from reader_app.rag.index.indexes import VectorIndexCache
from reader_app.rag.index.sentences import sentence_count
from reader_app.rag.index.text_units import ensure_sentences
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.speeds import speeds_for
from reader_app.rag.retrieval.search import Reranker, search
from reader_app.rag.scope.boundary import Scope, scope_at, scope_for_book, sentence_in_scope
from reader_app.rag.scope.excerpts import ScopedExcerpts, Span, excerpts_in_scope
from reader_app.rag.scope.request import ModelRequest
from reader_app.rag.scope.sealed import ScopedContext, ScopedHistory
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

CHAT_K = 8  # passages a reply may use
CHAT_TOKEN_BUDGET = 2200
SUMMARY_PASSAGES = 6  # the passages cited by the turns a summary covers, newest first


def character_rewrite_key(message: str, history: ScopedHistory, *, name: str) -> str:
    """SHA-256 of the message and the last four messages (and whom they were said to, so one
    question to two characters is not one rewrite)."""
    payload = json.dumps(["character", name, message, list(last_messages(history))],
                         ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


class CharacterRun(AnswerRun):
    """One message being answered in character: iterate `tokens()`, then read `outcome`."""

    def __init__(self, prepared: PreparedQuestion, *, gateway: ModelGateway,
                 store: ConversationStore, cancel: CancelToken | None, entry: XRayEntry,
                 persona: Persona, persona_stale: bool, claimed: Claim) -> None:
        super().__init__(prepared, gateway=gateway, store=store, cancel=cancel)
        self.entry = entry
        self.persona = persona
        self.persona_stale = persona_stale  # remake it in the background after this reply
        self._claim: Claim | None = claimed  # in the conversation's own database

    @property
    def fallback(self) -> FallbackAnswer:
        plain = fallback_answer(self.context, self.question.text)
        return FallbackAnswer(f"({self.entry.name} cannot answer right now.)\n\n{plain.text}",
                              plain.citations)

    @property
    def sent_text(self) -> str:
        return ""  # a character's turns go back as plain messages (characters/prompts.py)

    def tokens(self) -> Iterator[str]:
        try:
            yield from super().tokens()
        finally:
            self.close()

    def close(self) -> None:
        """Let the conversation take its next message (done when the reply is stored)."""
        if self._claim is not None:
            release(self.store.conn, self._claim)
            self._claim = None

    def suggestions(self) -> tuple[str, ...]:
        return ()  # a conversation, not a questionnaire

    def request(self) -> ModelRequest:
        """The reply in character, from the context and the persona only."""
        return cp.answer_request(self.context, self.persona, self.question.text)


class CharacterChat(Assistant):
    """Conversations with the characters of one library's books, at the recorded boundary."""

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
        config = config or AssistantConfig.from_settings(conn)
        gateway = gateway or ModelGateway.for_choice(config.server, timeout=config.timeout,
                                                     speeds=speeds_for(home))
        super().__init__(conn, home, config=config, embedder=embedder, gateway=gateway,
                         scope_source=scope_source, vector_cache=vector_cache,
                         term_tables=term_tables)
        self.character_calls = CharacterCalls(gateway)

    def scope(self, book: Book) -> Scope:
        return self._scope_source(self.conn, book.book_id)

    def prepare(self, book: Book) -> None:
        """The names of the book. Its text is left to the preparation pipeline once there is
        any (a comic's comes from OCR; the window's book object has none), as the assistant
        does."""
        if sentence_count(self.conn, book.book_id) == 0:
            ensure_sentences(self.conn, book)
        ensure_entities(self.conn, book)

    def conversations(self, book_id: str) -> list[ConversationInfo]:
        return conversations(self.conn, book_id)

    def character(self, book: Book, *, name: str | None = None, key: int | None = None,
                  scope: Scope | None = None) -> XRayEntry:
        """The person X-Ray knows at the boundary by `key` or `name`; QueryError otherwise."""
        self.prepare(book)
        scope = scope or self.scope(book)
        entry = (entity_by_key(self.conn, scope, key) if key is not None
                 else find_by_name(self.conn, scope, name or ""))
        who = name or "that character"
        if entry is None and name and named_in_passing(self.conn, scope, name):
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "What you've read names {who} only in passing so far: too little to "
                "talk to them. Characters join once the book says more of them."), who=who))
        if entry is None:
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "You haven't met {who} yet in what you've read, so there is no one to "
                "talk to. Characters join as you meet them."), who=who))
        if entry.kind != "person":
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "{name} is a place, not someone to talk to."), name=entry.name))
        return entry

    # -- a message -------------------------------------------------------------------------

    def send(self, book: Book, message: str, *, name: str | None = None,
             key: int | None = None, conversation_id: int | None = None,
             cancel: CancelToken | None = None) -> CharacterRun:
        """Prepare the reply to `message`: stream it with `run.tokens()`. Raises QueryError
        (ConversationBusyError while another message of this conversation is answered). From
        here to the reply's request, the server's background work waits."""
        with self.gateway.question_coming():
            return self._prepare_message(book, message, name=name, key=key,
                                 conversation_id=conversation_id, cancel=cancel)

    def _prepare_message(self, book: Book, message: str, *, name: str | None, key: int | None,
                 conversation_id: int | None, cancel: CancelToken | None) -> CharacterRun:
        started = time.perf_counter()
        reached_before = self.gateway.transport.requests_reached()  # for the receipt
        message = message.strip()
        if not message:
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "Type a message first.")))
        if len(message) > MAX_QUESTION_CHARS:
            raise QueryError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "That message is {count} characters long; keep it under "
                "{limit}."),
                count=len(message), limit=MAX_QUESTION_CHARS))
        if conversation_id is not None:
            owner = character_of(self.conn, conversation_id)
            if owner is None or owner[0] != book.book_id:
                raise QueryError(sentence(QT_TRANSLATE_NOOP(
                    "Errors", "That is not a conversation with a character of this book.")))
            key = owner[1]
        scope = self.scope(book)
        entry = self.character(book, name=name, key=key, scope=scope)
        if conversation_id is None:
            conversation_id = character_conversation(self.conn, book.book_id, key=entry.key,
                                                     name=entry.name)
        claimed = claim(self.conn, conversation_id, busy_note=(
            f"{entry.name} is still answering your last message (here or in another window); "
            "wait for it to finish, or stop it."))
        try:
            return self._prepare(book, scope, entry, message, conversation_id, claimed,
                                 started=started, reached_before=reached_before,
                                 cancel=cancel or CancelToken())
        except BaseException:
            release(self.conn, claimed)
            raise

    def refresh_persona(self, book: Book, key: int) -> Persona | None:
        """Remake the persona if the reader has passed enough new mentions (a background job);
        None when it was fresh enough or the character is not known at the boundary."""
        scope = self.scope(book)
        entry = entity_by_key(self.conn, scope, key)
        if entry is None or not needs_rebuild(usable_persona(self.conn, scope, entry), entry):
            return None
        return build_persona(self.conn, book, scope, entry, self.character_calls)

    def maintain_summary(self, conversation_id: int, *, boundary_sid: int) -> bool:
        """Every ten messages, summarise the older turns with the passages they cited."""
        who = character_of(self.conn, conversation_id)
        if who is None:
            return super().maintain_summary(conversation_id, boundary_sid=boundary_sid)
        count = self.store.message_count(conversation_id)
        if count < SUMMARY_EVERY or count % SUMMARY_EVERY:
            return False
        older = ScopedHistory.for_summary(self.store, conversation_id,
                                          boundary_sid=boundary_sid,
                                          keep_recent=SUMMARY_KEEPS_RECENT)
        if not older.turns:
            return False
        try:
            excerpts = self._cited(who[0], conversation_id, older)
            text = self.character_calls.summarize_chat(older, excerpts, name=who[2])
        except ReaderError:
            return False  # history falls back to recent turns; next time we try again
        self.store.save_summary(conversation_id, text=text, boundary_sid=older.boundary_sid,
                                through_message_id=older.newest_message_id)
        return True

    # -- internals -------------------------------------------------------------------------

    def _prepare(self, book: Book, scope: Scope, entry: XRayEntry, message: str,
                 conversation_id: int, claimed: Claim, *, started: float,
                 reached_before: int, cancel: CancelToken) -> CharacterRun:
        history = ScopedHistory.from_store(self.store, conversation_id,
                                           boundary_sid=scope.boundary_sid,
                                           token_budget=HISTORY_TOKEN_BUDGET)
        persona, early_error = self._persona(book, scope, entry)
        stale = needs_rebuild(persona, entry) and early_error is None
        narrative = keywords = message
        if self.config.rewrite_queries and early_error is None:
            rewrite, early_error = self._rewrite_message(message, history, entry)
            if rewrite is not None:
                narrative = rewrite.search_phrase
                keywords = " ".join(rewrite.keywords) or message
        result = search(self.conn, self.home, scope, narrative, keyword_query=keywords,
                        k=CHAT_K, token_budget=CHAT_TOKEN_BUDGET, embedder=self.embedder,
                        vector_cache=self._vector_cache, reranker=appearing_first(entry))
        places = Places(self.conn, book)
        context = ScopedContext.from_search(result, book=book,
                                            location=self._location(places, scope),
                                            history=history)
        check_usable(persona, scope)
        question = self.store.add_question(conversation_id, text=message,
                                           boundary_sid=scope.boundary_sid)
        checker = AnswerChecker(self._term_tables.for_book(self.conn, book.book_id),
                                f"{message}\n{entry.name}", scope.boundary_sid)
        receipt = Receipt(self._boundary_label(places, scope), len(context.citations),
                          self.gateway.place.elsewhere)
        prepared = PreparedQuestion(
            book=book, conversation_id=conversation_id, question=question, context=context,
            search_query=narrative, checker=checker, receipt=receipt, places=places,
            model=self.config.model, answer_length=self.config.answer_length, started=started,
            reached_before=reached_before, early_error=early_error,
        )
        return CharacterRun(prepared, gateway=self.gateway, store=self.store,
                            cancel=cancel, entry=entry, persona=persona, persona_stale=stale,
                            claimed=claimed)

    def _persona(self, book: Book, scope: Scope,
                 entry: XRayEntry) -> tuple[Persona, AssistantUnavailableError | None]:
        """The usable persona; the first one is built now (the reply needs it)."""
        persona = usable_persona(self.conn, scope, entry)
        if persona is not None:
            return persona, None
        try:
            return build_persona(self.conn, book, scope, entry, self.character_calls), None
        except AssistantUnavailableError as error:  # the reply would fail the same way
            return extract_persona(self.conn, book, scope, entry), error
        except (ReaderError, ValueError):
            return extract_persona(self.conn, book, scope, entry), None

    def _rewrite_message(self, message: str, history: ScopedHistory, entry: XRayEntry
                         ) -> tuple[QueryRewrite | None, AssistantUnavailableError | None]:
        key = character_rewrite_key(message, history, name=entry.name)
        cached = self.store.cached_rewrite(key)
        if cached is not None:
            return QueryRewrite(search_phrase=cached[0], keywords=cached[1]), None
        try:
            rewrite = self.character_calls.rewrite_message(message, history, name=entry.name)
        except AssistantUnavailableError as error:
            return None, error
        except (ReaderError, ValueError):
            return None, None  # the raw message is searched, both ways
        self.store.store_rewrite(key, search_phrase=rewrite.search_phrase,
                                 keywords=rewrite.keywords)
        return rewrite, None

    def _cited(self, book_id: str, conversation_id: int,
               older: ScopedHistory) -> ScopedExcerpts | None:
        """The passages the summarised replies used, checked in scope at the summary's own
        boundary (so the summary may be used wherever its turns may)."""
        scope = scope_at(self.conn, book_id, boundary_sid=older.boundary_sid)
        spans: dict[tuple[int, int], Span] = {}
        for message in reversed(self.store.messages(conversation_id)):
            if (message.role != "assistant" or message.status != "complete"
                    or message.message_id > older.newest_message_id):
                continue
            for c in message.citations:
                if all(sentence_in_scope(scope, book_id, s) for s in (c.sid_start, c.sid_end)):
                    spans.setdefault((c.sid_start, c.sid_end),
                                     Span(book_id, c.sid_start, c.sid_end, c.chapter))
            if len(spans) >= SUMMARY_PASSAGES:
                break
        if not spans:
            return None
        chosen = sorted(spans.values(), key=lambda s: s.sid_start)[:SUMMARY_PASSAGES]
        return excerpts_in_scope(self.conn, scope, chosen)


def appearing_first(entry: XRayEntry) -> Reranker:
    """Put first the passages where the character is named (their forms met so far)."""
    names = [re.sub(r"^the ", "", n) for n in (entry.name, *entry.aliases)]
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names if n) + r")\b")

    def rank(candidates: ScopedExcerpts) -> Sequence[int]:
        return [n for n, text in enumerate(candidates.texts) if pattern.search(text)]

    return rank
