"""The one gateway to a model server, the wire under it, every prompt, and the sealed values that
are the only way book text reaches a request.

Front door: `gateway.py` (`ModelGateway`).

Modules:
- `citations`: A passage an answer cites (`Citation`), and how its quote is cut: one pair of marks,
  without the chapter heading it happens to begin with, cut at a word.
- `excerpts`: Book text for the companion's model calls (X-Ray, recaps), sealed after a scope
  check.
- `gateway`: The one gateway to Ollama: every model call (answer, rewrite, suggestions, summary)
  goes here.
- `ollama_wire`: The wire to Ollama under the gateway: the client with a bounded transport, the one
  loop that reads a streamed reply, and the translation of whatever the client raises into our
  errors.
- `prompts`: Every piece of text Pagemate sends a model, assembled here and nowhere else.
- `scoped`: The sealed values book text travels in to a model: a `ScopedContext` or `ScopedHistory`
  built only from a scoped search result or from turns filtered by the current boundary, and a
  `ScopedPageImage` no later than the last page that may be described.
- `vision`: The vision model in Ollama that describes comic pages, and the setting-aware entry
  point.
"""
