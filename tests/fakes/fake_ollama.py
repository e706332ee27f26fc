"""A fake Ollama: a real HTTP server on 127.0.0.1 that records every request and scripts replies.

Like the real one it speaks Ollama's own API (`/api/*`) and the OpenAI-compatible one
(`/v1/chat/completions` streamed as server-sent events, `/v1/models`), so one recording server
proves the spoiler rule for both of the gateway's wires: `url` for Ollama's, `v1_url` for the other.
"""

from __future__ import annotations

import json
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.fakes.server_clock import CHARS_PER_TOKEN, Served, ServerClock

VERSION = "0.6.5"
DEFAULT_MODEL = "qwen2.5:3b"


@dataclass(frozen=True)
class RecordedRequest:
    """One request as it arrived: method, path, parsed JSON body (or None) and raw bytes."""

    method: str
    path: str
    body: Any
    raw: bytes
    headers: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", errors="replace")

    @property
    def model(self) -> str:
        return str(self.body.get("model", "")) if isinstance(self.body, dict) else ""

    @property
    def openai(self) -> bool:
        return self.path.startswith("/v1/")

    @property
    def wants_stream(self) -> bool:
        # Ollama streams unless the body says "stream": false; the OpenAI API only if it says true.
        if self.openai:
            return isinstance(self.body, dict) and self.body.get("stream") is True
        return not (isinstance(self.body, dict) and self.body.get("stream") is False)

    @property
    def warm_up(self) -> bool:
        """A request for one token: the model loaded and the book's opening read ahead of the
        first question (`ModelGateway.warm`), not an answer."""
        if not isinstance(self.body, dict):
            return False
        options = self.body.get("options") or {}
        return options.get("num_predict") == 1 or self.body.get("max_tokens") == 1

    @property
    def format(self) -> Any:
        """The JSON schema the reply must keep to: Ollama's `format`, or the OpenAI API's
        `response_format` (its `json_schema.schema`, or "json" for a bare JSON object)."""
        if not isinstance(self.body, dict):
            return None
        if self.openai:
            wanted = self.body.get("response_format")
            if not isinstance(wanted, dict):
                return None
            if wanted.get("type") == "json_schema":
                return (wanted.get("json_schema") or {}).get("schema")
            return "json" if wanted.get("type") == "json_object" else None
        return self.body.get("format")

    def scanned_text(self) -> str:
        """Every string anywhere in the raw body, JSON escapes undone: messages, `system`,
        `prompt`, `images`, `tools`, `format`, options, keys. What a leak test must search."""
        if self.body is None:
            return self.text
        strings: list[str] = []

        def walk(value: Any) -> None:
            if isinstance(value, str):
                strings.append(value)
            elif isinstance(value, dict):
                for key, item in value.items():
                    strings.append(str(key))
                    walk(item)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
            elif value is not None:
                strings.append(str(value))

        walk(self.body)
        return "\n".join(strings)

    def message_text(self) -> str:
        """Every message content of a chat request (or the prompt of a generate), joined."""
        if not isinstance(self.body, dict):
            return ""
        if "messages" in self.body:
            return "\n".join(_content_text(m.get("content", "")) for m in self.body["messages"])
        return str(self.body.get("prompt", ""))


def _content_text(content: Any) -> str:
    """A message's text: a string, or the text parts of an OpenAI list of parts."""
    if isinstance(content, list):
        return "\n".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content)


