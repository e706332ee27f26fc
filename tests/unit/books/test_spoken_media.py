"""What Read aloud says of an image and a formula: an image's alt text, where the image stands, and
a formula in words ("x squared", "a over b") rather than its linear text; neither changes the
block text the page, the sentence table and search are made of."""

from __future__ import annotations

from pathlib import Path

import pytest

from reader_app.books.content.math_speech import spoken_math_markup
from reader_app.books.model import BlockKind
from reader_app.books.opening.formats import read_book
from reader_app.books.text.spoken import SpokenCursor, section_sentences
from tests.unit.books.epubgen import make_epub, xhtml
from tests.unit.books.test_mathml import NS, QUADRATIC

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def test_an_image_is_read_by_its_alt_text_where_it_stands(tmp_path: Path) -> None:
    body = ('<p>Before the picture.</p><img src="map.png" alt="  A map of\n the island. "/>'
            '<p>After it.</p><img src="map.png" alt=""/><p>The end.</p>')
    book = read_book(make_epub(tmp_path / "alt.epub", {"c1.xhtml": xhtml(body)},
                               extra={"OEBPS/map.png": PNG}))
    blocks = book.sections[0].blocks
    images = [b for b in blocks if b.kind is BlockKind.IMAGE]
    assert [b.alt for b in images] == ["A map of the island.", ""]
    assert all(b.text == "" for b in images), "the page's text, and so search, unchanged"
    said = [s.text for s in section_sentences(book, 0)]
    assert said == ["Before the picture.", "A map of the island.", "After it.", "The end."]
    image_at = blocks.index(images[0])
    cursor = SpokenCursor(book)
    first = cursor.seek(section_sentences(book, 0)[1].start)  # a page that opens on the image
    assert first is not None and first.text == "A map of the island."
    assert first.start.block == image_at


@pytest.mark.parametrize(
    ("markup", "words"),
    [
        ("<mfrac><mi>a</mi><mi>b</mi></mfrac>", "a over b"),
        ("<msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn>", "x squared plus 1"),
        ("<msup><mi>y</mi><mn>3</mn></msup>", "y cubed"),
        ("<msup><mi>e</mi><mrow><mi>π</mi><mi>i</mi></mrow></msup><mo>=</mo><mo>-</mo><mn>1</mn>",
         "e to the power pi i, equals minus 1"),
        ("<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>", "the square root of x plus 1"),
        ("<mroot><mi>x</mi><mn>3</mn></mroot>", "the cube root of x"),
        ("<msub><mi>a</mi><mi>i</mi></msub>", "a sub i"),
        ("<mrow><mo>(</mo><mi>a</mi><mo>+</mo><mi>b</mi><mo>)</mo></mrow><mo>/</mo><mn>2</mn>",
         "a plus b over 2"),
        ("<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac>",
         "a plus b, all over 2"),
        ("<semantics><mi>z</mi><annotation>z_{TeX}</annotation></semantics>", "z"),
    ],
)
def test_a_formula_is_said_in_words(markup: str, words: str) -> None:
    assert spoken_math_markup(f"<math {NS}>{markup}</math>".encode()) == words


def test_the_authors_alttext_wins_and_broken_markup_says_nothing() -> None:
    said = spoken_math_markup(f'<math {NS} alttext="E equals m c squared"><mi>E</mi></math>'
                              .encode())
    assert said == "E equals m c squared"
    assert spoken_math_markup(b"<math><mfrac>") == ""


def test_a_formula_in_a_paragraph_is_read_in_words(tmp_path: Path) -> None:
    body = f"<p>The roots are {QUADRATIC} for any value. Then we rest.</p>"
    book = read_book(make_epub(tmp_path / "math.epub", {"c1.xhtml": xhtml(body)}))
    (block,) = book.sections[0].blocks
    assert block.text.startswith("The roots are x = (-b ± √(b² - 4ac))/(2a)"), "text unchanged"
    said = [s.text for s in section_sentences(book, 0)]
    assert said == [
        "The roots are x equals minus b plus or minus the square root of b squared minus 4 a c, "
        "all over 2 a for any value.",
        "Then we rest.",
    ]


def test_audio_and_video_are_not_read_as_their_fallback_text(tmp_path: Path) -> None:
    """The fallback is for a reading system that cannot play the clip; the page plays it."""
    body = ('<p>Listen to this.</p><audio src="a.wav" controls="controls">'
            '<p>Audio format is not supported.</p></audio><p>Then watch.</p>'
            '<video src="v.avi">Your reading system does not support video.</video>')
    book = read_book(make_epub(tmp_path / "media.epub", {"c1.xhtml": xhtml(body)},
                               extra={"OEBPS/a.wav": b"RIFF", "OEBPS/v.avi": b"RIFF"}))
    media = [b for b in book.sections[0].blocks if b.kind is BlockKind.MEDIA]
    assert len(media) == 2 and "not supported" in media[0].text
    assert [s.text for s in section_sentences(book, 0)] == ["Listen to this.", "Then watch."]


def test_a_long_alt_text_is_read_a_sentence_at_a_time(tmp_path: Path) -> None:
    # Pause says the sentence in hand again from its start, and Next skips one: a described
    # picture's paragraph is paused and skipped a sentence at a time, like the text around it.
    alt = "A map of the island. The treasure is marked with a cross. North is up."
    body = f'<p>Before.</p><img src="map.png" alt="{alt}"/><p>After.</p>'
    book = read_book(make_epub(tmp_path / "alt.epub", {"c1.xhtml": xhtml(body)},
                               extra={"OEBPS/map.png": PNG}))
    said = section_sentences(book, 0)
    assert [s.text for s in said] == ["Before.", "A map of the island.",
                                      "The treasure is marked with a cross.", "North is up.",
                                      "After."]
    assert said[1].start == said[2].start == said[3].end, "each where the image stands"
    cursor = SpokenCursor(book)
    assert cursor.seek(said[1].start) == said[1]
    assert cursor.next() == said[2]
