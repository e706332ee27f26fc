"""What Read aloud reads, with no Qt: the `SentenceSource` the player asks for one sentence at a
time, and its three kinds: the book from a place on (`BookSource`), a reply without its veiled
sentences (`ReplySource`), a comic's balloons in panel order as its pages are read (`ComicSource`).

A source knows what comes next and how it ends; the player (player.py) says it, shows it, and
counts what was heard. A book's sentence (`SpokenSentence`) has a place in the book: it is marked
on the page and, heard in full, counts as read. A `Queued` one is said where it stands."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias

from reader_app.books.model import Book, Locator
from reader_app.books.text.segment import split_sentences
from reader_app.books.text.spoken import SpokenCursor, SpokenSentence
from reader_app.rag.assistant.conversations import Message
from reader_app.translatable import QT_TRANSLATE_NOOP

if TYPE_CHECKING:  # numpy comes with it: loaded on the worker that reads a comic
    from reader_app.comics.text import PageText


@dataclass(frozen=True, slots=True)
class Queued:
    """A sentence said from a list rather than from the book: a reply's, or a comic page's."""

    text: str
    page: int | None = None  # the comic page it is on, turned to while it is said
    # Its balloon on that page (left, top, right, bottom in the page picture's pixels),
    # outlined while it is said.
    balloon: tuple[float, float, float, float] | None = None


Said: TypeAlias = SpokenSentence | Queued


class SentenceSource(Protocol):
    """What the player reads from: asked `next()` for each sentence in turn."""

    end_note: str  # the status bar's word once it has run out ("" for none)
    waiting_note: str  # the status bar's word while the next sentence is still being found
    listened: bool  # its sentences, heard in full, count as listening to the open book
    skippable: bool  # Next and Previous Sentence move through it

    @property
    def ended(self) -> bool:
        """Nothing more will come (a comic whose pages are still being read has more to come)."""
        ...

    def next(self) -> Said | None:
        """The sentence after the one given last (the first, the first time); None when there is
        none, or none yet (`ended` tells which)."""
        ...

    def previous(self) -> Said | None:
        """The sentence before the one given last, given again; None when there is none."""
        ...

    def end_before(self) -> Locator | None:
        """Where the book's sentence before the one given last ends (None: none, or this is not
        the book's text): hearing the next counts as reading only if that one was read."""
        ...

    def status(self, sentence: Said) -> str | None:
        """The status bar's word while `sentence` is said (None: the player's own, its speed)."""
        ...


# About how much text (a link or formula counts as SPAN_COST characters) a chapter may hold for
# the voice to begin in it at once: a few milliseconds to split on the UI thread.
COSTLY_SECTION = 200_000
SPAN_COST = 200


def translate(context: str, text: str) -> str:
    """The window's words (ui/translation.py), with Qt loaded only once something is read aloud:
    these sources load without Qt."""
    from reader_app.ui.translation import translate as in_window

    return in_window(context, text)


def number_text(n: int) -> str:
    """A whole number as the window writes it ("1.234" in German), loaded as `translate` is."""
    from reader_app.ui.translation import number_text as in_window

    return in_window(n)


class BookSource:
    """The book's sentences in reading order from `place` (the first sentence on screen, or the
    selection's), on through the chapters to the end of the book."""

    end_note = QT_TRANSLATE_NOOP("ReadAloud", "Read aloud reached the end of the book.")
    waiting_note = ""
    listened = True
    skippable = True

    def __init__(self, book: Book, place: Locator) -> None:
        self.book = book
        self.place = place
        self._cursor = SpokenCursor(book)
        self._begun = False
        self._ended = False

    @property
    def ended(self) -> bool:
        return self._ended

    def next(self) -> SpokenSentence | None:
        if self._begun:
            found = self._cursor.next()
        else:
            self._begun = True
            found = self._cursor.seek(self.place)
        self._ended = found is None
        return found

    def costly_to_begin(self) -> bool:
        """Whether splitting the chapter the voice begins in would hold the window up: a long
        one, or one of many links or formulas (then the player splits it on a worker)."""
        section = self.book.sections[self.place.section] \
            if 0 <= self.place.section < len(self.book.sections) else None
        if section is None:
            return False
        cost = sum(len(block.text) + len(block.alt) + SPAN_COST * len(block.spans)
                   for block in section.blocks)
        return cost > COSTLY_SECTION

    def prepare_ahead(self) -> None:
        """Split the next chapter before the voice reaches it (the player runs this on a
        worker: a chapter of a hundred thousand formulas takes seconds)."""
        self._cursor.prepare_following()

    def previous(self) -> SpokenSentence | None:
        if not self._begun:
            return None
        self._ended = False
        return self._cursor.previous()

    def end_before(self) -> Locator | None:
        before = self._cursor.before() if self._begun else None
        return before.end if before is not None else None

    def status(self, sentence: Said) -> str | None:
        return None


