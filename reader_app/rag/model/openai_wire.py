"""The wire to an OpenAI-compatible server (LM Studio, llama.cpp's server, Jan, vLLM, KoboldCpp,
LocalAI, Ollama's own `/v1`): chat completions streamed as server-sent events, JSON replies held
to a schema with `response_format`, the model list, and the context size where the server tells
it (llama.cpp's `/props`). Whatever goes wrong becomes one of our errors, naming the server.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import httpx

from reader_app.errors import (
    AnswerFailedError,
    AssistantTimeoutError,
    ContextTooLongError,
    ModelMissingError,
    OllamaUnreachableError,
    ReaderError,
)
from reader_app.printable import printable
from reader_app.rag.model.bounds import load_json, server_count, server_seconds
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
)
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

SERVER_NAME = "the model server"
# How much of an error reply is read to explain it.
ERROR_BODY_CHARS = 2_000


# Per server, for the process (a wire is made per job): whether it saves slots (started with
# `--slot-save-path`; known once tried) and how many slots it has (`/props`).
_slot_saving: dict[str, bool] = {}
_total_slots: dict[str, int] = {}


def forget_slot_servers() -> None:
    """For tests: no server is known to save slots."""
    _slot_saving.clear()
    _total_slots.clear()


class OpenAIWire:
    """`/v1/chat/completions` and `/v1/models` at `base_url` (which ends in `/v1`)."""

    api: Api = "openai"
    server_name = SERVER_NAME

    def __init__(self, base_url: str, *, timeout: float, connect_timeout: float,
                 api_key: str = "", max_line_bytes: int = MAX_LINE_BYTES,
                 max_reply_bytes: int = MAX_REPLY_BYTES) -> None:
        self.base_url = base_url.rstrip("/")
        self.host = display_address(self.base_url)  # never a password in a message
        self.timeout = timeout
        self.transport = BoundedTransport(
            host=self.host, max_line_bytes=max_line_bytes, max_reply_bytes=max_reply_bytes
        )
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(
            timeout=httpx.Timeout(timeout, connect=connect_timeout),
            transport=self.transport, headers=headers,
        )
        self._context_sizes: dict[str, int | None] = {}
        # llama.cpp's server (it answered `/props`): asked to stream its prompt progress.
        self.llama_cpp = False

    def close(self) -> None:
        self._http.close()

    # -- chat ------------------------------------------------------------------------------

    def stream_chat(
        self, *, model: str, messages: list[Any], max_tokens: int, num_ctx: int
    ) -> Iterator[ReplyPart]:
        body = {
            "model": model,
            "messages": openai_messages(messages),
            "stream": True,
            "max_tokens": max_tokens,
            "stream_options": {"include_usage": True},
        }
        if self.llama_cpp:
            body["return_progress"] = True  # a chunk after each batch of the prompt it reads
        self._pin(body)
        started = False
        try:
            with self._http.stream("POST", f"{self.base_url}/chat/completions",
                                   json=body) as response:
                if response.status_code != 200:
                    response.read()
                    raise self._http_error(response, model=model)
                finish: str | None = None
                usage: dict[str, Any] = {}
                timings: dict[str, Any] = {}
                for event in _events(response.iter_lines(), host=self.host):
                    if event == "[DONE]":
                        break
                    chunk = _json(event, host=self.host)
                    if isinstance(chunk.get("error"), dict | str):
                        raise AnswerFailedError(
                            sentence(QT_TRANSLATE_NOOP(
                                "Errors", "The model server at {host} reported an error: {detail}"),
                                host=self.host, detail=str(_error_text(chunk))))
                    usage = _dict_or(chunk.get("usage"), usage)
                    timings = _dict_or(chunk.get("timings"), timings)
                    progress = _progress(chunk.get("prompt_progress"))
                    if progress is not None:
                        yield ReplyPart("", progress=progress)
                    choices = chunk.get("choices") or []
                    if not isinstance(choices, list):
                        raise _wrong_shape(self.host)
                    for choice in choices:
                        delta = choice.get("delta") or {} if isinstance(choice, dict) else None
                        if not isinstance(delta, dict):
                            raise _wrong_shape(self.host)
                        text = delta.get("content") or ""
                        if not isinstance(text, str):
                            raise _wrong_shape(self.host)
                        finish = choice.get("finish_reason") or finish
                        if text:
                            started = True
                            yield ReplyPart(text)
                if finish is None:
                    return  # the stream ended without saying why: the gateway calls it cut off
                yield _last_part(finish, usage, timings)
        except ReaderError:
            raise
        except Exception as error:
            raise self._translate(error, model=model, started=started) from error

    def complete(self, *, model: str, messages: list[Any], max_tokens: int, num_ctx: int,
                 schema: dict[str, Any] | None) -> str:
        body: dict[str, Any] = {
            "model": model,
            "messages": openai_messages(messages),
            "stream": False,
            "temperature": 0,
            "max_tokens": max_tokens,
        }
        self._pin(body)
        if schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reply", "strict": True, "schema": schema},
            }
        reply = self._request("POST", "/chat/completions", model=model, json=body)
        try:
            content = reply["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as error:
            raise _wrong_shape(self.host) from error
        return str(content or "")

    # -- models ----------------------------------------------------------------------------

    def models(self) -> list[str]:
        reply = self._request("GET", "/models", model="")
        data = reply.get("data") if isinstance(reply, dict) else None
        if not isinstance(data, list):
            raise _wrong_shape(self.host)
        return sorted({str(m["id"]) for m in data if isinstance(m, dict) and m.get("id")})

    def vision_models(self) -> list[str]:
        return []  # the OpenAI API does not say which models see images

    def pull(self, name: str) -> Iterator[PullProgress]:
        raise AnswerFailedError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The model server at {host} cannot download models for Pagemate; load "
                "“{name}” in the server's own app, or choose one of its models in Settings."),
                host=self.host, name=name)
        )

    def fixed_context(self, model: str) -> int | None:
        return None  # the server's own context, whatever a call asks

    def context_size(self, model: str) -> int | None:
        """llama.cpp's `/props` (`n_ctx`), asked once per model; None where the server has none."""
        if model in self._context_sizes:
            return self._context_sizes[model]
        size: int | None = None
        root = self.base_url.removesuffix("/v1")
        try:
            response = self._http.get(f"{root}/props", timeout=5.0)
            if response.status_code == 200:
                props = load_json(response.text)
                settings = props.get("default_generation_settings") or {}
                size = server_count(settings.get("n_ctx") or props.get("n_ctx")) or None
                self.llama_cpp = size is not None
                _total_slots[self.base_url] = server_count(props.get("total_slots")) or 1
        except (httpx.HTTPError, ValueError, TypeError, AttributeError, ReaderError):
            size = None
        self._context_sizes[model] = size
        return size

    def gpu_share(self, model: str) -> float | None:
        return None  # the OpenAI API does not say where a model runs

    def slot(self, action: SlotAction, file: SlotFile) -> int | None:
        """llama.cpp's `POST /slots/0?action=save|restore` (slot 0: every request is pinned
        there once the server saves slots, so it holds what was read last). None: not llama.cpp,
        or started without `--slot-save-path` (its 501); 0: nothing restored."""
        if not self.llama_cpp:
            self.context_size("")  # `/props` says whether it is llama.cpp's server
        if not self.llama_cpp or (action == "save" and _slot_saving.get(self.base_url) is False):
            return None  # a restore is tried again: the server may have been started anew
        root = self.base_url.removesuffix("/v1")
        try:
            response = self._http.post(f"{root}/slots/0", params={"action": action},
                                       json={"filename": file.name}, timeout=30.0)
            _slot_saving[self.base_url] = response.status_code != 501
            if response.status_code == 501:
                return None
            if response.status_code != 200:
                return 0  # no such file, or one the server cannot read: read again instead
            reply = load_json(response.text)
            count = reply.get("n_saved" if action == "save" else "n_restored")
            return server_count(count) or 0
        except (httpx.HTTPError, ValueError, TypeError, AttributeError, ReaderError):
            return None  # a question of speed only: never an error for the reader

    # -- internals -------------------------------------------------------------------------

    def _pin(self, body: dict[str, Any]) -> None:
        """Every request to slot 0 of a server with several that saves slots: the slot saved
        is then the one that read the request before."""
        if _slot_saving.get(self.base_url) and _total_slots.get(self.base_url, 1) > 1:
            body["id_slot"] = 0

    def _request(self, method: str, path: str, *, model: str, **kwargs: Any) -> Any:
        try:
            response = self._http.request(method, f"{self.base_url}{path}", **kwargs)
            if response.status_code != 200:
                raise self._http_error(response, model=model)
            return _json(response.text, host=self.host)
        except ReaderError:
            raise
        except Exception as error:
            raise self._translate(error, model=model, started=False) from error

    def _http_error(self, response: httpx.Response, *, model: str) -> ReaderError:
        text = response.text[:ERROR_BODY_CHARS]
        status = response.status_code
        if text.lstrip().startswith("<"):
            return AnswerFailedError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The server at {host} answered with an error page (HTTP {status}), "
                    "not a model server's reply; is the server address in Settings right?"),
                    host=self.host, status=status))
        message = _error_text_of(text)
        lowered = message.lower()
        if status == 400 and ("context" in lowered and ("exceed" in lowered or "long" in lowered)):
            return ContextTooLongError(host=self.host, context_tokens=_number(text, "n_ctx"),
                                       prompt_tokens=_number(text, "n_prompt_tokens"))
        if status in (401, 403):
            return AnswerFailedError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The model server at {host} refused the request (HTTP {status}): it "
                    "needs an API key, or the key in Settings is wrong."),
                    host=self.host, status=status))
        if status == 404 and model and ("model" in lowered or "not found" in lowered):
            return ModelMissingError(model=model, host=self.host, server=SERVER_NAME)
        return AnswerFailedError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The model server at {host} reported an error (HTTP {status}): {detail}"),
                host=self.host, status=status, detail=str(printable(message[:500], one_line=True))))

    def _translate(self, error: Exception, *, model: str, started: bool) -> Exception:
        if isinstance(error, ReaderError):
            return error
        if isinstance(error, httpx.TimeoutException):
            return AssistantTimeoutError(host=self.host, seconds=self.timeout,
                                         server=SERVER_NAME)
        if isinstance(error, httpx.ConnectError | ConnectionError) and not started:
            return OllamaUnreachableError(host=self.host, server=SERVER_NAME)
        if isinstance(error, httpx.HTTPError | ConnectionError):
            return AnswerFailedError(sentence(QT_TRANSLATE_NOOP(
                "Errors", "The connection to the model server at {host} was lost."),
                host=self.host))
        if isinstance(error, ValueError | TypeError | KeyError | AttributeError):
            return _wrong_shape(self.host)
        return error


