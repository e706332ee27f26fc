"""The benchmark's qwen2.5:3b-shaped GGUF with random weights (benchmarks/synthetic_model.py): its
tensor plan is Q4_K_M Qwen2.5-3B's, a small model written the same way reads back with the `gguf`
package's own reader with finite weights, a header is read from a file cut after it, the
vocabulary is cut only where it is padding, and the cache file is whole or absent. Nothing here
writes the 1.93 GB file or needs a server."""

from __future__ import annotations

import collections
from pathlib import Path

import numpy as np
import pytest
from gguf import GGUFReader, GGUFValueType, TokenType, quants

from benchmarks import synthetic_model as synth
from benchmarks.synthetic_model import (
    F32,
    FILE_NAME,
    Q4_K,
    Q6_K,
    QWEN25_3B,
    MetaValue,
    ModelShape,
    fit_vocabulary,
    read_gguf_metadata,
    tensor_plan,
    write_model,
)

SMALL = ModelShape(n_vocab=8, hidden=256, layers=2, ffn=512, heads=2, kv_heads=1, context=512,
                   rope_theta=1e6, rms_eps=1e-6)


def small_tokenizer(padding: int = 2) -> dict[str, MetaValue]:
    tokens = ["a", "b", "c", "ab", "bc", "<|end|>", "<|user|>", "<|assistant|>"]
    types = [TokenType.NORMAL] * 5 + [TokenType.CONTROL] * 3
    tokens += [f"[PAD{len(tokens) + i}]" for i in range(padding)]
    types += [TokenType.UNUSED] * padding
    strings, int32, uint32 = GGUFValueType.STRING, GGUFValueType.INT32, GGUFValueType.UINT32
    return {
        "tokenizer.ggml.model": MetaValue(strings, "gpt2"),
        "tokenizer.ggml.tokens": MetaValue(GGUFValueType.ARRAY, tokens, strings),
        "tokenizer.ggml.token_type": MetaValue(GGUFValueType.ARRAY, [int(t) for t in types],
                                               int32),
        "tokenizer.ggml.merges": MetaValue(GGUFValueType.ARRAY, ["a b", "b c"], strings),
        "tokenizer.ggml.eos_token_id": MetaValue(uint32, 5),
        "tokenizer.ggml.add_bos_token": MetaValue(GGUFValueType.BOOL, False),
        "tokenizer.chat_template": MetaValue(strings, "{% for m in messages %}{{ m.content }}"
                                                      "{% endfor %}"),
    }


def test_the_plan_is_qwen25_3b_in_q4_k_m() -> None:
    plan = tensor_plan(QWEN25_3B)
    by_name = {t.name: t for t in plan}
    assert len(plan) == len(by_name) == 2 + 36 * 12
    assert QWEN25_3B.head_dim == 128
    # Tied embeddings: the embedding matrix is the output too, in Q6_K; no output.weight.
    assert "output.weight" not in by_name
    assert by_name["token_embd.weight"].shape == (151_936, 2048)
    assert by_name["token_embd.weight"].qtype == Q6_K
    assert by_name["blk.0.attn_q.weight"].shape == (16 * 128, 2048)
    assert by_name["blk.0.attn_k.weight"].shape == (2 * 128, 2048)
    assert by_name["blk.0.attn_k.bias"].shape == (256,)
    assert by_name["blk.35.ffn_gate.weight"].shape == (11_008, 2048)
    assert by_name["blk.35.ffn_down.weight"].shape == (2048, 11_008)
    # llama.cpp's Q4_K_M keeps attn_v and ffn_down in Q6_K for the first four layers, the last
    # five and every third one from layer 6.
    wide = [0, 1, 2, 3, *range(6, 31, 3), 31, 32, 33, 34, 35]
    for kind in ("attn_v", "ffn_down"):
        assert [i for i in range(36) if by_name[f"blk.{i}.{kind}.weight"].qtype == Q6_K] == wide
    assert by_name["blk.4.ffn_down.weight"].qtype == Q4_K
    assert collections.Counter(t.qtype for t in plan) == {Q4_K: 216, F32: 181, Q6_K: 37}
    # 18 layers of 30,375,936 + 430,080 + 18,493,440 bytes, 18 of 30,375,936 + 294,912 +
    # 12,681,216, the Q6_K embeddings' 255,252,480 and the F32 norms and biases' 966,656.
    assert sum(t.nbytes for t in plan) == 1_923_946_496


