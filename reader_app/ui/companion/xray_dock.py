"""The X-Ray dock: people and places met so far, a card for each, the map, the story so far.

Display only: `ui/companion/controller.py` fetches what it shows in workers. Links in the card
and the story are `jump:<section>.<block>.<char>` and only move the view, never the boundary.
"""

from __future__ import annotations

import html
from itertools import groupby
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.model import Locator
from reader_app.rag.companion.words import AS_OF_WORDS
from reader_app.rag.companion.xray import RelationshipMap, XRayEntry
from reader_app.translatable import Sentence
from reader_app.ui.companion.relationship_view import MapPanel, MapWindow
from reader_app.ui.translation import Plurals, number_text, said, translate

if TYPE_CHECKING:  # the companion's features and recaps bring the model gateway (httpx)
    from reader_app.rag.companion.features import XRayCard
    from reader_app.rag.companion.recaps import StorySoFar

KEY_ROLE = Qt.ItemDataRole.UserRole + 1
TAB_PEOPLE, TAB_MAP, TAB_STORY = 0, 1, 2


def jump_link(locator: Locator) -> str:
    return f"jump:{locator.section}.{locator.block}.{locator.char}"


def parse_jump(url: QUrl | str) -> Locator | None:
    text = url.toString() if isinstance(url, QUrl) else url
    if not text.startswith("jump:"):
        return None
    try:
        section, block, char = (int(p) for p in text.removeprefix("jump:").split("."))
    except ValueError:
        return None
    return Locator(section, block, char)


