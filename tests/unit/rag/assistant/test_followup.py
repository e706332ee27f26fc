"""A question is rewritten before the search only when it leans on the conversation."""

from __future__ import annotations

import pytest

from reader_app.rag.assistant.followup import leans_on_conversation
from reader_app.rag.scope.sealed import ScopedHistory

EMPTY = ScopedHistory.empty(boundary_sid=10)


def _with_turns() -> ScopedHistory:
    history = ScopedHistory.empty(boundary_sid=10)
    object.__setattr__(history, "turns", (("Who is Mr. Darcy?", "A rich gentleman."),))
    return history


@pytest.mark.parametrize("question", [
    "What did he do next?", "Why?", "And then?", "What about Kitty?", "Is that true?",
    "Where did they go after the ball?", "Did she accept it?", "how come",
])
def test_a_question_that_points_back_leans_on_the_conversation(question: str) -> None:
    assert leans_on_conversation(question, _with_turns())
    assert not leans_on_conversation(question, EMPTY)  # a first question: searched as written


@pytest.mark.parametrize("question", [
    "Who is Mr. Wickham?", "Why did Elizabeth refuse Mr. Collins at Longbourn?",
    "What happened at the Netherfield ball?",
])
def test_a_question_that_names_its_subject_is_searched_as_written(question: str) -> None:
    assert not leans_on_conversation(question, _with_turns())
