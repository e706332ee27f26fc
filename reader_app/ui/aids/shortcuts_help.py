"""The keyboard shortcut help (F1 or ?): every shortcut the window has, and the page's own keys."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.translation import translate

# Keys the page handles itself (they are not menu actions).
PAGE_KEYS: tuple[tuple[str, str], ...] = (
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Right, Space, Page Down, Down"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Next page")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Left, Shift+Space, Page Up, Up"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Previous page")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Home / End"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Start / end of the book")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Click the page's left or right edge"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Previous / next page")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Double-click / triple-click"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Select a word / its sentence")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Right-click a selection"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Ask, explain, highlight, look up a word")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "+, -, 0, Ctrl+wheel; drag"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Zoom a comic page, back to its fit; move a zoomed page")),
    (QT_TRANSLATE_NOOP("ShortcutHelp", "Esc"),
     QT_TRANSLATE_NOOP("ShortcutHelp", "Close a footnote pop-up")),
)


def window_shortcuts(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what they do) for every action of `window` that has a shortcut, by name."""
    rows: dict[str, str] = {}
    for action in window.findChildren(QAction):
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        keys = [k for k in keys if k and k != "Shift+?"]
        label = action.text().replace("&", "").rstrip("…").strip()
        if keys and label and label not in rows.values():
            rows[", ".join(keys)] = label
    return sorted(rows.items(), key=lambda row: row[1].casefold())


class ShortcutHelp(QDialog):
    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("shortcutHelp")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.resize(520, 600)
        page_keys = [(self.tr(keys), self.tr(what)) for keys, what in PAGE_KEYS]
        rows = [*window_shortcuts(window), *page_keys]
        self.rows = rows
        table = "".join(
            f"<tr><td style='padding:2px 16px 2px 0'><b>{html.escape(keys)}</b></td>"
            f"<td>{html.escape(what)}</td></tr>"
            for keys, what in rows
        )
        label = QLabel(f"<table>{table}</table>")
        label.setObjectName("shortcutTable")
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(label)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def install_shortcut_help(window: QWidget) -> QAction:
    """F1 and ? open the help (? only where it is not typed into a text box)."""
    action = QAction(translate("ShortcutsHelp", "&Keyboard Shortcuts"), window)
    action.setObjectName("actionShortcuts")
    # "?" is Shift+/ on most keyboards; which of the two arrives depends on the platform.
    action.setShortcuts([QKeySequence("F1"), QKeySequence("?"), QKeySequence("Shift+?")])
    action.triggered.connect(lambda: show_shortcut_help(window))
    window.addAction(action)
    return action


def show_shortcut_help(window: QWidget) -> ShortcutHelp:
    dialog = window.findChild(ShortcutHelp)
    if not isinstance(dialog, ShortcutHelp):
        dialog = ShortcutHelp(window)
    dialog.show()
    dialog.raise_()
    return dialog
