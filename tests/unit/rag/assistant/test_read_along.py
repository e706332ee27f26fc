"""Read along (rag/assistant/read_along.py) against the timed fake server, on both APIs: the
server reads the pages as they are read, a question pays only for what comes after them, a
question never waits for more than one step of it, and the window never holds a word past the
boundary, even after the boundary moves back."""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path

import pytest

from reader_app.books.model import Locator
from reader_app.rag.assistant.engine import Assistant, AssistantConfig
from reader_app.rag.assistant.read_along import (
    ABOUT_WINDOW_TOKENS,
    JUST_READ_TOKENS,
    ReadAlong,
    mark_read,
    quotes_window,
    window_tokens,
)
from reader_app.rag.companion.calls import CompanionCalls
from reader_app.rag.model.pacing import flat_prompt
from reader_app.rag.model.schedule import Priority
from reader_app.rag.model.speeds import SpeedBook
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.rag.scope.excerpts import Span, excerpts_in_scope
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary, marker_library
from tests.fakes.server_clock import ServerClock


@pytest.fixture(params=["ollama", "openai"])
def api(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _assistant(shelf: MarkerLibrary, fake: FakeOllama, api: str) -> Assistant:
    host = fake.v1_url if api == "openai" else fake.url
    config = AssistantConfig(host=host, model="qwen2.5:3b", rewrite_queries=False)
    assistant = Assistant(shelf.conn, shelf.home, config=config, embedder=shelf.embedder)
    assistant.gateway.pace.speeds = SpeedBook()  # each test learns its own server
    assistant.gateway.queue.quiet_after_question = 0.05
    return assistant


def _read_along(assistant: Assistant, shelf: MarkerLibrary) -> list[dict[str, str]]:
    """What the panel's read-along job does; the messages it sent."""
    made = assistant.read_along_request(shelf.book)
    assert made is not None
    request, window, boundary = made
    assert assistant.gateway.read(request, priority=Priority.BACKGROUND)
    mark_read(assistant.gateway, shelf.book.book_id, window, boundary=boundary)
    return list(request.messages)


def _ask(assistant: Assistant, shelf: MarkerLibrary, question: str) -> str:
    return "".join(assistant.ask(shelf.book, question).tokens())


def _answers(fake: FakeOllama) -> list[RecordedRequest]:
    return [r for r in fake.model_calls() if r.wants_stream and r.body.get("max_tokens",
            (r.body.get("options") or {}).get("num_predict")) != 1]


def test_a_question_after_reading_along_begins_with_the_window_and_reads_only_the_rest(
    shelf: MarkerLibrary, fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.clock = clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, api)
    window = _read_along(assistant, shelf)
    read_along = clock.served[-1]
    assert read_along.fresh_tokens > 200  # the chapter so far, read in the background

    _ask(assistant, shelf, "Who carried the violin to the chapel?")
    question = _answers(fake_ollama)[-1].body["messages"]
    served = clock.served[-1]
    assert question[: len(window)] == window  # byte for byte, the window's request
    assert "<pages chapter=" in question[1]["content"]
    rest = len(flat_prompt(question)) - len(flat_prompt(window))
    assert served.fresh_tokens <= rest // 4 + 40  # only what comes after the window
    assert served.fresh_tokens < served.tokens - read_along.tokens + 40
    # The window's own chapter is not sent again as passages: it is in the window.
    turn = question[-1]["content"]
    assert "<on_screen>" not in turn
    for number in range(1, 10):
        excerpt = f'<excerpt number="{number}" chapter="Chapter 2">'
        assert excerpt not in turn


def test_the_window_grows_page_by_page_and_a_question_after_a_page_turn_shares_it(
    shelf: MarkerLibrary, fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.clock = clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, api)
    before = flat_prompt(_read_along(assistant, shelf))
    shelf.read_through(1, 7)  # two more paragraphs of chapter 2
    after = flat_prompt(_read_along(assistant, shelf))
    end_of_text = before.rindex("\n</pages>")
    assert after[:end_of_text] == before[:end_of_text]  # append only
    step = clock.served[-1]
    assert step.fresh_tokens <= (len(after) - end_of_text) // 4 + 10  # only the new pages

    _ask(assistant, shelf, "Who carried the ledger?")
    question = flat_prompt(_answers(fake_ollama)[-1].body["messages"])
    assert question.startswith(after[: after.rindex("\n</pages>")])


def test_turning_the_boundary_back_rebuilds_the_window_without_what_lies_past_it(
    shelf: MarkerLibrary, fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, api)
    shelf.read_through(1, 7)
    late = set(shelf.markers_read(1, 7)) - set(shelf.markers_read(1, 2))
    assert any(m in str(_read_along(assistant, shelf)) for m in late)
    # Back to an earlier page of the same chapter: the anchor still stands, the text does not.
    shelf.library.set_boundary(shelf.book.book_id, Locator(1, 2, 10_000))
    sent_back = str(_read_along(assistant, shelf))
    _ask(assistant, shelf, "Who carried the ledger?")
    question = str(_answers(fake_ollama)[-1].body["messages"])
    for text in (sent_back, question):
        assert not any(m in text for m in late)
        assert not any(m in text for m in shelf.markers_unread(1, 2))
    assert any(m in sent_back for m in shelf.markers_read(1, 2) - shelf.markers_read(1, 0))


def test_a_question_asked_while_the_server_reads_along_waits_one_step_at_most(
    unread_shelf: MarkerLibrary, fake_ollama: FakeOllama, api: str
) -> None:
    shelf = unread_shelf
    shelf.read_through(3, 8)  # the whole book: a long chapter to read along
    fake_ollama.clock = clock = ServerClock(prompt_per_second=1_500, reply_per_second=2_000,
                                            batch_tokens=2048)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, api)
    pace = assistant.gateway.pace
    pace.speeds.note(assistant.gateway.queue.key, "qwen2.5:3b", prompt_tokens=1500,
                     prompt_seconds=1.0)
    pace.read_ahead_after, pace.read_ahead_step = 0.2, 0.1  # steps of about 150 tokens
    reader = _assistant(shelf, fake_ollama, api)
    reader.gateway.pace.speeds = pace.speeds
    made = assistant.read_along_request(shelf.book)
    assert made is not None
    worker = threading.Thread(
        target=lambda: assistant.gateway.read(made[0], priority=Priority.BACKGROUND))
    worker.start()
    deadline = time.monotonic() + 10
    while not any("<pages" in s.prompt_text for s in clock.served):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    asked = time.monotonic()
    run = reader.ask(shelf.book, "Who carried the violin?")
    tokens = run.tokens()
    next(tokens)
    waited = time.monotonic() - asked
    list(tokens)
    worker.join(30)
    question = next(s for s in clock.served if "Who carried the violin" in s.prompt_text)
    assert question.queued_seconds < 0.35, question  # one ~0.1 s step, not a 2,048-token batch
    assert waited < question.prompt_seconds + 1.0
    assert reader.gateway.queue.gave_way >= 1


