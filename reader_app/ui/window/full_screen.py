"""Full screen (F11): only the page, no menu, toolbar, status bar or docks; Esc or F11 leaves it.

What was shown before is remembered and shown again on leaving. The window's shortcuts keep
working meanwhile: they belong to the window, not to the hidden menu bar.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QToolBar, QWidget

from reader_app.ui.translation import translate


class FullScreen:
    """Enters and leaves full screen for `window`, hiding its chrome while there."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self._hidden: list[QWidget] = []
        self._was_maximized = False
        self.leave_action = QAction(translate("FullScreen", "Leave Full Screen"), window)
        self.leave_action.setObjectName("actionLeaveFullScreen")
        self.leave_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.leave_action.setEnabled(False)  # Esc means nothing else to the window otherwise
        self.leave_action.triggered.connect(self.leave)
        window.addAction(self.leave_action)

    @property
    def active(self) -> bool:
        return self.window.isFullScreen()

    def toggle(self) -> None:
        if self.active:
            self.leave()
        else:
            self.enter()

    def enter(self) -> None:
        window = self.window
        chrome: list[QWidget] = [window.menuBar(), window.statusBar()]
        chrome += window.findChildren(QToolBar)
        chrome += [dock for dock in window.findChildren(QDockWidget) if not dock.isFloating()]
        self._hidden = [widget for widget in chrome if widget.isVisible()]
        for widget in self._hidden:
            widget.hide()
        self._was_maximized = window.isMaximized()
        self.leave_action.setEnabled(True)
        window.showFullScreen()

    def leave(self) -> None:
        window = self.window
        self.leave_action.setEnabled(False)
        if self._was_maximized:
            window.showMaximized()
        else:
            window.showNormal()
        for widget in self._hidden:
            widget.show()
        self._hidden = []
