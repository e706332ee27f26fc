"""Pytest fixtures for the fakes: `fake_ollama` is a started FakeOllama, stopped after the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.fake_ollama import FakeOllama


@pytest.fixture
def fake_ollama() -> Iterator[FakeOllama]:
    server = FakeOllama().start()
    try:
        yield server
    finally:
        server.stop()
