"""The annotations dock: the book's highlights, notes and bookmarks as a list to jump from."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reader_app.books.shelf.annotations import COLOURS, Annotation
from reader_app.ui.translation import translate

ID_ROLE = Qt.ItemDataRole.UserRole + 1


def swatch(colour: str) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(QColor(COLOURS[colour][1]) if colour in COLOURS else QColor("#b04a4a"))
    return QIcon(pixmap)


class _List(QListWidget):
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem():
            self.itemActivated.emit(self.currentItem())
            return
        super().keyPressEvent(event)


class AnnotationsDock(QDockWidget):
    """Lists annotations; says what the reader asked for and never changes them itself."""

    jumpRequested = Signal(str)  # annotation id
    noteRequested = Signal(str)
    colourRequested = Signal(str, str)  # id, colour key
    explainRequested = Signal(str)
    removeRequested = Signal(str)
    exportRequested = Signal()
    saveAnswerRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("AnnotationsDock", "Annotations"), parent)
        self.setObjectName("annotationsDock")
        self.setMinimumWidth(200)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        self.filter = QLineEdit()
        self.filter.setObjectName("annotationsFilter")
        self.filter.setPlaceholderText(self.tr("Filter highlights, notes and bookmarks"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        layout.addWidget(self.filter)

        self.offer = QFrame()
        self.offer.setObjectName("answerNoteOffer")
        self.offer.setFrameShape(QFrame.Shape.StyledPanel)
        offer_layout = QVBoxLayout(self.offer)
        self.offer_label = QLabel("")
        self.offer_label.setWordWrap(True)
        offer_layout.addWidget(self.offer_label)
        offer_buttons = QHBoxLayout()
        self.save_answer = QPushButton(self.tr("Save as note"))
        self.save_answer.setObjectName("saveAnswerAsNote")
        self.save_answer.clicked.connect(self.saveAnswerRequested.emit)
        not_now = QPushButton(self.tr("Not now"))
        not_now.clicked.connect(self.offer.hide)
        offer_buttons.addWidget(self.save_answer)
        offer_buttons.addWidget(not_now)
        offer_layout.addLayout(offer_buttons)
        self.offer.hide()
        layout.addWidget(self.offer)

        self.list = _List()
        self.list.setObjectName("annotationsList")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        self.list.itemActivated.connect(self._activated)
        self.list.itemDoubleClicked.connect(self._activated)
        layout.addWidget(self.list, 1)
        self.empty = QLabel(
            self.tr("No highlights yet. Select text and choose Highlight, or press Ctrl+B for "
                    "a bookmark.")
        )
        self.empty.setWordWrap(True)
        self.empty.setObjectName("annotationsEmpty")
        layout.addWidget(self.empty)
        export = QPushButton(self.tr("Export to Markdown…"))
        export.setObjectName("exportAnnotations")
        export.clicked.connect(self.exportRequested.emit)
        layout.addWidget(export)
        self.setWidget(body)
        self._by_id: dict[str, Annotation] = {}

    def show_annotations(self, rows: list[tuple[Annotation, str]]) -> None:
        """`rows`: each annotation in reading order with where it is ("Chapter 3 · 12%"), in the
        window's words."""
        self.list.clear()
        self._by_id = {a.annotation_id: a for a, _ in rows}
        for annotation, place in rows:
            if annotation.kind == "bookmark":
                words = annotation.text if len(annotation.text) <= 70 else (
                    annotation.text[:69].rsplit(" ", 1)[0] + "…")  # fmt: skip
                item = QListWidgetItem(swatch("bookmark"),
                                       self.tr("Bookmark: {0}").format(words) + f"\n{place}")
            else:
                quote = annotation.text if len(annotation.text) <= 160 else (
                    annotation.text[:159].rsplit(" ", 1)[0] + "…")  # fmt: skip
                text = self.tr("“{0}”").format(quote)  # the language's own quotation marks
                if annotation.note:
                    text += "\n" + self.tr("Note: {0}").format(annotation.note)
                item = QListWidgetItem(swatch(annotation.colour), f"{text}\n{place}")
            item.setData(ID_ROLE, annotation.annotation_id)
            item.setToolTip(annotation.note or annotation.text)
            self.list.addItem(item)
        self.empty.setVisible(not rows)
        self._apply_filter(self.filter.text())

    def ids(self) -> list[str]:
        """The ids listed, visible ones only, in order."""
        return [
            self.list.item(row).data(ID_ROLE)
            for row in range(self.list.count())
            if not self.list.item(row).isHidden()
        ]

    def select(self, annotation_id: str) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(ID_ROLE) == annotation_id:
                self.list.setCurrentRow(row)

    def offer_answer(self, text: str) -> None:
        short = text if len(text) <= 200 else text[:199] + "…"
        self.offer_label.setText(
            self.tr("Keep the assistant's answer as this highlight's note?") + f"\n{short}")
        self.offer.show()

    def _apply_filter(self, text: str) -> None:
        words = text.casefold().split()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(not all(w in item.text().casefold() for w in words))

    def _activated(self, item: QListWidgetItem) -> None:
        self.jumpRequested.emit(item.data(ID_ROLE))

    def _context_menu(self, point: QPoint) -> None:
        item = self.list.itemAt(point)
        if item is None:
            return
        self.build_menu(item.data(ID_ROLE)).exec(self.list.viewport().mapToGlobal(point))

    def build_menu(self, annotation_id: str) -> QMenu:
        annotation = self._by_id[annotation_id]
        menu = QMenu(self)
        menu.addAction(
            self.tr("Go to")).triggered.connect(lambda: self.jumpRequested.emit(annotation_id))
        if annotation.kind == "highlight":
            menu.addAction(self.tr("Edit note…")).triggered.connect(
                lambda: self.noteRequested.emit(annotation_id)
            )
            colours = menu.addMenu(self.tr("Colour"))
            for key, (label, _rgb) in COLOURS.items():
                action = colours.addAction(swatch(key), translate("Colours", label))
                action.triggered.connect(
                    lambda _=False, k=key: self.colourRequested.emit(annotation_id, k)
                )
            menu.addAction(self.tr("Explain this highlight")).triggered.connect(
                lambda: self.explainRequested.emit(annotation_id)
            )
        menu.addSeparator()
        label = (self.tr("Remove bookmark") if annotation.kind == "bookmark"
                 else self.tr("Remove highlight"))
        menu.addAction(label).triggered.connect(lambda: self.removeRequested.emit(annotation_id))
        return menu
