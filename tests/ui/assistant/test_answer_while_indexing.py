"""The window answers while the dense index catches up, and a model change mid-index never says
"ready" before the new model's index covers what was read. Real window, real preparation
worker, real embedding model, fake Ollama behind a real socket."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from reader_app.books.opening.cache import load_book
from reader_app.books.shelf.library import Library
from reader_app.prepare import pipeline as prepare
from reader_app.prepare.news import PrepareNews
from reader_app.rag.assistant.conversations import ConversationStore
from reader_app.rag.index import embed
from reader_app.rag.index.indexer import index_status
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.conftest import PRIDE, WAR_AND_PEACE, corpus_epub
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.ui.conftest import make_window, open_file

pytestmark = pytest.mark.slow

RELABELLED = "pagemate-tests/minilm-relabelled"


def _read_up_to(home: Path, path: Path, fraction: float) -> str:
    """The book in the library with its boundary at `fraction`, as a reader halfway left it."""
    book = load_book(path, home)
    conn = connect(home)
    try:
        library = Library(conn, home)
        library.add(book)
        library.set_boundary(book.book_id, book.locator_at_progress(fraction))
    finally:
        conn.close()
    return book.book_id


def test_an_answer_at_80_percent_of_war_and_peace_comes_from_keyword_search_at_once(
    qtbot: QtBot, library_home: Path, fake_ollama: FakeOllama
) -> None:
    book_id = _read_up_to(library_home, corpus_epub(WAR_AND_PEACE), 0.8)
    window = make_window(qtbot, library_home, prepare_assistant=True)
    settings = SettingsStore(window.library.conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(answer="Pierre was at Borodino [1]."))
    seen: list[PrepareNews] = []
    window.assistantNews.connect(seen.append)
    open_file(qtbot, window, corpus_epub(WAR_AND_PEACE))
    qtbot.waitUntil(lambda: any(n.stage == "text" for n in seen), timeout=120_000)
    panel = window.assistant_panel
    window.assistant_action.trigger()
    qtbot.waitUntil(panel.isVisible)
    assert "Answering from keyword search while the index catches up" in panel.note.text()

    panel.ask("Where was Pierre during the battle of Borodino?")
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)

    assert "Pierre was at Borodino" in panel.transcript.toPlainText()
    # The dense index did not cover the boundary: the passages came from keyword search.
    conn = window.library.conn
    boundary = scope_for_book(conn, book_id).boundary_sid
    dense = index_status(conn, library_home, book_id, embed.DEFAULT_MODEL_ID)
    assert not dense.covers(boundary)
    assert not any(n.stage in ("covered", "ready") for n in seen)
    store = ConversationStore(conn)
    conversation = store.latest_conversation(book_id)
    assert conversation is not None
    answer = store.messages(conversation)[-1]
    assert answer.citations, "the answer was grounded in passages"
    assert all(c.sid_end <= boundary for c in answer.citations)  # masked like any other
    window.close()


class Relabelled:
    """The real offline model under another model id: a second embedding model with its own
    index, without a download."""

    def __init__(self, inner: embed.Embedder) -> None:
        self._inner = inner
        self.model_id = RELABELLED
        self.dimension = inner.dimension

    def embed(self, texts: list[str]) -> np.ndarray:
        return self._inner.embed(texts)


def test_changing_the_embedding_model_mid_index_never_says_ready_early(
    qtbot: QtBot, library_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = embed.default_embedder(home=library_home)
    chosen = {embed.DEFAULT_MODEL_ID: real, RELABELLED: Relabelled(real)}
    monkeypatch.setattr(prepare, "embedder_for", lambda model_id, **_: chosen[model_id])
    # Read far enough that covering it takes two batches of either model (chunk ~170 of 2,098).
    book_id = _read_up_to(library_home, corpus_epub(PRIDE), 0.08)
    window = make_window(qtbot, library_home, prepare_assistant=True)
    window.indexing.in_child = False  # the replaced embedder lives in this process
    conn = window.library.conn
    boundary = scope_for_book(conn, book_id).boundary_sid
    seen: list[tuple[PrepareNews, bool]] = []

    def heard(news: PrepareNews) -> None:  # with whether the new model covers the boundary
        status = index_status(conn, library_home, book_id, RELABELLED)
        seen.append((news, status.covers(boundary)))

    window.assistantNews.connect(heard)
    open_file(qtbot, window, corpus_epub(PRIDE))
    qtbot.waitUntil(
        lambda: any(n.stage == "index" and n.fraction > 0 for n, _ in seen), timeout=180_000
    )
    assert not any(n.stage in ("covered", "ready") for n, _ in seen)

    # What the preferences dialog does when the model changed (show_preferences).
    window.settings.set("assistant.embedding_model", RELABELLED)
    assert window.book is not None
    window.indexing.start(window.book)
    switched = len(seen)
    qtbot.waitUntil(lambda: any(n.stage == "covered" for n, _ in seen[switched:]),
                    timeout=600_000)

    after = seen[switched:]
    ready_news = [(n, covered) for n, covered in after if n.stage in ("covered", "ready")]
    assert ready_news and all(covered for _, covered in ready_news)
    assert all(n.book_id == book_id for n, _ in after)
    assert window.status_assistant.text().startswith("Assistant ready")
    assert index_status(conn, library_home, book_id, RELABELLED).covers(boundary)
    window.indexing.cancel()
    window.close()