def test_a_small_model_reads_back_with_finite_weights_centred_on_zero(tmp_path: Path) -> None:
    path = tmp_path / "small.gguf"
    write_model(path, SMALL, fit_vocabulary(small_tokenizer(), SMALL.n_vocab), seed=7)
    reader = GGUFReader(path)
    fields = reader.fields
    assert fields["general.architecture"].contents() == "qwen2"
    assert fields["qwen2.block_count"].contents() == 2
    assert fields["qwen2.attention.head_count_kv"].contents() == 1
    assert fields["qwen2.rope.freq_base"].contents() == 1e6
    assert fields["general.file_type"].contents() == 15  # MOSTLY_Q4_K_M
    assert fields["tokenizer.ggml.tokens"].contents()[-1] == "<|assistant|>"
    assert fields["tokenizer.chat_template"].contents().startswith("{% for m in messages %}")
    planned = {t.name: t for t in tensor_plan(SMALL)}
    assert [t.name for t in reader.tensors] == list(planned)
    for tensor in reader.tensors:
        plan = planned[tensor.name]
        assert tensor.tensor_type == plan.qtype
        assert tuple(int(n) for n in tensor.shape) == tuple(reversed(plan.shape))
        if plan.qtype == F32:
            continue
        weights = quants.dequantize(np.asarray(tensor.data), plan.qtype)
        assert weights.shape == plan.shape
        assert np.isfinite(weights).all()
        assert np.abs(weights).max() <= 0.1
        assert abs(float(weights.mean())) < 0.005
        assert 0.01 < float(weights.std()) < 0.04


def test_the_same_seed_writes_the_same_weights(tmp_path: Path) -> None:
    tokenizer = fit_vocabulary(small_tokenizer(), SMALL.n_vocab)
    for name, seed in (("a", 1), ("b", 1), ("c", 2)):
        write_model(tmp_path / f"{name}.gguf", SMALL, tokenizer, seed=seed)
    a, b, c = ((tmp_path / f"{n}.gguf").read_bytes() for n in "abc")
    assert a == b
    assert a != c and len(a) == len(c)


def test_the_header_of_a_file_cut_after_it_reads(tmp_path: Path) -> None:
    whole = tmp_path / "whole.gguf"
    write_model(whole, SMALL, fit_vocabulary(small_tokenizer(), SMALL.n_vocab))
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(whole.read_bytes()[: 4096 + 200])  # the header and a little of the data
    metadata = read_gguf_metadata(cut)
    assert metadata["tokenizer.ggml.tokens"].value[:3] == ["a", "b", "c"]
    assert metadata["tokenizer.ggml.tokens"].sub_type == GGUFValueType.STRING
    assert metadata["tokenizer.ggml.eos_token_id"] == MetaValue(GGUFValueType.UINT32, 5)
    assert metadata["qwen2.embedding_length"].value == 256
    cut.write_bytes(whole.read_bytes()[:100])
    with pytest.raises(ValueError, match="ends early"):
        read_gguf_metadata(cut)
    cut.write_bytes(b"not a model at all, not at all")
    with pytest.raises(ValueError, match="not a GGUF file"):
        read_gguf_metadata(cut)


def test_the_vocabulary_is_cut_only_where_it_is_padding() -> None:
    tokenizer = small_tokenizer(padding=4)
    fitted = fit_vocabulary(tokenizer, 9)
    assert fitted["tokenizer.ggml.tokens"].value[-2:] == ["<|assistant|>", "[PAD8]"]
    assert len(fitted["tokenizer.ggml.token_type"].value) == 9
    assert len(tokenizer["tokenizer.ggml.tokens"].value) == 12  # the original is left whole
    with pytest.raises(ValueError, match="not all padding"):
        fit_vocabulary(tokenizer, 7)
    with pytest.raises(ValueError, match="fewer than"):
        fit_vocabulary(tokenizer, 13)
    tokenizer["tokenizer.ggml.eos_token_id"] = MetaValue(GGUFValueType.UINT32, 10)
    with pytest.raises(ValueError, match="eos_token_id"):
        fit_vocabulary(tokenizer, 9)


@pytest.fixture
def small_instead_of_3b(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """`qwen25_3b_shaped` writing the small model with the small tokenizer (the DeepSeek part is
    a bench-only package); the list collects every path it was asked to write."""
    written: list[Path] = []

    def write(path: Path, shape: ModelShape, tokenizer: dict[str, MetaValue]) -> None:
        written.append(path)
        write_model(path, SMALL, tokenizer)

    monkeypatch.setattr(synth, "qwen2_tokenizer",
                        lambda n_vocab: fit_vocabulary(small_tokenizer(), SMALL.n_vocab))
    monkeypatch.setattr(synth, "write_model", write)
    return written


def test_the_model_is_written_once_and_then_reused(tmp_path: Path,
                                                   small_instead_of_3b: list[Path]) -> None:
    path = synth.qwen25_3b_shaped(tmp_path)
    assert path == tmp_path / "models" / FILE_NAME
    assert [p.parent for p in small_instead_of_3b] == [path.parent]  # written beside, renamed
    assert small_instead_of_3b[0] != path
    assert GGUFReader(path).fields["general.architecture"].contents() == "qwen2"
    assert synth.qwen25_3b_shaped(tmp_path) == path
    assert len(small_instead_of_3b) == 1
    assert sorted(p.name for p in path.parent.iterdir()) == [FILE_NAME]


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              small_instead_of_3b: list[Path]) -> None:
    def half_written(path: Path, shape: ModelShape, tokenizer: dict[str, MetaValue]) -> None:
        path.write_bytes(b"GGUF" + bytes(1000))
        raise OSError("No space left on device")

    monkeypatch.setattr(synth, "write_model", half_written)
    with pytest.raises(OSError, match="No space"):
        synth.qwen25_3b_shaped(tmp_path)
    assert list((tmp_path / "models").iterdir()) == []
