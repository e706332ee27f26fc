"""Where the reader is in words ("Book I › Part I › Chapter I") and how long is left, measured
from the reader's own page turns."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from reader_app.books.model import Book, Locator
from reader_app.translatable import QT_TRANSLATE_NOOP, Part, english, place_words

# About 230 words a minute: a sensible guess until the reader's own turns say otherwise.
DEFAULT_CHARS_PER_MINUTE = 1300.0
MIN_SAMPLES = 3  # page turns measured before the reader's own speed is used
KEEP_SAMPLES = 40
SHORTEST_READ_SECONDS = 4.0  # quicker than this is flicking through, not reading
LONGEST_READ_SECONDS = 600.0  # longer than this, the reader was away
FASTEST_CHARS_PER_MINUTE = 6000.0  # faster than this is skimming


@dataclass
class ReadingSpeed:
    """Characters a minute from the pages the reader turned after reading them."""

    prior: float = DEFAULT_CHARS_PER_MINUTE  # a speed measured before, or the default
    samples: deque[tuple[int, float]] = field(default_factory=lambda: deque(maxlen=KEEP_SAMPLES))

    def page_turned(self, *, chars: int, seconds: float) -> bool:
        """Count a page of `chars` read in `seconds`; False if it does not look like reading."""
        if chars <= 0 or not SHORTEST_READ_SECONDS <= seconds <= LONGEST_READ_SECONDS:
            return False
        if chars / seconds * 60 > FASTEST_CHARS_PER_MINUTE:
            return False
        self.samples.append((chars, seconds))
        return True

    @property
    def measured(self) -> bool:
        return len(self.samples) >= MIN_SAMPLES

    def chars_per_minute(self) -> float:
        if not self.measured:
            return self.prior if self.prior > 0 else DEFAULT_CHARS_PER_MINUTE
        chars = sum(c for c, _ in self.samples)
        seconds = sum(s for _, s in self.samples)
        return chars / seconds * 60


def place_path(book: Book, locator: Locator) -> tuple[str, ...]:
    """The contents entries around `locator`, outermost first ("Book I", "Part I", "Chapter I").

    An entry named like the book itself (a wrapper holding every chapter) is left out.
    """
    return book.chapter_path(locator)


def chapter_end(book: Book, locator: Locator) -> Locator:
    """Where the contents entry holding `locator` ends: the next entry at any depth, or the end."""
    targets = sorted(item.target for entry in book.toc for _depth, item in entry.walk())
    return next((target for target in targets if target > locator), book.end_locator())


def same_words(text: str) -> str:
    """English, as written: the words' translator where no window translates them."""
    return text


# The window passes `say`, its translator for these words (lupdate finds them by the marker),
# and `number`, a whole number in its locale ("1.234" in German); English groups "1,234".
Say = Callable[[str], str]
Number = Callable[[int], str]


def duration_text(minutes: float, *, say: Say = same_words, number: Number = english) -> str:
    if minutes < 1:
        return say(QT_TRANSLATE_NOOP("ReadingTime", "less than a minute"))
    whole = round(minutes)
    if whole < 60:
        return say(QT_TRANSLATE_NOOP("ReadingTime", "{0} min")).format(number(whole))
    hours, rest = divmod(whole, 60)
    return say(QT_TRANSLATE_NOOP("ReadingTime", "{0} h {1} min")).format(
        number(hours), f"{rest:02d}")  # a clock's minutes: two digits, never grouped


@dataclass(frozen=True, slots=True)
class StatusText:
    line: str  # "Book I › Part I › Chapter I · 12 min left in chapter · 34%"
    detail: str  # the time left in the book and how the speed was found (a tooltip)


def place_fraction(book: Book, place: Locator) -> float:
    """How far through `book` a place is, 0.0 to 1.0: the one number every widget shows for it
    (the status line, the bar and its boundary mark, "Knows up to", a receipt). A book's
    characters before it; a comic's pages up to and including its page (the page is the unit:
    with page 4 of 8 on screen, half the comic has been seen)."""
    if not book.is_comic:
        return book.progress(place)
    count = len(book.sections)
    return min(max((place.section + 1) / count, 0.0), 1.0) if count else 0.0


