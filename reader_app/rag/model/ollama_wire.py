"""The wire to Ollama's own API under the gateway: the official client over the bounded
transport (`rag/model/wire.py`), one `num_ctx` per server and model, model downloads and vision
capabilities, and the translation of whatever the client raises into our errors.

How Ollama works, from its source (server/sched.go, llm/llama_server.go; see docs/servers.md):
- it reloads the model whenever a request's runner options differ from the loaded runner's
  (`needsReload`), `num_ctx` among them, and a reload loses every cached token: so every call
  sends the same `num_ctx`, chosen once from the model's trained context and this computer;
- its `prompt_eval_count` is the whole prompt, the cached prefix included (`cache_n +
  prompt_n`), while `prompt_eval_duration` covers only what it read afresh: so the wire leaves
  `prompt_tokens_read` unknown and the gateway estimates it from what the server already held.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import httpx

from reader_app.errors import (
    OLLAMA,
    AnswerFailedError,
    AssistantTimeoutError,
    ModelMissingError,
    OllamaUnreachableError,
    ReaderError,
)
from reader_app.printable import printable
from reader_app.rag.model.bounds import server_count, server_seconds
from reader_app.rag.model.wire import (
    MAX_LINE_BYTES,
    MAX_REPLY_BYTES,
    Api,
    BoundedTransport,
    PullProgress,
    ReplyPart,
    SlotAction,
    SlotFile,
    display_address,
    read_stream,
)
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

if TYPE_CHECKING:
    import ollama

# What a misbehaving server's reply raises inside the client: a line that is not JSON, JSON of
# the wrong shape (pydantic's ValidationError is a ValueError), a body that is not NDJSON, JSON
# nested deeper than the interpreter's stack (the client parses it, not `bounds.load_json`).
_UNREADABLE_REPLY = (ValueError, TypeError, KeyError, AttributeError, RecursionError)
# How long Ollama keeps the model loaded after a request: a reader reads for a while between
# questions, and loading a 2 GB model again costs the next answer several seconds.
KEEP_ALIVE = "30m"
# The context every call asks for, at most the model's trained one: a 3B model's key-value cache
# for 16,384 tokens takes 0.6-1.8 GB, which a computer with 12 GB or more can spare.
LARGE_CONTEXT = 16384
SMALL_CONTEXT = 8192
LARGE_CONTEXT_MEMORY = 12 * 1024**3
_contexts: dict[tuple[str, str], int] = {}  # (server, model) -> num_ctx, chosen once a process
_contexts_lock = threading.Lock()


def machine_context() -> int:
    """The context this computer's memory affords a local model."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return SMALL_CONTEXT
    return LARGE_CONTEXT if memory >= LARGE_CONTEXT_MEMORY else SMALL_CONTEXT


def trained_context(model_info: object) -> int | None:
    """`<architecture>.context_length` from `/api/show`'s model_info, where it says."""
    if not isinstance(model_info, dict):
        return None
    for key, value in model_info.items():
        if str(key).endswith(".context_length"):
            return server_count(value) or None
    return None


def make_client(host: str, *, timeout: float, connect_timeout: float,
                transport: BoundedTransport) -> ollama.Client:
    import ollama  # here, not at the top: the client and pydantic cost a launch about 0.3 s

    return ollama.Client(host=host, timeout=httpx.Timeout(timeout, connect=connect_timeout),
                         transport=transport)


