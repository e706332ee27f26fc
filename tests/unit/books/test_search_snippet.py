"""Search snippets are cut between words, with an ellipsis where they were cut."""

from __future__ import annotations

from reader_app.books.text.search import snippet

TEXT = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)


def test_a_snippet_starts_and_ends_on_whole_words() -> None:
    start = TEXT.index("single")
    shown = snippet(TEXT, start, start + len("single"), room=20)
    assert shown == "…that a single man in possession…"
    words = TEXT.split()
    for word in shown.strip("…").split():
        assert word in words


def test_a_snippet_that_reaches_either_end_has_no_ellipsis_there() -> None:
    assert snippet(TEXT, 0, 2, room=10) == "It is a…"
    end = len(TEXT)
    assert snippet(TEXT, end - 5, end, room=10).endswith("of a wife.")
    assert snippet("a short line", 2, 7) == "a short line"


def test_line_breaks_become_spaces() -> None:
    assert snippet("one\ntwo three", 4, 7) == "one two three"
