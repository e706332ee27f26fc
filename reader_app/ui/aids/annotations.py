"""Highlights, notes and bookmarks in the window: made from the page, drawn on it, listed, kept.

The list in memory is the truth while a book is open; the writer records each change behind,
so the page never waits for the database.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QHelpEvent, QPainter, QPolygonF
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMenu, QToolTip

from reader_app.books.model import Book, Locator
from reader_app.books.shelf.annotations import (
    COLOURS,
    DEFAULT_COLOUR,
    Annotation,
    AnnotationStore,
    bookmark_excerpt,
    export_markdown,
    in_order,
    new_bookmark,
    new_highlight,
    place_label,
    reanchored,
    with_colour,
    with_note,
)
from reader_app.rag.assistant.answer_view import answer_plain_text
from reader_app.rag.assistant.conversations import Message
from reader_app.ui.aids.aids_host import AidsHost
from reader_app.ui.aids.annotations_dock import AnnotationsDock, swatch
from reader_app.ui.page.document import SectionDocument
from reader_app.ui.reader.comic_view import ComicView
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.reader.page_view import paint_selection
from reader_app.ui.translation import said, translate

HIGHLIGHT_ALPHA = 120
RIBBON = "#c0392b"


class AnnotationsController(QObject):
    """The open book's annotations: the page's menu and underlay, the dock, the store."""

    def __init__(self, window: AidsHost) -> None:
        super().__init__(window.reader)
        self.window = window
        # The page view with the words: the comic view's pages, for a PDF's drawn words
        self.view: EpubView | ComicView = window.reader.epub_view
        self.book: Book | None = None
        self.items: list[Annotation] = []
        self.explaining: str | None = None  # the highlight the assistant was asked about
        self.offered: tuple[str, str] | None = None  # (highlight id, answer text) to keep
        self.dock = AnnotationsDock()
        self.view.underlays.append(self.paint)
        self.view.menu_hooks.append(self.extend_menu)
        self.view.installEventFilter(self)
        pdf_view = window.reader.comic_view  # a PDF's pages: highlights over the drawn words
        pdf_view.overlays.append(self.paint_pdf)
        pdf_view.menu_hooks.append(self.extend_menu)
        pdf_view.installEventFilter(self)
        dock = self.dock
        dock.jumpRequested.connect(self.jump)
        dock.noteRequested.connect(self.ask_for_note)
        dock.colourRequested.connect(self.set_colour)
        dock.explainRequested.connect(self.explain)
        dock.removeRequested.connect(self.remove)
        dock.exportRequested.connect(self.choose_export)
        dock.saveAnswerRequested.connect(self.save_offered_answer)

    # -- the book ---------------------------------------------------------------------------

    def set_book(self, book: Book | None) -> None:
        self.book, self.explaining, self.offered = book, None, None
        self.dock.offer.hide()
        pdf = book is not None and book.format == "pdf"
        self.view = self.window.reader.comic_view if pdf else self.window.reader.epub_view
        if book is None or (book.is_comic and not pdf):
            self.items = []
        else:
            stored = AnnotationStore(self.window.library.conn).for_book(book.book_id)
            self.items = [reanchored(book, annotation) for annotation in stored]
            for moved in set(self.items) - set(stored):
                self._save_behind(moved)
        self._changed()

    def highlights(self) -> list[Annotation]:
        return [a for a in self.items if a.kind == "highlight"]

    def bookmarks(self) -> list[Annotation]:
        return [a for a in self.items if a.kind == "bookmark"]

    def find(self, annotation_id: str) -> Annotation | None:
        return next((a for a in self.items if a.annotation_id == annotation_id), None)

    # -- changes ----------------------------------------------------------------------------

    def highlight_selection(self, colour: str = DEFAULT_COLOUR) -> Annotation | None:
        """Highlight the text selected on the page."""
        selected = self.view.selection_range()
        if self.book is None or selected is None:
            return None
        start, end = selected
        annotation = new_highlight(
            book_id=self.book.book_id, start=start, end=end, text=self.view.selected_text(),
            colour=colour,
        )  # fmt: skip
        self._save(annotation)
        self.view.clear_selection()
        return annotation

    def toggle_bookmark(self) -> Annotation | None:
        """Bookmark the page on screen, or remove its bookmark; the new bookmark if one was made."""
        if self.book is None or not self.annotatable():
            return None
        on_page = self.bookmarks_on_page()
        if on_page:
            for bookmark in on_page:
                self.remove(bookmark.annotation_id)
            return None
        start = self.view.current_start()
        text = bookmark_excerpt(self.book, start)  # whole sentences, no heading
        bookmark = new_bookmark(book_id=self.book.book_id, at=start, text=text)
        self._save(bookmark)
        return bookmark

    def bookmarks_on_page(self) -> list[Annotation]:
        if self.book is None or self.view.book is None:
            return []
        start, end = self.view.current_start(), self.view.current_end()
        return [b for b in self.bookmarks() if start <= b.start < end or b.start == start]

    def set_note(self, annotation_id: str, note: str) -> None:
        annotation = self.find(annotation_id)
        if annotation is not None:
            self._save(with_note(annotation, note))

    def set_colour(self, annotation_id: str, colour: str) -> None:
        annotation = self.find(annotation_id)
        if annotation is not None and annotation.kind == "highlight":
            self._save(with_colour(annotation, colour))

    def remove(self, annotation_id: str) -> None:
        self.items = [a for a in self.items if a.annotation_id != annotation_id]
        self._write(lambda store: store.remove(annotation_id))
        self._changed()

    def _save(self, annotation: Annotation) -> None:
        others = [a for a in self.items if a.annotation_id != annotation.annotation_id]
        self.items = in_order([*others, annotation])
        self._write(lambda store: store.save(annotation))
        self._changed()

    def _save_behind(self, annotation: Annotation) -> None:
        self._write(lambda store: store.save(annotation))

    def _write(self, change: Callable[[AnnotationStore], None]) -> None:
        self.window.writer.submit(lambda conn: change(AnnotationStore(conn)))

    def _changed(self) -> None:
        book = self.book
        rows = [(a, said(place_label(book, a))) for a in self.items] \
            if book is not None else []
        self.dock.show_annotations(rows)
        self.view.update()

    # -- the assistant ----------------------------------------------------------------------

    def explain(self, annotation_id: str, *, let_it_know: bool = False) -> bool:
        """Ask the assistant about a highlight, as about any selection; False if it is unread.
        `let_it_know`: the reader chose to move the boundary to the end of the page first."""
        annotation = self.find(annotation_id)
        if annotation is not None and let_it_know and not self.view.is_read(annotation.end):
            self.view.markReadHere.emit()  # said by the notice, with Undo
            self.explaining, self.offered = annotation_id, None
            self.view.askAbout.emit(annotation.text, "explain")
            return True
        if annotation is None or not self.view.is_read(annotation.end):
            self.window.statusBar().showMessage(
                self.tr("The assistant hasn't read this far: mark it as read first."), 6000
            )
            return False
        self.explaining, self.offered = annotation_id, None
        self.view.askAbout.emit(annotation.text, "explain")
        return True

    def answer_finished(self, message: Message) -> None:
        """An answer arrived: if it explains a highlight, offer to keep it as the note."""
        if self.explaining is None or self.find(self.explaining) is None:
            return
        text = answer_plain_text(message, say=said)
        if not text:
            return
        self.offered = (self.explaining, text)
        self.explaining = None
        self.dock.select(self.offered[0])
        self.dock.offer_answer(text)

    def save_offered_answer(self) -> None:
        if self.offered is not None:
            annotation_id, text = self.offered
            annotation = self.find(annotation_id)
            if annotation is not None:
                joined = f"{annotation.note}\n\n{text}" if annotation.note else text
                self.set_note(annotation_id, joined)
        self.offered = None
        self.dock.offer.hide()

    # -- moving and exporting ---------------------------------------------------------------

    def jump(self, annotation_id: str) -> None:
        annotation = self.find(annotation_id)
        if annotation is not None:
            self.window.jump_to(annotation.start)
            self.view.setFocus()

    def export_to(self, path: Path) -> None:
        if self.book is not None:
            path.write_text(export_markdown(self.book, self.items), encoding="utf-8")

    def choose_export(self) -> None:
        if self.book is None:
            return
        suggested = str(Path.home() / f"{self.book.metadata.title} - annotations.md")
        path, _ = QFileDialog.getSaveFileName(
            self.view.window(), self.tr("Export annotations"), suggested, "Markdown (*.md)"
        )
        if path:
            try:
                self.export_to(Path(path))
            except OSError as error:
                self.window.statusBar().showMessage(
                    self.tr("Couldn't export: {0}").format(error), 8000)
                return
            self.window.statusBar().showMessage(
                self.tr("Annotations exported to {0}").format(path), 6000)

    def ask_for_note(self, annotation_id: str) -> None:
        annotation = self.find(annotation_id)
        if annotation is None:
            return
        dialog = QInputDialog(self.view.window())
        dialog.setObjectName("noteDialog")
        dialog.setWindowTitle(self.tr("Note"))
        dialog.setLabelText(
            self.tr("Note on “{0}”").format(quoted_excerpt(annotation.text)))
        dialog.setOption(QInputDialog.InputDialogOption.UsePlainTextEditForTextInput)
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(annotation.note)
        dialog.textValueSelected.connect(lambda text: self.set_note(annotation_id, text))
        dialog.open()

    # -- the page ---------------------------------------------------------------------------

    def highlight_at(self, locator: Locator | None) -> Annotation | None:
        if locator is None:
            return None
        return next((a for a in self.highlights() if a.covers(locator)), None)

    def annotatable(self) -> bool:
        """Whether the open book takes highlights and bookmarks: a book's text, a PDF's words
        (a comic's pictures do not)."""
        return self.book is not None and (not self.book.is_comic or self.book.format == "pdf")

    def extend_menu(self, menu: QMenu) -> None:
        if self.book is None or not self.annotatable():
            return
        menu.addSeparator()
        if self.view.selection_range() is not None:
            highlight = menu.addMenu(self.tr("Highlight"))
            highlight.setObjectName("highlightMenu")
            for key, (label, _rgb) in COLOURS.items():
                action = QAction(swatch(key), translate("Colours", label), highlight)
                action.setObjectName(f"highlight_{key}")
                action.triggered.connect(lambda _=False, k=key: self.highlight_selection(k))
                highlight.addAction(action)
        else:
            here = self.highlight_at(self.view.context_locator)
            if here is not None:
                self._highlight_actions(menu, here)
        label = (self.tr("Remove Bookmark") if self.bookmarks_on_page()
                 else self.tr("Bookmark This Page"))
        menu.addAction(label).triggered.connect(self.toggle_bookmark)

    def _highlight_actions(self, menu: QMenu, here: Annotation) -> None:
        hid = here.annotation_id
        menu.addAction(self.tr("Edit Note…")).triggered.connect(lambda: self.ask_for_note(hid))
        read = self.view.is_read(here.end)
        # Ahead of the boundary it says what it will do first, never a silent grey item.
        ahead = self.tr("Let It Know up to Here and Explain This Highlight")
        explain = menu.addAction(self.tr("Explain This Highlight") if read else ahead)
        explain.setObjectName("explainHighlight")
        explain.triggered.connect(lambda: self.explain(hid, let_it_know=not read))
        colours = menu.addMenu(self.tr("Highlight Colour"))
        for key, (label, _rgb) in COLOURS.items():
            colours.addAction(swatch(key), translate("Colours", label)).triggered.connect(
                lambda _=False, k=key: self.set_colour(hid, k)
            )
        menu.addAction(self.tr("Remove Highlight")).triggered.connect(lambda: self.remove(hid))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A highlight's note shows as its tooltip."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            here = self.highlight_at(self.view.locator_at_point(event.pos().toPointF()))
            if here is not None and here.note:
                QToolTip.showText(event.globalPos(), here.note, self.view)
                return True
            QToolTip.hideText()
        return False

    def paint(self, painter: QPainter, doc: SectionDocument) -> None:
        """Under the text: this section's highlights; in the corner: a bookmark ribbon."""
        if self.book is None or doc.book.book_id != self.book.book_id:
            return
        pages = self.window.reader.epub_view.shown_pages()
        for annotation in self.highlights():
            if annotation.start.section != doc.section_index:
                continue
            colour = QColor(COLOURS.get(annotation.colour, COLOURS[DEFAULT_COLOUR])[1])
            colour.setAlpha(HIGHLIGHT_ALPHA)
            span = (doc.position_of(annotation.start), doc.position_of(annotation.end))
            paint_selection(painter, doc, span, pages, colour)
        if self.bookmarks_on_page():
            self._paint_ribbon(painter)

    def paint_pdf(self, painter: QPainter) -> None:
        """Over a PDF's drawn words: the highlights of the pages shown; a bookmark's ribbon."""
        view = self.window.reader.comic_view
        if self.book is None or self.book.format != "pdf" or view.pdf is None:
            return
        for annotation in self.highlights():
            colour = QColor(COLOURS.get(annotation.colour, COLOURS[DEFAULT_COLOUR])[1])
            colour.setAlpha(HIGHLIGHT_ALPHA)  # over the drawn words: the ink shows through
            view.paint_span(painter, annotation.start, annotation.end, colour)
        if self.bookmarks_on_page():
            self._paint_ribbon(painter)

    def _paint_ribbon(self, painter: QPainter) -> None:
        x = self.view.width() - 34.0
        ribbon = QPolygonF(
            [QPointF(x, 0), QPointF(x + 18, 0), QPointF(x + 18, 30), QPointF(x + 9, 23),
             QPointF(x, 30)]
        )  # fmt: skip
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(RIBBON))
        painter.drawPolygon(ribbon)
        painter.restore()

    def ribbon_rect(self) -> QRectF:
        return QRectF(self.view.width() - 34.0, 0, 18, 30)


