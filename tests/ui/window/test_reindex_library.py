"""Changing the embedding model in a running window re-indexes the library's books in the
background, not only the open one. Real window, real worker, real embedding model (the offline
one under a second model id), real FAISS and SQLite, real EPUB files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from reader_app.rag.index import embed
from reader_app.rag.index.indexer import index_status
from tests.ui.conftest import make_window
from tests.unit.rag.libraryshelf import shelf

NEW_MODEL = "pagemate-tests/minilm-relabelled-for-reindex"


class Relabelled:
    """The real offline model under another model id: a second model without a download."""

    def __init__(self, inner: embed.Embedder) -> None:
        self._inner = inner
        self.model_id = NEW_MODEL
        self.dimension = inner.dimension

    def embed(self, texts: list[str]) -> np.ndarray:
        return self._inner.embed(texts)


def test_a_new_embedding_model_reindexes_the_books_not_open(
    qtbot: QtBot, library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    books = shelf(library_home, tmp_path, indexed=("Ashby", "Brill"), added=("Corran",))
    real = embed.default_embedder(home=library_home)
    monkeypatch.setattr(embed, "embedder_for", lambda model_id, **_: Relabelled(real))
    window = make_window(qtbot, library_home, prepare_assistant=True)
    window.indexing.in_child = False  # the replaced embedder lives in this process
    conn = window.library.conn
    assert window.book is None

    def indexed(name: str) -> bool:
        return index_status(conn, library_home, books[name].book_id, NEW_MODEL).complete

    window.settings.set("assistant.embedding_model", NEW_MODEL)  # what Settings does
    qtbot.waitUntil(lambda: indexed("Ashby") and indexed("Brill"), timeout=180_000)
    qtbot.waitUntil(lambda: not window.indexing.library_pending, timeout=60_000)

    assert not indexed("Corran")  # never prepared: it is prepared when first opened
    window.close()
