"""Audio and video played in the page: a player laid over each media box on screen
(ui/page/media_blocks.py draws the box, ui/reader/media_player.py is the player).

After every page shown the players are placed again: a box that left the screen pauses and hides
(a few stay loaded for turning back), all pause when the page is put away (the library shown),
and closing the book releases them all and deletes the copies. The files are copied out of the
book in the page's worker, never on the UI thread, into a private folder, under a name of ours: a
source only when its turn to be tried comes (the ones before it failed), once while the book is
open. A source that fails to load is remembered with why, and once all of an element's sources
have failed its section is laid out again to show the book's fallback text. Media never turns a
page, so the spoiler boundary never moves for it.

`autoplay` plays on sight only when the reader allows it (the `reading.media_autoplay` setting).
Qt Multimedia is imported with the first player, not at launch (it is not needed for a first page).
"""

from __future__ import annotations

import itertools
import logging
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QPointF, QRectF, Signal
from PySide6.QtWidgets import QWidget

from reader_app.books.model import Book, Media
from reader_app.errors import BookError
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.page.images import ImageCache
from reader_app.ui.page.media_blocks import bar_height
from reader_app.ui.translation import number_text, said, translate
from reader_app.ui.workers import Workers

if TYPE_CHECKING:
    from reader_app.ui.reader.media_player import MediaPlayerBox, Source

log = logging.getLogger(__name__)
# A file larger than this is not copied out, nor played (the book's zip reader refuses any member
# over 64 MiB as hostile before this is reached; this holds for resources from elsewhere).
MAX_MEDIA_BYTES = 64 << 20
KEPT_OFF_SCREEN = 4  # players kept loaded (paused) after their box left the screen
Key = tuple[int, int]  # (section, block)


class MediaHost(Protocol):
    """What the players need of the page view (ui/reader/epub_view.py)."""

    book: Book | None
    appearance: Appearance
    workers: Workers  # the page's own worker
    images: ImageCache  # the page's pictures (a video's poster is one)

    def current_document(self) -> SectionDocument | None: ...
    def shown_pages(self) -> list[tuple[int, QPointF]]: ...


