"""Scoped hybrid search: dense and keyword candidates masked by the scope, fused, cut to a budget.

Front door: `search.py`.

Modules:
- `passages`: What the model is given from a ranking: each span's text cut to a token budget, and
  the text just before the boundary ("where the reader is").
- `previous_index`: After a change of embedding model, the index of the model a book had before
  keeps answering.
- `search`: Scoped hybrid search: dense and keyword candidates, both masked by the scope, fused by
  rank.
"""
