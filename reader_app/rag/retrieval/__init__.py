"""Scoped hybrid search: dense and keyword candidates masked by the scope, fused, cut to a budget.

Front door: `search.py`.

Modules:
- `focus`: Passages cut to what the question asks when the budget is tight: half for the best
  span, the rest for the sentences of the best spans most like the question.
- `passages`: Search hits cut into text, not yet sealed: each ranked span's sentences cut to a token
  budget (`Passage`), and the text just before the boundary (`RecentText`). A search returns these;
  they reach a model only inside a `ScopedContext` (rag/scope/sealed.py).
- `previous_index`: After a change of embedding model, the index of the model a book had before
  keeps answering.
- `search`: Scoped hybrid search: dense and keyword candidates, both masked by the scope, fused by
  rank.
"""
