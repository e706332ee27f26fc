"""The page's context menu for a selection: ask, explain, who, copy, mark as read; ahead of
the boundary the asks say that they first let the assistant know up to here."""

from __future__ import annotations

from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu

from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.reader.page_view import PageView
from reader_app.ui.translation import translate


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
            action = QAction(translate("SelectionMenu", label), menu)
            action.setObjectName(f"askAbout_{mode}")
            action.setEnabled(read)
            action.triggered.connect(lambda _=False, m=mode: view.askAbout.emit(selected, m))
            menu.addAction(action)
    menu.addSeparator()
    copy = menu.addAction(translate("SelectionMenu", "Copy"))
    copy.setEnabled(bool(selected))
    copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(selected))
    mark = menu.addAction(translate("SelectionMenu", "Mark as read up to here"))
    mark.triggered.connect(view.markReadHere.emit)
    for hook in view.menu_hooks:
        hook(menu)
    return menu


SELECTION_ACTIONS = ((QT_TRANSLATE_NOOP("SelectionMenu", "Ask about this"), "ask"),
                     (QT_TRANSLATE_NOOP("SelectionMenu", "Explain"), "explain"),
                     (QT_TRANSLATE_NOOP("SelectionMenu", "Who is this?"), "who"))
AHEAD_ACTIONS = (
    (QT_TRANSLATE_NOOP("SelectionMenu", "Let it know up to here and ask"), "ask"),
    (QT_TRANSLATE_NOOP("SelectionMenu", "Let it know up to here and explain"), "explain"),
    (QT_TRANSLATE_NOOP("SelectionMenu", "Let it know up to here: who is this?"), "who"),
)


def ahead_actions(menu: QMenu, view: PageView, selected: str) -> None:
    """The selection actions ahead of the boundary: each moves it to the end of the page first
    (the notice offers Undo); "Ask about the selection alone" leaves it where it is and puts only
    the words the reader chose in the question."""

    def let_it_know_and(mode: str) -> None:
        view.markReadHere.emit()
        view.askAbout.emit(selected, mode)

    for label, mode in AHEAD_ACTIONS:
        action = QAction(translate("SelectionMenu", label), menu)
        action.setObjectName(f"askAbout_{mode}")
        action.setToolTip(
            translate("SelectionMenu", "The assistant hasn't read this far: it will know the "
                      "book up to the end of this page (Undo by the progress bar)."))
        action.triggered.connect(lambda _=False, m=mode: let_it_know_and(m))
        menu.addAction(action)
    alone = QAction(translate("SelectionMenu", "Ask about the selection alone"), menu)
    alone.setObjectName("askAboutSelectionAlone")
    alone.setToolTip(
        translate("SelectionMenu",
                  "What the assistant knows stays where it is; it gets only these words."))
    alone.triggered.connect(lambda: view.askAbout.emit(selected, "ask"))
    menu.addAction(alone)
