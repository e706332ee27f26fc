"""Back and Forward after jumps (contents, links, search, citations, the slider), like a browser.

Every jump leaves the place the reader jumped from on the Back list; going Back or Forward is
itself a jump for the boundary (it never moves it) but does not add to the lists.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QMenu

from reader_app.books.model import Locator
from reader_app.books.shelf.reading import Navigation
from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.reader.page_view import PageShown

HISTORY_LIMIT = 100


class History(QObject):
    """The places jumped from (Back) and back from (Forward) in the open book."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.back_places: list[Locator] = []
        self.forward_places: list[Locator] = []
        self.here: Locator | None = None
        self._travelling = False

    def clear(self) -> None:
        self.back_places, self.forward_places, self.here = [], [], None
        self.changed.emit()

    def page_shown(self, shown: PageShown) -> None:
        """Follow the reader: a jump from somewhere else remembers where it came from."""
        if shown.navigation == Navigation.OPEN:
            self.clear()
        elif (
            shown.navigation == Navigation.JUMP
            and not self._travelling
            and self.here is not None
            and shown.start != self.here
        ):
            self.back_places = [*self.back_places, self.here][-HISTORY_LIMIT:]
            self.forward_places = []
            self.changed.emit()
        self.here = shown.start

    def back(self) -> Locator | None:
        """The place to go back to (taken off Back, the place left put on Forward)."""
        if not self.back_places or self.here is None:
            return None
        *self.back_places, target = self.back_places
        self.forward_places = [*self.forward_places, self.here]
        self.changed.emit()
        return target

    def forward(self) -> Locator | None:
        if not self.forward_places or self.here is None:
            return None
        *self.forward_places, target = self.forward_places
        self.back_places = [*self.back_places, self.here]
        self.changed.emit()
        return target

    def travelling(self) -> _Travel:
        return _Travel(self)


class _Travel:
    """While going Back or Forward, the jump it makes is not a new one."""

    def __init__(self, history: History) -> None:
        self.history = history

    def __enter__(self) -> None:
        self.history._travelling = True

    def __exit__(self, *_exc: object) -> None:
        self.history._travelling = False


class Navigator(QObject):
    """The window's Back and Forward actions over its `History`."""

    def __init__(self, window: AidsHost) -> None:
        super().__init__(window.reader)
        self.window = window
        self.history = History(self)
        window.reader.positionChanged.connect(self.history.page_shown)
        self.back_action = _action(window, "actionBack", self.tr("&Back"), "Alt+Left", self.go_back)
        self.forward_action = _action(
            window, "actionForward", self.tr("&Forward"), "Alt+Right", self.go_forward
        )
        self.history.changed.connect(self._refresh)
        self._refresh()
        window.reader.epub_view.installEventFilter(self)
        window.reader.comic_view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The mouse's own Back and Forward buttons, on the page."""
        if event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.BackButton:
                self.go_back()
                return True
            if event.button() == Qt.MouseButton.ForwardButton:
                self.go_forward()
                return True
        return False

    def go_back(self) -> None:
        self._travel(self.history.back())

    def go_forward(self) -> None:
        self._travel(self.history.forward())

    def _travel(self, target: Locator | None) -> None:
        if target is None or self.window.book is None:
            return
        with self.history.travelling():
            self.window.stack.setCurrentWidget(self.window.reader)
            self.window.reader.view.go_to(target)
        self.window.reader.view.setFocus()

    def _refresh(self) -> None:
        self.back_action.setEnabled(bool(self.history.back_places))
        self.forward_action.setEnabled(bool(self.history.forward_places))


def _action(window: AidsHost, name: str, text: str, key: str, slot: object) -> QAction:
    action = QAction(text, window.menuBar())
    action.setObjectName(name)
    action.setShortcut(QKeySequence(key))
    action.triggered.connect(slot)
    window.addAction(action)
    return action


def install_navigation(window: AidsHost) -> Navigator:
    """Back/Forward in the Go menu, and the page taking the keys after a Contents or search jump."""
    navigator = Navigator(window)
    go = window.menuBar().findChild(QMenu, "goMenu")
    if go is not None and go.actions():
        first = go.actions()[0]
        go.insertActions(first, [navigator.back_action, navigator.forward_action])
        go.insertSeparator(first)
    for dock in (window.toc_dock, window.search_dock):
        dock.jumpRequested.connect(lambda _target: window.reader.view.setFocus())
    return navigator
