"""How the spoiler boundary follows the reader: turning pages on moves it, jumps don't.

`next_boundary` is the one rule: every move (a page put on screen, a sentence heard, the reader's
own mark, reset or finish) gives the boundary after it from the boundary before, and "forward
only" is decided there (`forward_step`). `store_boundary` writes what it decided; a page turn's
place is written only over an earlier stored one (`Library.advance_boundary`), since another
process (the command line, the MCP server) may have moved it on meanwhile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.library import NOTHING_READ, Library


class Navigation(StrEnum):
    OPEN = "open"  # the book was opened (restored position)
    TURN_FORWARD = "turn_forward"
    TURN_BACK = "turn_back"
    JUMP = "jump"  # TOC, search hit, link, slider, citation
    RELAYOUT = "relayout"  # font or window change redrew the same place
    VOICE = "voice"  # Read aloud turned to the sentence it says (the sentences move the boundary)


class BoundaryMove(StrEnum):
    """The boundary's moves that put no page on screen."""

    LISTEN = "listen"  # Read aloud said a sentence in full (read like a page turned forward)
    MARK = "mark"  # "Mark as read up to here": to the end of the page on screen, on purpose
    RESET = "reset"  # forget how far the reader has read
    FINISH = "finish"  # Mark as Finished: the whole book


Move = Navigation | BoundaryMove


@dataclass(frozen=True, slots=True)
class Known:
    """How far the reader has read: the boundary, or the whole book once finished."""

    boundary: Locator
    finished: bool


@dataclass(frozen=True, slots=True)
class BoundaryUpdate:
    boundary: Locator  # the new boundary (unchanged if `moved` is False)
    moved: bool
    # The end of the book is now on screen, read in order (a mark: the place marked is the end)
    finished: bool
    reading_ahead: bool  # the page shown lies beyond the boundary (after a jump ahead)
    behind: bool = False  # a mark behind what is already known: moved only with leave


def reading_offset(book: Book, locator: Locator) -> int:
    """A number that orders places in reading order and makes adjacent pages meet.

    Characters for text; for comics the page index, since the page is the unit.
    """
    if locator.section < 0:
        return -1
    if book.is_comic:
        return locator.section
    return book.char_offset(locator)


# Contents entries that come before the story and tell nothing of it.
FRONT_MATTER = re.compile(
    r"^\W*(cover|title ?page|half ?title|imprint|copyright|(table of )?contents|dedication"
    r"|epigraph|frontispiece|also by\b|list of illustrations|illustrations|maps?"
    r"|the project gutenberg|project gutenberg)\W*$",
    re.IGNORECASE,
)


# Files that hold front matter, by their usual names (Standard Ebooks, calibre, Sigil): a
# prefatory poem is titled by its first line, but it lives in epigraph.xhtml.
FRONT_MATTER_FILE = re.compile(
    r"^(cover|titlepage|title-page|halftitle(page)?|half-title(-page)?|imprint|copyright"
    r"|toc|contents|dedication|epigraph|frontispiece)(-\d+)?\.x?html?$",
    re.IGNORECASE,
)


def body_start(book: Book) -> Locator | None:
    """Where the story begins: the first contents entry that is not front matter (title page,
    imprint, contents, dedication, epigraph, frontispiece, the book's own title, by its name or
    its file's); None when the contents don't say."""
    if book.is_comic:
        return None
    title = book.metadata.title.casefold().strip()
    for entry in book.toc:
        for _, item in entry.walk():
            name = item.title.strip()
            if not FRONT_MATTER.match(name) and name.casefold() != title and not (
                _front_matter_file(book, item.target)
            ):
                return item.target
    return None


def _front_matter_file(book: Book, target: Locator) -> bool:
    if not 0 <= target.section < len(book.sections):
        return False
    member = book.sections[target.section].name.rsplit("/", 1)[-1]
    return FRONT_MATTER_FILE.match(member) is not None


