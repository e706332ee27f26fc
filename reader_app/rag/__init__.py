"""Scope, retrieval, the model port and everything the companion says (Qt-free).

Rooms in dependency order; a room imports only rooms before it (tests/unit/test_layers.py):
index < scope < retrieval < model < assistant < companion < characters < pages.

Front door: `scope/boundary.py`: the scope, the one place that decides what may be used; and
`scope/request.py`: the one way anything reaches a model.

Modules:
- `assistant/`: The assistant: a question answered from scoped passages, streamed, stored, checked
  for spoilers; its calls and prompts, and the answer driver character chat shares.
- `characters/`: Character chat: talk with a character who knows only what the reader has read.
- `companion/`: The companion's derived text: names found offline, X-Ray, descriptions, recaps.
- `index/`: A book's text units and its two indexes: sentences, chunks, embeddings, FTS5 and FAISS.
- `model/`: The port to a model server: the queue, consent, pacing, deadlines, learning the speed,
  the wire and its errors; two calls (streamed, whole) over a sealed request. No prompt, no feature.
- `pages/`: A comic's pages described by a vision model.
- `retrieval/`: Scoped hybrid search: dense and keyword candidates masked by the scope, fused, cut
  to a budget.
- `scope/`: The spoiler contract: the boundary, the sealed values that are the only way book text
  reaches a request, the request itself and where its seal is checked.
"""