class XRayDock(QDockWidget):
    jumpRequested = Signal(object)  # Locator: the boundary stays put
    cardRequested = Signal(int)  # entry key
    talkRequested = Signal(int, str)  # entry key, name: "Talk to Elizabeth" on a card
    tabShown = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("XRayDock", "X-Ray"), parent)
        self.setObjectName("xrayDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        self.header = QLabel("")
        self.header.setObjectName("xrayKnowsUpTo")
        self.header.setWordWrap(True)
        layout.addWidget(self.header)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("xrayTabs")
        layout.addWidget(self.tabs, 1)

        people = QSplitter(Qt.Orientation.Vertical)
        self.list = QListWidget()
        self.list.setObjectName("xrayList")
        self.list.currentItemChanged.connect(self._current_changed)
        self.card = QTextBrowser()
        self.card.setObjectName("xrayCard")
        self.card.setOpenLinks(False)
        self.card.anchorClicked.connect(self._link)
        people.addWidget(self.list)
        people.addWidget(self.card)
        people.setSizes([220, 280])
        self.tabs.addTab(people, self.tr("People && places"))

        self.map_panel = MapPanel()
        self.map_view = self.map_panel.view
        self.map_view.nodeClicked.connect(self.select_key)
        self.map_panel.buttons["mapOpenWindow"].clicked.connect(self.open_map_window)
        self.map_window: MapWindow | None = None  # the map in a window of its own, once asked
        self.tabs.addTab(self.map_panel, self.tr("Map"))

        self.story = QTextBrowser()
        self.story.setObjectName("storyView")
        self.story.setOpenLinks(False)
        self.story.anchorClicked.connect(self._link)
        self.tabs.addTab(self.story, self.tr("Story so far"))
        self.tabs.currentChanged.connect(self.tabShown.emit)
        self.setWidget(body)
        self.entries: list[XRayEntry] = []
        self.current_card: XRayCard | None = None

    # -- what the controller feeds in -------------------------------------------------------

    def show_entries(self, entries: list[XRayEntry], *, knows_up_to: Sentence | str) -> None:
        """`knows_up_to`: how far the reader has read (rag/assistant/places.py's sentence)."""
        self.header.setText(self.tr("Knows up to: {0}").format(said(knows_up_to)))
        selected = self.selected_key()
        self.entries = entries
        self.list.blockSignals(True)
        self.list.clear()
        for entry in entries:
            kind = self.tr(" · place") if entry.kind == "place" else ""
            item = QListWidgetItem(f"{entry.name}  ({number_text(entry.mentions)}){kind}")
            item.setData(KEY_ROLE, entry.key)
            if entry.aliases:
                item.setToolTip(self.tr("Also: {0}").format(", ".join(entry.aliases)))
            self.list.addItem(item)
        self.list.blockSignals(False)
        if not entries:
            self.card.setHtml(self.tr("<p>Nobody met yet: people and places appear here as you "
                                      "read.</p>"))
            self.current_card = None
        elif selected is not None and any(e.key == selected for e in entries):
            self.select_key(selected, emit=False)
        else:
            self.card.setHtml(self.tr("<p>Choose a name to see what you know so far.</p>"))
            self.current_card = None

    def names(self) -> list[str]:
        return [e.name for e in self.entries]

    def selected_key(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(KEY_ROLE))

    def select_key(self, key: int, *, emit: bool = True) -> None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            if int(item.data(KEY_ROLE)) == key:
                self.list.blockSignals(True)
                self.list.setCurrentItem(item)
                self.list.blockSignals(False)
        self.map_view.select(key)
        if self.map_window is not None:
            self.map_window.view.select(key)
        if emit:
            self.cardRequested.emit(key)

    def show_card(self, card: XRayCard, *, writing: bool = False) -> None:
        self.current_card = card
        entry, first = card.entry, card.first_appearance
        parts = [f"<h3>{html.escape(entry.name)}</h3>"]
        if entry.aliases:
            parts.append("<p><i>" + self.tr("Also: {0}").format(html.escape(", ".join(
                entry.aliases))) + "</i></p>")
        count = entry.mentions  # the list's number: sentences naming them, each once
        link = (f'<a href="{jump_link(first.locator)}">'
                f'{html.escape(first.chapter or self.tr("the book"))}</a>')
        parts.append("<p>" + Plurals().mentions(count).format(link) + "</p>")
        description = card.description
        if description.source == "model":
            as_of = description.as_of
            if as_of in AS_OF_WORDS:  # no chapter title: words of the companion's, translated
                as_of = translate("XRayDock", as_of)
            note = self.tr("As of {0}").format(html.escape(as_of))
            if card.stale and writing:
                note += self.tr(" · updating…")
        else:
            note = self.tr("From the text") + (
                self.tr(" · a description is being written…") if writing else "")
        parts.append(f"<p><b>{self._label(note)}</b> {html.escape(description.text)}</p>")
        if entry.kind == "person":
            parts.append(f'<p><a href="talk:{entry.key}">'
                         + self.tr("Talk to {0}").format(html.escape(entry.name)) + "</a></p>")
        parts.append(self.tr("<p><b>Every mention</b> (jumps; what the assistant knows stays "
                             "put):</p>"))
        for chapter, places in groupby(card.mentions, key=lambda m: m.chapter):
            links = " ".join(
                f'<a href="{jump_link(m.locator)}">{number_text(n)}</a>'
                for n, m in enumerate(places, start=1)
            )
            parts.append(f"<p>{self._label(html.escape(chapter or self.tr('Untitled')))} "
                         f"{links}</p>")
        self.card.setHtml("".join(parts))

    def _label(self, text: str) -> str:
        return self.tr("{0}:", "a label before its text (French: a no-break space before ':')"
                       ).format(text)

    def show_map(self, relationships: RelationshipMap | None) -> None:
        self.map_view.set_map(relationships)
        if self.map_window is not None:
            self.map_window.view.set_map(relationships)

    def open_map_window(self) -> MapWindow:
        """The map in a window of its own, big enough to read, following the dock's."""
        if self.map_window is None:
            self.map_window = MapWindow(self)
            self.map_window.view.nodeClicked.connect(self.select_key)
        self.map_window.view.set_map(self.map_view.map)
        self.map_window.view.select(self.map_view.selected)
        self.map_window.show()
        self.map_window.raise_()
        return self.map_window

    def show_story(self, story: StorySoFar, *, locators: dict[int, Locator]) -> None:
        self.story.setHtml(story_html(story, locators=locators))

    def show_tab(self, tab: int) -> None:
        self.show()
        self.raise_()
        self.tabs.setCurrentIndex(tab)

    # -- internals --------------------------------------------------------------------------

    def _current_changed(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is not None:
            self.select_key(int(item.data(KEY_ROLE)))

    def _link(self, url: QUrl) -> None:
        key = url.toString().removeprefix("talk:")
        if key.isdigit() and self.current_card is not None:
            self.talkRequested.emit(int(key), self.current_card.entry.name)
            return
        locator = parse_jump(url)
        if locator is not None:
            self.jumpRequested.emit(locator)


def story_html(story: StorySoFar, *, locators: dict[int, Locator]) -> str:
    """Each paragraph cites the chapter it summarises, as a link to its start."""
    if not story.paragraphs:
        return translate("XRayDock",
                         "<p>Nothing read yet: the story so far appears here as you read.</p>")
    parts = []
    for paragraph in story.paragraphs:
        chapter = paragraph.chapter
        title = html.escape(chapter.title or translate("XRayDock", "Chapter {0}").format(
            number_text(chapter.number + 1)))
        where = locators.get(chapter.number)
        cite = f'<a href="{jump_link(where)}">{title}</a>' if where else title
        if paragraph.partial:
            cite += translate("XRayDock", " (so far)")
        note = "" if paragraph.source == "model" else translate("XRayDock", " <i>(extract)</i>")
        parts.append(f"<p>{html.escape(paragraph.text)} — {cite}{note}</p>")
    return "".join(parts)
