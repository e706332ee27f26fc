"""Where the reader is in words (chapter, percent), and "Mark as read up to here" without a view."""

from __future__ import annotations

from dataclasses import dataclass

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import Library, ReadingState
from reader_app.books.shelf.reading import BoundaryMove, Known, next_boundary, store_boundary
from reader_app.books.shelf.reading_time import place_fraction
from reader_app.errors import ReaderError
from reader_app.translatable import QT_TRANSLATE_NOOP, Part, Sentence, place_words


class MarkReadError(ReaderError):
    """The boundary cannot be moved there (backwards without leave, or no such place)."""


@dataclass(frozen=True, slots=True)
class Chapter:
    number: int  # 1-based, every table-of-contents entry in reading order
    title: str
    start: Locator


@dataclass(frozen=True, slots=True)
class Place:
    """How far the reader has read, in the words a person uses."""

    read_anything: bool
    finished: bool
    chapter: Chapter | None
    percent: float  # 0-100, of the book's characters (of its pages for a comic)

    def describe(self) -> str:
        if not self.read_anything:
            return "nothing read yet"
        if self.finished:
            return chapter_and_percent("the end", 100)
        title = self.chapter.title if self.chapter else "the start"
        return chapter_and_percent(title, self.percent)


def place_and_percent(place: Part, percent: float) -> Sentence:
    """A place as a reader says it, the one way it is written: "Chapter 12 (34%)" (`percent`
    from 0 to 100, shown whole); a sentence the window says in its language ("12 %")."""
    return place_words(QT_TRANSLATE_NOOP("Places", "{place} ({percent}%)"), place=place,
                       percent=round(percent))


def chapter_and_percent(chapter: str, percent: float) -> str:
    """`place_and_percent` in English (the command line's words)."""
    return str(place_and_percent(chapter, percent))


def chapters(book: Book) -> tuple[Chapter, ...]:
    """The table of contents flattened in reading order; a book without one has its sections."""
    entries = [(item.target, item.title) for entry in book.toc for _, item in entry.walk()]
    if not entries:
        entries = [(Locator(s.index, 0, 0), s.title or f"Section {s.index + 1}")
                   for s in book.sections]
    entries.sort(key=lambda entry: entry[0])  # stable: a parent before its first child
    return tuple(Chapter(number, title, start)
                 for number, (start, title) in enumerate(entries, start=1))


def chapter_at(book: Book, locator: Locator, *, boundary: bool = False) -> Chapter | None:
    """The last chapter starting at or before `locator` (the innermost, for nested entries).
    A `boundary` lies just after the last character read, so a chapter starting exactly there
    has not been begun."""
    found = None
    for chapter in chapters(book):
        if chapter.start < locator or (chapter.start == locator and not boundary):
            found = chapter
    return found


def percent_at(book: Book, boundary: Locator) -> float:
    """`place_fraction` as a percentage (0 before anything is read)."""
    if boundary.section < 0 or not book.sections:
        return 0.0
    return 100.0 * place_fraction(book, boundary)


def place_of(book: Book, state: ReadingState | None) -> Place:
    """Where the boundary is: the chapter and percent the reader has reached."""
    if state is None or not state.has_read_anything:
        return Place(False, False, None, 0.0)
    if state.finished:
        return Place(True, True, chapter_at(book, book.end_locator()), 100.0)
    return Place(True, False, chapter_at(book, state.boundary, boundary=True),
                 percent_at(book, state.boundary))


def boundary_at_percent(book: Book, percent: float) -> Locator:
    """The boundary after reading `percent` of the book (the whole page, for a comic)."""
    if not 0 <= percent <= 100:
        raise MarkReadError(f"--at takes a percentage from 0 to 100, not {percent:g}.")
    if percent == 100:
        return book.end_locator()
    locator = book.locator_at_progress(percent / 100)
    return Locator.end_of_section(locator.section) if book.is_comic else locator


def boundary_after_chapter(book: Book, number: int) -> Locator:
    """The boundary after reading chapter `number` to its end: where the next one starts."""
    listed = chapters(book)
    if not 1 <= number <= len(listed):
        raise MarkReadError(
            f"“{book.metadata.title}” has chapters 1 to {len(listed)}, not {number}."
        )
    start = listed[number - 1].start
    following = next((c.start for c in listed[number:] if c.start > start), None)
    if following is None:
        return book.end_locator()
    if book.is_comic:
        return Locator.end_of_section(max(following.section - 1, start.section))
    return following


def mark_read(
    library: Library, book: Book, boundary: Locator, *, allow_back: bool = False
) -> Place:
    """Move the stored boundary to `boundary` as "Mark as read up to here" does: reaching the end
    finishes the book. Forward only unless `allow_back`. Returns where the reader now is."""
    state = library.reading_state(book.book_id)
    if state is None:
        raise MarkReadError(f"“{book.metadata.title}” is not in the library.")
    update = next_boundary(book, Known(state.boundary, state.finished), BoundaryMove.MARK,
                           end=boundary, allow_back=allow_back)
    if update.behind:
        raise MarkReadError(
            f"The reader has already read up to {place_of(book, state).describe()}; "
            "that would move the boundary back. Use --allow-back to do so."
        )
    # Written even where it stands already: the place asked for, or the whole book at its end.
    after = Known(book.end_locator(), True) if update.finished else Known(boundary, False)
    store_boundary(library, book.book_id, after, forward_only=False)
    return place_of(book, library.reading_state(book.book_id))