def page_label(book: Book, page: int, *, number: Number = english) -> str:
    """What the page is called: a PDF's own label ("xii") where it has one, as the book writes
    it; else its number, written as `number` writes whole numbers (a label of plain digits is
    one: "1.234" in a German window, beside "of 2.000")."""
    label = _page_label(book, page)
    return number(label) if isinstance(label, int) else label


def _page_label(book: Book, page: int) -> int | str:
    title = book.sections[page].title if 0 <= page < len(book.sections) else ""
    label = title.removeprefix("Page ") if book.format == "pdf" else ""
    if label.isascii() and label.isdigit() and not label.startswith("0"):
        return int(label)
    return label or page + 1


def place_name(book: Book, locator: Locator) -> Part:
    """What a place is called ("Knows up to", the annotations list): its chapter's title as the
    book writes it; a page of a comic or a PDF the opener named ("Page 12", "Page xii") and a
    section without a title ("Section 3") as sentences in the context "Places", their numbers
    kept as numbers (the window's "Seite 1.234")."""
    title = book.chapter_title(locator)
    if not title:
        return place_words(QT_TRANSLATE_NOOP("Places", "Section {number}"),
                           number=locator.section + 1)
    page = locator.section
    named = book.sections[page].title if 0 <= page < len(book.sections) else ""
    if book.is_comic and title == named and title.startswith("Page "):
        return place_words(QT_TRANSLATE_NOOP("Places", "Page {number}"),
                           number=_page_label(book, page))
    return title


def pages_text(book: Book, first: int, last: int, *, say: Say = same_words,
               number: Number = english) -> str:
    """ "Page 4", "Pages 4–5", "Page xii (14)": labels, with the page's place where they differ."""
    labels = [page_label(book, first, number=number), page_label(book, last, number=number)]
    numbers = [number(first + 1), number(last + 1)]
    place = "" if labels == numbers else f" ({'–'.join(numbers if last > first else numbers[:1])})"
    named = say(QT_TRANSLATE_NOOP("ReadingTime", "Pages {0}–{1}")).format(*labels) \
        if last > first else say(QT_TRANSLATE_NOOP("ReadingTime", "Page {0}")).format(labels[0])
    return named + place


def status_text(
    book: Book, start: Locator, *, speed: ReadingSpeed, end: Locator | None = None,
    say: Say = same_words, number: Number = english,
) -> StatusText:
    """The status line for a page starting at `start` (a comic's spread ends at `end`), in the
    words `say` gives and the numbers `number` writes (the window's language)."""
    percent = round(place_fraction(book, start) * 100)
    if book.is_comic:
        last = end.section if end is not None else start.section
        percent = round(place_fraction(book, Locator(last, 0, 0)) * 100)
        line = say(QT_TRANSLATE_NOOP("ReadingTime", "{0} of {1} · {2}%")).format(
            pages_text(book, start.section, last, say=say, number=number),
            number(len(book.sections)), number(percent))
        # A PDF's contents name the chapter, as a book's do
        chapter = book.chapter_title(start) if book.toc and book.toc[0].target <= start else ""
        return StatusText(f"{chapter} · {line}" if chapter and book.format == "pdf" else line, "")
    path = place_path(book, start) or (
        say(QT_TRANSLATE_NOOP("ReadingTime", "Section {0}")).format(number(start.section + 1)),)
    per_minute = speed.chars_per_minute()
    here = book.char_offset(start)
    chapter_left = (book.char_offset(chapter_end(book, start)) - here) / per_minute
    book_left = (book.char_count - here) / per_minute
    how = say(
        QT_TRANSLATE_NOOP("ReadingTime", "measured from your page turns")
        if speed.measured
        else QT_TRANSLATE_NOOP("ReadingTime",
                               "a usual reading speed, until a few of your page turns are measured")
    )
    detail = say(QT_TRANSLATE_NOOP(
        "ReadingTime", "About {0} left in the book, at {1} characters a minute ({2})."
    )).format(duration_text(book_left, say=say, number=number), number(round(per_minute)), how)
    line = say(QT_TRANSLATE_NOOP("ReadingTime", "{0} · {1} left in chapter · {2}%")).format(
        " › ".join(path), duration_text(chapter_left, say=say, number=number), number(percent))
    return StatusText(line, detail)
