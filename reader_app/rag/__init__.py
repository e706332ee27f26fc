"""Scope, retrieval, the model gateway and everything the companion says (Qt-free).

Rooms in dependency order; a room imports only rooms before it (tests/unit/test_layers.py):
index < boundary < retrieval < model < assistant < companion < characters.

Front door: `boundary.py`: the scope, the one place that decides what may be used.

Modules:
- `assistant/`: The assistant: a question answered from scoped passages, streamed, stored, checked
  for spoilers.
- `boundary`: The spoiler mask: the one place that turns the recorded reading state into what may
  be searched.
- `characters/`: Character chat: talk with a character who knows only what the reader has read.
- `companion/`: The companion's derived text: names found offline, X-Ray, descriptions, recaps.
- `index/`: A book's text units and its two indexes: sentences, chunks, embeddings, FTS5 and FAISS.
- `model/`: The one gateway to a model server, the wire under it, every prompt, and the sealed
  values that are the only way book text reaches a request.
- `retrieval/`: Scoped hybrid search: dense and keyword candidates masked by the scope, fused, cut
  to a budget.
"""