@dataclass
class Reply:
    """A scripted reply to /api/chat or /api/generate.

    `content` is the whole reply; a dict or list is serialised as JSON (what a `format` request
    gets). `tokens` overrides how it is split into streamed chunks. `fail_after` sends Ollama's
    in-stream error line after that many tokens; `drop_after` closes the connection instead.
    `status` with `error` answers with an HTTP error like Ollama's. `misbehave` makes the
    server break the protocol after the tokens (see MISBEHAVIOURS).
    """

    content: Any = ""
    tokens: list[str] | None = None
    fail_after: int | None = None
    drop_after: int | None = None
    error: str = ""
    status: int = 200
    token_delay: float | None = None
    prompt_eval_count: int = 42
    prompt_eval_duration: int = 100_000  # nanoseconds, as Ollama reports it
    eval_count: int | None = None
    misbehave: str = ""
    error_fields: dict[str, Any] = field(default_factory=dict)  # more keys in a /v1 error
    # /v1 streams asked for `return_progress`: llama.cpp's prompt_progress chunks, first.
    progress: list[dict[str, Any]] = field(default_factory=list)
    # More keys in the last part: Ollama's done line, or the /v1 chunk with `usage` and
    # `timings` (what a hostile server counts).
    final_fields: dict[str, Any] = field(default_factory=dict)
    # Set: a streamed reply (HTTP `status`) of exactly these bytes, framing and all, a number
    # among them a pause of that many seconds, until the client hangs up (a hostile server).
    raw: list[bytes | float] | None = None

    def text(self) -> str:
        if isinstance(self.content, dict | list):
            return json.dumps(self.content)
        return str(self.content)

    def token_list(self) -> list[str]:
        if self.tokens is not None:
            return list(self.tokens)
        return split_tokens(self.text())


Responder = Callable[[RecordedRequest], "Reply | str | dict[str, Any] | list[Any]"]


def split_tokens(text: str) -> list[str]:
    """Split like a tokenizer roughly would: words with their leading space."""
    tokens: list[str] = []
    current = ""
    for char in text:
        if char == " " and current.strip():
            tokens.append(current)
            current = ""
        current += char
    if current:
        tokens.append(current)
    return tokens


# How a server that is not quite Ollama (or a proxy in front of it) breaks a streamed reply:
MISBEHAVIOURS = {
    "malformed-line": "after the tokens, a line that is not JSON",
    "wrong-shape": "after the tokens, a JSON line that is not a chat chunk",
    "no-done": "the stream ends after the tokens without its final done line",
    "html": "a 200 text/html page (a captive portal or proxy page) instead of NDJSON",
    "html-500": "a 500 with an HTML error page",
    "endless": "the tokens repeated until the client hangs up (a runaway model)",
    "endless-line": "after the tokens, one line that never ends (no newline) until the client "
    "hangs up, or ENDLESS_LINE_LIMIT bytes",
}
MODEL_PATHS = ("/api/chat", "/api/generate", "/v1/chat/completions")
OLLAMA_MODEL_PATHS = ("/api/chat", "/api/generate")
# The options that make a runner (api.Runner in Ollama's api/types.go): another value of any of
# them loads the model again.
RUNNER_OPTIONS = ("num_ctx", "num_batch", "num_gpu", "main_gpu", "num_thread", "use_mmap")
ENDLESS_LINE_LIMIT = 512 * 1_048_576  # the fake stops by itself here
ENDLESS_LINE_CHUNK = 64 * 1024


def default_responder(request: RecordedRequest) -> Reply:
    fmt = request.format
    if isinstance(fmt, dict):
        properties = fmt.get("properties", {})
        if "questions" in properties:
            return Reply({"questions": ["What happens next?", "Who else was there?"]})
        if "search_phrase" in properties:
            return echo_rewrite(request)
        return Reply({})
    if fmt == "json":
        return Reply({})
    return Reply("This is a scripted answer from the fake server.")


REWRITE_QUESTION = "Question to search for: "


def asked_question(request: RecordedRequest) -> str:
    """The reader's question inside a rewrite request, exactly as the app sent it."""
    text = request.message_text()
    return text.rsplit(REWRITE_QUESTION, 1)[-1].strip() if REWRITE_QUESTION in text else text


def echo_rewrite(request: RecordedRequest) -> Reply:
    """A rewrite that hands the question back unchanged, so the search sees it as written."""
    return Reply({"search_phrase": asked_question(request), "keywords": []})


