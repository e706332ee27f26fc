"""After a change of embedding model, the index of the model a book had before keeps answering.

A book's dense index is kept per model (`vector_indexes`, one FAISS file each), and every model's
index numbers the same chunks. When the reader picks another model, the book is re-indexed with
it in the background, which takes minutes for a long book. Until the new index covers the
boundary, search uses keyword search, what the new index has so far, and the older model's
index: the old model is loaded (from disk only, never downloaded) and its ranking fused with the
others. Its index is masked like any other: only chunks before the boundary are searched.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from reader_app.errors import ReaderError
from reader_app.rag.index.embed import Embedder, embedder_for
from reader_app.rag.index.indexes import vector_index_path
from reader_app.rag.index.multilingual import MULTILINGUAL_MODEL_ID, multilingual_embedder
from reader_app.rag.scope.boundary import Scope

Loader = Callable[[str, Path], Embedder]


def _load_local(model_id: str, home: Path) -> Embedder:
    if model_id == MULTILINGUAL_MODEL_ID:  # a book not in English, indexed by its language
        return multilingual_embedder(home=home)
    return embedder_for(model_id, home=home, local_only=True)


def previous_embedders(
    conn: sqlite3.Connection,
    home: Path,
    scope: Scope,
    current: Embedder,
    *,
    load: Loader = _load_local,
) -> list[Embedder]:
    """While `current`'s index does not cover `scope`, the embedder of the other model whose
    index covers most of it (and more than `current`'s does); else none. A model that cannot
    be loaded without a download is passed over."""
    volumes = [v for v in scope.volumes if v.chunk_limit > 0]
    if not volumes:
        return []
    coverage: dict[str, int] = {}
    for volume in volumes:
        rows = conn.execute(
            "SELECT model_id, dimension, indexed_count FROM vector_indexes WHERE book_id = ?",
            (volume.book_id,),
        ).fetchall()
        for model_id, dimension, indexed in rows:
            if model_id == current.model_id and int(dimension) != current.dimension:
                continue
            if not vector_index_path(home, volume.book_id, str(model_id)).exists():
                continue
            covered = min(int(indexed), volume.chunk_limit)
            coverage[str(model_id)] = coverage.get(str(model_id), 0) + covered
    needed = sum(v.chunk_limit for v in volumes)
    own = coverage.pop(current.model_id, 0)
    if own >= needed:
        return []
    for model_id in sorted(coverage, key=lambda m: -coverage[m]):
        if coverage[model_id] <= own:
            break
        try:
            return [load(model_id, home)]
        except ReaderError:
            continue
    return []
