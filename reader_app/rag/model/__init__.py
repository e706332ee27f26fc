"""The one gateway to a model server, the wire under it, every prompt, and the sealed values that
are the only way book text reaches a request.

Front door: `gateway.py` (`ModelGateway`).

Modules:
- `citations`: A passage an answer cites (`Citation`), and how its quote is cut: one pair of marks,
  without the chapter heading it happens to begin with, cut at a word.
- `excerpts`: The sealed value of book text that is not a search's: `ScopedExcerpts`, sentence spans
  in scope and usable stored companion text, for X-Ray, recaps and character personas (an answer's
  search passages are sealed in `ScopedContext`, scoped.py).
- `gateway`: The one gateway to Ollama: every model call (answer, rewrite, suggestions, summary)
  goes here.
- `ollama_wire`: The wire to Ollama under the gateway: the client with a bounded transport, the one
  loop that reads a streamed reply, and the translation of whatever the client raises into our
  errors.
- `prompts`: Every piece of text Pagemate sends a model, assembled here and nowhere else.
- `scoped`: The sealed values of an answer (a `ScopedContext` built only from a scoped search's
  passages, rag/retrieval/passages.py, and a `ScopedHistory` of turns filtered by the current
  boundary) and of a page description (a `ScopedPageImage` no later than the last page that may be
  described). `rag/model/gateway.py` takes no other. Book text that is not a search's (X-Ray,
  recaps, personas) is sealed in `excerpts.py` instead.
- `vision`: The vision model in Ollama that describes comic pages, and the setting-aware entry
  point.
"""