def install_annotations(window: AidsHost) -> AnnotationsController:
    """Give `window` its annotations: the dock beside Contents, the menu items, the wiring."""
    controller = AnnotationsController(window)
    dock = controller.dock
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.tabifyDockWidget(window.toc_dock, dock)
    dock.hide()
    window.bookOpened.connect(controller.set_book)
    window.library_view.removeRequested.connect(
        lambda _id: controller.set_book(window.book) if window.book is None else None
    )
    window.assistant_panel.answerFinished.connect(controller.answer_finished)
    toggle = dock.toggleViewAction()
    toggle.setObjectName("actionAnnotations")
    toggle.setText(translate("Annotations", "A&nnotations"))
    toggle.setShortcut("Ctrl+Shift+A")
    window.addAction(toggle)
    bookmark = QAction(translate("Annotations", "Toggle &Bookmark"), window.menuBar())
    bookmark.setObjectName("actionBookmark")
    bookmark.setShortcut("Ctrl+B")
    bookmark.triggered.connect(controller.toggle_bookmark)
    window.addAction(bookmark)
    export = QAction(translate("Annotations", "&Export Annotations…"), window.menuBar())
    export.setObjectName("actionExportAnnotations")
    export.triggered.connect(controller.choose_export)
    for name, actions in (("viewMenu", [toggle]), ("goMenu", [bookmark]), ("fileMenu", [export])):
        menu = window.menuBar().findChild(QMenu, name)
        if menu is None:
            continue
        quit_action = next((a for a in menu.actions() if a.objectName() == "actionQuit"), None)
        if quit_action is None:
            menu.addSeparator()
            menu.addActions(actions)
        else:  # Export sits with the book's other commands, before Quit
            menu.insertActions(quit_action, actions)
            menu.insertSeparator(quit_action)
    return controller


NOTE_EXCERPT_CHARS = 80  # of the highlighted text, in the note dialog's label


def quoted_excerpt(text: str, limit: int = NOTE_EXCERPT_CHARS) -> str:
    """The highlighted text to put inside our own quotation marks: without an opening or closing
    mark of its own at either end (which would double ours), and cut at a word, with "…",
    when longer than `limit` characters."""
    text = " ".join(text.split()).lstrip("“‘\"").rstrip("”’\"")
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(" ", 1)[0] if " " in text[:limit] else text[:limit]
    return cut.rstrip(" ,;:—–-") + "…"
