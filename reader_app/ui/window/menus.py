"""The main window's menus, toolbar and keyboard shortcuts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar

from reader_app import APP_NAME
from reader_app.books.model import Book, Locator
from reader_app.settings import SettingsStore
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.aids.search_dock import SearchDock
from reader_app.ui.aids.toc import TocDock
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.companion.controller import CompanionController
from reader_app.ui.companion.xray_dock import XRayDock
from reader_app.ui.page.appearance import THEMES, Appearance
from reader_app.ui.reader.reader_page import ReaderPage
from reader_app.ui.translation import theme_name, translate
from reader_app.ui.window.reading_commands import change_size, show_go_to, zoom_comic


class MenuHost(Protocol):
    """What the menus need of the window: its parts and its public slots
    (`ui/window/main_window.py`)."""

    appearance: Appearance
    book: Book | None
    settings: SettingsStore
    reader: ReaderPage
    toc_dock: TocDock
    search_dock: SearchDock
    assistant_panel: AssistantPanel
    xray_dock: XRayDock
    companion: CompanionController

    def menuBar(self) -> QMenuBar: ...
    def addAction(self, action: QAction, /) -> None: ...
    def addToolBar(self, toolbar: QToolBar, /) -> None: ...
    def close(self) -> bool: ...
    def choose_file(self) -> None: ...
    def fill_recent_menu(self) -> None: ...
    def show_library(self) -> None: ...
    def prepare_whole_comic(self) -> None: ...
    def set_appearance(self, appearance: Appearance) -> None: ...
    def set_theme(self, key: str) -> None: ...
    def jump_to(self, locator: Locator) -> None: ...
    def toggle_justify(self) -> None: ...
    def show_appearance_dialog(self) -> None: ...
    def show_preferences(self, *, tab: str = "") -> None: ...
    def set_fit(self, key: str) -> None: ...
    def apply_comic_options(self, *, rtl_from_book: bool = False) -> None: ...
    def toggle_full_screen(self) -> None: ...
    def show_about(self) -> None: ...

Shortcut = QKeySequence | QKeySequence.StandardKey | str | list[QKeySequence] | None


def preferences_keys() -> list[QKeySequence]:
    """The platform's Settings key, and Ctrl+, where the platform has none (Linux, Windows)."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
    comma = QKeySequence("Ctrl+,")
    return keys if comma in keys else [*keys, comma]


def make_action(
    window: MenuHost,
    menu_name: str,
    text: str,
    slot: Callable[..., object],
    shortcut: Shortcut = None,
) -> QAction:
    action = QAction(text, window.menuBar())  # owned by the window's menu bar
    action.setObjectName(menu_name)
    if shortcut is not None:
        if isinstance(shortcut, list):
            action.setShortcuts(shortcut)
        else:
            action.setShortcut(shortcut)
    action.triggered.connect(slot)
    window.addAction(action)
    return action


# The page's own keys for the Go menu's moves ("Next Page", its text): shown beside them, not
# made shortcuts, since the page handles them (right to left, Left is the next page).
PAGE_MOVES = (("actionNextPage", QT_TRANSLATE_NOOP("Menus", "&Next Page"), "Right"),
              ("actionPreviousPage", QT_TRANSLATE_NOOP("Menus", "&Previous Page"), "Left"),
              ("actionStart", QT_TRANSLATE_NOOP("Menus", "Go to &Start"), "Home"),
              ("actionEnd", QT_TRANSLATE_NOOP("Menus", "Go to &End"), "End"))


def show_page_keys(go: QMenu, *, right_to_left: bool) -> None:
    """Each page move in the Go menu with its key, as a shortcut is shown (after a tab)."""
    swapped = {"Right": "Left", "Left": "Right"}
    for action in go.actions():
        for name, text, key in PAGE_MOVES:
            if action.objectName() == name:
                key = swapped.get(key, key) if right_to_left else key
                shown = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
                action.setText(f"{translate('Menus', text)}\t{shown}")


@dataclass(frozen=True)
class Menus:
    """The menu items the window keeps: it reads their state; they call its public slots."""

    recent_menu: QMenu
    toc_action: QAction
    assistant_action: QAction
    xray_action: QAction
    justify_action: QAction
    spread_action: QAction
    rtl_action: QAction