class OllamaWire:
    """Ollama's native API (`/api/chat`, `/api/tags`, `/api/show`, `/api/pull`)."""

    api: Api = "ollama"
    server_name = OLLAMA

    def __init__(self, host: str, *, timeout: float, connect_timeout: float,
                 max_line_bytes: int = MAX_LINE_BYTES,
                 max_reply_bytes: int = MAX_REPLY_BYTES) -> None:
        self.host = display_address(host)  # never a password in a message
        self.timeout = timeout
        self.transport = BoundedTransport(
            host=self.host, max_line_bytes=max_line_bytes, max_reply_bytes=max_reply_bytes
        )
        self._client = make_client(host, timeout=timeout, connect_timeout=connect_timeout,
                                   transport=self.transport)

    def close(self) -> None:
        self._client.close()

    def stream_chat(
        self, *, model: str, messages: list[Any], max_tokens: int, num_ctx: int
    ) -> Iterator[ReplyPart]:
        started = False

        def translated(error: Exception) -> Exception:
            return self._translate(error, model=model, started=started)

        try:
            stream = self._client.chat(model=model, messages=messages, stream=True,
                                       options={"num_predict": max_tokens, "num_ctx": num_ctx},
                                       keep_alive=KEEP_ALIVE)
        except Exception as error:
            raise translated(error) from error
        parts = read_stream(stream, translated)
        try:
            for part in parts:
                text = part.message.content or ""
                started = started or bool(text)
                if part.done:
                    # The whole prompt, its cached prefix included; what was read afresh is
                    # not said (the gateway estimates it).
                    yield ReplyPart(
                        text, done=True, prompt_tokens=server_count(part.prompt_eval_count),
                        prompt_seconds=server_seconds(part.prompt_eval_duration, per_second=1e9),
                        completion_tokens=server_count(part.eval_count),
                        finish_reason=part.done_reason or "stop",
                        prompt_tokens_read=None,
                        reply_seconds=server_seconds(part.eval_duration, per_second=1e9),
                    )
                else:
                    yield ReplyPart(text)
        finally:
            parts.close()

    def complete(self, *, model: str, messages: list[Any], max_tokens: int, num_ctx: int,
                 schema: dict[str, Any] | None) -> str:
        options = {"temperature": 0, "num_predict": max_tokens, "num_ctx": num_ctx}
        response = self._call(
            lambda: self._client.chat(model=model, messages=messages, stream=False,
                                      format=schema, options=options, keep_alive=KEEP_ALIVE),
            model=model,
        )
        return str(response.message.content or "")

    def models(self) -> list[str]:
        response = self._call(self._client.list, model="")
        return sorted(m.model for m in response.models if m.model)

    def vision_models(self) -> list[str]:
        found = []
        for name in self.models():
            shown = self._call(functools.partial(self._client.show, name), model=name)
            if "vision" in (shown.capabilities or []):
                found.append(name)
        return found

    def pull(self, name: str) -> Iterator[PullProgress]:
        stream = self._call(lambda: self._client.pull(name, stream=True), model=name)
        parts = read_stream(stream, lambda error: self._translate(error, model=name,
                                                                  started=True))
        try:
            for part in parts:
                yield PullProgress(part.status or "", part.completed, part.total)
        finally:
            parts.close()

    def fixed_context(self, model: str) -> int | None:
        return self.context_size(model)

    def context_size(self, model: str) -> int | None:
        """The one `num_ctx` this server and model are always sent: the model's trained
        context (`/api/show`) within what this computer affords, chosen once a process."""
        key = (self.host, model)
        with _contexts_lock:
            if key in _contexts:
                return _contexts[key]
        try:
            shown = self._client.show(model)
            trained = trained_context(getattr(shown, "modelinfo", None))
        except Exception:  # unknown: this computer's share alone, kept all the same
            trained = None
        size = min(machine_context(), trained) if trained else machine_context()
        with _contexts_lock:
            return _contexts.setdefault(key, max(size, 2048))

    def slot(self, action: SlotAction, file: SlotFile) -> int | None:
        return None  # Ollama keeps no prompt state between its runs

    def gpu_share(self, model: str) -> float | None:
        """How much of the loaded `model` sits in the GPU's memory (`/api/ps`: `size_vram` over
        `size`); None when it is not loaded or the server cannot tell."""
        try:
            loaded = self._client.ps().models
        except Exception:  # a question of advice only: never an error for the reader
            return None
        for entry in loaded:
            named = entry.model in (model, f"{model}:latest") or entry.name == model
            if named and entry.size and entry.size > 0 and entry.size_vram is not None:
                # Within 0..size first: a huge number from the server cannot become a float.
                return min(max(entry.size_vram, 0), entry.size) / entry.size
        return None

    def _call(self, request: Any, *, model: str) -> Any:
        try:
            return request()
        except Exception as error:
            raise self._translate(error, model=model, started=False) from error

    def _translate(self, error: Exception, *, model: str, started: bool) -> Exception:
        return translate(error, host=self.host, model=model, timeout=self.timeout,
                         started=started)


def translate(error: Exception, *, host: str, model: str, timeout: float,
              started: bool) -> Exception:
    """Our error for what the client raised (a reader-facing error passes through)."""
    if isinstance(error, ReaderError):
        return error
    import ollama  # cheap by now: a client was made before it could raise

    if isinstance(error, ollama.ResponseError):
        message = str(error.error)
        if error.status_code == 404 and "not found" in message:
            return ModelMissingError(model=model, host=host)
        if message.lstrip().startswith("<"):  # a proxy's or another server's HTML page
            return AnswerFailedError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The server at {host} answered with an error page (HTTP "
                    "{status_code}), not Ollama's reply; is the host in Settings right?"),
                    host=host, status_code=error.status_code)
            )
        return AnswerFailedError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "Ollama reported an error: {detail}"),
                detail=str(printable(message[:500], one_line=True))))
    if isinstance(error, httpx.TimeoutException):
        return AssistantTimeoutError(host=host, seconds=timeout)
    if isinstance(error, ConnectionError | httpx.ConnectError) and not started:
        return OllamaUnreachableError(host=host)
    if isinstance(error, httpx.HTTPError | ConnectionError):
        return AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
            "Errors", "The connection to Ollama at {host} was lost."), host=host))
    if isinstance(error, _UNREADABLE_REPLY):
        return AnswerFailedError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The server at {host} sent a reply that is not Ollama's ({kind}); "
                "is the host in Settings really Ollama?"),
                host=host, kind=type(error).__name__)
        )
    return error
