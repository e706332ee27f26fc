"""The transcript renderer, without Qt: escaping, status labels, citation links, hidden turns."""

from __future__ import annotations

import subprocess
import sys

from reader_app.books.model import Locator
from reader_app.rag.assistant.citation_text import citation_href, parse_citation_href
from reader_app.rag.assistant.conversations import AnswerStats, Message, Role, Status
from reader_app.rag.assistant.transcript import HIDDEN, question_html, transcript_html
from reader_app.rag.scope.citations import Citation


def message(
    message_id: int,
    role: Role,
    text: str,
    *,
    boundary_sid: int = 10,
    status: Status = "complete",
    citations: tuple[Citation, ...] = (),
) -> Message:
    return Message(message_id, 1, role, text, boundary_sid, status, "", None, citations, (),
                   AnswerStats(), 0.0)


LANTERN = Citation(1, 4, 30, 33, Locator(2, 5, 0), "Chapter 3", "The lantern swung " * 10)


def test_questions_and_answers_are_escaped_and_keep_their_line_breaks() -> None:
    page = transcript_html(
        [message(1, "user", "Is <b>Hyde</b> & Jekyll\none man?"),
         message(2, "assistant", "Read on & see.")],
        boundary_sid=20,
    )
    assert "<p><b>You:</b> Is &lt;b&gt;Hyde&lt;/b&gt; &amp; Jekyll<br>one man?</p>" in page
    assert "<p><b>Assistant:</b> Read on &amp; see.</p>" in page


def test_an_answer_given_further_on_is_hidden_until_the_reader_gets_there() -> None:
    later = [message(1, "user", "Who dies?", boundary_sid=50),
             message(2, "assistant", "Sir Danvers.", boundary_sid=50)]
    # The reader's own question stays: only what the assistant said from further on is hidden.
    hidden = f"<p><i>{HIDDEN}</i></p>"
    assert transcript_html(later, boundary_sid=49) == question_html("Who dies?") + hidden
    assert "Sir Danvers." in transcript_html(later, boundary_sid=50)
    assert "Sir Danvers." in transcript_html(later, boundary_sid=None)


def test_stopped_and_incomplete_answers_say_so() -> None:
    stopped = transcript_html([message(2, "assistant", "He was", status="stopped")],
                              boundary_sid=None)
    incomplete = transcript_html([message(2, "assistant", "He", status="incomplete")],
                                 boundary_sid=None)
    assert "<i>(stopped)</i> He was" in stopped and "<i>(incomplete)</i> He" in incomplete


def test_citations_are_links_that_read_back_to_message_and_label() -> None:
    page = transcript_html([message(7, "assistant", "The lantern [1].", citations=(LANTERN,))],
                           boundary_sid=None)
    href = citation_href(7, 1)
    assert f'<a href="{href}">[1] Chapter 3: “{"The lantern swung " * 4}' in page
    assert ("The lantern swung " * 5)[:81] not in page  # quotes are cut to 80 characters
    assert parse_citation_href(href) == (7, 1)
    assert parse_citation_href("https://example.org/") is None
    assert parse_citation_href("cite:seven:1") is None


def test_a_pending_question_ends_with_an_empty_answer_to_stream_into() -> None:
    page = transcript_html([], boundary_sid=None, pending_question="Who is Poole?")
    assert page == "<p><b>You:</b> Who is Poole?</p><p><b>Assistant:</b> </p>"


def test_the_renderer_loads_no_qt() -> None:
    code = ("import sys, reader_app.rag.assistant.transcript; "
            "sys.exit(any(m.startswith('PySide6') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def _checked(text: str, flags: list[tuple[int, int, int]], *, citations: tuple[Citation, ...] = ()
             ) -> Message:
    """An answer whose sentences (start, end) name something the book first has at `first_sid`."""
    from dataclasses import replace

    from reader_app.rag.assistant.answer_check import AnswerCheck, Flag, FlaggedSpan, Receipt

    spans = tuple(FlaggedSpan(Flag("X", start, start + 1, first_sid, start, end), "later")
                  for start, end, first_sid in flags)
    return replace(message(2, "assistant", text, citations=citations),
                   check=AnswerCheck(Receipt("Chapter 1", 1), spans))


def test_a_run_of_veiled_sentences_is_one_stub_and_opens_as_one() -> None:
    text = "Anna came. Boris left. Dora wept. Then the bell rang."
    answer = _checked(text, [(11, 22, 90), (23, 33, 95), (0, 10, 80)])
    page = transcript_html([answer], boundary_sid=20)
    assert page.count("reveal:") == 1
    assert "[these 3 sentences may reveal what comes later: show anyway]" in page
    assert "Then the bell rang." in page and "Boris" not in page
    shown = transcript_html([answer], boundary_sid=20, revealed={2: frozenset({0, 11, 23})})
    assert "Anna came. Boris left. Dora wept." in shown and "reveal:" not in shown


def test_a_veil_lifts_once_the_reader_has_read_that_far() -> None:
    answer = _checked("Anna came. The bell rang. Boris left.", [(0, 10, 30), (26, 37, 90)])
    early = transcript_html([answer], boundary_sid=20)
    assert early.count("reveal:") == 2 and "Anna" not in early
    later = transcript_html([answer], boundary_sid=30)  # the reader reached Anna, not Boris
    assert "Anna came." in later and later.count("reveal:") == 1 and "Boris" not in later


def test_an_inline_citation_is_a_link_to_its_passage() -> None:
    answer = _checked("Anna swung the lantern [1]. The mill [7] burned.", [],
                      citations=(LANTERN,))
    page = transcript_html([answer], boundary_sid=20)
    assert "<a href='cite:2:1'>[1]</a>" in page
    assert "[7]" in page and "cite:2:7" not in page  # no such passage: left as written
    assert parse_citation_href("cite:2:1") == (2, 1)


def test_an_empty_conversation_shows_its_hint() -> None:
    assert "for example" in transcript_html([], boundary_sid=None, empty_hint="for example")
    assert transcript_html([], boundary_sid=None) == ""