@dataclass
class _PullPlan:
    steps: int = 5
    step_delay: float = 0.0
    total: int = 2_000_000_000
    pullable: set[str] | None = None  # None: any name can be pulled


class QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-reply (as a client that gave up on a malformed line does) is
    expected here: it is not printed as a traceback on stderr, where tests look for ours."""

    def handle_error(self, request: object, client_address: object) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class FakeOllama:
    """A scriptable Ollama on 127.0.0.1:<free port>. Start it with `start()`; `url` is its host."""

    def __init__(
        self,
        *,
        models: Iterable[str] = (DEFAULT_MODEL,),
        vision_models: Iterable[str] = (),
        token_delay: float = 0.0,
    ) -> None:
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self.installed: set[str] = set(models) | set(vision_models)
        self.vision_models: set[str] = set(vision_models)
        self.token_delay = token_delay
        self.responder: Responder = default_responder
        self.pull_plan = _PullPlan()
        self.stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.streams_finished = 0  # streamed replies that ran to completion
        self.streams_aborted = 0  # streamed replies whose client went away
        self.endless_line_bytes = 0  # what an "endless-line" reply had sent when it stopped
        self.n_ctx: int | None = None  # set: `/props` says it, as llama.cpp's server does
        # Set: the server takes a model server's time (one request at a time, a prompt read at
        # a set speed, a prompt cache); see server_clock.py.
        self.clock: ServerClock | None = None
        self.in_gpu: dict[str, float] = {}  # `/api/ps`: loaded models, the share in the GPU
        # As Ollama's scheduler (server/sched.go `needsReload`): a request whose runner options
        # (num_ctx among them) differ from the loaded runner's loads the model again, and the
        # prompt cache goes with it. `loads` counts first loads and reloads alike.
        self.runner_options: dict[str, tuple[Any, ...]] = {}
        self.loads = 0
        self.reloads = 0
        self.trained_context = 32768  # `/api/show`'s <arch>.context_length
        # Set (with `clock` and `n_ctx`): slots saved to and restored from files here, as
        # llama.cpp's server started with `--slot-save-path`; unset, its 501. `slot_actions`:
        # (action, filename, tokens) for each one done.
        self.slot_save_dir: Path | None = None
        self.total_slots = 1
        self.slot_actions: list[tuple[str, str, int]] = []

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> FakeOllama:
        server = QuietServer(("127.0.0.1", 0), _make_handler(self))
        server.daemon_threads = True
        self._server = server
        # A short poll interval keeps stop() (and so every test using the fixture) quick.
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-ollama"
        )
        self._thread.daemon = True
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeOllama:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._server is not None, "start() the fake server first"
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def v1_url(self) -> str:
        """The address of its OpenAI-compatible API, as a reader would give it."""
        return f"{self.url}/v1"

    # -- what it was asked -------------------------------------------------------------------

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def requests_to(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    def model_calls(self) -> list[RecordedRequest]:
        """Every request that hands text to a model: chat and generate, on either API."""
        return [r for r in self.requests if r.path in MODEL_PATHS]

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()

    # -- scripting ---------------------------------------------------------------------------

    def reply_with(self, responder: Responder) -> None:
        self.responder = responder

    def load_runner(self, body: Any) -> bool:
        """A model request's runner options, as Ollama's scheduler weighs them: True when the
        model must be loaded again for them (the cache is lost)."""
        if not isinstance(body, dict):
            return False
        options = body.get("options") if isinstance(body.get("options"), dict) else {}
        runner = tuple(options.get(name) for name in RUNNER_OPTIONS)
        model = str(body.get("model", ""))
        with self._lock:
            loaded = self.runner_options.get(model)
            self.runner_options[model] = runner
            if loaded == runner:
                return False
            self.loads += 1
            if loaded is not None:
                self.reloads += 1
                return True
            return False

    def answer(self, request: RecordedRequest) -> Reply:
        produced = self.responder(request)
        if isinstance(produced, Reply):
            return produced
        return Reply(produced)


def _make_handler(fake: FakeOllama) -> type[BaseHTTPRequestHandler]:
    class Handler(_OllamaHandler):
        server_fake = fake

    return Handler


class _OllamaHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_fake: FakeOllama
    served: Served | None = None  # this request's pace, when the fake has a clock

    def _prompt_counts(self, reply: Reply, *, whole: bool = False) -> tuple[int, int]:
        """(tokens, nanoseconds it took to read those read afresh): the clock's, else the
        reply's scripted ones. `whole`: the whole prompt, its cached prefix included, as Ollama
        counts it (llm/llama_server.go: `cache_n + prompt_n`); else what was read afresh."""
        if self.served is not None:
            tokens = self.served.tokens if whole else self.served.fresh_tokens
            return tokens, int(self.served.prompt_seconds * 1e9)
        return reply.prompt_eval_count, reply.prompt_eval_duration

    def _token_delay(self, reply: Reply) -> float:
        if reply.token_delay is not None:
            return reply.token_delay
        clock = self.server_fake.clock
        return clock.token_delay if clock is not None else self.server_fake.token_delay

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output quiet

    # -- dispatch ----------------------------------------------------------------------------

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_HEAD(self) -> None:
        self._send_json(200, {})

    def _handle(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = RecordedRequest(method=method, path=self.path, body=body, raw=raw,
                                  headers={k.lower(): v for k, v in self.headers.items()})
        self.server_fake.record(request)
        routes: dict[str, Callable[[RecordedRequest], None]] = {
            "/api/chat": self._chat,
            "/api/generate": self._generate,
            "/api/tags": self._tags,
            "/api/show": self._show,
            "/api/pull": self._pull,
            "/api/version": self._version,
            "/api/ps": self._ps,
            "/v1/chat/completions": self._openai_chat,
            "/v1/models": self._openai_models,
            "/props": self._props,
            "/": self._root,
        }
        route = self._slots if self.path.startswith("/slots/") else routes.get(self.path)
        if route is None:
            self._send_json(404, {"error": f"no route {self.path}"})
            return
        clock = self.server_fake.clock
        self.served = None
        reload = self.path in OLLAMA_MODEL_PATHS and self.server_fake.load_runner(body)
        if clock is not None and self.path in MODEL_PATHS:
            self.served = clock.begin(self.connection, self.path, body, reload=reload)
        try:
            if self.served is not None and self.served.dropped:
                self.server_fake.streams_aborted += 1
                self.close_connection = True
                return
            route(request)
        except (BrokenPipeError, ConnectionResetError):
            self.server_fake.streams_aborted += 1
        finally:
            if clock is not None and self.served is not None:
                clock.end(self.served)

    # -- endpoints ---------------------------------------------------------------------------

    def _root(self, request: RecordedRequest) -> None:
        self._send_text(200, "Ollama is running")

    def _ps(self, request: RecordedRequest) -> None:
        """The loaded models, with how much of each sits in the GPU (`fake.in_gpu`)."""
        size = 2_000_000_000
        models = [{"name": name, "model": name, "size": size,
                   "size_vram": int(size * share), "digest": "0" * 12}
                  for name, share in self.server_fake.in_gpu.items()]
        self._send_json(200, {"models": models})

    def _version(self, request: RecordedRequest) -> None:
        self._send_json(200, {"version": VERSION})

    def _tags(self, request: RecordedRequest) -> None:
        models = [_model_entry(name) for name in sorted(self.server_fake.installed)]
        self._send_json(200, {"models": models})

    def _show(self, request: RecordedRequest) -> None:
        name = request.model or str((request.body or {}).get("name", ""))
        if name not in self.server_fake.installed:
            self._send_json(404, {"error": f"model '{name}' not found"})
            return
        capabilities = ["completion"]
        if name in self.server_fake.vision_models:
            capabilities.append("vision")
        self._send_json(
            200,
            {
                "modelfile": f"FROM {name}",
                "parameters": "",
                "template": "{{ .Prompt }}",
                "details": _details(),
                "model_info": {"general.architecture": "qwen2",
                               "qwen2.context_length": self.server_fake.trained_context},
                "capabilities": capabilities,
                "modified_at": "2025-01-01T00:00:00Z",
            },
        )

    def _pull(self, request: RecordedRequest) -> None:
        fake = self.server_fake
        name = request.model or str((request.body or {}).get("name", ""))
        plan = fake.pull_plan
        if plan.pullable is not None and name not in plan.pullable:
            self._send_json(500, {"error": "pull model manifest: file does not exist"})
            return
        digest = "sha256:" + "ab" * 32
        parts: list[dict[str, Any]] = [{"status": "pulling manifest"}]
        for step in range(1, plan.steps + 1):
            parts.append(
                {
                    "status": f"pulling {digest[7:19]}",
                    "digest": digest,
                    "total": plan.total,
                    "completed": plan.total * step // plan.steps,
                }
            )
        parts += [
            {"status": "verifying sha256 digest"},
            {"status": "writing manifest"},
            {"status": "success"},
        ]
        if request.body and request.body.get("stream") is False:
            fake.installed.add(name)
            self._send_json(200, {"status": "success"})
            return
        self._start_stream()
        for part in parts:
            if fake.stopping.is_set():
                return
            if part["status"] == "success":
                fake.installed.add(name)
            self._write_chunk(part)
            if plan.step_delay:
                time.sleep(plan.step_delay)
        self._end_stream()

    def _chat(self, request: RecordedRequest) -> None:
        self._model_reply(request, chat=True)

    def _generate(self, request: RecordedRequest) -> None:
        self._model_reply(request, chat=False)

    def _model_reply(self, request: RecordedRequest, *, chat: bool) -> None:
        fake = self.server_fake
        model = request.model
        if model not in fake.installed:
            self._send_json(404, {"error": f"model '{model}' not found"})
            return
        reply = fake.answer(request)
        if reply.misbehave in ("html", "html-500"):
            page = "<!DOCTYPE html><html><body><h1>Bad Gateway</h1><p>nginx</p></body></html>"
            self._send_page(500 if reply.misbehave == "html-500" else 200, page)
            return
        if reply.error and reply.status != 200:
            self._send_json(reply.status, {"error": reply.error})
            return
        if reply.raw is not None:
            self._send_raw(reply)
            return
        tokens = reply.token_list()
        eval_count = reply.eval_count if reply.eval_count is not None else len(tokens)
        prompt_count, prompt_ns = self._prompt_counts(reply, whole=True)
        final_extra = {
            "done_reason": "stop",
            "total_duration": 1_000_000,
            "load_duration": 10_000,
            "prompt_eval_count": prompt_count,
            "prompt_eval_duration": prompt_ns,
            "eval_count": eval_count,
            "eval_duration": 900_000,
            **reply.final_fields,
        }
        if not request.wants_stream and reply.misbehave != "endless-line":
            self._send_json(200, {**_piece(model, "".join(tokens), chat=chat), "done": True,
                                  **final_extra})
            return
        delay = self._token_delay(reply)
        self._start_stream()
        if reply.misbehave == "endless-line" and not request.wants_stream:
            self._send_endless_line(b'{"message": {"role": "assistant", "content": "')
            return
        if reply.misbehave == "endless":
            self._stream_endlessly(tokens, model, chat=chat)
            return
        finished = self._stream_tokens(
            reply, tokens, delay=delay,
            piece=lambda token: self._write_chunk({**_piece(model, token, chat=chat),
                                                   "done": False}),
            error=lambda: self._write_chunk({"error": reply.error or "an error was encountered"}),
            endless_start=b'{"message": {"role": "assistant", "content": "',
            broken={"malformed-line": b'{"message": {"content": "tru\n',
                    "wrong-shape": b'[{"message": 5}]\n', "no-done": b""},
        )
        if not finished:
            return
        self._write_chunk({**_piece(model, "", chat=chat), "done": True, **final_extra})
        self._end_stream()
        fake.streams_finished += 1

    def _stream_tokens(self, reply: Reply, tokens: list[str], *, delay: float,
                       piece: Callable[[str], None], error: Callable[[], None],
                       endless_start: bytes, broken: dict[str, bytes]) -> bool:
        """The scripted tokens of a streamed reply in either API's framing (`piece` writes one,
        `error` the in-stream error line), then the scripted failure if any: True when the reply
        should now end as a good one does."""
        fake = self.server_fake
        for index, token in enumerate(tokens):
            if reply.fail_after is not None and index >= reply.fail_after:
                error()
                self._end_stream()
                return False
            if reply.drop_after is not None and index >= reply.drop_after:
                self.close_connection = True
                self.wfile.flush()
                self.connection.shutdown(2)
                return False
            if fake.stopping.is_set():
                return False
            if delay:
                time.sleep(delay)
            piece(token)
        if reply.misbehave == "endless-line":
            self._send_endless_line(endless_start)
            return False
        if reply.misbehave in broken:
            line = broken[reply.misbehave]
            if line:
                self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
            self._end_stream()
            return False
        if reply.fail_after is not None and reply.fail_after >= len(tokens):
            error()
            self._end_stream()
            return False
        return True

    def _stream_endlessly(self, tokens: list[str], model: str, *, chat: bool) -> None:
        """Repeat the tokens (at most a million chunks) until the client closes the connection."""
        try:
            for index in range(1_000_000):
                if self.server_fake.stopping.is_set():
                    return
                token = tokens[index % len(tokens)] if tokens else "again "
                self._write_chunk({**_piece(model, token, chat=chat), "done": False})
        except OSError:
            self.server_fake.streams_aborted += 1

    def _send_raw(self, reply: Reply, content_type: str = "application/x-ndjson") -> None:
        """`reply.raw`, chunk by chunk with its pauses, until the client hangs up."""
        assert reply.raw is not None
        stopping = self.server_fake.stopping
        self._start_stream(content_type, reply.status)
        try:
            for chunk in reply.raw:
                if isinstance(chunk, float):
                    stopping.wait(chunk)
                if stopping.is_set():
                    return
                if isinstance(chunk, bytes) and chunk:
                    self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                    self.wfile.flush()
            self._end_stream()
        except OSError:
            self.server_fake.streams_aborted += 1

    def _send_endless_line(self, start: bytes) -> None:
        """One line that never ends: `start`, then filler with no newline, chunk after chunk,
        until the client hangs up (or ENDLESS_LINE_LIMIT bytes, so the fake stops by itself)."""
        fake = self.server_fake
        filler = b"a" * ENDLESS_LINE_CHUNK
        sent = 0
        try:
            self.wfile.write(f"{len(start):x}\r\n".encode() + start + b"\r\n")
            while sent < ENDLESS_LINE_LIMIT and not fake.stopping.is_set():
                self.wfile.write(f"{len(filler):x}\r\n".encode() + filler + b"\r\n")
                sent += len(filler)
                fake.endless_line_bytes = sent
            self._end_stream()
        except OSError:
            fake.streams_aborted += 1

    # -- the OpenAI-compatible API ------------------------------------------------------------

    def _props(self, request: RecordedRequest) -> None:
        if self.server_fake.n_ctx is None:
            self._send_json(404, {"error": "File Not Found"})
            return
        self._send_json(200, {"default_generation_settings": {"n_ctx": self.server_fake.n_ctx},
                              "total_slots": self.server_fake.total_slots})

    def _slots(self, request: RecordedRequest) -> None:
        """llama.cpp's `POST /slots/{id}?action=save|restore` {"filename"}: the prompt the
        server holds written to a file in its save folder, or put back from one."""
        fake = self.server_fake
        action = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("action")
        name = str((request.body or {}).get("filename") or "")
        if fake.slot_save_dir is None or fake.clock is None:
            self._send_json(501, {"error": {"code": 501, "type": "not_supported_error", "message":
                "This server does not support slots action. Start it with `--slot-save-path`"}})
            return
        if not name or "/" in name or name.startswith("."):
            self._openai_error(400, "Invalid filename", code=400)
            return
        path = fake.slot_save_dir / name
        with fake.clock.holding():
            if action == ["save"]:
                held = fake.clock.cached_prompts()
                text = held[-1] if held else ""
                path.write_text(text, encoding="utf-8")
                tokens = len(text) // CHARS_PER_TOKEN + 1 if text else 0
                fake.slot_actions.append(("save", name, tokens))
                self._send_json(200, {"id_slot": 0, "filename": name, "n_saved": tokens,
                                      "n_written": len(text), "timings": {"save_ms": 0.5}})
            elif action == ["restore"]:
                try:
                    text = path.read_text(encoding="utf-8")
                except OSError:
                    self._openai_error(400, "Unable to restore slot: No available space in KV "
                                       "cache or invalid slot save file", code=400)
                    return
                fake.clock.hold(text)
                tokens = len(text) // CHARS_PER_TOKEN + 1
                fake.slot_actions.append(("restore", name, tokens))
                self._send_json(200, {"id_slot": 0, "filename": name, "n_restored": tokens,
                                      "n_read": len(text), "timings": {"restore_ms": 0.3}})
            else:
                self._openai_error(400, "Invalid action", code=400)

    def _openai_models(self, request: RecordedRequest) -> None:
        data = [{"id": name, "object": "model", "created": 1735689600, "owned_by": "library"}
                for name in sorted(self.server_fake.installed)]
        self._send_json(200, {"object": "list", "data": data})

    def _openai_error(self, status: int, message: str, **fields: Any) -> None:
        self._send_json(status, {"error": {"message": message, "type": "api_error", **fields}})

    def _openai_chat(self, request: RecordedRequest) -> None:
        fake = self.server_fake
        model = request.model
        if model not in fake.installed:
            self._openai_error(404, f"model \"{model}\" not found, try pulling it first")
            return
        reply = fake.answer(request)
        if reply.misbehave in ("html", "html-500"):
            page = "<!DOCTYPE html><html><body><h1>Bad Gateway</h1><p>nginx</p></body></html>"
            self._send_page(500 if reply.misbehave == "html-500" else 200, page)
            return
        if reply.error and reply.status != 200:
            self._openai_error(reply.status, reply.error, **reply.error_fields)
            return
        if reply.raw is not None:
            self._send_raw(reply, "text/event-stream")
            return
        tokens = reply.token_list()
        prompt_count, prompt_ns = self._prompt_counts(reply)
        whole = self.served.tokens if self.served is not None else prompt_count
        usage = {"prompt_tokens": whole,
                 "completion_tokens": reply.eval_count if reply.eval_count is not None
                 else len(tokens)}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        # llama.cpp's own timings: what it read afresh, what came from its cache.
        timings = {"prompt_n": prompt_count, "prompt_ms": prompt_ns / 1e6,
                   "cache_n": whole - prompt_count}
        if not request.wants_stream:
            self._send_json(200, {
                "id": "chatcmpl-fake", "object": "chat.completion", "model": model,
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": "".join(tokens)}}],
                "usage": usage, **reply.final_fields,
            })
            return
        delay = self._token_delay(reply)
        self._start_stream("text/event-stream")
        if (request.body or {}).get("return_progress"):
            for progress in reply.progress:
                self._write_event({**_delta(model, ""), "prompt_progress": progress})
        if reply.misbehave == "endless":
            try:
                for index in range(1_000_000):
                    if fake.stopping.is_set():
                        return
                    self._write_event(_delta(model, tokens[index % len(tokens)] if tokens
                                             else "again "))
            except OSError:
                fake.streams_aborted += 1
            return
        finished = self._stream_tokens(
            reply, tokens, delay=delay, piece=lambda token: self._write_event(_delta(model, token)),
            error=lambda: self._write_event(
                {"error": {"message": reply.error or "an error occurred"}}),
            endless_start=b'data: {"choices": [{"delta": {"content": "',
            broken={"malformed-line": b'data: {"choices": tru\n\n',
                    "wrong-shape": b'data: [{"message": 5}]\n\n', "no-done": b""},
        )
        if not finished:
            return
        self._write_event({**_delta(model, ""), "choices": [
            {"index": 0, "delta": {}, "finish_reason": "stop"}]})
        options = (request.body or {}).get("stream_options") or {}
        if options.get("include_usage"):
            self._write_event({**_delta(model, ""), "choices": [], "usage": usage,
                               "timings": timings, **reply.final_fields})
        line = b"data: [DONE]\n\n"
        self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
        self._end_stream()
        fake.streams_finished += 1

    def _write_event(self, payload: dict[str, Any]) -> None:
        line = b"data: " + json.dumps(payload).encode() + b"\n\n"
        self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
        self.wfile.flush()

    # -- wire helpers ------------------------------------------------------------------------

    def _send_page(self, status: int, page: str) -> None:
        data = page.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_text(self, status: int, text: str) -> None:
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _start_stream(self, content_type: str = "application/x-ndjson",
                      status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()

    def _write_chunk(self, payload: dict[str, Any]) -> None:
        line = json.dumps(payload).encode() + b"\n"
        self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
        self.wfile.flush()

    def _end_stream(self) -> None:
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def _piece(model: str, text: str, *, chat: bool) -> dict[str, Any]:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000000000Z", time.gmtime())
    if chat:
        return {"model": model, "created_at": stamp,
                "message": {"role": "assistant", "content": text}}
    return {"model": model, "created_at": stamp, "response": text}


def _delta(model: str, text: str) -> dict[str, Any]:
    return {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "model": model,
            "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]}


def _details() -> dict[str, Any]:
    return {
        "parent_model": "",
        "format": "gguf",
        "family": "qwen2",
        "families": ["qwen2"],
        "parameter_size": "3.1B",
        "quantization_level": "Q4_K_M",
    }


def _model_entry(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "model": name,
        "modified_at": "2025-01-01T00:00:00Z",
        "size": 1_929_912_432,
        "digest": "ab" * 32,
        "details": _details(),
    }


@dataclass
class ScriptedReplies:
    """Route replies by kind of request: answers (streamed), suggestions, rewrites, summaries."""

    answer: Reply | str = "An answer."
    suggestions: Reply | dict[str, Any] | str = field(
        default_factory=lambda: {"questions": ["What happens next?", "Who else was there?"]}
    )
    rewrite: Reply | dict[str, Any] | str | None = None  # None: echo the question
    summary: Reply | str = "Earlier, the reader asked about the book."
    # The retrieval helpers: a ranking of numbered excerpts, and a hypothetical passage.
    rank: Reply | dict[str, Any] | str = field(default_factory=lambda: {"best": [2, 1]})
    hypothetical: Reply | str = "Anna lifted the lantern by the mill."

    def __call__(self, request: RecordedRequest) -> Reply:
        fmt = request.format
        chosen: Any
        if isinstance(fmt, dict) and "questions" in fmt.get("properties", {}):
            chosen = self.suggestions
        elif isinstance(fmt, dict) and "search_phrase" in fmt.get("properties", {}):
            chosen = echo_rewrite(request) if self.rewrite is None else self.rewrite
        elif isinstance(fmt, dict) and "best" in fmt.get("properties", {}):
            chosen = self.rank
        elif "need not be true" in request.message_text():
            chosen = self.hypothetical
        elif not request.wants_stream:
            chosen = self.summary
        else:
            chosen = self.answer
        return chosen if isinstance(chosen, Reply) else Reply(chosen)
