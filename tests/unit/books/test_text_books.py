"""Plain text and Markdown books: encodings found, chapters found from headings and blank lines,
hard line breaks joined, Markdown's marks drawn as looks, damaged UTF-8 read as far as it goes,
and what is not text refused."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from reader_app.books.model import BlockKind, Book
from reader_app.books.opening.formats import read_book, sniff_format
from reader_app.books.text.search import find_text
from reader_app.errors import BookError, BookTooLargeError, UnsupportedFormatError
from reader_app.rag.index.sentences import split_book
from tests.unit.books.formatgen import JEKYLL_GUTENBERG, JEKYLL_MD, JEKYLL_TXT, marker_text

GUTENBERG = """The Project Gutenberg eBook of A Tale

*** START OF THE PROJECT GUTENBERG EBOOK A TALE ***




BOOK ONE



CHAPTER I.

THE RIVER


The keeper of the lanterns walked down to the river every night, and
the ferryman, who had known her for years, called out to her from the
well-
known landing.

She answered him.



CHAPTER II.
The Ferry

    Burn low, burn long,
    the river hears the song.

The end came at dawn.

*** END OF THE PROJECT GUTENBERG EBOOK A TALE ***

This licence text is not the story.
"""


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def texts(book: Book) -> list[str]:
    return [b.text for s in book.sections for b in s.blocks]


def test_a_gutenberg_text_has_parts_chapters_joined_paragraphs_and_verse(tmp_path: Path) -> None:
    book = read_book(write(tmp_path, "tale.txt", GUTENBERG.encode()))
    assert book.format == "txt" and book.metadata.title == "tale"
    [part] = book.toc
    assert part.title == "BOOK ONE"
    assert [c.title for c in part.children] == ["CHAPTER I. THE RIVER", "CHAPTER II. The Ferry"]
    paragraph = next(t for t in texts(book) if t.startswith("The keeper"))
    assert paragraph == (
        "The keeper of the lanterns walked down to the river every night, and the ferryman, who "
        "had known her for years, called out to her from the well-known landing."
    )
    assert "Burn low, burn long,\u2028the river hears the song." in texts(book)
    # The header and the licence are the reader's to see, not the companion's story.
    story = {s.text for s in split_book(book) if s.story}
    assert "She answered him." in story
    assert not any("licence" in s or "START OF" in s for s in story)


@pytest.mark.parametrize(
    ("heading", "level"),
    [("CHAPTER I", 1), ("Chapter 12", 1), ("BOOK ONE", 1), ("Part the First", 1), ("XIV", 1),
     ("THE DARK TOWER", 1), ("Epilogue", 1)],
)
def test_chapter_headings_are_found(tmp_path: Path, heading: str, level: int) -> None:
    body = "Some words of the text here.\n\n\n" + heading + "\n\nThe chapter's first line.\n"
    book = read_book(write(tmp_path, "h.txt", body.encode()))
    headings = [b for s in book.sections for b in s.blocks if b.kind is BlockKind.HEADING]
    assert [(h.text, h.level) for h in headings] == [(heading, level)]
    assert len(book.sections) == 2 and book.sections[1].title == heading
    assert [e.title for e in book.toc] == [heading]


def test_books_parts_and_chapters_nest_and_a_scene_break_is_a_rule(tmp_path: Path) -> None:
    chapters = "".join(f"\n\nCHAPTER {c}\n\nText of {c}.\n\n* * *\n\nMore.\n"
                       for c in ("I", "II"))
    parts = "".join(f"\n\n\nPART {p}\n\n\n{chapters}" for p in ("I", "II"))
    body = "".join(f"\n\n\nBOOK {b}\n{parts}" for b in ("ONE", "TWO"))
    book = read_book(write(tmp_path, "nested.txt", body.encode()))
    assert [e.title for e in book.toc] == ["BOOK ONE", "BOOK TWO"]
    assert [p.title for p in book.toc[0].children] == ["PART I", "PART II"]
    assert [c.title for c in book.toc[0].children[1].children] == ["CHAPTER I", "CHAPTER II"]
    assert len(book.sections) == 8  # a section per chapter, its book's and part's titles over it
    rules = [b for s in book.sections for b in s.blocks if b.kind is BlockKind.RULE]
    assert len(rules) == 8 and not any("*" in t for t in texts(book))


def test_a_short_line_set_apart_by_blank_lines_is_a_chapter_but_dialogue_is_not(
    tmp_path: Path,
) -> None:
    body = ("First paragraph goes on.\n\nSecond paragraph.\n\n\n\n\nThe Door\n\n\n"
            "“Help!”\n\nMore text.\n")
    book = read_book(write(tmp_path, "gaps.txt", body.encode()))
    assert [e.title for e in book.toc] == ["The Door"]
    assert "“Help!”" in texts(book)


@pytest.mark.parametrize(
    ("encoded", "name"),
    [
        (codecs.BOM_UTF8 + "Caf\u00e9 cr\u00e8me.".encode(), "utf-8 with a BOM"),
        ("Caf\u00e9 cr\u00e8me.".encode(), "utf-8"),
        (codecs.BOM_UTF16_LE + "Caf\u00e9 cr\u00e8me.".encode("utf-16-le"), "utf-16 LE"),
        (codecs.BOM_UTF16_BE + "Caf\u00e9 cr\u00e8me.".encode("utf-16-be"), "utf-16 BE"),
        ("Caf\u00e9 cr\u00e8me \u2014 na\u00efve.".encode("cp1252"), "cp1252"),
    ],
)
def test_encodings_are_found(tmp_path: Path, encoded: bytes, name: str) -> None:
    book = read_book(write(tmp_path, "enc.txt", encoded))
    assert texts(book)[0].startswith("Caf\u00e9 cr\u00e8me"), name


def test_a_cyrillic_windows_1251_text_is_read_as_cyrillic(tmp_path: Path) -> None:
    text = ("Глава первая\n\n\nЛампы горели у реки всю ночь, и паромщик ждал её на берегу. "
            "Она пришла на рассвете и сказала, что река помнит всё.\n") * 20
    book = read_book(write(tmp_path, "ru.txt", text.encode("cp1251")))
    assert "Лампы горели у реки" in " ".join(texts(book))


def test_binary_data_named_txt_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = write(tmp_path, "photo.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200))
    with pytest.raises(UnsupportedFormatError) as caught:
        read_book(path)
    assert "binary data" in str(caught.value) and "photo.txt" in str(caught.value)


def test_a_200_mb_text_file_is_refused_with_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.write(b"Words of a very long book.\n" * 100)
        handle.truncate(200 << 20)  # sparse: no disk is spent on it
    assert sniff_format(path) == "txt"
    from reader_app.books.content.plaintext import read_plain_text

    with pytest.raises(BookTooLargeError, match="200 MB"):
        read_plain_text(path, book_id="x")


def test_an_empty_text_file_is_refused_and_one_of_blank_lines_opens_empty(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="empty"):
        read_book(write(tmp_path, "empty.txt", b""))
    book = read_book(write(tmp_path, "blank.txt", b"\n\n\n"))
    assert len(book.sections) == 1 and not book.sections[0].blocks


MARKDOWN = """# The Lantern Keeper

