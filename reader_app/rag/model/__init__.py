"""The port to a model server: what every model call shares (the server's queue and the turn's
priority, consent for a server elsewhere, pacing, deadlines and learning the speed, the wire and
its errors), with two calls over a sealed request (rag/scope/request.py). It holds no prompt and
knows no feature: each room builds its own requests.

Front door: `gateway.py` (`ModelGateway.stream` and `ModelGateway.reply`).

Modules:
- `bounds`: What a server's reply is held to, whichever wire reads it: numbers believed only
  within range, JSON parsed only within a nesting depth, and a wall-clock `Deadline` that no
  comment or keepalive pushes on (the transport aborts the request when it passes).
- `gateway`: The port: `stream`, a reply token by token, and `reply`, one whole reply held to a
  JSON schema where the request has one; `warm` has a server read what an answer begins with.
- `keys`: API keys, each bound to the one server it was entered for, kept in the system keyring
  where there is one, else in the library folder readable only by its owner.
- `models`: A server's shelf of models: which it offers, which see pictures, downloading one.
- `ollama_wire`: The wire to Ollama's own API under the gateway: the official client over the
  bounded transport, `num_ctx` set from what is sent, model downloads and vision capabilities.
- `openai_wire`: The wire to an OpenAI-compatible server (LM Studio, llama.cpp's server, Jan, vLLM,
  KoboldCpp, LocalAI, Ollama's own `/v1`): chat completions streamed as server-sent events, JSON
  replies held to a schema with `response_format`, the model list, the context size where told.
- `pacing`: How long a request should take: the tokens a server reads afresh (its prompt cache
  holds the last request's prefix), at its learnt speed, and the first token's deadline; the
  context size a call asks for.
- `replies`: What the gateway hands back besides text: `StreamStats`.
- `schedule`: One queue per model server, the reader first: questions, then chips, then
  background work, which gives way when the reader asks and is sent again afterwards.
- `servers`: Which model server an address names and how to speak to it, the servers a reader can
  pick from, and where a connection to it goes: this computer only when every address its name
  resolves to (once) is loopback; book text leaves it only with consent.
- `speeds`: How fast each server and model reads a prompt and writes a reply, learnt from its
  own timings and kept across sessions in the library folder.
- `streaming`: A streamed reply read token by token within its limits: the first token's
  deadline, the answer's own, a length cap, and the server's word that it is done.
- `wire`: What the gateway needs of a model server, whichever API it speaks: the `Wire` protocol,
  the parts of a reply, and the bounded transport both wires read through.
"""
