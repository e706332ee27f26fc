"""The table of contents panel: nested entries, the current chapter highlighted, click to jump."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QTreeWidget, QTreeWidgetItem, QWidget

from reader_app.books.model import Book, Locator, TocEntry
from reader_app.translatable import QT_TRANSLATE_NOOP, place_words
from reader_app.ui.translation import said, translate

TARGET_ROLE = Qt.ItemDataRole.UserRole + 1


def entry_title(entry: TocEntry, *, paged: bool) -> str:
    """A contents entry as the book names it; in a comic's contents (`paged`), each page the
    opener named ("Page 1234") in the window's words and digits ("Seite 1.234")."""
    page = entry.target.section + 1
    if paged and entry.title == f"Page {page}":
        return said(place_words(QT_TRANSLATE_NOOP("Places", "Page {number}"), number=page))
    return entry.title


class TocDock(QDockWidget):
    jumpRequested = Signal(object)  # Locator

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("TocDock", "Contents"), parent)
        self.setObjectName("tocDock")
        self.tree = QTreeWidget()
        self.tree.setObjectName("tocTree")
        self.tree.setHeaderHidden(True)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        self.setWidget(self.tree)
        self._items: list[tuple[Locator, QTreeWidgetItem]] = []

    def set_book(self, book: Book | None) -> None:
        self.tree.clear()
        self._items = []
        if book is None:
            return
        for entry in book.toc:
            self.tree.addTopLevelItem(self._item(entry, paged=book.is_comic and
                                                 book.format != "pdf"))
        self.tree.expandToDepth(0)

    def _item(self, entry: TocEntry, *, paged: bool) -> QTreeWidgetItem:
        title = entry_title(entry, paged=paged)
        item = QTreeWidgetItem([title])
        item.setData(0, TARGET_ROLE, entry.target)
        item.setToolTip(0, title)
        self._items.append((entry.target, item))
        for child in entry.children:
            item.addChild(self._item(child, paged=paged))
        return item

    def highlight(self, position: Locator) -> None:
        """Select the innermost entry at or before `position`."""
        current = None
        for target, item in self._items:
            if target <= position:
                current = item
        self.tree.blockSignals(True)
        self.tree.clearSelection()
        if current is not None:
            current.setSelected(True)
            self.tree.setCurrentItem(current)
            self.tree.scrollToItem(current)
        self.tree.blockSignals(False)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        target = item.data(0, TARGET_ROLE)
        if isinstance(target, Locator):
            self.jumpRequested.emit(target)
