"""Answers in the reader's language: the question's language is told from its words, the rules
name the book's language and stay the same for every question about one book (the prompt cache's
stable prefix), and the assistant's own words (fallbacks, "not started") follow the language."""

from __future__ import annotations

import dataclasses

import pytest

from reader_app.books.model import Book
from reader_app.rag.assistant import prompts
from reader_app.rag.assistant.answer_run import fallback_answer
from reader_app.rag.assistant.languages import question_language
from reader_app.rag.scope import sealed
from reader_app.rag.scope.sealed import ScopedContext, ScopedHistory
from tests.unit.rag.assistant.test_prompts import BOOK, _context


@pytest.fixture(autouse=True)
def _language_by_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests give a book its language by its tag; the marker book's text is English, which
    the language decision (tag checked against the text, tests/unit/books/test_language.py)
    would rightly prefer."""
    monkeypatch.setattr(sealed, "decided_language", lambda book: book.metadata.language)


def _in(language: str, book: Book = BOOK) -> Book:
    return dataclasses.replace(book, metadata=dataclasses.replace(book.metadata,
                                                                  language=language))


def _context_in(language: str) -> ScopedContext:
    context = _context()
    return dataclasses.replace(context, book=dataclasses.replace(context.book, language=language))


@pytest.mark.parametrize(("question", "language"), [
    ("Who is Mr. Darcy?", "en"),
    ("Qui est Rodolphe ?", "fr"),
    ("Pourquoi Philomène de Watteville lit-elle la Revue de l'Est ?", "fr"),
    ("Wer ist Peter Uhusen?", "de"),
    ("Was hat der Hofrat Brokenkorb mit den Kindern gemacht?", "de"),
    ("¿Quién es la madre de Sancho?", "es"),
    ("Peter Uhusen?", ""),  # a name alone says nothing
])
def test_the_questions_language_is_told_by_its_words(question: str, language: str) -> None:
    assert question_language(question) == language


def test_the_rules_name_the_books_language_and_never_change_with_the_question() -> None:
    french = _context_in("fr")
    asked = [prompts.answer_messages(french, q, answer_length="medium")
             for q in ("Qui est Rodolphe ?", "Who is Rodolphe?", "Wer ist Rodolphe?")]
    systems = {messages[0]["content"] for messages in asked}
    assert len(systems) == 1, "one system message for every question about the book"
    [system] = systems
    assert "Answer in the language the reader's question is written in." in system
    assert "The book is in French" in system
    english = prompts.answer_messages(_context(), "Who?", answer_length="medium")[0]["content"]
    assert "The book is in" not in english
    assert asked[0][-1]["content"].endswith(
        "Question (in French; answer in French): Qui est Rodolphe ?")
    assert asked[1][-1]["content"].endswith("Question: Who is Rodolphe?")
    assert asked[2][-1]["content"].endswith(
        "Question (in German; answer in German): Wer ist Rodolphe?")


def test_before_reading_rules_say_the_language_too() -> None:
    context = ScopedContext.before_reading(book=_in("de"),
                                           history=ScopedHistory.empty(boundary_sid=-1))
    system = prompts.answer_messages(context, "Wie endet es?", answer_length="short")[0]
    assert "The book is in German" in system["content"]


@pytest.mark.parametrize(("language", "question", "expected"), [
    ("fr", "", "Les passages les plus proches dans ce que vous avez lu :"),
    ("de", "", "Die passendsten Stellen aus dem bisher Gelesenen:"),
    ("es", "", "Los pasajes más relevantes de lo que ha leído:"),
    ("en", "", "The most relevant passages from what you've read:"),
    # the question's language first: a German question about an English book
    ("en", "Wer ist Anna und was trägt sie?", "Die passendsten Stellen"),
])
def test_the_fallback_speaks_the_questions_language_else_the_books(
    language: str, question: str, expected: str
) -> None:
    assert fallback_answer(_context_in(language), question).text.startswith(expected)


def test_not_started_yet_is_said_in_the_books_language() -> None:
    for language, words in (("fr", "Vous n’avez pas encore commencé « "),
                            ("de", "Sie haben „"), ("es", "Aún no ha empezado a leer «")):
        context = ScopedContext.before_reading(book=_in(language),
                                               history=ScopedHistory.empty(boundary_sid=-1))
        assert fallback_answer(context).text.startswith(words + BOOK.metadata.title)
