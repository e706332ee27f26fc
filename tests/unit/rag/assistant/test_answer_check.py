"""The answer check: later-only names and phrases flag, met names and the question's words don't,
through the real assistant, client and fake server; the first-occurrence table is kept on disk."""

from __future__ import annotations

import pytest

from reader_app.rag.assistant import term_table
from reader_app.rag.assistant.answer_check import AnswerCheck, check_answer
from reader_app.rag.assistant.engine import Assistant, AssistantConfig
from reader_app.rag.assistant.term_table import TermTables, build_term_table
from reader_app.rag.index.sentences import split_book
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.fakes.marker_library import MarkerLibrary


def _checked(shelf: MarkerLibrary, fake: FakeOllama, answer: str, question: str) -> AnswerCheck:
    fake.reply_with(ScriptedReplies(answer=answer))
    assistant = Assistant(
        shelf.conn,
        shelf.home,
        config=AssistantConfig(host=fake.url, model="qwen2.5:3b", rewrite_queries=False),
        embedder=shelf.embedder,
    )
    run = assistant.ask(shelf.book, question)
    assert "".join(run.tokens()) == answer
    assert run.outcome is not None and run.outcome.answer.check is not None
    stored = assistant.store.messages(run.conversation_id)[-1]
    assert stored.check == run.outcome.answer.check, "the message records the check"
    return run.outcome.answer.check


def test_a_scripted_answer_naming_a_character_met_only_later_is_veiled(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    answer = "Anna carried the lantern [1]. Valdemar's sister Yelena waits at the drowned tower."
    check = _checked(shelf, fake_ollama, answer, "Who carried the lantern?")
    flagged = {f.flag.text: f for f in check.flagged}
    assert set(flagged) == {"Valdemar", "Yelena", "drowned tower"}
    assert all(f.first_at.startswith("Chapter 3") for f in flagged.values())
    first_late = next(s.sid for s in split_book(shelf.book) if "Valdemar" in s.text)
    assert flagged["Valdemar"].flag.first_sid == first_late
    assert check.veiled == ((answer.index("Valdemar"), len(answer)),)
    assert check.receipt.boundary == "Chapter 2 (38%)" and check.receipt.passages > 0


def test_an_answer_using_only_names_already_met_is_not_veiled(
    shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> None:
    answer = (
        "Anna carried the lantern to the mill [1], and Boris took the ledger to the chapel. "
        "Clara, Dmitri and Anna's violin were by the river [2]. It seems the Village matters."
    )
    check = _checked(shelf, fake_ollama, answer, "Who carried the lantern?")
    assert check.flagged == () and check.veiled == ()


def test_the_question_own_words_never_flag(shelf: MarkerLibrary, fake_ollama: FakeOllama) -> None:
    check = _checked(
        shelf, fake_ollama, "I know of no Valdemar in what you have read.", "Who is Valdemar?"
    )
    assert check.flagged == ()


def test_a_name_stops_flagging_once_the_reader_meets_it(shelf: MarkerLibrary) -> None:
    sentences = split_book(shelf.book)
    table = build_term_table([s.text for s in sentences])
    first = next(s.sid for s in sentences if "Valdemar" in s.text)
    answer = "Valdemar walked on."
    assert [f.text for f in check_answer(table, answer, question="", boundary_sid=first - 1)] == [
        "Valdemar"
    ]
    assert check_answer(table, answer, question="", boundary_sid=first) == ()


def test_common_words_and_single_occurrence_phrases_never_flag() -> None:
    table = build_term_table(
        ["The cat sat.", "A dog ran far.", "Later the crimson sword of Orlan shone.",
         "The crimson sword fell."]
    )
    # "sword" alone is a common word; "crimson sword" repeats and comes later; "Orlan" is a name.
    flags = check_answer(table, "A sword shone.", question="", boundary_sid=1)
    assert flags == ()
    flags = check_answer(table, "The crimson sword and Orlan.", question="", boundary_sid=1)
    assert [f.text for f in flags] == ["crimson sword", "Orlan"]
    assert check_answer(table, "Later the crimson", question="", boundary_sid=1) == ()


def test_the_table_is_built_once_and_kept_beside_the_indexes(
    shelf: MarkerLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = TermTables(shelf.home).for_book(shelf.conn, shelf.book.book_id)
    stored = list((shelf.home / "indexes" / shelf.book.book_id).glob("terms-*.npz"))
    assert len(stored) == 1

    def no_rebuild(_sentences: list[str]) -> None:
        raise AssertionError("the stored table should have been used")

    monkeypatch.setattr(term_table, "build_term_table", no_rebuild)
    again = TermTables(shelf.home).for_book(shelf.conn, shelf.book.book_id)
    assert (again.hashes == built.hashes).all() and (again.first_sid == built.first_sid).all()
