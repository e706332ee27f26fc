"""Test doubles for the embedder: fast and exact, understanding nothing. Never used by the app."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from reader_app.rag.index.embed import normalise


class HashEmbedder:
    """TEST DOUBLE: a deterministic bag-of-words embedder with no model behind it.

    It exists so masking logic can be tested fast and exactly; it understands nothing and must
    never be used by the app.
    """

    def __init__(self, *, dimension: int = 64, model_id: str = "test/hash-embedder") -> None:
        self.dimension = dimension
        self.model_id = model_id

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                bucket = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest())
                vectors[row, bucket % self.dimension] += 1.0
            vectors[row, 0] += 1e-3  # never a zero row
        return normalise(vectors)