def build_menus(window: MenuHost) -> Menus:
    """The menus, toolbar and shortcuts of `window`, each wired to a public slot of it."""
    bar = window.menuBar()
    file_menu = bar.addMenu(translate("Menus", "&File"))
    file_menu.setObjectName("fileMenu")
    file_menu.addAction(
        make_action(
            window, "actionOpen",
            translate("Menus", "&Open…"), window.choose_file, QKeySequence.StandardKey.Open
        )
    )
    recent_menu = file_menu.addMenu(translate("Menus", "Open &Recent"))
    recent_menu.setObjectName("recentMenu")
    recent_menu.aboutToShow.connect(window.fill_recent_menu)
    library_action = make_action(window, "actionLibrary",
        translate("Menus", "&Library"), window.show_library, "Ctrl+L")
    file_menu.addAction(library_action)
    file_menu.addSeparator()
    file_menu.addAction(
        make_action(window, "actionQuit",
            translate("Menus", "&Quit"), window.close, QKeySequence.StandardKey.Quit)
    )

    view = bar.addMenu(translate("Menus", "&View"))
    view.setObjectName("viewMenu")
    toc_action = window.toc_dock.toggleViewAction()
    toc_action.setObjectName("actionToc")
    toc_action.setShortcut("Ctrl+T")
    view.addAction(toc_action)
    assistant_action = window.assistant_panel.toggleViewAction()
    assistant_action.setObjectName("actionAssistant")
    assistant_action.setText(translate("Menus", "&Assistant"))
    assistant_action.setShortcut("Ctrl+J")
    window.addAction(assistant_action)
    view.addAction(assistant_action)
    xray_action = window.xray_dock.toggleViewAction()
    xray_action.setObjectName("actionXRay")
    xray_action.setText(translate("Menus", "&X-Ray"))
    xray_action.setShortcut("Ctrl+Shift+X")
    window.addAction(xray_action)
    view.addAction(xray_action)
    find_action = make_action(
        window, "actionFind",
        translate("Menus", "&Find in Book…"), window.search_dock.focus_input, "Ctrl+F"
    )
    view.addAction(find_action)
    view.addAction(
        make_action(window, "actionFindNext",
            translate("Menus", "Find Next"), window.search_dock.next_hit, "F3")
    )
    view.addAction(
        make_action(
            window,
            "actionFindPrevious",
            translate("Menus", "Find Previous"),
            window.search_dock.previous_hit,
            "Shift+F3",
        )
    )
    view.addSeparator()
    view.addAction(
        make_action(
            window,
            "actionBigger",
            translate("Menus", "&Bigger Text"),
            lambda: change_size(window, 1),
            [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")],
        )
    )
    view.addAction(
        make_action(
            window,
            "actionSmaller",
            translate("Menus", "&Smaller Text"),
            lambda: change_size(window, -1),
            QKeySequence("Ctrl+-"),
        )
    )
    view.addAction(
        make_action(
            window, "actionDefaultSize",
            translate("Menus", "&Default Size"), lambda: change_size(window, 0), "Ctrl+0"
        )
    )
    themes = view.addMenu(translate("Menus", "&Theme"))
    themes.setObjectName("themeMenu")
    group = QActionGroup(window.menuBar())
    for key in ("system", *THEMES):
        action = make_action(
            window,
            f"actionTheme_{key}",
            theme_name(key),
            lambda _=False, k=key: window.set_theme(k),
        )
        action.setCheckable(True)
        action.setChecked(window.appearance.theme == key)
        group.addAction(action)
        themes.addAction(action)
    justify_action = make_action(
        window, "actionJustify", translate("Menus", "&Justify Text"), window.toggle_justify
    )
    justify_action.setCheckable(True)
    justify_action.setChecked(window.appearance.justify)
    view.addAction(justify_action)
    view.addAction(
        make_action(window, "actionAppearance",
            translate("Menus", "&Appearance…"), window.show_appearance_dialog)
    )
    view.addAction(
        make_action(
            window,
            "actionPreferences",
            translate("Menus", "&Settings…"),
            lambda: window.show_preferences(),
            preferences_keys(),
        )
    )
    view.addSeparator()
    view.addAction(
        make_action(window, "actionFullScreen",
            translate("Menus", "&Full Screen"), window.toggle_full_screen, "F11")
    )

    go = bar.addMenu(translate("Menus", "&Go"))
    go.setObjectName("goMenu")
    go.addAction(
        make_action(window, "actionNextPage",
            translate("Menus", "&Next Page"), lambda: window.reader.view.next_page())
    )
    go.addAction(
        make_action(
            window,
            "actionPreviousPage",
            translate("Menus", "&Previous Page"),
            lambda: window.reader.view.previous_page(),
        )
    )
    go.addAction(
        make_action(window, "actionStart",
            translate("Menus", "Go to &Start"), lambda: window.reader.view.go_home())
    )
    go.addAction(
        make_action(window, "actionEnd",
            translate("Menus", "Go to &End"), lambda: window.reader.view.go_end())
    )
    go.addAction(make_action(window, "actionGoTo", translate("Menus", "&Go To…"),
                             lambda: show_go_to(window, window.reader.window()), "Ctrl+G"))
    go.aboutToShow.connect(
        lambda: show_page_keys(go, right_to_left=window.reader.view.right_to_left()))
    show_page_keys(go, right_to_left=False)
    go.addSeparator()
    go.addAction(
        make_action(
            window,
            "actionStorySoFar",
            translate("Menus", "The &Story So Far"),
            window.companion.show_story,
            "Ctrl+Shift+S",
        )
    )
    go.addAction(
        make_action(
            window, "actionMarkRead",
            translate("Menus", "&Mark as Read up to Here"), window.reader.mark_read_here
        )
    )
    go.addAction(
        make_action(
            window,
            "actionResetBoundary",
            translate("Menus", "&Reset What the Assistant Knows…"),
            window.reader.confirm_reset,
        )
    )

    comics = bar.addMenu(translate("Menus", "&Comics"))
    comics.setObjectName("comicsMenu")
    fit_group = QActionGroup(window.menuBar())
    for key, label in (
        ("page", QT_TRANSLATE_NOOP("Menus", "Fit &Page")),
        ("width", QT_TRANSLATE_NOOP("Menus", "Fit &Width")),
        ("height", QT_TRANSLATE_NOOP("Menus", "Fit &Height")),
        ("actual", QT_TRANSLATE_NOOP("Menus", "&Actual Size")),
    ):
        action = make_action(
            window, f"actionFit_{key}", translate("Menus", label),
            lambda _=False, k=key: window.set_fit(k)
        )
        action.setCheckable(True)
        action.setChecked(window.settings.get("comics.fit") == key)
        fit_group.addAction(action)
        comics.addAction(action)
    comics.addSeparator()
    # The keys are View's Bigger/Smaller/Default Size, which zoom a comic's page: shown here,
    # not bound twice (a key bound to two actions does neither).
    zoom_actions = [
        make_action(window, name, f"{translate('Menus', label)}\t{keys}",
                    lambda _=False, step=step: zoom_comic(window, step))
        for name, label, keys, step in (
            ("actionComicZoomIn", QT_TRANSLATE_NOOP("Menus", "Zoom &In"), "Ctrl++", 1),
            ("actionComicZoomOut", QT_TRANSLATE_NOOP("Menus", "Zoom &Out"), "Ctrl+-", -1),
            ("actionComicZoomReset",
             QT_TRANSLATE_NOOP("Menus", "Fit &Again (Reset Zoom)"), "Ctrl+0", 0),
        )
    ]
    comics.addActions(zoom_actions)
    comics.addSeparator()
    spread_action = make_action(
        window, "actionSpread", translate("Menus", "Two-Page &Spreads"), window.apply_comic_options
    )
    spread_action.setCheckable(True)
    spread_action.setChecked(window.settings.get("comics.spread"))
    comics.addAction(spread_action)
    rtl_action = make_action(
        window, "actionRightToLeft",
        translate("Menus", "&Right to Left"), window.apply_comic_options
    )
    rtl_action.setCheckable(True)
    comics.addAction(rtl_action)

    comics.addSeparator()
    comics.addAction(
        make_action(
            window,
            "actionPrepareComic",
            translate("Menus", "Prepare Whole Comic for the Assistant"),
            window.prepare_whole_comic,
        )
    )

    toolbar = QToolBar(translate("Menus", "Main"))
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    toolbar.addAction(library_action)
    toolbar.addAction(toc_action)
    toolbar.addAction(find_action)
    toolbar.addAction(assistant_action)
    toolbar.addAction(xray_action)
    window.addToolBar(toolbar)
    # What needs a book waits for one: Contents, Find, the assistant, X-Ray, Go To.
    needs_book = [toc_action, find_action, assistant_action, xray_action,
                  *(a for a in go.actions() if a.objectName() == "actionGoTo")]

    def book_changed(book: object) -> None:
        for action in needs_book:
            action.setEnabled(book is not None)
        for action in zoom_actions:
            action.setEnabled(bool(getattr(book, "is_comic", False)))

    book_changed(None)
    window.reader.bookChanged.connect(book_changed)

    help_menu = bar.addMenu(translate("Menus", "&Help"))
    help_menu.setObjectName("helpMenu")
    help_menu.addAction(make_action(
        window, "actionAbout", translate("Menus", "&About {0}").format(APP_NAME),
        window.show_about))
    return Menus(recent_menu, toc_action, assistant_action, xray_action, justify_action,
                 spread_action, rtl_action)
