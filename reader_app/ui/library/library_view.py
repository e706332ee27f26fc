"""The library: a grid of covers with title, author and progress; open, remove, sort."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QLocale, QModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QIcon,
    QImage,
    QKeyEvent,
    QPainter,
    QPixmap,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.shelf.library import LibraryEntry, ReadingState
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.translation import translate

COVER_SIZE = QSize(150, 225)
BOOK_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORTS = ((QT_TRANSLATE_NOOP("LibraryView", "Recently read"), "recent"),
         (QT_TRANSLATE_NOOP("LibraryView", "Title"), "title"),
         (QT_TRANSLATE_NOOP("LibraryView", "Author"), "author"))
PALETTE = ("#5b6c8f", "#8f5b5b", "#5b8f6c", "#8f7d5b", "#6c5b8f", "#5b858f", "#8f5b7d")


def generated_cover(title: str, author: str, size: QSize = COVER_SIZE) -> QImage:
    """A cover for books without one: title and author on a colour chosen by the title."""
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    colour = PALETTE[int(hashlib.sha1(title.encode()).hexdigest(), 16) % len(PALETTE)]
    image.fill(QColor(colour))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor(255, 255, 255, 90))
    painter.drawRect(QRect(8, 8, size.width() - 17, size.height() - 17))
    painter.setPen(QColor("white"))
    font = QFont("DejaVu Serif")
    font.setPointSizeF(13)
    font.setBold(True)
    painter.setFont(font)
    flags = Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap
    painter.drawText(QRect(16, 30, size.width() - 32, size.height() // 2), flags, title)
    font.setPointSizeF(10)
    font.setBold(False)
    painter.setFont(font)
    bottom = QRect(16, size.height() - 70, size.width() - 32, 50)
    painter.drawText(bottom, flags | Qt.AlignmentFlag.AlignBottom, author)
    painter.end()
    return image


def cover_pixmap(entry: LibraryEntry) -> QPixmap:
    canvas = QPixmap(COVER_SIZE)
    canvas.fill(Qt.GlobalColor.transparent)
    image = QImage()
    if not (entry.cover_png and image.loadFromData(entry.cover_png)):
        image = generated_cover(entry.title, entry.authors)
    scaled = image.scaled(
        COVER_SIZE, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
    )
    painter = QPainter(canvas)
    painter.drawImage(
        (COVER_SIZE.width() - scaled.width()) // 2, COVER_SIZE.height() - scaled.height(), scaled
    )
    # Reading progress as a thin bar along the bottom of the cover.
    if entry.progress > 0 or entry.finished:
        fraction = 1.0 if entry.finished else entry.progress
        painter.fillRect(0, COVER_SIZE.height() - 5, COVER_SIZE.width(), 5, QColor(0, 0, 0, 120))
        painter.fillRect(
            0, COVER_SIZE.height() - 5, int(COVER_SIZE.width() * fraction), 5, QColor("#f0b429")
        )
        _badge(painter, translate("LibraryView", "Finished") if entry.finished else translate(
            "LibraryView", "{0}%").format(QLocale().toString(max(round(entry.progress * 100), 1))))
    painter.end()
    return canvas


def _badge(painter: QPainter, text: str) -> None:
    """The reading progress in words, in the cover's corner above the bar."""
    font = QFont("DejaVu Sans")
    font.setPointSizeF(8.5)
    font.setBold(True)
    painter.setFont(font)
    width = painter.fontMetrics().horizontalAdvance(text) + 12
    box = QRect(COVER_SIZE.width() - width - 4, COVER_SIZE.height() - 27, width, 18)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 170))
    painter.drawRoundedRect(box, 8, 8)
    painter.setPen(QColor("white"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


SHOW = ((QT_TRANSLATE_NOOP("LibraryView", "All books"), "all"),
        (QT_TRANSLATE_NOOP("LibraryView", "Reading"), "reading"),
        (QT_TRANSLATE_NOOP("LibraryView", "Not started"), "new"),
        (QT_TRANSLATE_NOOP("LibraryView", "Finished"), "done"))


def entry_matches(entry: LibraryEntry, *, query: str, show: str) -> bool:
    """Whether `entry` is listed for the search words and the shelf chosen."""
    if show == "reading" and (entry.finished or entry.progress <= 0):
        return False
    if show == "new" and (entry.finished or entry.progress > 0):
        return False
    if show == "done" and not entry.finished:
        return False
    series = entry.series.name if entry.series else ""
    haystack = f"{entry.title} {entry.authors} {series} {entry.path.name}".casefold()
    return all(word in haystack for word in query.casefold().split())


class _Grid(QListView):
    removeRequested = Signal(str)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated.emit(self.currentIndex())
            return
        if event.key() == Qt.Key.Key_Delete and self.currentIndex().isValid():
            self.removeRequested.emit(self.currentIndex().data(BOOK_ID_ROLE))
            return
        super().keyPressEvent(event)


class LibraryView(QWidget):
    openRequested = Signal(str)  # book_id
    removeRequested = Signal(str)  # book_id
    sortChanged = Signal(str)
    openFileRequested = Signal()
    finishRequested = Signal(str)  # book_id: "Mark as Finished"
    detailsRequested = Signal(str)  # book_id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryView")
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.heading = QLabel(self.tr("Library"))
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        bar.addWidget(self.heading)
        bar.addStretch(1)
        self.search = QLineEdit()
        self.search.setObjectName("librarySearch")
        self.search.setPlaceholderText(self.tr("Search title, author or series"))
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(90)  # the window may be narrow; the box grows with it
        self.search.textChanged.connect(lambda _text: self._apply_filter())
        bar.addWidget(self.search)
        self.show_box = QComboBox()
        self.show_box.setObjectName("libraryShow")
        for label, key in SHOW:
            self.show_box.addItem(self.tr(label), key)
        self.show_box.currentIndexChanged.connect(lambda _index: self._apply_filter())
        bar.addWidget(self.show_box)
        bar.addWidget(QLabel(self.tr("Sort by")))
        self.sort_box = QComboBox()
        self.sort_box.setObjectName("librarySort")
        for label, key in SORTS:
            self.sort_box.addItem(self.tr(label), key)
        self.sort_box.currentIndexChanged.connect(
            lambda _: self.sortChanged.emit(self.sort_box.currentData())
        )
        bar.addWidget(self.sort_box)
        add = QPushButton(self.tr("Open a book…"))
        add.setObjectName("libraryOpenFile")
        add.clicked.connect(self.openFileRequested.emit)
        bar.addWidget(add)
        layout.addLayout(bar)

        self.grid = _Grid()
        self.grid.setObjectName("libraryGrid")
        self.grid.setViewMode(QListView.ViewMode.IconMode)
        self.grid.setIconSize(COVER_SIZE)
        self.grid.setGridSize(QSize(COVER_SIZE.width() + 40, COVER_SIZE.height() + 70))
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setWordWrap(True)
        self.grid.setUniformItemSizes(True)
        self.grid.setSpacing(8)
        self.grid.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.grid.customContextMenuRequested.connect(self._context_menu)
        self.grid.activated.connect(self._activated)
        self.grid.doubleClicked.connect(self._activated)
        self.grid.removeRequested.connect(self.removeRequested.emit)
        self.model = QStandardItemModel(self)
        self.grid.setModel(self.model)
        layout.addWidget(self.grid, 1)

        self.empty_label = QLabel(
            self.tr("Your library is empty. Open an EPUB or CBZ with File › Open (Ctrl+O), "
            "or drop one on this window.")
        )
        self.empty_label.setObjectName("libraryEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        layout.addWidget(self.empty_label)
        self.no_match = QLabel(self.tr("No books match."))
        self.no_match.setObjectName("libraryNoMatch")
        self.no_match.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_match.hide()
        layout.addWidget(self.no_match)
        self.entries: list[LibraryEntry] = []
        # The reader view's own state of books read this session (its writes land behind).
        self.known_state: Callable[[str], ReadingState | None] = lambda _book_id: None

    def set_sort(self, key: str) -> None:
        index = self.sort_box.findData(key)
        if index >= 0:
            self.sort_box.blockSignals(True)
            self.sort_box.setCurrentIndex(index)
            self.sort_box.blockSignals(False)

    def set_entries(self, entries: list[LibraryEntry]) -> None:
        self.model.clear()
        entries = [self.with_known_state(entry) for entry in entries]
        self.entries = entries
        for entry in entries:
            progress = self.tr("Finished") if entry.finished else self.tr("{0}%").format(
                QLocale().toString(round(entry.progress * 100)))
            subtitle = entry.authors or self.tr("Unknown author")
            item = QStandardItem(QIcon(cover_pixmap(entry)), f"{entry.title}\n{subtitle}")
            item.setToolTip(f"{entry.title}\n{subtitle}\n"
                            + self.tr("{0} read").format(progress) + f"\n{entry.path}")
            item.setData(entry.book_id, BOOK_ID_ROLE)
            item.setEditable(False)
            self.model.appendRow(item)
        self.empty_label.setVisible(not entries)
        self.grid.setVisible(bool(entries))
        self._apply_filter()

    def leave_out(self, book_id: str) -> None:
        """Stop showing a book being removed, before the library has caught up."""
        self.set_entries([entry for entry in self.entries if entry.book_id != book_id])

    def with_known_state(self, entry: LibraryEntry) -> LibraryEntry:
        state = self.known_state(entry.book_id)
        if state is None:
            return entry
        return replace(entry, progress=state.progress, finished=state.finished)

    def _apply_filter(self) -> None:
        query, show = self.search.text(), self.show_box.currentData()
        shown = 0
        for row, entry in enumerate(self.entries):
            visible = entry_matches(entry, query=query, show=show)
            self.grid.setRowHidden(row, not visible)
            shown += visible
        self.no_match.setVisible(bool(self.entries) and shown == 0)

    def visible_book_ids(self) -> list[str]:
        return [
            entry.book_id
            for row, entry in enumerate(self.entries)
            if not self.grid.isRowHidden(row)
        ]

    def book_ids(self) -> list[str]:
        return [self.model.item(row).data(BOOK_ID_ROLE) for row in range(self.model.rowCount())]

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.openRequested.emit(index.data(BOOK_ID_ROLE))

    def _context_menu(self, point: object) -> None:
        index = self.grid.indexAt(self.grid.viewport().mapFromGlobal(self.cursor().pos()))
        index = index if index.isValid() else self.grid.currentIndex()
        if not index.isValid():
            return
        book_id = index.data(BOOK_ID_ROLE)
        self.book_menu(book_id).exec(self.cursor().pos())

    def book_menu(self, book_id: str) -> QMenu:
        menu = QMenu(self)
        menu.setObjectName("libraryBookMenu")
        finished = any(e.finished for e in self.entries if e.book_id == book_id)
        for name, label, signal in (
            ("libraryOpen", self.tr("Open"), self.openRequested),
            ("libraryDetails", self.tr("Details…"), self.detailsRequested),
            ("libraryFinish", self.tr("Mark as Finished"), self.finishRequested),
            ("libraryRemove", self.tr("Remove from library"), self.removeRequested),
        ):
            action = QAction(label, menu)
            action.setObjectName(name)
            action.triggered.connect(lambda _=False, s=signal: s.emit(book_id))
            menu.addAction(action)
            if name == "libraryFinish":
                action.setEnabled(not finished)
        return menu
