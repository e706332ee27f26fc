"""The application freezes what it holds for long (ui/window/gc_policy.py); a test process does
not."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from reader_app.ui.window import gc_policy


@pytest.fixture
def policy() -> Iterator[None]:
    frozen_before = gc.get_freeze_count()
    yield
    gc_policy._enabled = False
    if gc.get_freeze_count() != frozen_before:
        gc.unfreeze()


def test_settling_freezes_only_once_the_application_turned_it_on(policy: None) -> None:
    before = gc.get_freeze_count()
    kept = [[] for _ in range(10)]  # alive while settling
    gc_policy.settle()
    assert gc.get_freeze_count() == before  # off: a test process keeps the ordinary collector
    gc_policy.enable()
    gc_policy.settle()
    assert gc.get_freeze_count() >= before + len(kept)
