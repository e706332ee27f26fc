"""What Read aloud says and how listening moves the boundary: sentences in reading order, note
markers left out, headings marked, and the page turn's rule for sentences heard in full."""

from __future__ import annotations

import dataclasses
import itertools

from reader_app.books.model import Block, BlockKind, Book, Locator, Span
from reader_app.books.shelf.reading import Navigation, follow_listener, follow_reader
from reader_app.books.text.spoken import SpokenCursor, section_sentences, spoken_text
from tests.bookgen import marker_book


def test_note_markers_are_not_spoken_but_the_sentence_is() -> None:
    text = "He came at last.12 Then he left [3] the room. Read Chapter 2 again."
    ref = text.index("12")
    bracket = text.index("[3]")
    chapter = text.index("Chapter 2")
    block = Block(
        BlockKind.PARAGRAPH,
        text,
        spans=(
            Span(ref, ref + 2, superscript=True, target=Locator(9, 0, 0)),
            Span(bracket, bracket + 3, target=Locator(9, 1, 0)),
            Span(chapter, chapter + 9, target=Locator(2, 0, 0)),  # a real link, said
        ),
    )
    assert spoken_text(block, 0, len(text)) == (
        "He came at last. Then he left the room. Read Chapter 2 again."
    )


def test_a_block_that_is_only_a_note_marker_says_nothing() -> None:
    book = marker_book(chapters=1, paragraphs=1, sentences=1)
    section = book.sections[0]
    note = Block(BlockKind.PARAGRAPH, "[1]", spans=(Span(0, 3, target=Locator(0, 0, 0)),))
    book = dataclasses.replace(
        book, sections=(dataclasses.replace(section, blocks=(*section.blocks, note)),)
    )
    said = [s.text for s in section_sentences(book, 0)]
    assert said == ["Chapter 1", "Sentence mk000000 tells of the lantern by the river."]
    assert [s.heading for s in section_sentences(book, 0)] == [True, False]


def test_the_cursor_walks_the_reading_order_across_sections_and_skips_non_linear_ones() -> None:
    book = marker_book(chapters=3, paragraphs=1, sentences=2)
    note = dataclasses.replace(book.sections[1], linear=False)
    book = dataclasses.replace(book, sections=(book.sections[0], note, book.sections[2]))
    cursor = SpokenCursor(book)
    first = cursor.seek(Locator(0, 1, 5))  # inside the first sentence of chapter 1
    assert first is not None and "mk000000" in first.text
    said = [first.text]
    while (sentence := cursor.next()) is not None:
        said.append(sentence.text)
    assert [s.split()[1] if s.startswith("Sentence") else s for s in said] == [
        "mk000000", "mk000001", "Chapter 3", "mk020000", "mk020001",
    ]
    back = cursor.previous()  # from past the end, back to the last sentence
    assert back is not None and "mk020001" in back.text


def test_seek_from_the_gap_between_sentences_takes_the_next_one() -> None:
    book = marker_book(chapters=1, paragraphs=1, sentences=2)
    cursor = SpokenCursor(book)
    text = book.sections[0].blocks[1].text
    gap = text.index(" Sentence")
    found = cursor.seek(Locator(0, 1, gap))
    assert found is not None and "mk000001" in found.text
    before = cursor.before()
    assert before is not None and "mk000000" in before.text
    assert cursor.current == found, "before() does not move the cursor"


def test_listening_moves_the_boundary_only_on_from_it_and_never_back() -> None:
    book = marker_book(chapters=1, paragraphs=2, sentences=3)
    sentences = section_sentences(book, 0)
    a, b, c, d = sentences[1], sentences[2], sentences[3], sentences[4]
    # The boundary at the end of a: hearing b (after a) reads on to b's end.
    heard = follow_listener(book, boundary=a.end, finished=False, spoken_start=b.start,
                            spoken_end=b.end, previous_end=a.end)
    assert heard.moved and heard.boundary == b.end
    # b was skipped: hearing c after it does not reach back over b.
    skipped = follow_listener(book, boundary=a.end, finished=False, spoken_start=c.start,
                              spoken_end=c.end, previous_end=b.end)
    assert not skipped.moved and skipped.reading_ahead
    # Hearing again what is behind the boundary never lowers it.
    again = follow_listener(book, boundary=d.end, finished=False, spoken_start=b.start,
                            spoken_end=b.end, previous_end=a.end)
    assert not again.moved and again.boundary == d.end
    # d opens the next paragraph: c skipped at the end of the first one still holds it back.
    across = follow_listener(book, boundary=b.end, finished=False, spoken_start=d.start,
                             spoken_end=d.end, previous_end=c.end)
    assert not across.moved and across.reading_ahead
    after_c = follow_listener(book, boundary=c.end, finished=False, spoken_start=d.start,
                              spoken_end=d.end, previous_end=c.end)
    assert after_c.moved and after_c.boundary == d.end


def test_a_page_the_voice_turns_to_moves_nothing_itself() -> None:
    book = marker_book(chapters=2, paragraphs=2, sentences=2)
    voice = follow_reader(book, boundary=Locator(0, 2, 10), finished=False,
                          shown_start=Locator(0, 2, 0), shown_end=Locator(1, 2, 0),
                          navigation=Navigation.VOICE)
    assert not voice.moved


def _book_with(block: Block) -> Book:
    book = marker_book(chapters=1, paragraphs=1, sentences=1)
    section = book.sections[0]
    return dataclasses.replace(book, sections=(dataclasses.replace(section, blocks=(block,)),))


def test_no_utterance_is_longer_than_the_voice_is_handed_at_once() -> None:
    from reader_app.books.text.spoken import MAX_UTTERANCE_CHARS

    word = "x" * 4_000_000  # a 4 MB word
    run_on = " ".join(["and then"] * 100_000)  # a 1 MB paragraph without a full stop
    for text in (word, run_on):
        block = Block(BlockKind.PARAGRAPH, text)
        said = section_sentences(_book_with(block), 0)
        assert said and max(len(s.text) for s in said) <= MAX_UTTERANCE_CHARS
        # the pieces follow one another through the whole block, nothing lost or said twice
        assert said[0].start.char == 0 and said[-1].end.char == len(text)
        assert all(a.end == b.start for a, b in itertools.pairwise(said))
    words = section_sentences(_book_with(Block(BlockKind.PARAGRAPH, run_on)), 0)
    assert all(s.text.endswith("then") or s.text.endswith("and") for s in words[:-1]), \
        "cut between words where a space is near the limit"
    image = Block(BlockKind.IMAGE, "", alt="a long description " * 60_000)
    alt = section_sentences(_book_with(image), 0)
    assert len(alt) > 1 and max(len(s.text) for s in alt) <= MAX_UTTERANCE_CHARS