def test_ollama_is_never_reloaded_by_reading_along_questions_or_background_work(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    fake_ollama.clock = ServerClock(prompt_per_second=50_000, reply_per_second=5_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, "ollama")
    _read_along(assistant, shelf)
    _ask(assistant, shelf, "Who carried the violin?")
    shelf.read_through(2, 4)
    _read_along(assistant, shelf)
    _ask(assistant, shelf, "And the ledger?")
    assistant.maintain_summary(assistant.store.current_conversation(shelf.book.book_id),
                               boundary_sid=0)
    sizes = {r.body["options"]["num_ctx"] for r in fake_ollama.model_calls()}
    assert len(sizes) == 1 and fake_ollama.reloads == 0
    # Each step of reading along keeps the model loaded for the reader's next question.
    steps = [r for r in fake_ollama.model_calls() if r.body["options"].get("num_predict") == 1]
    assert steps and all(r.body.get("keep_alive") == "30m" for r in steps)


def test_the_countdown_counts_only_what_is_left_to_read_after_the_window(
    shelf: MarkerLibrary, fake_ollama: FakeOllama, api: str
) -> None:
    fake_ollama.clock = clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, api)
    _read_along(assistant, shelf)
    run = assistant.ask(shelf.book, "Who carried the violin to the chapel?")
    "".join(run.tokens())
    served = clock.served[-1]
    assert run.stats.expected_tokens is not None
    # What the reader is told to wait for is what the server reads afresh, not the window too.
    assert run.stats.expected_tokens <= served.fresh_tokens + 40
    assert run.stats.expected_tokens < served.tokens - clock.served[-2].tokens + 60