class MediaPlayers(QObject):
    """The page view's players, keyed by (section, block), laid over `page`."""

    unplayable_found = Signal(int)  # a section whose element has nothing playable: lay it out

    def __init__(self, page: QWidget, view: MediaHost) -> None:
        super().__init__(page)
        self.page = page
        self.view = view
        # Whether the reader lets `autoplay` play on sight (asked at that moment).
        self.autoplay_allowed: Callable[[], bool] = lambda: False
        self.unplayable: dict[str, str] = {}  # member -> why it cannot be played
        self.players: OrderedDict[Key, MediaPlayerBox] = OrderedDict()
        self._seen: set[Key] = set()  # boxes shown once already (autoplay happens once)
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._names = itertools.count(1)
        # member -> its file's name in the folder: copied out once, however often its box comes
        # back on screen after its player was let go.
        self._copies: dict[str, str] = {}

    def pause_all(self) -> None:
        """The page was put away (the library shown): no sound from a page the reader left.

        Called from the view's own hideEvent, not an event filter on it: a filter also sees the
        hide sent while the view is being deleted, after Python's collector may have cleared this
        object's attributes (the view and its players hold each other)."""
        for player in self.players.values():
            player.pause()

    def place(self) -> None:
        """Lay a player over each media box on screen; pause and hide the others."""
        view, doc = self.view, self.view.current_document()
        on_screen: dict[Key, QRectF] = {}
        if doc is not None:
            for page, origin in view.shown_pages():
                if 0 <= page < doc.page_count:
                    for block, rect in doc.media_boxes(page):
                        on_screen[(doc.section_index, block)] = rect.translated(origin)
        for key, player in self.players.items():
            if key not in on_screen:
                player.pause()
                player.hide()
        for key, rect in on_screen.items():
            found = self.players.get(key) or self._new_player(key, rect)
            if found is None:
                continue
            player = found
            self.players.move_to_end(key)
            player.restyle(self.view.appearance.resolved_theme(),
                           bar_height(self.view.appearance.font_size))
            player.setGeometry(round(rect.x()), round(rect.y()), round(rect.width()),
                               round(rect.height()))  # the box's size, wherever it falls
            player.show()
            player.raise_()
            if key not in self._seen:
                self._seen.add(key)
                if player.media.autoplay and self.autoplay_allowed():
                    player.play()
        while len(self.players) > len(on_screen) + KEPT_OFF_SCREEN:
            key = next(k for k in self.players if k not in on_screen)
            self._release(key)

    def close_book(self) -> None:
        """Stop and release every player, and delete the files copied out."""
        for key in list(self.players):
            self._release(key)
        self._seen.clear()
        self.unplayable.clear()
        self._copies.clear()
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    def _release(self, key: Key) -> None:
        player = self.players.pop(key)
        self.view.workers.drop(_lane(key))
        player.release()
        player.hide()
        player.deleteLater()

    def _new_player(self, key: Key, box: QRectF) -> MediaPlayerBox | None:
        book = self.view.book
        media = _media_at(book, key)
        if book is None or media is None:
            return None
        try:  # Qt Multimedia (PySide6-Addons) may be missing from an installation
            from reader_app.ui.reader.media_player import MediaPlayerBox
        except ImportError as error:
            log.warning("Audio and video can't be played: %s", error)
            self._mark_unplayable(
                key, media, translate("MediaPlayers", "Qt Multimedia is not installed"))
            return None
        theme = self.view.appearance.resolved_theme()
        bar = bar_height(self.view.appearance.font_size)
        player = MediaPlayerBox(media, self.page, theme=theme, bar=bar)
        if media.poster:  # decoded under the page's picture caps, like the book's pictures
            player.poster = self.view.images.image(
                book, media.poster, target=box.size().toSize(),
                pixel_ratio=self.page.devicePixelRatioF(), dark=False,
            )
        player.failed.connect(lambda _why, key=key, player=player: self._failed(key, player))
        self.players[key] = player
        if self._folder is None:
            # A copy the page's worker is still writing as the book closes must not make the
            # clean-up raise on the UI thread (what is left is taken at exit).
            self._folder = tempfile.TemporaryDirectory(prefix="pagemate-media-",
                                                       ignore_cleanup_errors=True)
        player.wants_source.connect(
            lambda index, key=key, player=player: self._copy_out(key, player, index))
        player.set_sources([(member, None, "") for member in media.sources])  # none copied yet
        return player

    def _copy_out(self, key: Key, player: MediaPlayerBox, index: int) -> None:
        """Copy the source `player` is about to try out of the book, in the page's worker."""
        book, folder = self.view.book, self._folder
        if book is None or folder is None:
            return
        member = player.media.sources[index]
        names = [self._copy_name(member)]
        self.view.workers.submit(
            _lane(key),
            lambda _job: copy_sources(book, (member,), Path(folder.name), names),
            on_done=lambda copied: player.source_copied(index, copied[0]),
            on_error=lambda error: player.source_copied(
                index, (member, None, said(error) or type(error).__name__)),
        )

    def _copy_name(self, member: str) -> str:
        name = self._copies.get(member)
        if name is None:
            name = self._copies[member] = f"{next(self._names)}-{_safe_name(member)}"
        return name

    def _failed(self, key: Key, player: MediaPlayerBox) -> None:
        self.unplayable.update(player.members_failed())
        log.warning("%s", player.message)
        self.unplayable_found.emit(key[0])

    def _mark_unplayable(self, key: Key, media: Media, why: str) -> None:
        self.unplayable.update(dict.fromkeys(media.sources, why))
        self.unplayable_found.emit(key[0])


def _lane(key: Key) -> str:
    return f"media:{key[0]}:{key[1]}"


def _media_at(book: Book | None, key: Key) -> Media | None:
    if book is None or not 0 <= key[0] < len(book.sections):
        return None
    blocks = book.sections[key[0]].blocks
    return blocks[key[1]].media if 0 <= key[1] < len(blocks) else None


def _safe_name(member: str) -> str:
    """A member's base name, fit for a file of ours (never a path from the book)."""
    name = PurePosixPath(member).name.lstrip(".")
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in name)[-80:] or "media"


def copy_sources(book: Book, members: tuple[str, ...], folder: Path, names: list[str]
                 ) -> list[Source]:
    """Each member written to `folder` under its name in `names` (in the page's worker), unless
    an earlier job wrote it whole; one that cannot be (too big, unreadable) keeps why instead of
    a path."""
    copied: list[Source] = []
    for member, name in zip(members, names, strict=True):
        try:
            path = folder / name
            if not path.is_file():
                data = book.resource(member)
                if len(data) > MAX_MEDIA_BYTES:
                    raise ValueError(translate("MediaPlayers", "it is over {0} MB").format(
                        number_text(MAX_MEDIA_BYTES // (1024 * 1024))))
                partial = folder / f"{name}.part"  # renamed when whole: never half a file
                partial.write_bytes(data)
                partial.replace(path)
            copied.append((member, path, ""))
        except (BookError, OSError, ValueError, KeyError) as error:
            copied.append((member, None, said(error) or type(error).__name__))
    return copied
