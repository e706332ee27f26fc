"""Hostile model-server replies, for either wire, and hostile server addresses: a seeded class of
inputs for the server fuzz test (tests/fuzz/test_server_fuzz.py), as `hostile.py` is for books.

A case starts from a good reply in the wire's own framing (Ollama's NDJSON lines, or the
OpenAI-compatible server-sent events; streamed, or one whole reply) and has one to three hostile
changes made to it: numbers no server should send where counts, durations, progress and sizes go
(2**63, an integer past a float's range, Infinity, NaN, negatives, strings, lists), JSON nested
thousands deep, lines cut, doubled, run together or broken by bytes that are not UTF-8, SSE
comments and keepalives, an error in the stream or for status, control characters in what the
server says, other line endings, a pause past the deadline. Every choice comes from
`random.Random(seed)`: a failing case is found again by its seed.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from tests.fakes.fake_ollama import Reply

MODEL = "qwen2.5:3b"
# Numbers no server should send, as JSON text (10**400 and Infinity are read by Python's json).
HOSTILE_NUMBERS = ["9223372036854775808", "18446744073709551616", "-1", "-9223372036854775809",
                   "1" + "0" * 400, "1e308", "1e400", "Infinity", "-Infinity", "NaN", "0",
                   "0.5", '"4096"', "null", "[]", "{}", "true", '"\\u001b[2J"']
ESCAPES = ["\x1b]0;pwned\x07", "\x1b[2J", "\r", "\u202e", "\x9b31m", "\x00", "\x7f"]
NUMBER_FIELDS = {
    "ollama": ["prompt_eval_count", "prompt_eval_duration", "eval_count", "eval_duration",
               "total_duration", "load_duration"],
    "openai": ["usage.prompt_tokens", "usage.completion_tokens", "timings.prompt_n",
               "timings.prompt_ms", "timings.cache_n", "timings.predicted_ms",
               "timings.predicted_n", "prompt_progress.total", "prompt_progress.processed",
               "prompt_progress.cache"],
}
DEEP = [64, 65, 1_000, 200_000]
PAUSE_PAST_DEADLINE = 0.8  # the fuzz test's deadlines are 0.3 s


@dataclass
class ServerCase:
    """One hostile reply: what the fake server sends, and how it was made (for the report)."""

    api: str
    whole: bool  # one whole reply (`reply`), not a stream
    reply: Reply
    changes: list[str]

    def describe(self) -> str:
        raw = b"".join(c for c in self.reply.raw or [] if isinstance(c, bytes))
        return (f"{self.api} {'whole' if self.whole else 'stream'} status {self.reply.status} "
                f"{self.changes}: {raw[:600]!r}")


def good_lines(api: str, *, whole: bool, tokens: list[str]) -> list[str]:
    """A good reply as lines of JSON text, framing apart (numbers are JSON text, to be
    replaced by `with_number`)."""
    if api == "ollama":
        done = {"model": MODEL, "message": {"role": "assistant", "content": ""}, "done": True,
                "done_reason": "stop", "prompt_eval_count": 42, "prompt_eval_duration": 10**8,
                "eval_count": len(tokens), "eval_duration": 9 * 10**8, "total_duration": 10**9,
                "load_duration": 10**4}
        if whole:
            return [json.dumps({**done, "message": {"role": "assistant",
                                                    "content": "".join(tokens)}})]
        return [json.dumps({"model": MODEL, "message": {"role": "assistant", "content": token},
                            "done": False}) for token in tokens] + [json.dumps(done)]
    usage = {"prompt_tokens": 42, "completion_tokens": len(tokens), "total_tokens": 50}
    timings = {"prompt_n": 40, "prompt_ms": 100.0, "cache_n": 2, "predicted_ms": 900.0,
               "predicted_n": len(tokens)}
    if whole:
        return [json.dumps({"choices": [{"index": 0, "finish_reason": "stop", "message": {
            "role": "assistant", "content": "".join(tokens)}}], "usage": usage})]
    progress = {"choices": [], "prompt_progress": {"total": 42, "processed": 20, "cache": 2}}
    chunks = [{"choices": [{"index": 0, "delta": {"content": t}, "finish_reason": None}]}
              for t in tokens]
    last = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    final = {"choices": [], "usage": usage, "timings": timings}
    return [json.dumps(c) for c in (progress, *chunks, last, final)] + ["[DONE]"]


def framed(api: str, line: str | bytes) -> bytes:
    data = line.encode() if isinstance(line, str) else line
    return b"data: " + data + b"\n\n" if api == "openai" else data + b"\n"


def with_number(lines: list[str], field: str, number: str) -> list[str]:
    """`lines` with `field` (dotted: `usage.prompt_tokens`) set to the JSON text `number`
    wherever it is, the rest untouched."""
    marker = "\u2063NUMBER\u2063"  # a stand-in no reply holds, swapped for the raw JSON text
    changed = []
    for line in lines:
        try:
            value = json.loads(line)
        except (ValueError, RecursionError):  # a line made hostile before: left as it is
            changed.append(line)
            continue
        if _set(value, field.split("."), marker):
            changed.append(json.dumps(value).replace(json.dumps(marker), number))
        else:
            changed.append(line)
    return changed


def _set(value: Any, path: list[str], marker: str) -> bool:
    if not isinstance(value, dict):
        return False
    head, *rest = path
    if not rest:
        if head in value:
            value[head] = marker
            return True
        return False
    return _set(value.get(head), rest, marker)


def server_case(rng: random.Random, api: str) -> ServerCase:
    """A good reply with one to three hostile changes, chosen by `rng`."""
    whole = rng.random() < 0.3
    tokens = [rng.choice(["Anna ", "carried ", "the ", "lantern", ".", " ", "é", "\u3042"])
              for _ in range(rng.randint(0, 6))]
    lines: list[str] = good_lines(api, whole=whole, tokens=tokens)
    status = 200
    changes: list[str] = []
    chunks: list[bytes | float] = []
    for _ in range(rng.randint(1, 3)):
        change = rng.choice(CHANGES)
        changes.append(change)
        if change == "number":
            field = rng.choice(NUMBER_FIELDS[api])
            number = rng.choice(HOSTILE_NUMBERS)
            lines = with_number(lines, field, number)
            changes[-1] = f"{field}={number[:24]}"
        elif change == "deep":
            depth = rng.choice(DEEP)
            lines.insert(rng.randint(0, len(lines)), rng.choice("[{") * depth
                         if rng.random() < 0.5 else '{"a":' * depth)
        elif change == "cut" and lines:
            index = rng.randrange(len(lines))
            lines[index] = lines[index][: rng.randrange(len(lines[index]) + 1)]
        elif change == "drop" and lines:
            del lines[rng.randrange(len(lines))]
        elif change == "double" and lines:
            index = rng.randrange(len(lines))
            lines[index:index] = [lines[index]] * rng.randint(1, 50)
        elif change == "shape":
            lines.insert(rng.randint(0, len(lines)), rng.choice(
                ["[]", "5", '"text"', "null", '{"choices": 5}', '{"choices": [5]}',
                 '{"choices": [{"delta": {"content": 5}}]}', '{"message": []}',
                 '{"message": {"content": {"a": 1}}}', '{"done": "yes"}', '{"usage": []}',
                 '{"prompt_progress": []}', '{"error": []}', '{"error": {"message": 5}}']))
        elif change == "error":
            text = "bad " + rng.choice(ESCAPES) + "x" * rng.choice([0, 10, 5_000])
            if api == "openai" and rng.random() < 0.5:
                chunks.append(b"error: " + json.dumps({"message": text}).encode() + b"\n\n")
            else:
                lines.insert(rng.randint(0, len(lines)), json.dumps({"error": text}))
        elif change == "escapes" and lines:
            index = rng.randrange(len(lines))
            lines[index] = lines[index].replace("lantern", "lan" + rng.choice(ESCAPES) + "tern")
        elif change == "status":
            status = rng.choice([400, 401, 404, 500, 502, 503])
            body = rng.choice(['{"error": "bad \\u001b[2J"}', "[" * 200_000, "<html>502</html>",
                               '{"error": {"message": "context exceeds", "n_ctx": 1e400}}',
                               '{"error": {"message": "context too long", "n_ctx": -1, '
                               '"n_prompt_tokens": 9223372036854775808}}'])
            lines = [body]
        elif change == "not-utf8":
            chunks.append(framed(api, b'{"message": "\xff\xfe\xc3"}'))
        elif change == "comments":
            chunks.extend([b": keepalive\n\n" if api == "openai" else b"\n"] * rng.randint(1, 20))
        elif change == "line-endings":
            changes[-1] = rng.choice(["crlf", "cr"])
        elif change == "pause":
            chunks.append(PAUSE_PAST_DEADLINE)
    raw: list[bytes | float] = [framed(api, line) if status == 200 else line.encode()
                                for line in lines]
    for chunk in chunks:  # comments, errors, bad bytes and pauses, somewhere among the lines
        raw.insert(rng.randint(0, len(raw)), chunk)
    if "crlf" in changes or "cr" in changes:
        ending = b"\r\n" if "crlf" in changes else b"\r"
        raw = [c.replace(b"\n", ending) if isinstance(c, bytes) else c for c in raw]
    if rng.random() < 0.1:  # everything in one chunk, or one byte at a time
        joined = b"".join(c for c in raw if isinstance(c, bytes))
        raw = [joined] if rng.random() < 0.5 else [joined[i:i + 1] for i in range(
            min(len(joined), 2_000))]
    return ServerCase(api, whole, Reply(raw=raw, status=status), changes)


CHANGES = ["number", "number", "number", "deep", "cut", "drop", "double", "shape", "error",
           "escapes", "status", "not-utf8", "comments", "line-endings", "pause"]

# -- addresses -------------------------------------------------------------------------------

SCHEMES = ["http://", "https://", "", "ftp://", "HTTP://", "http:/", "http:///", "://"]
HOSTS = ["127.0.0.1", "localhost", "[::1]", "[::1", "::1]", "[fe80::1%25eth0]", "gpu-box.lan",
         "", "ex ample", "exa\tmple", "127.0.0.1\x1b[2J", "ünïcode.example", "xn--nxasmq6b",
         "256.256.256.256", "[::ffff:127.0.0.1]", "user:pw@127.0.0.1", "@", "%00", "\u202e"]
PORTS = ["", ":11434", ":8080", ":99999", ":-1", ":0", ":abc", ":", ":65535", ":65536",
         ":1" + "0" * 30]
PATHS = ["", "/", "/v1", "/v1/", "/api", "/v1?x=1", "/v1#f", "/%zz", "/v1\n", " /v1", "/v1\t"]


def hostile_address(rng: random.Random) -> str:
    """A server address as a reader might type one, often wrongly."""
    address = rng.choice(SCHEMES) + rng.choice(HOSTS) + rng.choice(PORTS) + rng.choice(PATHS)
    if address and rng.random() < 0.2:  # one character changed, anywhere
        index = rng.randrange(len(address))
        address = address[:index] + chr(rng.choice([0, 9, 32, 127, 0x85, 0x202E, 0x5B, 0x5D,
                                                     0x25, 0xFF1A])) + address[index + 1:]
    return address
