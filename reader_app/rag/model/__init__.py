"""The one gateway to a model server, the wire under it, every prompt, and the sealed values that
are the only way book text reaches a request.

Front door: `gateway.py` (`ModelGateway`).

Modules:
- `citations`: A passage an answer cites (`Citation`), and how its quote is cut: one pair of marks,
  without the chapter heading it happens to begin with, cut at a word.
- `excerpts`: The sealed value of book text that is not a search's: `ScopedExcerpts`, sentence spans
  in scope and usable stored companion text, for X-Ray, recaps and character personas (an answer's
  search passages are sealed in `ScopedContext`, scoped.py).
- `gateway`: The one gateway to a model server: every model call (answer, rewrite, suggestions,
  summary, X-Ray, recaps, personas, page descriptions) goes here, whichever server is behind it.
- `ollama_wire`: The wire to Ollama's own API under the gateway: the official client over the
  bounded transport, `num_ctx` set from what is sent, model downloads and vision capabilities.
- `openai_wire`: The wire to an OpenAI-compatible server (LM Studio, llama.cpp's server, Jan, vLLM,
  KoboldCpp, LocalAI, Ollama's own `/v1`): chat completions streamed as server-sent events, JSON
  replies held to a schema with `response_format`, the model list, the context size where told.
- `pacing`: How long a request should take: the tokens a server reads afresh (its prompt cache
  holds the last request's prefix), at its learnt speed, and the first token's deadline.
- `prompts`: Every piece of text Pagemate sends a model, assembled here and nowhere else.
- `replies`: What the gateway hands back besides text: `QueryRewrite`, `StreamStats`, and the
  check on follow-up chips.
- `schedule`: One queue per model server, the reader first: questions, then chips, then
  background work, which gives way when the reader asks and is sent again afterwards.
- `scoped`: The sealed values of an answer (a `ScopedContext` built only from a scoped search's
  passages, rag/retrieval/passages.py, and a `ScopedHistory` of turns filtered by the current
  boundary) and of a page description (a `ScopedPageImage` no later than the last page that may be
  described). `rag/model/gateway.py` takes no other. Book text that is not a search's (X-Ray,
  recaps, personas) is sealed in `excerpts.py` instead.
- `servers`: Which model server an address names and how to speak to it, the servers a reader can
  pick from, and whether an address is this computer (book text leaves it only with consent).
- `speeds`: How fast each server and model reads a prompt and writes a reply, learnt from its
  own timings and kept across sessions in the library folder.
- `vision`: The vision model in Ollama that describes comic pages, and the setting-aware entry
  point.
- `wire`: What the gateway needs of a model server, whichever API it speaks: the `Wire` protocol,
  the parts of a reply, and the bounded transport both wires read through.
"""