class SentenceList:
    """Sentences said one after another from a list, none of them the book's place: a reply's
    (all there from the start) or a comic's (added as its pages are read; `more_coming` till the
    last one is)."""

    end_note = ""
    waiting_note = ""
    listened = False
    skippable = False

    def __init__(self, sentences: Iterable[Queued] = (), *, more_coming: bool = False) -> None:
        self._pending: deque[Queued] = deque(sentences)
        self.more_coming = more_coming

    @property
    def pending(self) -> tuple[Queued, ...]:
        """The sentences not yet given, in order."""
        return tuple(self._pending)

    @property
    def ended(self) -> bool:
        return not self.more_coming and not self._pending

    def next(self) -> Queued | None:
        return self._pending.popleft() if self._pending else None

    def previous(self) -> Queued | None:
        return None

    def end_before(self) -> Locator | None:
        return None

    def status(self, sentence: Said) -> str | None:
        return translate("ReadAloud", "Reading aloud")


def reply_to_speak(message: Message) -> str:
    """A reply's text without the sentences the spoiler check veiled."""
    veils = message.check.veiled if message.check is not None else ()
    pieces, position = [], 0
    for start, end in veils:
        pieces.append(message.text[position:start])
        position = end
    pieces.append(message.text[position:])
    return " ".join(p.strip() for p in pieces if p.strip())


def reply_sentences(message: Message) -> list[str]:
    text = reply_to_speak(message)
    return [text[a:b].strip() for a, b in split_sentences(text) if text[a:b].strip()]


class ReplySource(SentenceList):
    """A reply's sentences, without those the spoiler check veiled (never said, not even as a
    placeholder); the page and the boundary are not touched, nor what was listened to."""

    def __init__(self, message: Message) -> None:
        super().__init__(Queued(text) for text in reply_sentences(message))
        self.message = message

    def status(self, sentence: Said) -> str | None:
        return translate("ReadAloud", "Reading the reply aloud")


class ComicSource(SentenceList):
    """A comic's words: each page's balloons in panel order (comics/reading_order.py), sentence by
    sentence, page after page as they are added; the book's own words, so they count as listened."""

    end_note = QT_TRANSLATE_NOOP("ReadAloud", "Read aloud reached the end of the comic.")
    waiting_note = QT_TRANSLATE_NOOP("ReadAloud", "Reading the words on the next page…")
    listened = True

    def __init__(self) -> None:
        super().__init__(more_coming=True)

    def add_page(self, page: PageText) -> None:
        for block in page.blocks:
            said = (block.text[a:b].strip() for a, b in split_sentences(block.text))
            box = block.box
            balloon = (box.left, box.top, box.right, box.bottom)
            # "…" or "?!" alone in a bubble: nothing a voice can say.
            self._pending.extend(Queued(text, page.page, balloon) for text in said
                                 if any(ch.isalnum() for ch in text))

    def close(self) -> None:
        """Every page has been added."""
        self.more_coming = False

    def status(self, sentence: Said) -> str | None:
        page = sentence.page if isinstance(sentence, Queued) else None
        return (translate("ReadAloud", "Reading page {0} aloud").format(number_text(page + 1))
                if page is not None else translate("ReadAloud", "Reading aloud"))
