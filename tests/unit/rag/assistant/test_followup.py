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


@pytest.mark.parametrize(("question", "book_language"), [
    # French (Balzac, Albert Savarus)
    ("Et Philomène ?", "fr"), ("Pourquoi a-t-elle refusé ?", "fr"),
    ("Qu'a-t-il écrit ensuite ?", "fr"), ("Et après ?", "fr"),
    ("Que fait-il à Besançon avec son ami ?", "fr"),
    # German (Raabe, Im alten Eisen)
    ("Und dann?", "de"), ("Was hat er danach gemacht?", "de"),
    ("Was ist mit Paulchen?", "de"), ("Warum wohnt sie dort allein mit ihrem Bruder?", "de"),
    # Spanish
    ("¿Y él?", "es"), ("¿Qué hizo ella después de la boda?", "es"),
])
def test_french_german_and_spanish_follow_ups_lean_on_the_conversation(
    question: str, book_language: str
) -> None:
    assert leans_on_conversation(question, _with_turns(), book_language=book_language)
    assert not leans_on_conversation(question, EMPTY, book_language=book_language)


@pytest.mark.parametrize(("question", "book_language"), [
    ("Qui est le père de Philomène de Watteville ?", "fr"),
    ("Pourquoi Albert Savaron vient-il à Besançon ?", "fr"),
    ("Wer ist der Hofrat Albin Brokenkorb?", "de"),
    ("Warum wohnt Peter Uhusen in Berlin?", "de"),
    ("¿Quién es la madre de Sancho Panza?", "es"),
    # English words in a French book's question are English: "son" is not "his" here
    ("Who is the son of Mr. de Watteville?", "fr"),
])
def test_a_french_or_german_question_that_names_its_subject_is_searched_as_written(
    question: str, book_language: str
) -> None:
    assert not leans_on_conversation(question, _with_turns(), book_language=book_language)


def test_the_words_of_a_quotation_are_the_books_not_the_readers_pointing_back() -> None:
    history = _with_turns()
    assert not leans_on_conversation(
        "Why “still hoped, and asked, in words she herself”?", history)
    assert not leans_on_conversation("What does „sie wartete auf ihn“ mean?", history,
                                     book_language="de")
    assert leans_on_conversation("Why did she say “I never loved the house”?", history)
