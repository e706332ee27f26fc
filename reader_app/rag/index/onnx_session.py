"""The embedding model's onnxruntime session, chosen for memory, and its token lengths.

fastembed builds its session with every graph optimisation on. For the int8 model that includes
constant folding, which turns each quantised weight into a float32 copy while the session is
built: the session takes ~210 MB (a transient ~270 MB) instead of ~40 MB, and running it takes
more too. Measured on War and Peace's longest chunks (8 at 256 tokens, 2 cores): 497 MB peak
with fastembed's session, 350 MB without constant folding, vectors equal within 1e-6, speed
within the machine's noise. Everything else keeps fastembed's choices: the CPU memory arena stays
on (off, the same batches peaked higher through malloc fragmentation and ran ~1.5x slower), and
threads are onnxruntime's default (one per core) unless the caller says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# Folding dequantised weights into float32 constants is what costs the memory.
DISABLED_OPTIMIZERS = ("ConstantFolding",)


def lean_session(model_path: Path, *, threads: int | None = None) -> Any:
    """An onnxruntime CPU session for `model_path` without constant folding."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    if threads is not None:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = threads
    return ort.InferenceSession(
        str(model_path),
        sess_options=options,
        providers=["CPUExecutionProvider"],
        disabled_optimizers=list(DISABLED_OPTIMIZERS),
    )


def install_lean_session(model: Any, model_path: Path, *, threads: int | None = None) -> None:
    """Give a fastembed `TextEmbedding` made with `lazy_load=True` our session.

    fastembed exposes only the memory arena as a session option, so the session is set on its
    ONNX model object (`model.model.model`), where its own lazy loader would put one; its
    tokenizer is loaded the way that loader does.
    """
    onnx_model = model.model
    onnx_model.model = lean_session(model_path, threads=threads)
    onnx_model._ensure_tokenizer()


def token_lengths(model: Any) -> Callable[[Sequence[str]], list[int]] | None:
    """How many tokens the model's own tokenizer makes of each text (truncated as it will be,
    special tokens included), or None when the model has no tokenizer to ask."""
    onnx_model: Any = getattr(model, "model", None)
    ensure = getattr(onnx_model, "_ensure_tokenizer", None)
    if ensure is None:
        return None
    ensure()
    tokenizer = onnx_model.tokenizer

    def lengths(texts: Sequence[str]) -> list[int]:
        if not texts:
            return []
        # The tokenizer pads a batch to its longest text: count only the real tokens.
        return [sum(e.attention_mask) for e in tokenizer.encode_batch(list(texts))]

    return lengths
