"""A comic's place is one number and one set of words everywhere: the assistant's "Knows up to"
and its receipt, the status line, the progress bar's boundary mark and the X-Ray dock all say
page 4 of 8 is 50%, and a receipt says "up to Page 4", not "up to the end", while the later
pages have no text."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.reading_order import Box, OcrLine
from reader_app.comics.text import ocr_book
from reader_app.rag.assistant.conversations import ConversationStore
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.assistant.panel import AssistantPanel
from reader_app.ui.window.main_window import MainWindow
from tests.fakes.embedders import HashEmbedder
from tests.ui.conftest import make_window, open_file
from tests.unit.comics.cbzbook import png, write_cbz

PAGES = 8
WORDS = {0: "Pepper wakes up early.", 1: "Carrot wants breakfast now."}  # the rest: no text


class TwoPagesOfWords:
    """Stands in for rapidocr, under its id (the cache the app reads): the first two pages have
    words, the others none (art only, or lettering OCR could not read)."""

    engine_id = RapidOcrEngine().engine_id

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        page = int(image.convert("L").getpixel((0, 0)))
        words = WORDS.get(page)
        return [OcrLine.from_box(words, Box(10, 10, 290, 40), 0.99)] if words else []


def comic_read_to_page_four(tmp_path: Path, home: Path) -> Book:
    pages = [png(Image.new("RGB", (300, 400), (n, n, n))) for n in range(PAGES)]
    book = read_book(write_cbz(tmp_path / "pepper.cbz", pages, language="en"))
    conn = connect(home)
    try:
        library = Library(conn, home)
        library.add(book)
        library.set_boundary(book.book_id, Locator.end_of_section(3))  # pages 1-4 seen
        ocr_book(conn, home, book, engine=TwoPagesOfWords())
    finally:
        conn.close()
    return book


def test_the_receipt_says_how_far_in_the_panels_words(
    qtbot: QtBot, tmp_path: Path, library_home: Path
) -> None:
    book = comic_read_to_page_four(tmp_path, library_home)
    conn = connect(library_home)
    SettingsStore(conn).set("assistant.ollama_host", "http://127.0.0.1:9")  # no server
    SettingsStore(conn).set("assistant.rewrite_queries", False)
    panel = AssistantPanel(library_home, embedder=HashEmbedder())
    qtbot.addWidget(panel)
    panel.show()
    panel.set_book(book)
    try:
        panel.ask("What does Carrot want?")
        qtbot.waitUntil(lambda: not panel.running, timeout=30_000)
        store = ConversationStore(conn)
        conversation = store.latest_conversation(book.book_id)
        assert conversation is not None
        answer = store.messages(conversation)[-1]
        assert answer.check is not None
        knows = panel.header.text().removeprefix("Knows up to: ")
        assert answer.check.receipt.boundary == knows, "one function says it for both"
        assert knows == "Page 4 (50%)"
        assert "up to Page 4 (50%)" in panel.transcript.toPlainText()
        assert "the end" not in panel.transcript.toPlainText()
    finally:
        panel.shutdown()
        conn.close()


def test_every_widget_gives_a_comics_page_the_same_number(
    qtbot: QtBot, tmp_path: Path, library_home: Path
) -> None:
    pages = [png(Image.new("RGB", (300, 400), (n, n, n))) for n in range(PAGES)]
    path = write_cbz(tmp_path / "pepper.cbz", pages, language="en")
    window: MainWindow = make_window(qtbot, library_home, size=(700, 900))  # a page at a time
    open_file(qtbot, window, path)
    view = window.reader.comic_view
    for _ in range(3):
        view.next_page()
    assert view.current_pages() == (3,), "page 4 on screen"
    window.assistant_action.trigger()
    window.xray_action.trigger()
    qtbot.waitUntil(lambda: window.assistant_panel.isVisible() and window.xray_dock.isVisible())
    status = window.status_position.text()
    assert status.endswith("of 8 · 50%"), status
    assert window.reader.boundary_fraction() == 0.5
    assert window.assistant_panel.header.text() == "Knows up to: Page 4 (50%)"
    qtbot.waitUntil(lambda: "Page 4 (50%)" in window.xray_dock.header.text(), timeout=10_000)
    window.close()