def next_boundary(
    book: Book,
    before: Known,
    move: Move,
    *,
    start: Locator | None = None,
    end: Locator | None = None,
    previous: Locator | None = None,
    allow_back: bool = False,
) -> BoundaryUpdate:
    """The boundary after `move`, from `before`: the one place the boundary's rule is decided.

    - A page put on screen, `[start, end)` (a `Navigation`; `previous`: the start of the page
      turned from), and a sentence heard in full (`LISTEN`, `[start, end)`; `previous`: where the
      sentence before it ended): `_page_shown`.
    - `MARK` to `end` (the end of the page on screen; at the end of the book, the whole book):
      forward at once; behind what is known (a finished book, or an earlier place) only with
      `allow_back`, else `behind` and nothing moves; at the same place, nothing moves.
    - `RESET`: nothing read. `FINISH`: the whole book.
    """
    if move == BoundaryMove.RESET:
        return BoundaryUpdate(NOTHING_READ, moved=True, finished=False, reading_ahead=False)
    if move == BoundaryMove.FINISH:
        return BoundaryUpdate(book.end_locator(), moved=True, finished=True, reading_ahead=False)
    assert start is not None or move == BoundaryMove.MARK, "a page or sentence has a start"
    assert end is not None, "a move to a place names its end"
    if move == BoundaryMove.MARK:
        finished = book.at_end(end)
        target = Known(book.end_locator() if finished else end, finished)
        step = forward_step(book, before, target)
        if step < 0 and not allow_back:
            return BoundaryUpdate(before.boundary, moved=False, finished=finished,
                                  reading_ahead=False, behind=True)
        if step == 0:
            return BoundaryUpdate(before.boundary, moved=False, finished=finished,
                                  reading_ahead=False)
        return BoundaryUpdate(target.boundary, moved=True, finished=finished, reading_ahead=False)
    assert start is not None
    if move == BoundaryMove.LISTEN:
        # As the page turned from: the text before this sentence is read up to its last character.
        return _page_shown(book, before, start, end, Navigation.TURN_FORWARD, previous)
    return _page_shown(book, before, start, end, move, previous)


def known_after(book: Book, before: Known, move: Move, update: BoundaryUpdate) -> Known:
    """What is known once `update` (what `next_boundary` said of `move`) is done: the place it
    moved to; the whole book once a page or a sentence read in order reaches the end; else what
    was known before."""
    if update.moved:
        return Known(book.end_locator(), True) if update.finished else Known(update.boundary, False)
    read_on = isinstance(move, Navigation) or move == BoundaryMove.LISTEN
    if read_on and update.finished and not before.finished:
        return Known(book.end_locator(), True)
    return before


def forward_step(book: Book, before: Known, after: Known) -> int:
    """Forward only, decided once: 1 when `after` lies beyond `before` in reading order, 0 at the
    same place, -1 behind it. Nothing lies beyond a finished book; only a place short of its end
    lies behind it."""
    if before.finished:
        return 0 if after.finished else -1
    here, known = reading_offset(book, after.boundary), reading_offset(book, before.boundary)
    return (here > known) - (here < known)


