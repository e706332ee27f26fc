"""Wire tests: no request made by X-Ray, recaps, "Previously…", series recaps or name merging
carries a sentence after the boundary, whatever order the reader moves in.

The fake model echoes every marker it was sent, like a model that copies its input: a summary
made further on carries later markers, so if one were ever reused after a Reset, the request or
the panel would show it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reader_app.books.model import Locator
from reader_app.rag.companion.features import Companion
from reader_app.rag.companion.recaps import story_so_far
from reader_app.rag.companion.xray import known_entities
from reader_app.rag.model.gateway import ModelGateway
from reader_app.rag.scope.excerpts import ExcerptScopeError, Span, excerpts_in_scope
from reader_app.rag.scope.sealed import ScopeViolationError
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest, Reply
from tests.fakes.marker_library import MARKER, MarkerLibrary

LATE_NAMES = ("Valdemar", "Yelena", "Obsidian")


def echo(request: RecordedRequest) -> Reply:
    if isinstance(request.format, dict) and "same" in request.format.get("properties", {}):
        return Reply({"same": []})
    markers = sorted(set(MARKER.findall(request.message_text())))
    return Reply("Summary of " + " ".join(markers) if markers else "Nothing yet.")


@pytest.fixture
def shelf(
    unread_shelf: MarkerLibrary, fake_ollama: FakeOllama
) -> Iterator[tuple[MarkerLibrary, Companion]]:
    fake_ollama.reply_with(echo)
    lib = unread_shelf
    companion = Companion(lib.conn, gateway=ModelGateway(host=fake_ollama.url, model="qwen2.5:3b"))
    lib.library.mark_opened(lib.book.book_id)
    try:
        yield lib, companion
    finally:
        companion.close()


def run_everything(lib: MarkerLibrary, companion: Companion) -> list[str]:
    """Every companion job at the stored boundary; returns every text a panel would show."""
    book = lib.book
    shown: list[str] = []
    companion.merge_names(book)
    companion.catch_up(book)
    for entry in companion.xray(book)[:6]:
        card = companion.card(book, entry.key, write=True)
        assert card is not None
        shown += [entry.name, *entry.aliases, card.description.text]
    shown += [p.text for p in companion.story(book).paragraphs]
    shown.append(companion.previously(book))
    relationships = companion.relationships(book)
    shown += [e.name for e in relationships.entries]
    return shown


def unread(lib: MarkerLibrary) -> set[str]:
    state = lib.library.reading_state(lib.book.book_id)
    assert state is not None
    if state.finished:
        return set()
    if state.boundary.section < 0:
        return set(MARKER.findall(lib._text(until=(-1, 0), after=True)))
    return lib.markers_unread(state.boundary.section, state.boundary.block)


def assert_nothing_later(lib: MarkerLibrary, fake: FakeOllama, shown: list[str]) -> None:
    later = unread(lib)
    for request in fake.model_calls():
        leaked = set(MARKER.findall(request.message_text())) & later
        assert not leaked, f"a request carried unread sentences: {sorted(leaked)[:5]}"
    leaked = set(MARKER.findall(" ".join(shown))) & later
    assert not leaked, f"a panel showed unread text: {sorted(leaked)[:5]}"
    if lib.markers_unread(1, len(lib.book.sections[1].blocks) - 1) <= later:
        # Still in chapters 1-2: the late names may not be shown anywhere.
        assert not any(name in text for text in shown for name in LATE_NAMES)


def move(lib: MarkerLibrary, where: tuple[str, int, int]) -> None:
    action, section, block = where
    book_id = lib.book.book_id
    if action == "reset":
        lib.library.reset_boundary(book_id)
    elif action == "finish":
        lib.library.mark_finished(book_id, lib.book.end_locator())
    else:
        text = lib.book.sections[section].blocks[block].text
        lib.library.set_boundary(book_id, Locator(section, block, len(text)))


def test_reset_after_summaries_were_made_further_on(
    shelf: tuple[MarkerLibrary, Companion], fake_ollama: FakeOllama
) -> None:
    lib, companion = shelf
    move(lib, ("read", 3, 5))
    shown = run_everything(lib, companion)
    assert any("Summary of" in text for text in shown)  # the model was used
    assert any(name in " ".join(shown) for name in LATE_NAMES)
    fake_ollama.clear()
    move(lib, ("reset", 0, 0))
    move(lib, ("read", 1, 3))
    shown = run_everything(lib, companion)
    assert fake_ollama.model_calls(), "summaries are remade at the new boundary"
    assert_nothing_later(lib, fake_ollama, shown)
    names = [e.name for e in known_entities(lib.conn, companion.scope(lib.book))]
    assert "Valdemar" not in names and "Anna" in names


def test_half_read_chapter_is_summarised_only_up_to_the_boundary(
    shelf: tuple[MarkerLibrary, Companion], fake_ollama: FakeOllama
) -> None:
    lib, companion = shelf
    move(lib, ("read", 1, 4))  # chapter 2 half read
    companion.catch_up(lib.book)
    requests = [r.message_text() for r in fake_ollama.model_calls()]
    assert any(lib.markers_read(1, 4) & set(MARKER.findall(text)) for text in requests)
    assert_nothing_later(lib, fake_ollama, [])
    story = story_so_far(lib.conn, lib.book, companion.scope(lib.book))
    assert story.paragraphs[-1].partial and story.paragraphs[-1].source == "model"
    # The naive request (the whole current chapter) is refused before it is sent.
    scope = companion.scope(lib.book)
    chapter_end = scope.boundary_sid + 5
    with pytest.raises(ExcerptScopeError):
        excerpts_in_scope(lib.conn, scope, [Span(lib.book.book_id, 0, chapter_end, "Chapter 2")])


def test_a_description_request_carries_book_text_not_just_the_name(
    shelf: tuple[MarkerLibrary, Companion], fake_ollama: FakeOllama
) -> None:
    lib, companion = shelf
    move(lib, ("read", 0, 6))
    entry = companion.xray(lib.book)[0]
    card = companion.card(lib.book, entry.key, write=True)
    assert card is not None and card.description.source == "model"
    request = fake_ollama.model_calls()[-1].message_text()
    assert entry.name in request
    assert len(set(MARKER.findall(request))) >= 3, "the passages naming them are quoted"
    assert card.description.text in {"Summary of " + " ".join(sorted(MARKER.findall(request)))}
    empty = excerpts_in_scope(lib.conn, companion.scope(lib.book), [])
    with pytest.raises(ScopeViolationError):
        assert companion.gateway is not None
        companion.gateway.companion_text("describe", empty, title="t", subject=entry.name)


def test_descriptions_are_stored_with_their_boundary_and_refreshed(
    shelf: tuple[MarkerLibrary, Companion], fake_ollama: FakeOllama
) -> None:
    lib, companion = shelf
    move(lib, ("read", 0, 5))
    anna = companion.find(lib.book, "Anna")
    assert anna is not None
    first = companion.card(lib.book, anna.key, write=True)
    assert first is not None and not first.stale
    calls = len(fake_ollama.model_calls())
    assert companion.card(lib.book, anna.key, write=True) == first  # stored, not asked again
    assert len(fake_ollama.model_calls()) == calls
    move(lib, ("read", 1, 8))
    later = companion.card(lib.book, anna.key)
    assert later is not None and later.stale and later.description == first.description
    refreshed = companion.card(lib.book, anna.key, write=True)
    assert refreshed is not None
    assert refreshed.description.made_at_sid > first.description.made_at_sid
    move(lib, ("read", 0, 5))  # back: the newer description is hidden again
    again = companion.card(lib.book, anna.key)
    assert again is not None and again.description == first.description


MOVES = st.one_of(
    st.tuples(st.just("read"), st.integers(0, 3), st.integers(1, 8)),
    st.tuples(st.just("reset"), st.just(0), st.just(0)),
    st.tuples(st.just("finish"), st.just(0), st.just(0)),
)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(moves=st.lists(MOVES, min_size=1, max_size=5))
def test_random_boundary_moves_never_send_or_show_later_text(
    shelf: tuple[MarkerLibrary, Companion],
    fake_ollama: FakeOllama,
    moves: list[tuple[str, int, int]],
) -> None:
    lib, companion = shelf
    lib.conn.execute("DELETE FROM companion_texts")
    lib.conn.execute("DELETE FROM entity_links WHERE source = 'model'")
    lib.conn.commit()
    companion.model_error = None
    for where in moves:
        fake_ollama.clear()
        move(lib, where)
        shown = run_everything(lib, companion)
        assert_nothing_later(lib, fake_ollama, shown)


def test_names_first_met_later_are_not_listed(shelf: tuple[MarkerLibrary, Companion]) -> None:
    lib, companion = shelf
    move(lib, ("read", 1, 8))
    names = {e.name for e in companion.xray(lib.book)}
    assert {"Anna", "Boris", "Clara", "Dmitri"} <= names
    assert not names & {"Valdemar", "Yelena", "the Obsidian Gate"}
    move(lib, ("read", 2, 8))
    names = {e.name for e in companion.xray(lib.book)}
    assert {"Valdemar", "Yelena"} <= names
    assert re.search("Obsidian", " ".join(names))


def test_a_model_merge_is_made_from_read_passages_and_hidden_after_moving_back(
    shelf: tuple[MarkerLibrary, Companion], fake_ollama: FakeOllama
) -> None:
    lib, companion = shelf

    def merge(request: RecordedRequest) -> Reply:
        if isinstance(request.format, dict) and "same" in request.format.get("properties", {}):
            return Reply({"same": [["Anna", "Boris"], ["Anna", "Nobody"]]})
        return echo(request)

    fake_ollama.reply_with(merge)
    move(lib, ("read", 1, 8))
    assert companion.merge_names(lib.book) == 1  # a name not offered is ignored
    request = next(r for r in fake_ollama.model_calls() if r.format)
    assert "Anna" in request.message_text() and MARKER.search(request.message_text())
    assert_nothing_later(lib, fake_ollama, [])
    merged = companion.find(lib.book, "Anna")
    assert merged is not None and "Boris" in merged.aliases
    move(lib, ("read", 1, 4))  # back: the merge was made further on
    apart = companion.find(lib.book, "Anna")
    assert apart is not None and "Boris" not in apart.aliases


def test_who_is_finds_names_not_passages(shelf: tuple[MarkerLibrary, Companion]) -> None:
    lib, companion = shelf
    move(lib, ("read", 1, 8))
    assert (found := companion.find(lib.book, "Clara’s")) is not None and found.name == "Clara"
    assert companion.find(lib.book, "Clara carried the lantern to the mill as it rang") is None
    assert companion.find(lib.book, "Valdemar") is None  # met later


def test_the_map_never_shows_a_later_tie(shelf: tuple[MarkerLibrary, Companion]) -> None:
    lib, companion = shelf
    weights = []
    for where in (("read", 0, 8), ("read", 1, 8), ("read", 2, 8), ("finish", 0, 0)):
        move(lib, where)
        relationships = companion.relationships(lib.book)
        names = {e.key: e.name for e in relationships.entries}
        weights.append({frozenset((names[t.a], names[t.b])): t.weight
                        for t in relationships.ties})
    early, chapter_two, chapter_three, whole = weights
    assert all("Valdemar" not in pair for pair in early | chapter_two)
    assert any("Valdemar" in pair for pair in chapter_three)
    for before, after in pairwise(weights):
        assert all(after.get(pair, 0) >= w for pair, w in before.items())
    assert chapter_two[frozenset(("Anna", "Boris"))] > early[frozenset(("Anna", "Boris"))]
    assert whole != chapter_three


def test_a_long_chapter_is_summarised_in_parts_up_to_the_boundary(
    shelf: tuple[MarkerLibrary, Companion], fake_ollama: FakeOllama,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from reader_app.rag.companion import recaps

    monkeypatch.setattr(recaps, "MAX_PART_CHARS", 600)
    lib, companion = shelf
    move(lib, ("read", 1, 6))
    companion.catch_up(lib.book)
    calls = [r.message_text() for r in fake_ollama.model_calls()]
    assert sum("part 2" in text for text in calls) >= 2  # part summaries, then their summary
    assert_nothing_later(lib, fake_ollama, [])
    last = story_so_far(lib.conn, lib.book, companion.scope(lib.book)).paragraphs[-1]
    assert last.partial and last.source == "model"
    assert set(MARKER.findall(last.text)) <= lib.markers_read(1, 6)
