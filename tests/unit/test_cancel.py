"""The one cancel type: raised from any thread, asked by the work; a derived token also stops on
its own condition, and with its parent."""

from __future__ import annotations

import threading

from reader_app.cancel import CancelToken


def test_a_token_is_cancelled_once_raised_from_another_thread() -> None:
    token = CancelToken()
    assert not token.cancelled
    thread = threading.Thread(target=token.cancel)
    thread.start()
    thread.join()
    assert token.cancelled


def test_or_when_stops_on_its_condition_or_with_its_parent_never_the_other_way() -> None:
    parent = CancelToken()
    enough = [False]
    child = parent.or_when(lambda: enough[0])
    assert not child.cancelled
    enough[0] = True
    assert child.cancelled and not parent.cancelled  # the condition stops the child only
    enough[0] = False
    assert not child.cancelled  # asked each time, not latched
    parent.cancel()
    assert child.cancelled
