"""A PDF's text layer as the book's text: lines with their boxes, words where they are drawn,
paragraphs in reading order, running headers, footers and page numbers left out.

Read page by page through the book's `PdfPages` (books/opening/pdf.py), in the background: the
preparation pipeline turns each page into paragraph blocks after its picture, as OCR does for a
comic's page. Boxes are in points from the page's top-left corner.
"""

from __future__ import annotations

import dataclasses
import re
import statistics
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from reader_app.books.model import Block, BlockKind, Book
from reader_app.books.opening.hyphens import NO_WORDS, Vocabulary, breaks_word
from reader_app.books.opening.pdf import PDFIUM_LOCK, PdfPages, page_mapping, pdfium
from reader_app.cancel import CancelToken

Box = tuple[float, float, float, float]  # left, top, right, bottom
Lines = AbstractSet[tuple[int, int]]  # (page, line index) pairs
MAX_PAGE_CHARS = 200_000  # a page holding more is a table of noise, not text to read
# Edge lines repeated at the same height on this many pages are running heads (or feet).
RUNNING_MIN_PAGES = 3
_PAGE_NUMBER = re.compile(
    r"^[\W_]*(?:page\s+)?(?:\d{1,5}|[ivxlcdm]{1,8})(?:\s*(?:of|/)\s*\d{1,5})?[\W_]*$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
_LINE_BREAKS = frozenset("\r\n")
_SENTENCE_END = tuple(".!?:\"'’”)»…")
# PDFium's mark for a hyphen it found at a line's end: it writes no line break after it.
_LINE_END_HYPHEN = "\x02"
_SOFT_HYPHEN = "\u00ad"


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    box: Box
    start: int  # the word's first character in the page's char order (PDFium's index)


@dataclass(frozen=True, slots=True)
class TextLine:
    text: str
    box: Box
    font_size: float
    words: tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class PageLayer:
    """One page's text layer: its size in points and its lines in PDFium's order."""

    page: int
    width: float
    height: float
    lines: tuple[TextLine, ...]

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(word for line in self.lines for word in line.words)

    @property
    def has_text(self) -> bool:
        return any(any(c.isalnum() for c in line.text) for line in self.lines)


def read_layer(pages: PdfPages, index: int) -> PageLayer:
    """Page `index`'s text layer: each character's letter and box, gathered into lines and words."""
    raw = pdfium().raw
    with _text_page(pages, index) as (page, text_page):
        width, height = page.get_size()
        shown = page_mapping(page, width, height)
        count = min(text_page.count_chars(), MAX_PAGE_CHARS)
        chars = []
        for i in range(max(count, 0)):
            code = raw.FPDFText_GetUnicode(text_page, i)
            box = shown(*text_page.get_charbox(i))
            size = raw.FPDFText_GetFontSize(text_page, i)
            chars.append((_letter(code), box, float(size), i))
    return PageLayer(index, float(width), float(height), tuple(_lines(chars)))


@contextmanager
def _text_page(pages: PdfPages, index: int) -> Iterator[tuple[Any, Any]]:
    """Page `index` and its text page, under PDFium's lock, closed after use."""
    with PDFIUM_LOCK:
        page = pages.load_page(index)
        try:
            text_page = page.get_textpage()
            try:
                yield page, text_page
            finally:
                text_page.close()
        finally:
            page.close()


def _letter(code: int) -> str:
    try:
        return chr(code) if code else ""
    except (ValueError, OverflowError):
        return ""


def _lines(chars: list[tuple[str, Box, float, int]]) -> Iterable[TextLine]:
    line: list[tuple[str, Box, float, int]] = []
    for char in [*chars, ("\n", (0.0, 0.0, 0.0, 0.0), 0.0, -1)]:
        if char[0] in _LINE_BREAKS:
            made = _line(line)
            if made is not None:
                yield made
            line = []
        elif char[0]:
            line.append(char)
            if char[0] == _LINE_END_HYPHEN:  # the line ends here: the next one (or a page
                made = _line(line)  # number at the foot) is never glued on to it
                if made is not None:
                    yield made
                line = []


def _line(chars: list[tuple[str, Box, float, int]]) -> TextLine | None:
    text = "".join(c[0] for c in chars).replace("\xa0", " ")
    inked = [c for c in chars if not c[0].isspace()]
    if not text.strip() or not inked:
        return None
    words: list[Word] = []
    current: list[tuple[str, Box, float, int]] = []
    for char in [*chars, (" ", (0.0, 0.0, 0.0, 0.0), 0.0, -1)]:
        if char[0].isspace() or char[0] == "\xa0":
            if current:
                words.append(Word("".join(c[0] for c in current), _union(c[1] for c in current),
                                  current[0][3]))
            current = []
        else:
            current.append(char)
    sizes = [c[2] for c in inked if c[2] > 0]
    return TextLine(" ".join(text.split()), _union(c[1] for c in inked),
                    max(sizes) if sizes else 0.0, tuple(words))


def _union(boxes: Iterable[Box]) -> Box:
    listed = list(boxes)
    return (min(b[0] for b in listed), min(b[1] for b in listed),
            max(b[2] for b in listed), max(b[3] for b in listed))


# -- running heads, feet and page numbers ---------------------------------------------------


def running_lines(
    layers: Iterable[PageLayer], *, names: Iterable[str] = ()
) -> set[tuple[int, int]]:
    """(page, line index) of every line that is not the book's text: a bare page number at a
    page's top or bottom, a line repeated at the same edge and height on several pages (the
    book's title, a chapter's running head; its numbers may differ), or the book's `names`
    (its title, its authors) at an edge."""
    named = {_shape(name) for name in names if name.strip()}
    edges: list[tuple[int, int, str, int]] = []  # page, line, edge key, height
    for layer in layers:
        order = sorted(range(len(layer.lines)), key=lambda i: layer.lines[i].box[1])
        body = _text_size(list(layer.lines))
        for where, picked in (("top", order[:2]), ("bottom", order[-2:])):
            for index in picked:
                line = layer.lines[index]
                if line.font_size > body * 1.2:
                    continue  # set larger than the text: a heading ("Chapter 3"), never a head
                edge_y = line.box[1] if where == "top" else layer.height - line.box[3]
                edges.append((layer.page, index, f"{where}:{_shape(line.text)}", round(edge_y)))
    pages_of: dict[tuple[str, int], set[int]] = {}
    for page, _line, key, height in edges:
        pages_of.setdefault((key, height), set()).add(page)
    found = set()
    for page, index, key, height in edges:
        text = key.split(":", 1)[1]
        seen = set().union(*(pages_of.get((key, height + step), set()) for step in (-1, 0, 1)))
        # On adjacent pages too: a chapter's heading ("Chapter 3") stands at the same place on
        # every chapter's first page, never on two pages running.
        running = len(seen) >= RUNNING_MIN_PAGES and any(p + 1 in seen for p in seen)
        if running or text in named or _PAGE_NUMBER.match(text):
            found.add((page, index))
    return found


def _shape(text: str) -> str:
    return _DIGITS.sub("#", " ".join(text.casefold().split()))


def is_page_number(text: str) -> bool:
    return bool(_PAGE_NUMBER.match(text.strip()))


# -- paragraphs ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph (or heading) of a page, its lines joined, and where it is drawn."""

    text: str
    heading: bool
    box: Box
    # Each word's characters in `text` and where the word is drawn (a word broken over two
    # lines is two pieces), for selecting and marking the words on the page.
    pieces: tuple[tuple[int, int, Box], ...] = ()


def page_blocks(layer: PageLayer, *, skip: Lines | None = None,
                words: Vocabulary) -> list[Block]:
    """The page's text as paragraph blocks (headings where the type is larger)."""
    return [Block(kind=BlockKind.HEADING if p.heading else BlockKind.PARAGRAPH, text=p.text,
                  level=2 if p.heading else 0) for p in paragraphs(layer, skip=skip, words=words)]


def paragraphs(layer: PageLayer, *, skip: Lines | None = None,
               words: Vocabulary) -> list[Paragraph]:
    """The page's text as paragraphs, heads and feet left out. Lines are joined across hard
    line ends; a hyphen at a line's end is dropped where it breaks one word, as the book's
    `words` (`book_words`) tell (books/opening/hyphens.py)."""
    skip = skip or frozenset()
    lines = [ln for i, ln in enumerate(layer.lines) if (layer.page, i) not in skip
             and not (_is_edge(layer, ln) and is_page_number(ln.text))]
    if not lines:
        return []
    heights = [ln.box[3] - ln.box[1] for ln in lines]
    line_height = statistics.median(heights) or 1.0
    body_size = _text_size(lines) or 1.0
    left = min(ln.box[0] for ln in lines)
    right = max(ln.box[2] for ln in lines)
    blocks: list[Paragraph] = []
    current: list[TextLine] = []

    def flush() -> None:
        if current:
            text, pieces = _joined(current, words)
            heading = current[0].font_size > body_size * 1.25 and len(text) < 200
            blocks.append(Paragraph(text, heading, _union(line.box for line in current),
                                    pieces))
            current.clear()

    for line in lines:
        if current:
            previous = current[-1]
            gap = line.box[1] - previous.box[3]
            if (gap > line_height * 0.9 or gap < -line_height * 2  # a new column or block
                    or abs(line.font_size - previous.font_size) > body_size * 0.2
                    or line.box[0] - left > line_height * 0.8 > previous.box[0] - left
                    or (previous.text.endswith(_SENTENCE_END)
                        and previous.box[2] < right - (right - left) * 0.15)):
                flush()
        current.append(line)
    flush()
    return blocks


def _text_size(lines: list[TextLine]) -> float:
    """The type size most of the page's characters are set in (its text, not its headings)."""
    counted = sorted((line.font_size, len(line.text)) for line in lines)
    half, seen = sum(count for _size, count in counted) / 2, 0
    for size, count in counted:
        seen += count
        if seen >= half:
            return size
    return 0.0


def _is_edge(layer: PageLayer, line: TextLine) -> bool:
    return line.box[1] < layer.height * 0.12 or line.box[3] > layer.height * 0.88


def _joined(
    lines: list[TextLine], words: Vocabulary
) -> tuple[str, tuple[tuple[int, int, Box], ...]]:
    """The lines as one paragraph's text, and where each of its words' characters is drawn."""
    text = ""
    pieces: list[tuple[int, int, Box]] = []
    for line in lines:
        # A soft hyphen the line broke at is dropped, and so is a hyphen at a line's end where
        # it breaks one word ("inter-" / "esting"); "Anglo-" / "Saxon" keeps its hyphen. Each
        # half stays drawn where it is: the first piece ends where the second one begins.
        if text.endswith(_SOFT_HYPHEN) or (
                line.words and breaks_word(text, line.words[0].text, words)):
            text = text[:-1]
            start, end, box = pieces[-1]
            pieces[-1] = (start, min(end, len(text)), box)
        elif text and not text.endswith(("-", "—", "–", "/", _LINE_END_HYPHEN)):
            text += " "
        for index, word in enumerate(line.words):
            if index:
                text += " "
            pieces.append((len(text), len(text) + len(word.text), word.box))
            text += word.text
    return text.replace(_LINE_END_HYPHEN, "-"), tuple(pieces)


# -- the whole book -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BookText:
    """The book with its text layer's paragraphs after each page's picture, the pages that had
    no text (scanned: they go to OCR), and the lines left out as running heads and feet (a
    page's `paragraphs` with them are its blocks). `book` is None when cancelled."""

    book: Book | None
    textless: tuple[int, ...]
    skip: frozenset[tuple[int, int]] = frozenset()
    words: Vocabulary = NO_WORDS  # the words its lines are joined by (`book_words`)


def with_text_layer(
    book: Book,
    pages: PdfPages,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancel: CancelToken | None = None,
) -> BookText:
    """Read every page's text layer in page order and put it into the book."""
    layers: list[PageLayer] = []
    total = len(book.sections)
    for section in book.sections:
        if cancel is not None and cancel.cancelled:
            return BookText(None, ())  # cancelled
        try:
            layers.append(read_layer(pages, section.index))
        except Exception:  # a damaged page: no text from it; the others are read
            layers.append(PageLayer(section.index, 1.0, 1.0, ()))
        if progress is not None:
            progress(section.index + 1, total)
    skip = running_lines(layers, names=(book.metadata.title, *book.metadata.authors))
    words = book_words(pages)
    sections = []
    for section, layer in zip(book.sections, layers, strict=True):
        kept = tuple(b for b in section.blocks if b.kind is BlockKind.IMAGE)
        blocks = (*kept, *page_blocks(layer, skip=skip, words=words))
        sections.append(dataclasses.replace(section, blocks=blocks))
    textless = tuple(layer.page for layer in layers if not layer.has_text)
    return BookText(dataclasses.replace(book, sections=tuple(sections)), textless,
                    frozenset(skip), words)


# Whoever reads a page's paragraphs first (the window's pages, read aloud, the index) reads the
# book's words, once per open PDF; the others wait for them rather than read them again.
_WORDS_LOCK = threading.Lock()
_BOOK_WORDS: weakref.WeakKeyDictionary[PdfPages, Vocabulary] = weakref.WeakKeyDictionary()


def book_words(pages: PdfPages) -> Vocabulary:
    """The words of every line of the book, which tell a word broken at a line's end from a
    compound (`paragraphs`). Read from PDFium's plain text, without the characters' boxes (about
    a second for 700 pages), so that every reader of a page's paragraphs (the index, the
    window's pages, read aloud) joins its lines by the same words: a sentence's characters, a
    Find match's and a citation's are the same in all of them."""
    with _WORDS_LOCK:
        known = _BOOK_WORDS.get(pages)
        if known is None:
            lines = (line for index in range(len(pages)) for line in _page_lines(pages, index))
            known = _BOOK_WORDS[pages] = Vocabulary.of(lines)
        return known


def _page_lines(pages: PdfPages, index: int) -> list[str]:
    """Page `index`'s text as lines (a hyphen PDFium found at a line's end ends its line)."""
    try:
        with _text_page(pages, index) as (_page, text_page):
            count = min(text_page.count_chars(), MAX_PAGE_CHARS)
            text = text_page.get_text_range(0, count) if count > 0 else ""
    except Exception:  # a damaged page: no words from it, as no paragraphs (`with_text_layer`)
        return []
    return text.replace(_LINE_END_HYPHEN, "-\n").replace("\ufffe", "-\n").splitlines()


def readable_book(book: Book) -> Book:
    """`book` with its words: a PDF with its text layer's paragraphs (read now, page by page: on
    a worker), any other book as it is."""
    from reader_app.books.opening.pdf import pdf_pages

    pages = pdf_pages(book)
    if pages is None or any(len(s.blocks) > 1 for s in book.sections):
        return book  # not a PDF, or its text is in it already (as prepared for the index)
    return with_text_layer(book, pages).book or book
