"""The port takes no free text. Every model call is a sealed request, made only by a room's prompt
builder from sealed values, and nothing a room offers takes the book's text as a plain string.

Read from the signatures themselves, so a call added tomorrow is covered the day it is added.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from reader_app.rag.assistant import prompts as assistant_prompts
from reader_app.rag.assistant.calls import AssistantCalls
from reader_app.rag.characters import prompts as character_prompts
from reader_app.rag.characters.calls import CharacterCalls
from reader_app.rag.companion import prompts as companion_prompts
from reader_app.rag.companion.calls import CompanionCalls
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.model.replies import StreamStats
from reader_app.rag.model.schedule import Priority
from reader_app.rag.pages import vision
from reader_app.rag.scope.request import ModelRequest, sealed_request
from reader_app.rag.scope.seal import ScopeViolationError, Sealed
from reader_app.rag.scope.sealed import ScopedHistory
from tests.fakes.fake_ollama import FakeOllama

# The plain words a room's call may take: what the reader typed (a question, a message), what a
# model already answered from sealed text, what the book says of itself (its title, a chapter's
# name as the subject) and the names X-Ray found in the text read, by which a model is asked
# about someone; and the book's language, a code ("fr") decided from its tag and text.
READERS_AND_BOOKS_OWN_WORDS = frozenset({
    "question", "message", "answer", "answer_length", "title", "subject", "name", "names",
    "language",
})
# The port's own: where the server is, which model, its key.
SERVERS_OWN_WORDS = frozenset({"host", "model", "api_key", "name"})

ROOMS_CALLS = (AssistantCalls, CompanionCalls, CharacterCalls)
PROMPT_MODULES = (assistant_prompts, companion_prompts, character_prompts, vision)


def carries_text(hint: Any) -> bool:
    """Whether a parameter of this type could hold free text: a str anywhere in it, or a type
    that says nothing (Any, object)."""
    if hint in (str, Any, object):
        return True
    if isinstance(hint, typing.TypeVar):
        return True
    return any(carries_text(arg) for arg in typing.get_args(hint)
               if not isinstance(arg, str))  # a Literal's values are words, not free text


def parameters(function: Callable[..., Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(function)
    return {name: hints.get(name, Any) for name in inspect.signature(function).parameters
            if name != "self"}


def public_methods(cls: type) -> Iterator[tuple[str, Callable[..., Any]]]:
    for name, member in inspect.getmembers(cls, inspect.isfunction):
        if not name.startswith("_"):
            yield name, member


def request_builders() -> Iterator[tuple[str, Callable[..., Any]]]:
    for module in PROMPT_MODULES:
        for name, member in inspect.getmembers(module, inspect.isfunction):
            if member.__module__ == module.__name__ and \
                    typing.get_type_hints(member).get("return") is ModelRequest:
                yield f"{module.__name__}.{name}", member


def test_the_port_s_calls_take_a_sealed_request_and_no_free_text() -> None:
    for name in ("stream", "reply", "warm"):
        found = parameters(getattr(ModelGateway, name))
        first, *_ = found
        assert found[first] is ModelRequest, name
        assert [p for p, hint in found.items() if carries_text(hint)] == [], name


def test_nothing_public_on_the_port_takes_text_but_the_server_s_own_words() -> None:
    methods = [("__init__", ModelGateway.__init__), *public_methods(ModelGateway)]
    for name, method in methods:
        textual = {p for p, hint in parameters(method).items() if carries_text(hint)}
        assert textual <= SERVERS_OWN_WORDS, (name, textual)


def test_no_room_s_call_or_request_takes_book_text_as_a_plain_string() -> None:
    checked = 0
    callables = [(f"{cls.__name__}.{name}", method) for cls in ROOMS_CALLS
                 for name, method in public_methods(cls)] + list(request_builders())
    for name, function in callables:
        found = parameters(function)
        textual = {p for p, hint in found.items() if carries_text(hint)}
        assert textual <= READERS_AND_BOOKS_OWN_WORDS, (name, textual - READERS_AND_BOOKS_OWN_WORDS)
        checked += 1
    assert checked >= 20  # the walk found the rooms' calls, not an empty list


def test_every_request_builder_takes_at_least_one_sealed_value_or_no_book_text_at_all() -> None:
    for name, builder in request_builders():
        sealed = [p for p, hint in parameters(builder).items() if _is_sealed(hint)]
        assert sealed or name.endswith("hypothetical_request"), name


def _is_sealed(hint: Any) -> bool:
    if isinstance(hint, type):
        return issubclass(hint, Sealed)
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return any(_is_sealed(arg) for arg in typing.get_args(hint))
    return False


@pytest.mark.parametrize("build", [
    lambda: assistant_prompts.answer_request("the whole book", "q", answer_length="short"),
    lambda: assistant_prompts.rank_request("q", ["a passage from chapter 40"]),  # type: ignore[arg-type]
    lambda: assistant_prompts.summary_request("turns"),  # type: ignore[arg-type]
    lambda: companion_prompts.companion_request("describe", "text", title="t", subject="s"),  # type: ignore[arg-type]
    lambda: companion_prompts.merge_request(("A", "B"), "text"),  # type: ignore[arg-type]
    lambda: character_prompts.facts_request("text", name="n", title="t"),  # type: ignore[arg-type]
    lambda: character_prompts.summary_request(ScopedHistory.empty(boundary_sid=1), "text",  # type: ignore[arg-type]
                                              name="n"),
    lambda: vision.page_request(b"\x89PNG"),  # type: ignore[arg-type]
    lambda: sealed_request("any", inputs=["free text"], messages=list, max_tokens=1),
], ids=["answer", "rank", "summary", "companion", "merge", "facts", "chat summary", "page", "raw"])
def test_free_text_where_a_sealed_value_belongs_is_refused_before_a_word_is_written(
    build: Callable[[], ModelRequest],
) -> None:
    with pytest.raises(ScopeViolationError):
        build()


def test_a_request_cannot_be_made_by_hand() -> None:
    with pytest.raises(ScopeViolationError):
        ModelRequest("answer", ({"role": "user", "content": "chapter 40"},), 10, None, None,
                     object())


def test_the_port_refuses_anything_but_a_request_and_sends_nothing(
    fake_ollama: FakeOllama,
) -> None:
    gateway = ModelGateway(host=fake_ollama.url, model="qwen2.5:3b")
    messages = [{"role": "user", "content": "the whole book"}]
    with pytest.raises(ScopeViolationError):
        gateway.reply(messages, priority=Priority.QUESTION)  # type: ignore[arg-type]
    with pytest.raises(ScopeViolationError):
        list(gateway.stream(messages, stats=StreamStats()))  # type: ignore[arg-type]
    with pytest.raises(ScopeViolationError):
        gateway.warm(messages)  # type: ignore[arg-type]
    gateway.close()
    assert fake_ollama.model_calls() == []
