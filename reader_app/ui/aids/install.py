"""The reader's aids, installed on the main window in one call: annotations, footnote pop-ups,
Back/Forward, the place line, shortcut help, dictionary look-up and Read aloud."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QMenu

from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.aids.annotations import AnnotationsController, install_annotations
from reader_app.ui.aids.book_details import install_library_actions
from reader_app.ui.aids.dictionary_lookup import DictionaryLookup
from reader_app.ui.aids.footnotes import Footnotes
from reader_app.ui.aids.history import Navigator, install_navigation
from reader_app.ui.aids.place_line import PlaceLine
from reader_app.ui.aids.shortcuts_help import install_shortcut_help
from reader_app.ui.assistant.conversation_dock import ConversationDock
from reader_app.ui.read_aloud.menu import install_read_aloud
from reader_app.ui.read_aloud.player import ReadAloud
from reader_app.ui.read_aloud.replies import ReplyReading, install_reply_reading


@dataclass(frozen=True)
class ReadingAids:
    annotations: AnnotationsController
    footnotes: Footnotes
    navigator: Navigator
    place_line: PlaceLine
    dictionary: DictionaryLookup
    read_aloud: ReadAloud
    reply_reading: tuple[ReplyReading, ...]  # the assistant's transcript's, the characters'


def install_reading_aids(window: AidsHost) -> ReadingAids:
    # In this order: the page's event filters run newest first, so Back/Forward's mouse buttons
    # are seen before the footnote pop-up's closer, which sees them before the annotations.
    annotations = install_annotations(window)
    footnotes = Footnotes(window.reader.epub_view)
    navigator = install_navigation(window)
    place_line = PlaceLine(settings=window.settings, writer=window.writer, parent=window.reader)
    dictionary = DictionaryLookup(window)
    read_aloud = install_read_aloud(window)
    place_line.listened = lambda: read_aloud.log.total  # shown beside the reading speed
    aids = ReadingAids(
        annotations=annotations,
        footnotes=footnotes,
        navigator=navigator,
        place_line=place_line,
        dictionary=dictionary,
        read_aloud=read_aloud,
        reply_reading=tuple(
            install_reply_reading(dock, read_aloud)
            for dock in window.menuBar().window().findChildren(ConversationDock)
        ),
    )
    help_menu = window.menuBar().findChild(QMenu, "helpMenu")
    shortcuts = install_shortcut_help(window.reader.window())
    if help_menu is not None and help_menu.actions():
        help_menu.insertAction(help_menu.actions()[0], shortcuts)
    install_library_actions(window, aids.annotations,
                            open_listening=lambda: (read_aloud.log.book_id, read_aloud.log.total))
    window.reader.epub_view.media.autoplay_allowed = lambda: bool(
        window.settings.get("reading.media_autoplay")  # the reader's leave, asked each time
    )
    window.reader.bookChanged.connect(lambda _book: close_pop_ups(window, aids))
    return aids


def close_pop_ups(window: AidsHost, aids: ReadingAids) -> None:
    """A pop-up belongs to the book it was opened over: another book (or none) closes it, and a
    look-up still on its way is dropped rather than shown over the new book."""
    aids.footnotes.popup.hide()
    window.tasks.drop("dictionary")
    aids.dictionary.popup.hide()
