"""The page's context menu for a selection: ask, explain, who, copy, mark as read; ahead of
the boundary the asks say that they first let the assistant know up to here."""

from __future__ import annotations

from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu

from reader_app.ui.reader.page_view import PageView


def build_context_menu(view: PageView) -> QMenu:
    """Ask, explain, who, copy and mark-as-read for the view's selection."""
    menu = QMenu(view)
    menu.setObjectName("pageContextMenu")
    menu.setToolTipsVisible(True)
    selected = view.selected_text()
    end = view.selection_end()
    read = bool(selected) and end is not None and view.is_read(end)
    if selected and not read:
        # Ahead of the mark: the actions stay, and say that they first let the assistant know
        # up to here (undoable, as ever); or the selection alone is asked about.
        ahead_actions(menu, view, selected)
    else:
        for label, mode in SELECTION_ACTIONS:
            action = QAction(label, menu)
            action.setObjectName(f"askAbout_{mode}")
            action.setEnabled(read)
            action.triggered.connect(lambda _=False, m=mode: view.askAbout.emit(selected, m))
            menu.addAction(action)
    menu.addSeparator()
    copy = menu.addAction("Copy")
    copy.setEnabled(bool(selected))
    copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(selected))
    mark = menu.addAction("Mark as read up to here")
    mark.triggered.connect(view.markReadHere.emit)
    for hook in view.menu_hooks:
        hook(menu)
    return menu


SELECTION_ACTIONS = (("Ask about this", "ask"), ("Explain", "explain"), ("Who is this?", "who"))
AHEAD_ACTIONS = (
    ("Let it know up to here and ask", "ask"),
    ("Let it know up to here and explain", "explain"),
    ("Let it know up to here: who is this?", "who"),
)


def ahead_actions(menu: QMenu, view: PageView, selected: str) -> None:
    """The selection actions ahead of the boundary: each moves it to the end of the page first
    (the notice offers Undo); "Ask about the selection alone" leaves it where it is and puts only
    the words the reader chose in the question."""

    def let_it_know_and(mode: str) -> None:
        view.markReadHere.emit()
        view.askAbout.emit(selected, mode)

    for label, mode in AHEAD_ACTIONS:
        action = QAction(label, menu)
        action.setObjectName(f"askAbout_{mode}")
        action.setToolTip("The assistant hasn't read this far: it will know the book up to the "
                          "end of this page (Undo by the progress bar).")
        action.triggered.connect(lambda _=False, m=mode: let_it_know_and(m))
        menu.addAction(action)
    alone = QAction("Ask about the selection alone", menu)
    alone.setObjectName("askAboutSelectionAlone")
    alone.setToolTip("What the assistant knows stays where it is; it gets only these words.")
    alone.triggered.connect(lambda: view.askAbout.emit(selected, "ask"))
    menu.addAction(alone)