def _page_shown(
    book: Book,
    before: Known,
    shown_start: Locator,
    shown_end: Locator,
    navigation: Navigation,
    previous_start: Locator | None,
) -> BoundaryUpdate:
    """The boundary after the reader is shown `[shown_start, shown_end)` by `navigation`.

    The boundary advances to the end of what is shown when the reader reads on in order: a page
    turned forward, the first page of a new book or a restored page, or the same place redrawn after
    a font change, provided it continues the text already read (it starts at or before the
    boundary, so nothing was skipped; for a page turn, the page turned from did). Jumps (TOC,
    search, links, slider) and turning back never move it. A page shown beyond the boundary is
    reported as `reading_ahead`. Skipping only the front matter (title page, imprint, contents)
    to where the story begins is not reading ahead: reading on from there moves the boundary.
    """
    boundary = before.boundary
    if before.finished:
        return BoundaryUpdate(boundary, moved=False, finished=True, reading_ahead=False)
    if not in_reading_order(book, shown_start):
        # A non-linear item (a note reached by a link) is outside the reading order: seeing it
        # reads nothing on, and it is not "reading ahead" either (no offer to move the boundary).
        return BoundaryUpdate(boundary, moved=False, finished=False, reading_ahead=False)
    start = reading_offset(book, shown_start)
    if navigation == Navigation.TURN_FORWARD and previous_start is not None:
        # Turning on from the page that held the boundary reads past it, even if that page
        # itself was reached by a jump and went slightly beyond the boundary.
        start = min(start, reading_offset(book, previous_start))
    read_up_to = reading_offset(book, boundary)
    # A comic page follows the last page read; text follows the last character read.
    limit = read_up_to + 1 if book.is_comic else max(read_up_to, 0)
    story = body_start(book)
    story_offset = reading_offset(book, story) if story is not None else 0
    limit = max(limit, story_offset)
    contiguous = start <= limit
    if boundary.section < 0 and start > story_offset:
        contiguous = False
    if not contiguous:
        return BoundaryUpdate(boundary, moved=False, finished=False, reading_ahead=True)
    if navigation in (Navigation.JUMP, Navigation.TURN_BACK, Navigation.VOICE):
        return BoundaryUpdate(boundary, moved=False, finished=False, reading_ahead=False)
    reached_end = book.at_end(shown_end)
    # Never lowered, not even a boundary stored past the book's sections (by an older parse).
    if forward_step(book, before, Known(shown_end, False)) > 0 and shown_end > boundary:
        return BoundaryUpdate(shown_end, moved=True, finished=reached_end, reading_ahead=False)
    return BoundaryUpdate(boundary, moved=False, finished=reached_end, reading_ahead=False)


def follow_reader(
    book: Book,
    *,
    boundary: Locator,
    finished: bool,
    shown_start: Locator,
    shown_end: Locator,
    navigation: Navigation,
    previous_start: Locator | None = None,
) -> BoundaryUpdate:
    """The boundary after the reader is shown `[shown_start, shown_end)` by `navigation`
    (`next_boundary` for a page put on screen)."""
    return next_boundary(book, Known(boundary, finished), navigation, start=shown_start,
                         end=shown_end, previous=previous_start)


def follow_listener(
    book: Book,
    *,
    boundary: Locator,
    finished: bool,
    spoken_start: Locator,
    spoken_end: Locator,
    previous_end: Locator | None,
) -> BoundaryUpdate:
    """The boundary after the voice has said `[spoken_start, spoken_end)` in full.

    Listening reads like turning pages forward: the sentence moves the boundary to its end when
    everything before it was read (the sentence before it, ending at `previous_end`, ends at or
    before the boundary), and never backwards. A sentence after one that was skipped, or ahead of
    the boundary after a jump, is `reading_ahead` and moves nothing.
    """
    return next_boundary(book, Known(boundary, finished), BoundaryMove.LISTEN,
                         start=spoken_start, end=spoken_end, previous=previous_end)


def store_boundary(library: Library, book_id: str, after: Known, *, forward_only: bool) -> None:
    """Write the boundary `next_boundary` decided: the whole book, nothing read, or a place. A
    page turn's place is written `forward_only`, against what is stored (another process, the
    command line or the MCP server, may have moved it on); a place chosen by hand as it is."""
    if after.finished:
        library.mark_finished(book_id, after.boundary)
    elif forward_only:
        library.advance_boundary(book_id, after.boundary)
    elif after.boundary.section < 0:
        library.reset_boundary(book_id)
    else:
        library.set_boundary(book_id, after.boundary)


def in_reading_order(book: Book, locator: Locator) -> bool:
    """False inside a non-linear item (an EPUB's linear="no" note or answer key)."""
    return not 0 <= locator.section < len(book.sections) or book.sections[locator.section].linear


def note_return(book: Book, here: Locator, target: Locator, kept: Locator | None) -> Locator | None:
    """Where turning out of a non-linear item leads back to, after a jump from `here` to `target`:
    `here` when the jump enters one from the reading order; kept while moving between them."""
    if in_reading_order(book, target):
        return None
    return here if in_reading_order(book, here) else kept
