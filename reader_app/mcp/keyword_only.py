"""The search without its dense half, for when the embedding model cannot be loaded."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

KEYWORD_ONLY_MODEL_ID = "none/keyword-only"


class KeywordOnlyEmbedder:
    """Stands in for the embedding model: no dense index is ever stored under its id, so the
    scoped search finds no dense candidates and answers from the keyword index alone."""

    model_id = KEYWORD_ONLY_MODEL_ID
    dimension = 1

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.zeros((len(texts), self.dimension), dtype=np.float32)
