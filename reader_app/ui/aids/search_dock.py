"""Search in the book (Ctrl+F): a results list with context, Next and Previous (ui/aids/find_bar.py
decides which match they go to)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.text.search import TextHit
from reader_app.ui.translation import Plurals, number_text, translate

HIT_ROLE = Qt.ItemDataRole.UserRole + 1


class SearchDock(QDockWidget):
    searchRequested = Signal(str)
    stepRequested = Signal(int)  # +1 next, -1 previous
    hitChosen = Signal(int)  # a row of the results, clicked
    jumpRequested = Signal(object)  # Locator: the match just gone to (the page takes the keys)

    def __init__(self, parent: QWidget | None = None) -> None:
        # as the toolbar and menu say
        super().__init__(translate("SearchDock", "Find in Book"), parent)
        self.setObjectName("searchDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.input = QLineEdit()
        self.input.setObjectName("searchInput")
        self.input.setPlaceholderText(self.tr("Search in the book"))
        self.input.setClearButtonEnabled(True)
        self.input.returnPressed.connect(self._submit)
        layout.addWidget(self.input)
        row = QHBoxLayout()
        self.previous_button = QPushButton(self.tr("Previous"))
        self.previous_button.setObjectName("searchPrevious")
        self.next_button = QPushButton(self.tr("Next"))
        self.next_button.setObjectName("searchNext")
        self.previous_button.clicked.connect(self.previous_hit)
        self.next_button.clicked.connect(self.next_hit)
        row.addWidget(self.previous_button)
        row.addWidget(self.next_button)
        layout.addLayout(row)
        self.status = QLabel("")
        self.status.setObjectName("searchStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.results = QListWidget()
        self.results.setObjectName("searchResults")
        self.results.setWordWrap(True)
        self.results.itemActivated.connect(self._choose_item)
        self.results.itemClicked.connect(self._choose_item)
        layout.addWidget(self.results, 1)
        self.setWidget(body)
        self._count_text = ""

    def focus_input(self) -> None:
        self.show()
        self.raise_()
        self.input.setFocus()
        self.input.selectAll()

    def _submit(self) -> None:
        query = self.input.text().strip()
        if query:
            self.searchRequested.emit(query)

    def set_status(self, text: str) -> None:
        self.status.setText(text)

    def show_results(self, hits: list[TextHit], *, status: str | None = None) -> None:
        self.results.clear()
        for hit in hits:
            item = QListWidgetItem(f"{hit.chapter}\n{hit.context}" if hit.chapter else hit.context)
            item.setData(HIT_ROLE, hit)
            item.setToolTip(hit.context)
            self.results.addItem(item)
        count = len(hits)
        self._count_text = (self.tr("No matches") if count == 0
                            else Plurals().matches(count))
        self.status.setText(self._count_text if status is None else status)

    def set_current(self, index: int, *, note: str = "") -> None:
        """Show match `index` as the current one, with a note (a wrap) if there is one."""
        self.results.setCurrentRow(index)
        place = self.tr("{0} of {1}").format(number_text(index + 1),
                                             number_text(self.results.count()))
        self.status.setText(f"{place} · {note}" if note else place)

    def next_hit(self) -> None:
        self.stepRequested.emit(1)

    def previous_hit(self) -> None:
        self.stepRequested.emit(-1)

    def _choose_item(self, item: QListWidgetItem) -> None:
        self.hitChosen.emit(self.results.row(item))