def test_nothing_is_read_along_before_reading_or_with_reading_along_off(
    unread_shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    assistant = _assistant(unread_shelf, fake_ollama, "ollama")
    assert assistant.read_along_request(unread_shelf.book) is None
    unread_shelf.read_through(0, 3)
    assert assistant.read_along_request(unread_shelf.book) is not None
    off = Assistant(unread_shelf.conn, unread_shelf.home, embedder=unread_shelf.embedder,
                    config=AssistantConfig(host=fake_ollama.url, model="qwen2.5:3b",
                                           read_along=False))
    assert off.read_along_request(unread_shelf.book) is None


def test_the_window_reaches_back_across_chapters_and_is_re_anchored_once_when_it_outgrows_itself(
    unread_shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    shelf = unread_shelf
    assistant = _assistant(shelf, fake_ollama, "ollama")
    # A slow server: a window of about 630 tokens, re-anchored past about 950.
    assistant.gateway.pace.speeds.note(assistant.gateway.queue.key, "qwen2.5:3b",
                                       prompt_tokens=70, prompt_seconds=10.0)
    along = ReadAlong(shelf.conn, shelf.book, assistant.gateway)
    shelf.read_through(1, 3)
    first = along.window(scope_for_book(shelf.conn, shelf.book.book_id))
    assert first is not None and first.ends_in == "Chapter 2"
    # A few paragraphs into chapter 2, the window holds the end of chapter 1 too (the pages
    # just read), as much as half its size, not the few paragraphs since the chapter began.
    chapter_one = shelf.book.sections[0].blocks
    assert chapter_one[-1].text in first.excerpts.text
    assert chapter_one[0].text not in first.excerpts.text
    assert first.tokens >= window_tokens(assistant.gateway) // 2 - 20
    shelf.read_through(3, 8)  # far on: the old anchor would make a window far too big
    later = along.window(scope_for_book(shelf.conn, shelf.book.book_id))
    assert later is not None and later.sid_start > first.sid_start
    assert later.ends_in.startswith("Chapter 4")
    again = along.window(scope_for_book(shelf.conn, shelf.book.book_id))
    assert again is not None and again.sid_start == later.sid_start  # anchored once


def test_a_window_another_prompt_replaced_on_ollama_is_not_sent_at_the_questions_cost(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    """Ollama keeps only the last prompt of its one slot: after a chapter summary, the window
    is gone from it, and a question that sent it would wait for all of it to be read again."""
    fake_ollama.clock = clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, "ollama")
    window = _read_along(assistant, shelf)
    _ask(assistant, shelf, "Who carried the violin?")
    assert _answers(fake_ollama)[-1].body["messages"][: len(window)] == window  # held: sent
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    chapter = excerpts_in_scope(shelf.conn, scope, [Span(shelf.book.book_id, 0, 10, "Chapter 1")])
    CompanionCalls(assistant.gateway).companion_text("chapter", chapter, title="A book",
                                                     subject="Chapter 1")
    summary = clock.served[-1].prompt_text
    assert "<pages chapter=" not in summary  # the slot now holds the summary's prompt

    run = assistant.ask(shelf.book, "Who carried the ledger to the mill?")
    "".join(run.tokens())
    question = _answers(fake_ollama)[-1].body["messages"]
    assert run.prepared.window_tokens == 0
    assert not any("<pages chapter=" in str(m.get("content")) for m in question)
    assert clock.served[-1].fresh_tokens < clock.served[-1].tokens  # nothing re-read for it


def test_a_question_about_the_pages_just_read_sends_only_its_best_passage_besides_them(
    library_home: Path, fake_ollama: FakeOllama
) -> None:
    """The window answers a question whose best passage lies inside it: what the server must
    read afresh is then the question and the best passage outside, not a whole budget's worth.
    A question about earlier chapters still gets the passages the wait allows."""
    shelf = marker_library(library_home, chapters=5, paragraphs=30)
    shelf.read_through(3, 24)
    fake_ollama.clock = clock = ServerClock(prompt_per_second=400, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, "ollama")
    assistant.config = dataclasses.replace(assistant.config, answer_wait=40.0)
    assistant.gateway.pace.speeds.note(assistant.gateway.queue.key, assistant.gateway.model,
                                       prompt_tokens=4000, prompt_seconds=10.0)  # 400 a second
    _read_along(assistant, shelf)
    in_window = sorted(shelf.markers_read(3, 10) - shelf.markers_read(3, 9))
    earlier = sorted(shelf.markers_read(0, 18) - shelf.markers_read(0, 17))

    just_read = assistant.ask(shelf.book, " ".join(in_window))
    "".join(just_read.tokens())
    read_for_it = clock.served[-1].fresh_tokens
    before = assistant.ask(shelf.book, " ".join(earlier))
    "".join(before.tokens())

    assert just_read.prepared.window_tokens > 0 and before.prepared.window_tokens > 0
    assert just_read.prepared.passage_budget == JUST_READ_TOKENS
    assert before.prepared.passage_budget > 4 * JUST_READ_TOKENS
    sent = [sum(len(p.text) for p in run.prepared.context.passages) for run in (just_read, before)]
    assert sent[0] < sent[1] / 2, sent
    assert any(earlier[0] in p.text for p in before.prepared.context.passages)
    assert read_for_it < clock.served[-1].fresh_tokens
    shelf.conn.close()


def test_a_question_quoting_the_pages_just_read_is_about_them_whatever_the_search_finds(
    library_home: Path, fake_ollama: FakeOllama
) -> None:
    """The last lines before the boundary lie in no chunk yet (a chunk is searched once it is
    whole), only in the window: a quotation of them is still a question about the pages just
    read, in any of the marks readers type."""
    shelf = marker_library(library_home, chapters=5, paragraphs=30)
    shelf.read_through(3, 24)
    fake_ollama.clock = ServerClock(prompt_per_second=20_000, reply_per_second=2_000)
    fake_ollama.reply_with(ScriptedReplies(answer="Anna carried the lantern [1]."))
    assistant = _assistant(shelf, fake_ollama, "ollama")
    assistant.config = dataclasses.replace(assistant.config, answer_wait=40.0)
    assistant.gateway.pace.speeds.note(assistant.gateway.queue.key, assistant.gateway.model,
                                       prompt_tokens=4000, prompt_seconds=10.0)  # 400 a second
    _read_along(assistant, shelf)
    scope = scope_for_book(shelf.conn, shelf.book.book_id)
    window = ReadAlong(shelf.conn, shelf.book, assistant.gateway).window(scope)
    assert window is not None
    last = shelf.book.sections[3].blocks[24].text.split()
    quote = " ".join(last[1:9])  # its marker too: the book says the rest everywhere
    for marks in ("“{}”", '"{}"', "« {} »", "„{}“", "‘{}’"):
        assert quotes_window(f"Why {marks.format(quote)}?", window), marks
    assert not quotes_window(f"Why {quote}?", window)  # no quotation marks: no quotation
    early = " ".join(shelf.book.sections[0].blocks[3].text.split()[1:9])
    assert early not in window.excerpts.text
    assert not quotes_window(f"Why “{early}”?", window)
    assert not quotes_window(f"Why “{last[2]}”?", window)  # a word is not a quotation

    quoted = assistant.ask(shelf.book, f"Why did the book say “{quote.upper()}”?")
    "".join(quoted.tokens())
    assert quoted.prepared.passage_budget == ABOUT_WINDOW_TOKENS == 0
    turn = quoted.request().messages[-1]["content"]
    assert turn.count("<excerpt") == turn.count('in="the pages read along"')  # pointers only
    before = assistant.ask(shelf.book, f"Why “{early}”?")
    "".join(before.tokens())
    assert before.prepared.passage_budget > JUST_READ_TOKENS
    shelf.conn.close()


def test_a_quotation_is_read_whole_across_apostrophes_and_in_every_mark() -> None:
    from reader_app.rag.assistant.followup import QUOTATION as _QUOTED

    assert _QUOTED.findall("Why “Natásha’s lips twitched” and ‘don’t go there’?") == [
        "Natásha’s lips twitched", "don’t go there"]
    assert _QUOTED.findall("„Wo ist Heidi?“ und «où est-il donc ?»") == [
        "Wo ist Heidi?", "où est-il donc ?"]
    assert _QUOTED.findall("It’s Anna’s lantern, isn’t it?") == []
