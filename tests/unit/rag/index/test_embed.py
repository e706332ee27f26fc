"""Embedders: the offline model is hash-checked, batches are length-sorted and bounded by padded
tokens, order is restored, and the lean session gives fastembed's own vectors."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from reader_app.digest import file_sha256
from reader_app.rag.index import embed
from reader_app.rag.index.embed import (
    DEFAULT_DIMENSION,
    DEFAULT_MODEL_ID,
    EmbeddingModelError,
    FastEmbedder,
    default_embedder,
    embedder_for,
    prepare_default_model_dir,
)
from tests.fakes.embedders import HashEmbedder


def test_a_damaged_model_file_is_refused_with_a_clear_message(
    library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = tmp_path / "model.onnx"
    damaged.write_bytes(b"not the model")
    monkeypatch.setattr(embed, "default_model_onnx", lambda: damaged)

    with pytest.raises(EmbeddingModelError, match=r"damaged.*Reinstall"):
        prepare_default_model_dir(library_home)


def test_a_missing_model_file_is_refused_with_a_clear_message(
    library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embed, "default_model_onnx", lambda: tmp_path / "absent.onnx")

    with pytest.raises(EmbeddingModelError, match="missing"):
        prepare_default_model_dir(library_home)


def test_the_model_folder_is_assembled_in_the_library_cache(library_home: Path) -> None:
    folder = prepare_default_model_dir(library_home)

    assert folder.is_relative_to(library_home)
    names = {p.name for p in folder.iterdir()}
    assert {"model.onnx", "tokenizer.json", "tokenizer_config.json", "config.json",
            "special_tokens_map.json"} <= names
    assert file_sha256(folder / "model.onnx") == embed.DEFAULT_MODEL_SHA256
    assert prepare_default_model_dir(library_home) == folder  # a second call is a no-op


class LengthModel:
    """A stand-in fastembed model: the vector says how long the text was; batches recorded."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def embed(self, texts: Sequence[str], batch_size: int) -> Iterator[np.ndarray]:
        for start in range(0, len(texts), batch_size):
            batch = list(texts[start : start + batch_size])
            self.batches.append(batch)
            yield np.array([[len(t), 1.0] for t in batch], dtype=np.float32)


def test_texts_are_batched_by_length_and_returned_in_the_callers_order() -> None:
    model = LengthModel()
    embedder = FastEmbedder(model, model_id="fake", dimension=2, batch_size=2)
    texts = ["a" * 9, "a", "a" * 5, "a" * 3, "a" * 7]

    vectors = embedder.embed(texts)

    assert [len(t) for batch in model.batches for t in batch] == [1, 3, 5, 7, 9]
    expected = np.array([[len(t), 1.0] for t in texts], dtype=np.float32)
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    assert np.allclose(vectors, expected)


def test_a_batch_holds_at_most_the_token_budget_of_padded_tokens() -> None:
    model = LengthModel()
    embedder = FastEmbedder(model, model_id="fake", dimension=2, batch_size=4, token_budget=12)
    texts = ["a" * 6, "a", "a" * 2, "a" * 2, "a" * 3, "a" * 3, "a" * 12, "a" * 5]

    vectors = embedder.embed(texts)

    # Each batch is padded to its longest text: count x longest stays within 12.
    assert [[len(t) for t in batch] for batch in model.batches] == [
        [1, 2, 2, 3], [3, 5], [6], [12]
    ]
    assert all(len(b) * max(map(len, b)) <= 12 for b in model.batches)
    assert np.allclose(vectors[:, 0] / vectors[:, 1], [len(t) for t in texts])


def test_an_unknown_model_name_is_a_clear_error(library_home: Path) -> None:
    with pytest.raises(EmbeddingModelError, match="not a fastembed text model"):
        embedder_for("nobody/no-such-model", home=library_home)


def test_the_hash_test_double_is_deterministic_and_unit_length() -> None:
    first = HashEmbedder().embed(["the lantern", "a river"])
    again = HashEmbedder().embed(["the lantern", "a river"])
    assert np.array_equal(first, again)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0)


@pytest.mark.slow
def test_the_offline_model_embeds_consistently_whatever_the_batch(library_home: Path) -> None:
    embedder = default_embedder(home=library_home)
    texts = ["Mr. Darcy bowed.", "A much longer sentence about the rain on the road to "
             "Netherfield, where Jane fell ill.", "Toto barked."]

    together = embedder.embed(texts)
    alone = np.vstack([embedder.embed([t]) for t in texts])

    assert embedder.model_id == DEFAULT_MODEL_ID and together.shape == (3, DEFAULT_DIMENSION)
    assert together.dtype == np.float32
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    assert np.allclose(together, alone, atol=1e-4)
    assert embedder_for(DEFAULT_MODEL_ID, home=library_home) is embedder  # loaded once


@pytest.mark.slow
def test_the_lean_session_gives_the_vectors_of_fastembeds_own_session(
    library_home: Path,
) -> None:
    """Memory settings must not change what the index holds: the same texts through raw
    fastembed (its own session, batches of 32 in the given order) give the same vectors."""
    from fastembed import TextEmbedding

    words = ("Prince Andrew rode along the line of the regiment at Austerlitz, and the "
             "smoke of the guns hid the bridge. ")
    texts = ["Toto barked.", words * 12, "Mr. Darcy bowed.", words * 3, words, "Pierre."] * 3
    embedder = default_embedder(home=library_home)
    raw = TextEmbedding(DEFAULT_MODEL_ID,
                        specific_model_path=str(prepare_default_model_dir(library_home)))

    ours = embedder.embed(texts)
    theirs = embed.normalise(np.vstack(list(raw.embed(texts, batch_size=32))))

    assert ours.shape == theirs.shape == (len(texts), DEFAULT_DIMENSION)
    assert np.allclose(ours, theirs, atol=1e-5), float(np.abs(ours - theirs).max())
    assert not np.allclose(ours[0], ours[2], atol=1e-2)  # different texts stay apart


def test_one_model_per_process_whichever_library_checked_it(tmp_path: Path) -> None:
    # Keyed by the library folder, a process that opened several libraries (a test run: one
    # per test) kept a model for each, about 290 MB apiece; the file is the same pinned one.
    first = default_embedder(home=tmp_path / "one")
    second = default_embedder(home=tmp_path / "two")
    assert second is first
    assert any((tmp_path / "two").rglob("model.onnx"))  # still checked in the second library