def openai_messages(messages: list[Any]) -> list[dict[str, Any]]:
    """Messages in the OpenAI shape: one with Ollama's `images` becomes text and image parts."""
    converted = []
    for message in messages:
        images = message.get("images")
        if not images:
            converted.append({"role": message["role"], "content": message["content"]})
            continue
        parts: list[dict[str, Any]] = [{"type": "text", "text": message["content"]}]
        for image in images:
            data = image if isinstance(image, str) else base64.b64encode(image).decode("ascii")
            parts.append({"type": "image_url",
                          "image_url": {"url": f"data:image/png;base64,{data}"}})
        converted.append({"role": message["role"], "content": parts})
    return converted


SSE_FIELDS = ("event:", "id:", "retry:", ":")


def _events(lines: Iterator[str], *, host: str) -> Iterator[str]:
    """The `data:` payloads of a server-sent event stream. An `error:` line (llama.cpp's way of
    failing mid-stream) is raised as our error; a line of any other kind means the reply is not
    an event stream at all (an HTML page, say)."""
    for line in lines:
        if line.startswith("data:"):
            yield line[5:].strip()
        elif line.startswith("error:"):
            reply = _json(line[6:].strip(), host=host)
            raise AnswerFailedError(
                sentence(QT_TRANSLATE_NOOP(
                    "Errors", "The model server at {host} reported an error: {detail}"),
                    host=host, detail=str(_error_text(reply))))
        elif line.strip() and not line.startswith(SSE_FIELDS):
            raise _wrong_shape(host)


