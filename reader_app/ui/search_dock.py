"""Search in the book (Ctrl+F): a results list with context, click to jump, next and previous."""

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

from reader_app.books.search import TextHit

HIT_ROLE = Qt.ItemDataRole.UserRole + 1


class SearchDock(QDockWidget):
    searchRequested = Signal(str)
    jumpRequested = Signal(object)  # Locator

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Search", parent)
        self.setObjectName("searchDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.input = QLineEdit()
        self.input.setObjectName("searchInput")
        self.input.setPlaceholderText("Search in the book")
        self.input.setClearButtonEnabled(True)
        self.input.returnPressed.connect(self._submit)
        layout.addWidget(self.input)
        row = QHBoxLayout()
        self.previous_button = QPushButton("Previous")
        self.previous_button.setObjectName("searchPrevious")
        self.next_button = QPushButton("Next")
        self.next_button.setObjectName("searchNext")
        self.previous_button.clicked.connect(self.previous_hit)
        self.next_button.clicked.connect(self.next_hit)
        row.addWidget(self.previous_button)
        row.addWidget(self.next_button)
        layout.addLayout(row)
        self.status = QLabel("")
        self.status.setObjectName("searchStatus")
        layout.addWidget(self.status)
        self.results = QListWidget()
        self.results.setObjectName("searchResults")
        self.results.setWordWrap(True)
        self.results.itemActivated.connect(self._jump_to_item)
        self.results.itemClicked.connect(self._jump_to_item)
        layout.addWidget(self.results, 1)
        self.setWidget(body)

    def focus_input(self) -> None:
        self.show()
        self.raise_()
        self.input.setFocus()
        self.input.selectAll()

    def _submit(self) -> None:
        query = self.input.text().strip()
        if query:
            self.status.setText("Searching…")
            self.searchRequested.emit(query)

    def show_results(self, hits: list[TextHit]) -> None:
        self.results.clear()
        for hit in hits:
            item = QListWidgetItem(f"{hit.chapter}\n{hit.context}" if hit.chapter else hit.context)
            item.setData(HIT_ROLE, hit)
            self.results.addItem(item)
        count = len(hits)
        self.status.setText("No matches" if count == 0 else f"{count} match{'es' * (count != 1)}")
        if hits:
            self.results.setCurrentRow(0)

    def next_hit(self) -> None:
        self._step(1)

    def previous_hit(self) -> None:
        self._step(-1)

    def _step(self, delta: int) -> None:
        count = self.results.count()
        if count == 0:
            return
        row = (self.results.currentRow() + delta) % count
        self.results.setCurrentRow(row)
        item = self.results.item(row)
        if item is not None:
            self._jump_to_item(item)

    def _jump_to_item(self, item: QListWidgetItem) -> None:
        hit = item.data(HIT_ROLE)
        if isinstance(hit, TextHit):
            self.jumpRequested.emit(hit.locator)
