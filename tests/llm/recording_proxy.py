"""A recording proxy in front of a real model server: every request body is kept (how the spoiler
rule is proven at the wire with a real server), and replies are passed through as they stream, so
a client that hangs up (Stop) closes the upstream request too and the server stops working."""

from __future__ import annotations

import http.client
import json
import threading
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import urlsplit

from tests.fakes.fake_ollama import QuietServer, RecordedRequest

HOP_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}


class RecordingProxy:
    """Forwards everything to `upstream` (http://host:port); `url` is its own address."""

    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self.upstream_host = parts.hostname or "127.0.0.1"
        self.upstream_port = parts.port or 80
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._replies: list[bytes] = []  # what the server sent back, whole, in order
        self.hangups = 0  # replies whose client went away before the end
        self._server = QuietServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)

    def start(self) -> RecordingProxy:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def v1_url(self) -> str:
        return f"{self.url}/v1"

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def keep_reply(self, reply: bytes) -> None:
        with self._lock:
            self._replies.append(reply)

    def replies_text(self) -> str:
        """Everything the server sent back, as text: what the model itself wrote, both as sent
        and with each streamed reply's pieces joined (a base model writes junk that can look
        like the book's markers, and a streamed one splits it across chunks: "mk03", "1100";
        the answer sent back in the next request's history has it whole)."""
        with self._lock:
            replies = list(self._replies)
        raw = b"\n".join(replies).decode("utf-8", errors="replace")
        return raw + "\n" + "\n".join(_streamed_text(reply) for reply in replies)

    def model_calls(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def clear(self) -> None:
        with self._lock:
            self._requests.clear()
            self._replies.clear()


def _handler(proxy: RecordingProxy) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            self._forward("GET")

        def do_POST(self) -> None:
            self._forward("POST")

        def _forward(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            proxy.record(RecordedRequest(method, self.path, body, raw,
                                         {k.lower(): v for k, v in self.headers.items()}))
            upstream = http.client.HTTPConnection(proxy.upstream_host, proxy.upstream_port,
                                                  timeout=600)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_HEADERS}
            received: list[bytes] = []
            try:
                upstream.request(method, self.path, body=raw or None, headers=headers)
                reply = upstream.getresponse()
                self.send_response(reply.status)
                for key, value in reply.getheaders():
                    if key.lower() not in HOP_HEADERS:
                        self.send_header(key, value)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                while True:
                    chunk = reply.read1(65536)
                    if not chunk:
                        break
                    received.append(chunk)
                    self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                proxy.hangups += 1
                self.close_connection = True
            except (OSError, http.client.HTTPException):
                # The server went away (killed in a test): the client's reply just stops.
                self.close_connection = True
            finally:
                upstream.close()
                proxy.keep_reply(b"".join(received))

    return Handler


def _streamed_text(reply: bytes) -> str:
    """The text a server-sent-events reply streamed, its pieces joined in order."""
    pieces: list[str] = []
    for line in reply.decode("utf-8", errors="replace").splitlines():
        if not line.startswith("data:"):
            continue
        try:
            part = json.loads(line[5:].strip())
        except ValueError:
            continue
        for choice in part.get("choices") or [] if isinstance(part, dict) else []:
            for key in ("delta", "message"):
                content = (choice.get(key) or {}).get("content") if isinstance(choice, dict) \
                    else None
                if isinstance(content, str):
                    pieces.append(content)
    return "".join(pieces)