def _last_part(finish: str, usage: dict[str, Any], timings: dict[str, Any]) -> ReplyPart:
    """The final part: llama.cpp's `timings` say what it read afresh (`prompt_n`; `cache_n` came
    from its prompt cache) and how long each half took; `usage` counts the whole prompt."""
    read = server_count(timings.get("prompt_n")) or None
    cached = server_count(timings.get("cache_n")) or 0
    return ReplyPart(
        "", done=True,
        prompt_tokens=server_count(usage.get("prompt_tokens")) or (read + cached if read
                                                                   else None),
        prompt_seconds=server_seconds(timings.get("prompt_ms"), per_second=1000),
        completion_tokens=server_count(usage.get("completion_tokens"))
        or server_count(timings.get("predicted_n")),
        finish_reason=finish,
        prompt_tokens_read=read,
        reply_seconds=server_seconds(timings.get("predicted_ms"), per_second=1000),
    )


def _progress(value: Any) -> tuple[int, int] | None:
    """llama.cpp's prompt progress: (tokens read, of all to read), its cache counted as read."""
    if not isinstance(value, dict):
        return None
    total = server_count(value.get("total"))
    done = (server_count(value.get("processed")) or 0) + (server_count(value.get("cache")) or 0)
    return (min(done, total), total) if total else None


def _dict_or(value: Any, known: dict[str, Any]) -> dict[str, Any]:
    """`value` where the server sent an object, else what was known (counts are advice only)."""
    return value if isinstance(value, dict) and value else known


def _json(text: str, *, host: str) -> Any:
    try:
        value = load_json(text)
    except ValueError as error:
        raise _wrong_shape(host) from error
    if not isinstance(value, dict):
        raise _wrong_shape(host)
    return value


def _wrong_shape(host: str) -> AnswerFailedError:
    return AnswerFailedError(
        sentence(QT_TRANSLATE_NOOP(
            "Errors", "The server at {host} sent a reply that is not an OpenAI-compatible one; is "
            "the server address in Settings right?"), host=host))


def _error_text(reply: dict[str, Any]) -> str:
    """The error a server reported, to put in a message: its first 500 characters, control
    characters shown escaped (a server's text does not drive the reader's terminal)."""
    error = reply.get("error", reply)
    if isinstance(error, dict):
        error = error.get("message") or error.get("type") or error
    return printable(str(error)[:500], one_line=True)


def _error_text_of(body: str) -> str:
    try:
        reply = load_json(body)
    except ValueError:
        return body.strip()
    return _error_text(reply) if isinstance(reply, dict) and "error" in reply else body.strip()


def _number(body: str, key: str) -> int | None:
    try:
        error = load_json(body).get("error", {})
    except (ValueError, AttributeError):
        return None
    if not isinstance(error, dict):
        return None
    return server_count(error.get(key)) or None
