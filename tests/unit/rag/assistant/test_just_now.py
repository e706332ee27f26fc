"""A question about what has just happened ("what has Anna just done?") is about the pages read
along even when the search ranks an older passage first (a main character is named in every
chapter): it is answered from the window alone, with pointers into it and no passage from
older chapters, so the server reads little more than the question afresh."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from reader_app.rag.assistant.engine import Assistant, AssistantConfig
from reader_app.rag.assistant.read_along import (
    ABOUT_WINDOW_TOKENS,
    JUST_NOW,
    JUST_READ_TOKENS,
    ReadAlong,
    asks_about_just_now,
    mark_read,
)
from reader_app.rag.model.schedule import Priority
from reader_app.rag.model.speeds import SpeedBook
from reader_app.rag.scope.boundary import scope_for_book
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import marker_library
from tests.fakes.server_clock import ServerClock


@pytest.mark.parametrize("question", [
    "What has Pierre just done?", "Who just came in?", "What just happened?",
    "What's he just said?", "What happens in this chapter?", "Why is she crying right now?",
    "Qu'est-ce que Rodolphe vient de dire ?", "Qu’a-t-elle fait à l’instant ?",
    "Que se passe-t-il dans ce chapitre ?",
    "Was hat Heidi gerade getan?", "Wer ist soeben gekommen?", "Was ist in diesem Kapitel los?",
    "¿Qué acaba de hacer Sancho?", "¿Qué pasa en este capítulo?",
])
def test_the_words_readers_use_for_what_has_just_happened(question: str) -> None:
    assert JUST_NOW.search(question)


@pytest.mark.parametrize("question", [
    # the development set's questions with "just" in them: "simply", and the story's own past
    "Why didn't she just drink from the little bottle straight away?",
    "Who was the sobbing man in the dressing station whose leg they had just cut off?",
    "Where is Pierre now?",  # where the book last left him: perhaps chapters back
    "Why does Anna carry the lantern?", "Que fait Emma à Rouen ?", "Warum weint Heidi?",
])
def test_a_question_without_them_is_not_taken_for_one(question: str) -> None:
    assert not JUST_NOW.search(question)


def test_a_question_about_just_now_is_answered_from_the_window_when_it_names_only_who_is_in_it(
    library_home: Path, fake_ollama: FakeOllama
) -> None:
    shelf = marker_library(library_home, chapters=5, paragraphs=30)
    shelf.read_through(3, 24)
    fake_ollama.clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    config = AssistantConfig(host=fake_ollama.url, model="qwen2.5:3b", rewrite_queries=False,
                             answer_wait=40.0)
    assistant = Assistant(shelf.conn, shelf.home, config=config, embedder=shelf.embedder)
    assistant.gateway.pace.speeds = SpeedBook()
    assistant.gateway.queue.quiet_after_question = 0.05
    assistant.gateway.pace.speeds.note(assistant.gateway.queue.key, assistant.gateway.model,
                                       prompt_tokens=4000, prompt_seconds=10.0)  # 400 a second
    made = assistant.read_along_request(shelf.book)
    assert made is not None
    request, window, boundary = made
    assert assistant.gateway.read(request, priority=Priority.BACKGROUND)
    mark_read(assistant.gateway, shelf.book.book_id, window, boundary=boundary)
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    window = ReadAlong(shelf.conn, shelf.book, assistant.gateway).window(scope)
    assert window is not None and "Anna" in window.excerpts.text
    early = " ".join(shelf.book.sections[0].blocks[3].text.split()[1:9])
    assert early not in window.excerpts.text

    assert asks_about_just_now("What has Anna just done?", window)
    assert not asks_about_just_now("What has Zebedee just done?", window)  # not in the window
    assert not asks_about_just_now("What has Anna done?", window)
    assert asks_about_just_now("Was hat Anna in diesem Kapitel getan?", window)  # not a name

    def budget(question: str) -> int:
        run = assistant.ask(shelf.book, question)
        "".join(run.tokens())
        return run.prepared.passage_budget

    # The mill is only in the first chapters: the search's best passage lies before the window
    assert budget("What has Anna carried to the mill?") > JUST_READ_TOKENS
    fake_ollama.clear()
    assert budget("What has Anna just carried to the mill?") == ABOUT_WINDOW_TOKENS == 0
    turn = fake_ollama.model_calls()[-1].body["messages"][-1]["content"]
    assert "mill" not in turn.replace("Question: What has Anna just carried to the mill?", "")
    assert 'in="the pages read along"' in turn  # pointed at, not sent again
    assert budget(f"Where does the book say that {early}?") > JUST_READ_TOKENS
    assistant.config = dataclasses.replace(assistant.config, read_along=False)
    assert budget("What has Anna just carried to the mill?") > JUST_READ_TOKENS  # no window
    shelf.conn.close()
