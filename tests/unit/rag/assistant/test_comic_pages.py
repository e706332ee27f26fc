"""A comic asked about while OCR still reads its pages: "Still reading the comic's pages: N%",
then an answer grounded in the pages up to the boundary; never "you haven't started"."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PIL import Image

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.reading_order import Box, OcrLine
from reader_app.comics.text import ocr_book
from reader_app.errors import QueryError
from reader_app.rag.assistant.comic_pages import ComicPagesNews, comic_pages_for_question
from reader_app.rag.assistant.engine import Assistant
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.unit.comics.cbzbook import png, write_cbz

PAGE_WORDS = [
    "Pepper wakes up early.",
    "Carrot wants breakfast now.",
    "The purple dragon sleeps under the old mill.",
    "Pepper packs her bag.",
    "They fly to the snowy mountains.",
]
DRAGON_QUESTION = "Where does the purple dragon sleep?"


class PageByPageOcr:
    """Stands in for rapidocr, under its id (so the cache is the one the app reads): reads a
    page's words from its grey level, one page each time the test lets it."""

    engine_id = RapidOcrEngine().engine_id

    def __init__(self) -> None:
        self.allowed = threading.Semaphore(0)

    def read_lines(self, image: Image.Image) -> list[OcrLine]:
        assert self.allowed.acquire(timeout=60)
        grey = int(image.convert("L").getpixel((0, 0)))
        return [OcrLine.from_box(PAGE_WORDS[grey], Box(10, 10, 290, 40), 0.99)]


def comic_being_read(tmp_path: Path, home: Path) -> tuple[Book, PageByPageOcr, threading.Thread]:
    """A five-page comic read up to page 3, its OCR running in the background (as the window's
    preparation does) one page at a time as the test allows."""
    pages = [png(Image.new("RGB", (300, 400), (n, n, n))) for n in range(len(PAGE_WORDS))]
    book = read_book(write_cbz(tmp_path / "dragon.cbz", pages, language="en"))
    conn = connect(home)
    library = Library(conn, home)
    library.add(book)
    library.set_boundary(book.book_id, Locator.end_of_section(2))  # pages 1-3 on screen
    conn.close()
    engine = PageByPageOcr()

    def prepare() -> None:
        own = connect(home)
        try:
            ocr_book(own, home, book, engine=engine)
        finally:
            own.close()

    preparing = threading.Thread(target=prepare, daemon=True)
    preparing.start()
    return book, engine, preparing


def test_a_comic_asked_about_while_ocr_runs_says_so_then_answers_from_its_pages(
    tmp_path: Path, library_home: Path, fake_ollama: FakeOllama
) -> None:
    book, engine, preparing = comic_being_read(tmp_path, library_home)
    conn = connect(library_home)
    settings = SettingsStore(conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(answer="Under the old mill [1]."))
    heard: list[str] = []

    def news(item: ComicPagesNews) -> None:
        heard.append(item.text)
        engine.allowed.release()  # the preparation reads on: one more page

    assistant = Assistant(conn, library_home, embedder=HashEmbedder())
    try:
        run = assistant.ask(book, DRAGON_QUESTION, news=news)
        answer = "".join(run.tokens())
    finally:
        assistant.close()
        engine.allowed.release(len(PAGE_WORDS))
        preparing.join(30)
    assert heard[0] == ("Still reading the comic's pages: 0%; the answer will use pages 1-3 "
                        "when it is done")
    assert "Still reading the comic's pages: 40%; the answer will use pages 1-3 when it is done" \
        in heard
    assert heard[-1] == ""  # the pages are ready: the note goes
    assert answer == "Under the old mill [1]."
    sent = "\n".join(r.text for r in fake_ollama.model_calls())
    assert "old mill" in sent  # grounded in page 3
    assert "snowy" not in sent and "packs her bag" not in sent  # pages 4-5: not read
    assert "haven't started" not in answer + sent
    conn.close()


def test_if_the_reading_stalls_the_answer_uses_the_pages_ready_and_says_which(
    tmp_path: Path, library_home: Path
) -> None:
    book, engine, preparing = comic_being_read(tmp_path, library_home)
    conn = connect(library_home)
    heard: list[str] = []

    def news(item: ComicPagesNews) -> None:
        heard.append(item.text)
        if len(heard) == 1:
            engine.allowed.release()  # page 1 is read, then the preparation stops

    try:
        comic_pages_for_question(conn, book, news=news, poll_seconds=0.05, stall_seconds=1.0)
    finally:
        engine.allowed.release(len(PAGE_WORDS))
        preparing.join(30)
    assert heard[-1] == "Pages 2-3 not read yet: this answer uses page 1 only."
    result = search(conn, library_home, scope_for_book(conn, book.book_id), "Pepper wakes",
                    embedder=HashEmbedder())
    found = "\n".join([*(p.text for p in result.passages),
                       result.recent.text if result.recent else ""])
    assert "Pepper wakes up early." in found
    conn.close()


def test_with_no_page_ready_it_says_to_ask_again_not_that_nothing_was_read(
    tmp_path: Path, library_home: Path
) -> None:
    book, engine, preparing = comic_being_read(tmp_path, library_home)
    conn = connect(library_home)
    heard: list[str] = []
    try:
        with pytest.raises(QueryError, match="still being read"):
            comic_pages_for_question(conn, book, news=lambda item: heard.append(item.text),
                                     poll_seconds=0.05, stall_seconds=0.5)
    finally:
        engine.allowed.release(len(PAGE_WORDS))
        preparing.join(30)
    assert heard == ["Still reading the comic's pages: 0%; the answer will use pages 1-3 when "
                     "it is done"]
    conn.close()