Some *intro* with a snake_case_name and **bold _nested_ words**, `code *x*`,
a [link](https://example.com/) and ![a picture](../../etc/passwd).\\
After a hard break.

## Chapter One

> A quote
> over two lines

- item one
  continued
1. first

```
  kept as is
```

---

Chapter Two
-----------

Plain \\*not emphasis\\*.
"""


def test_markdown_headings_lists_quotes_code_and_inline_looks(tmp_path: Path) -> None:
    book = read_book(write(tmp_path, "keeper.md", MARKDOWN.encode()))
    assert book.format == "markdown" and book.metadata.title == "The Lantern Keeper"
    [top] = book.toc
    assert top.title == "The Lantern Keeper"
    assert [c.title for c in top.children] == ["Chapter One", "Chapter Two"]
    blocks = [b for s in book.sections for b in s.blocks]
    intro = blocks[1]
    assert intro.text == (
        "Some intro with a snake_case_name and bold nested words, code *x*, a link and a "
        "picture.\u2028After a hard break."
    )
    looks = {intro.text[s.start:s.end]: s for s in intro.spans}
    assert looks["intro"].italic and looks["bold "].bold and looks["nested"].bold
    assert looks["nested"].italic and looks["code *x*"].monospace
    assert looks["link"].href == "https://example.com/"
    assert looks["a picture"].italic and not book.inline_resources  # nothing read from disk
    kinds = [(b.kind, b.text) for b in blocks[2:]]
    assert (BlockKind.QUOTE, "A quote over two lines") in kinds
    assert (BlockKind.PREFORMATTED, "  kept as is") in kinds
    assert (BlockKind.RULE, "") in kinds
    items = [b for b in blocks if b.kind is BlockKind.LIST_ITEM]
    assert [(b.marker, b.text) for b in items] == [("•", "item one continued"), ("1.", "first")]
    assert blocks[-1].text == "Plain *not emphasis*."


@pytest.mark.parametrize("path", [JEKYLL_TXT, JEKYLL_MD, JEKYLL_GUTENBERG],
                         ids=["calibre-txt", "calibre-markdown", "gutenberg-style"])
def test_calibre_and_gutenberg_text_of_jekyll_opens_in_chapters(path: Path) -> None:
    book = read_book(path)
    titles = [" ".join(e.title.split()).casefold() for _, e in
              (w for entry in book.toc for w in entry.walk())]
    assert any("story of the door" in t for t in titles)
    assert any("the last night" in t for t in titles)
    assert 12 <= len(book.sections) <= 16


def test_markdown_books_over_chapters_are_cut_at_the_chapters(tmp_path: Path) -> None:
    chapter = "Words of a long chapter. " * 3000  # 75,000 characters
    body = "".join(f"# Book {b}\n\n" + "".join(f"## Chapter {c}\n\n{chapter}\n\n"
                                                for c in range(3)) for b in range(2))
    book = read_book(write(tmp_path, "long.md", body.encode()))
    assert len(book.sections) == 6 and [e.title for e in book.toc] == ["Book 0", "Book 1"]
    assert [c.title for c in book.toc[1].children] == ["Chapter 0", "Chapter 1", "Chapter 2"]


def test_search_finds_words_in_a_text_book(tmp_path: Path) -> None:
    book = read_book(marker_text(tmp_path / "markers.txt"))
    hits = find_text(book, "mk020303")
    assert len(hits) == 1 and hits[0].locator.section == 3


@pytest.mark.parametrize("opener", ["*a ", "_a ", "**a ", "[a ", "> "])
def test_unclosed_markdown_marks_cost_linear_time_and_deep_quotes_no_recursion(
    tmp_path: Path, opener: str
) -> None:
    import time

    started = time.perf_counter()
    book = read_book(write(tmp_path, "marks.md", (opener * 50_000 + "end\n").encode()))
    assert time.perf_counter() - started < 3.0  # was minutes: every opener scanned to the end
    assert book.sections[0].blocks[-1].text.endswith("end")


def test_title_author_and_language_come_from_the_header_or_front_matter(tmp_path: Path) -> None:
    gutenberg = ("The Project Gutenberg eBook of A Tale\n\nTitle: A Tale of Lanterns\n\n"
                 "Author: Anna Lantern and Tobias Reed\n\nLanguage: English\n\nText.\n")
    book = read_book(write(tmp_path, "pg123.txt", gutenberg.encode()))
    assert book.metadata.title == "A Tale of Lanterns"
    assert book.metadata.authors == ("Anna Lantern", "Tobias Reed")
    assert book.metadata.language == "en"
    front = "---\ntitle: \"The Keeper\"\nauthor: Anna Lantern\nlang: de\n---\n\n# One\n\nText.\n"
    book = read_book(write(tmp_path, "notes.md", front.encode()))
    assert (book.metadata.title, book.metadata.authors, book.metadata.language) == (
        "The Keeper", ("Anna Lantern",), "de")
    assert read_book(write(tmp_path, "keeper.md", MARKDOWN.encode())).metadata.title == (
        "The Lantern Keeper")


def test_a_text_of_headings_only_opens_in_linear_time(tmp_path: Path) -> None:
    import time

    body = b"".join(b"\n\n\nCHAPTER %d\n\nTHE TITLE\n" % i for i in range(40_000))
    started = time.perf_counter()
    book = read_book(write(tmp_path, "headings.txt", body))
    # Each heading looked back over every heading before it for text: 40 s, the fuzzer found.
    assert time.perf_counter() - started < 8.0
    assert len(book.toc) >= 40_000  # "CHAPTER 12345" is no chapter number: its title stands apart


def _jekyll_md_with(damage: str) -> bytes:
    data = JEKYLL_MD.read_bytes()
    middle = len(data) // 2
    if damage == "cut mid-letter":  # a download stopped inside a curly quote
        at = data.index("\u2019".encode(), middle)
        return data[: at + 2]
    if damage == "noise patch":
        return data[:middle] + bytes(range(128, 256)) * 4 + data[middle:]
    return data[:middle] + b"word " * 400_000 + data[middle:]  # "one huge line": 2 MB


@pytest.mark.parametrize("damage", ["cut mid-letter", "noise patch", "one huge line"])
def test_a_damaged_markdown_book_opens_with_what_can_be_read(tmp_path: Path, damage: str) -> None:
    import time

    started = time.perf_counter()
    book = read_book(write(tmp_path, "jekyll.md", _jekyll_md_with(damage)))
    assert time.perf_counter() - started < 10.0
    assert book.format == "markdown"
    text = " ".join(" ".join(texts(book)).split())
    assert "Mr. Utterson the lawyer was a man of a rugged countenance" in text
    # UTF-8 with a few bad bytes is still read as UTF-8: the quotes are quotes, not "â€™".
    assert "\u2019" in text and "\u00e2\u20ac" not in text
    assert not any("\u0400" <= char <= "\u04ff" for char in text), "read as Cyrillic"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(2000), "binary data"),
        (bytes(range(256)) * 40, "binary data"),
        (JEKYLL_MD.read_bytes()[:9000] + bytes(64) + JEKYLL_MD.read_bytes()[9000:],
         "binary data"),
        (codecs.BOM_UTF16_LE + "# Hi\n\nText.".encode("utf-16-le") + b"\x00", "damaged"),
    ],
    ids=["a picture renamed", "random bytes", "NULs inside", "odd UTF-16"],
)
def test_a_markdown_file_that_is_not_text_is_one_clear_sentence(
    tmp_path: Path, data: bytes, reason: str
) -> None:
    with pytest.raises(BookError) as caught:
        read_book(write(tmp_path, "broken.md", data))
    message = str(caught.value)
    assert "broken.md" in message and reason in message, message
    assert message.count(".") <= 3 and "\n" not in message and "Traceback" not in message
