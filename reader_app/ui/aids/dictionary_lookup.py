"""Look Up on a selection: the dictionaries installed on this computer, read off the UI thread,
shown over the page; the web (Wiktionary) only when the reader clicks for it."""

from __future__ import annotations

import functools

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QUrl
from PySide6.QtGui import QAction, QCursor, QDesktopServices
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QMenu, QPushButton, QVBoxLayout, QWidget

from reader_app.books.text.dictionary import (
    Definition,
    DictionaryError,
    StarDict,
    find_dictionaries,
    web_lookup_url,
    word_to_look_up,
)
from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.reader.page_view import PageView
from reader_app.ui.translation import translate


class WordPopup(QFrame):
    """The definitions of a word over the page; a click on the page closes it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("dictionaryPopup")
        self.setFrameShape(QFrame.Shape.Box)
        self.setAutoFillBackground(True)
        self.setMaximumWidth(480)
        layout = QVBoxLayout(self)
        self.label = QLabel("")
        self.label.setObjectName("dictionaryText")
        self.label.setWordWrap(True)
        self.label.setMinimumWidth(300)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label)
        row = QHBoxLayout()
        row.addStretch(1)
        self.web_button = QPushButton(self.tr("Search the web"))
        self.web_button.setObjectName("dictionaryWeb")
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.web_button)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        self.hide()

    def show_text(self, text: str, at: QPoint) -> None:
        self.label.setText(text)
        self.adjustSize()
        parent = self.parentWidget()
        x, y = at.x() - 20, at.y() + 16
        if parent is not None:
            x = min(max(x, 4), max(parent.width() - self.width() - 4, 4))
            if y + self.height() > parent.height() - 4:
                y = max(at.y() - self.height() - 16, 4)
        self.move(x, y)
        self.show()
        self.raise_()


def definitions_text(word: str, found: list[Definition]) -> str:
    if not found:
        return translate(
            "DictionaryLookup", "“{0}” is not in the dictionaries installed on this computer."
        ).format(word)
    return "\n\n".join(f"{d.word} ({d.dictionary})\n{d.text}" for d in found)


class DictionaryLookup(QObject):
    """The page menu's Look Up, and the pop-up with what the dictionaries say."""

    def __init__(self, window: AidsHost) -> None:
        super().__init__(window.reader)
        self.window = window
        self.view = window.reader.epub_view
        self.popup = WordPopup(self.view)
        # A PDF's words are selected on the comic view's pages: a pop-up of its own over them
        self.popups = {self.view: self.popup, window.reader.comic_view:
                       WordPopup(window.reader.comic_view)}
        self.word = ""
        self._dictionaries: list[StarDict] | None = None  # found on the first look-up
        for view, popup in self.popups.items():
            popup.web_button.clicked.connect(self._open_web)
            view.menu_hooks.append(functools.partial(self.extend_menu, view=view))
            view.installEventFilter(self)

    def extend_menu(self, menu: QMenu, *, view: PageView | None = None) -> None:
        view = view or self.view
        word = word_to_look_up(view.selected_text())
        if word is None:
            return
        local = bool(self._dictionaries) if self._dictionaries is not None else bool(
            find_dictionaries())  # fmt: skip
        label = (self.tr("Look Up “{0}”") if local else self.tr("Look Up “{0}” on the Web")).format(
            word)
        action = QAction(label, menu)
        action.setObjectName("lookUpWord")
        point = view.mapFromGlobal(QCursor.pos())
        popup = self.popups.get(view, self.popup)
        action.triggered.connect(lambda: self.look_up(word, at=point, local=local, popup=popup))
        menu.addAction(action)

    def look_up(self, word: str, *, at: QPoint, local: bool,
                popup: WordPopup | None = None) -> None:
        """Local dictionaries in a worker, shown at `at`; without one, the web on this click."""
        self.word = word
        shown = popup or self.popup
        if not local:
            self._open_web()
            return
        dictionaries = self._dictionaries
        self.window.tasks.submit(
            "dictionary",
            lambda _job: self._search(word, dictionaries),
            on_done=lambda found: shown.show_text(definitions_text(word, found), at),
            on_error=lambda error: shown.show_text(str(error), at),
        )

    def _search(self, word: str, known: list[StarDict] | None) -> list[Definition]:
        if known is None:
            known = []
            for ifo in find_dictionaries():
                try:
                    known.append(StarDict.open(ifo))
                except DictionaryError:
                    continue  # one unreadable dictionary must not hide the others
            self._dictionaries = known
        found: list[Definition] = []
        for dictionary in known:
            found += dictionary.lookup(word)
        return found

    def _open_web(self) -> None:
        book = self.window.reader.book
        language = book.metadata.language if book is not None else ""
        QDesktopServices.openUrl(QUrl(web_lookup_url(self.word, language=language)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress:
            for popup in self.popups.values():
                popup.hide()
        return False
