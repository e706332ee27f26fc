"""The spoiler contract in one room: the boundary (what may be used), the sealed values that are
the only way the book's text reaches a model, and the request made of them, where the seal is
checked once.

Front door: `boundary.py` (what the recorded reading state allows) and `request.py` (the one way
anything reaches a model).

Modules:
- `boundary`: The spoiler mask: the one place that turns the recorded reading state into what may
  be searched.
- `citations`: A passage an answer cites (`Citation`), and how its quote is cut.
- `excerpts`: The sealed value of book text that is not an answer's: `ScopedExcerpts`, for X-Ray,
  recaps, personas and the candidates a model ranks.
- `found`: What a scoped search found, as plain values (`Passage`, `RecentText`, `SearchResult`):
  only a `ScopedContext` turns them into what a model may read.
- `quoting`: How book text stands in a request: as quoted material between tags, never as
  instructions.
- `request`: The one way anything reaches a model: a `ModelRequest`, made only by `sealed_request`
  from sealed inputs, which is where the seal is checked.
- `seal`: The one base of every value that may carry the book's text to a model (`Sealed`), and
  the bug raised when something else tries (`ScopeViolationError`).
- `sealed`: The sealed values of an answer (`ScopedContext`, `ScopedHistory`) and of a page
  description (`ScopedPageImage`).
"""
