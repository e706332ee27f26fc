"""What Read aloud reads, with no window and no voice: the book's sentences in reading order from a
place and on into the next chapter, a reply's sentences without the veiled one and then the end,
a comic's balloons in panel order page after page, waiting while pages are still being read; and
the sources load no Qt."""

from __future__ import annotations

import subprocess
import sys

from reader_app.books.model import Locator
from reader_app.books.text.spoken import SpokenSentence, section_sentences
from reader_app.comics.reading_order import Box, OcrLine, read_page
from reader_app.comics.text import PageText
from reader_app.rag.assistant.answer_check import AnswerCheck, Flag, FlaggedSpan, Receipt
from reader_app.rag.assistant.conversations import AnswerStats, Message
from reader_app.ui.read_aloud.sources import (
    BookSource,
    ComicSource,
    Queued,
    ReplySource,
    Said,
    SentenceSource,
)
from tests.bookgen import marker_book


def drain(source: SentenceSource, *, most: int = 1000) -> list[Said]:
    """What `source` gives until it gives nothing (a source that never stops fails, not hangs)."""
    said: list[Said] = []
    while (sentence := source.next()) is not None:
        said.append(sentence)
        assert len(said) <= most, "the source never ran out"
    return said


def test_the_book_is_read_in_order_from_the_place_and_on_into_the_next_chapter() -> None:
    book = marker_book(chapters=2, paragraphs=3, sentences=2)
    first, second = section_sentences(book, 0), section_sentences(book, 1)
    place = first[3].start  # the second paragraph's first sentence
    source = BookSource(book, place)
    said = drain(source)
    assert said == [*first[3:], *second], "from the place, chapter after chapter, to the end"
    assert isinstance(said[0], SpokenSentence) and "mk000100" in said[0].text
    assert said[len(first) - 3].heading and said[len(first) - 3].text == "Chapter 2"
    assert source.ended and source.next() is None


def test_the_book_goes_back_a_sentence_and_knows_where_the_one_before_ends() -> None:
    book = marker_book(chapters=1, paragraphs=3, sentences=2)
    sentences = section_sentences(book, 0)
    source = BookSource(book, Locator(0, 2, 0))
    assert source.previous() is None and source.end_before() is None, "nothing given yet"
    assert source.next() == sentences[3]
    assert source.end_before() == sentences[2].end
    assert source.next() == sentences[4]
    assert source.previous() == sentences[3]
    assert source.next() == sentences[4], "on again from where it went back to"
    assert source.skippable and source.listened and not source.ended


def test_nothing_is_left_after_the_last_sentence_of_the_book() -> None:
    book = marker_book(chapters=1, paragraphs=2, sentences=2)
    end = section_sentences(book, 0)[-1].end
    source = BookSource(book, end)
    assert source.next() is None and source.ended
    assert source.end_note == "Read aloud reached the end of the book."


def reply(text: str, veiled: tuple[int, int] | None = None) -> Message:
    check = None
    if veiled is not None:
        flag = Flag("Mr. Knightley", veiled[0], veiled[1], 900, veiled[0], veiled[1])
        check = AnswerCheck(Receipt("Chapter 3", 2), (FlaggedSpan(flag, "Chapter 49"),))
    return Message(2, 1, "assistant", text, 10, "complete", "", 1, (), (), AnswerStats(), 0.0,
                   check=check)


def test_a_reply_is_its_sentences_without_the_veiled_one_and_then_it_ends() -> None:
    text = "Emma is kind. Later she marries Mr. Knightley. She loves matchmaking."
    source = ReplySource(reply(text, (text.index("Later"), text.index(" She loves"))))
    assert not source.ended
    assert drain(source) == [Queued("Emma is kind."), Queued("She loves matchmaking.")]
    assert source.ended and source.next() is None
    assert not source.listened and not source.skippable and source.end_note == ""
    assert source.status(Queued("Emma is kind.")) == "Reading the reply aloud"


def test_a_reply_with_nothing_to_say_has_ended_before_it_begins() -> None:
    text = "Later she marries Mr. Knightley."
    source = ReplySource(reply(text, (0, len(text))))
    assert source.ended and source.next() is None


def comic_page(page: int, lines: list[tuple[str, Box]], panels: list[Box]) -> PageText:
    blocks = read_page([OcrLine.from_box(said, box, 0.99) for said, box in lines], panels=panels)
    return PageText(page, f"hash-{page}", tuple(blocks))


SIDE_BY_SIDE = [Box(20, 20, 290, 780), Box(310, 20, 580, 780)]  # left panel, then right


def test_a_comic_is_read_balloon_by_balloon_in_panel_order_page_after_page() -> None:
    source = ComicSource()
    assert source.next() is None and not source.ended, "its first page is still being read"
    assert source.waiting_note == "Reading the words on the next page…"
    # The right-hand panel's balloon sits higher than the left one's: panel order, not height.
    source.add_page(comic_page(0, [("He sleeps by the old mill. Hush!", Box(330, 100, 560, 140)),
                                   ("Where is the dragon?", Box(40, 600, 270, 640))],
                               SIDE_BY_SIDE))
    source.add_page(comic_page(1, [("…", Box(40, 100, 270, 140))], SIDE_BY_SIDE))
    assert [q.text for q in source.pending] == [
        "Where is the dragon?", "He sleeps by the old mill.", "Hush!"]
    first = source.next()
    assert first == Queued("Where is the dragon?", 0, (40, 600, 270, 640)), "with its balloon"
    source.add_page(comic_page(2, [("The snowy road goes north.", Box(40, 100, 270, 140))],
                               SIDE_BY_SIDE))
    said = drain(source)
    assert [(q.text, q.page) for q in said] == [
        ("He sleeps by the old mill.", 0), ("Hush!", 0), ("The snowy road goes north.", 2)
    ], "a wordless page passed"
    assert said[0].balloon == said[1].balloon == (330, 100, 560, 140), "one balloon, two sentences"
    assert not source.ended, "more pages may come"
    source.close()
    assert source.ended and source.listened and not source.skippable
    assert source.status(Queued("The snowy road goes north.", 2)) == "Reading page 3 aloud"


def test_the_sources_load_no_qt() -> None:
    code = (
        "import sys\n"
        "import reader_app.ui.read_aloud.sources\n"
        "loaded = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))]\n"
        "print(','.join(loaded)); sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"the sources loaded Qt: {result.stdout} {result.stderr}"
