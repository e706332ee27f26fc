"""A comic, end to end below the UI: drawn pages -> real OCR -> index -> scope -> fake Ollama."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.comics.ocr import RapidOcrEngine
from reader_app.comics.text import ComicText, is_description, ocr_book, with_page_text
from reader_app.rag.assistant.engine import Assistant
from reader_app.rag.index.indexer import index_book
from reader_app.rag.retrieval.search import search
from reader_app.rag.scope.boundary import scope_for_book
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.fakes.embedders import HashEmbedder
from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies
from tests.unit.comics.cbzbook import draw_bubble, png, write_cbz

pytestmark = pytest.mark.slow

PAGE_LINES = [
    ["Pepper wakes", "up early."],
    ["Carrot wants", "breakfast now."],
    ["The purple dragon", "sleeps under", "the old mill."],
    ["Pepper packs", "her bag."],
    ["They fly to the", "snowy mountains."],
]
DRAGON_QUESTION = "Where does the purple dragon sleep?"


def drawn_page(lines: list[str]) -> bytes:
    image = Image.new("RGB", (700, 450), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((20, 20, 680, 430), fill=(205, 215, 225), outline="black", width=4)
    draw_bubble(draw, (350, 225), lines)
    return png(image)


@dataclass(frozen=True)
class Comics:
    episode: Path  # all five pages
    first: Path  # series episode 1: pages 1-3
    second: Path  # series episode 2: pages 4-5
    texts: dict[Path, ComicText]


@pytest.fixture(scope="module")
def comics(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Comics]:
    """The comics, OCR'd once for the module (each page image is read once: the cache)."""
    folder = tmp_path_factory.mktemp("comics")
    pages = [drawn_page(lines) for lines in PAGE_LINES]
    episode = write_cbz(folder / "dragon.cbz", pages)
    first = write_cbz(folder / "ep1.cbz", pages[:3], series="Dragons", number=1)
    second = write_cbz(folder / "ep2.cbz", pages[3:], series="Dragons", number=2)
    home = tmp_path_factory.mktemp("ocr-library")
    conn = connect(home)
    engine = RapidOcrEngine()
    texts = {path: ocr_book(conn, home, read_book(path), engine=engine)
             for path in (episode, first, second)}
    conn.close()
    yield Comics(episode, first, second, texts)


def prepared(home: Path, path: Path, texts: ComicText, *,
             descriptions: dict[int, str] | None = None) -> Book:
    """The comic in the library with its pages' text indexed, as the app prepares it."""
    conn = connect(home)
    book = read_book(path)
    Library(conn, home).add(book)
    texted = with_page_text(book, texts, descriptions=descriptions)
    index_book(conn, home, texted, embedder=HashEmbedder())
    return texted


def read_up_to_page(home: Path, book: Book, page_number: int) -> None:
    Library(connect(home), home).set_boundary(book.book_id, Locator.end_of_section(page_number - 1))


def searched_text(home: Path, book: Book, query: str) -> str:
    conn = connect(home)
    result = search(conn, home, scope_for_book(conn, book.book_id), query, embedder=HashEmbedder())
    recent = result.recent.text if result.recent else ""
    return "\n".join([*(p.text for p in result.passages), recent])


def test_ocr_puts_each_bubble_on_its_page(comics: Comics) -> None:
    texts = comics.texts[comics.episode]
    for index, lines in enumerate(PAGE_LINES):
        page = texts.page(index)
        assert page is not None and page.text == " ".join(lines)


def test_page_3_dialogue_is_found_with_the_boundary_on_page_4_but_not_on_page_2(
    comics: Comics, library_home: Path
) -> None:
    book = prepared(library_home, comics.episode, comics.texts[comics.episode])
    read_up_to_page(library_home, book, 4)
    assert "purple dragon sleeps under the old mill" in searched_text(
        library_home, book, DRAGON_QUESTION)
    read_up_to_page(library_home, book, 2)
    assert "old mill" not in searched_text(library_home, book, DRAGON_QUESTION)


def test_the_answer_request_carries_page_3_only_once_it_has_been_read_and_cites_the_page(
    comics: Comics, library_home: Path, fake_ollama: FakeOllama
) -> None:
    conn = connect(library_home)
    settings = SettingsStore(conn)
    settings.set("assistant.ollama_host", fake_ollama.url)
    settings.set("assistant.rewrite_queries", False)
    fake_ollama.reply_with(ScriptedReplies(answer="Under the old mill [1]."))
    book = prepared(library_home, comics.episode, comics.texts[comics.episode])
    assistant = Assistant(conn, library_home, embedder=HashEmbedder())
    try:
        read_up_to_page(library_home, book, 2)
        early = assistant.ask(book, DRAGON_QUESTION)
        list(early.tokens())
        assert fake_ollama.model_calls()
        # The question names the dragon; only the page can say where it sleeps.
        assert all("old mill" not in r.text for r in fake_ollama.model_calls())

        fake_ollama.clear()
        read_up_to_page(library_home, book, 4)
        later = assistant.ask(book, DRAGON_QUESTION)
        assert "".join(later.tokens()) == "Under the old mill [1]."
        assert any("old mill" in r.text for r in fake_ollama.model_calls())
        cited_pages = {c.locator.section for c in later.citations if "dragon" in c.quote}
        assert cited_pages == {2}  # the citation jumps to page 3
        assert all("snowy" not in r.text for r in fake_ollama.model_calls())  # page 5
    finally:
        assistant.close()


def test_reading_episode_2_makes_all_of_episode_1_eligible(
    comics: Comics, library_home: Path
) -> None:
    first = prepared(library_home, comics.first, comics.texts[comics.first])
    second = prepared(library_home, comics.second, comics.texts[comics.second])
    assert first.metadata.series is not None and second.metadata.series is not None
    read_up_to_page(library_home, second, 1)  # episode 1 itself was never opened
    found = searched_text(library_home, second, DRAGON_QUESTION + " snowy mountains")
    assert "purple dragon sleeps under the old mill" in found  # episode 1's last page
    assert "snowy" not in found  # episode 2, page 2: not read yet


def test_a_page_description_is_retrieved_and_cited_as_a_description(
    comics: Comics, library_home: Path
) -> None:
    description = {1: "Carrot the cat sits by an empty bowl, glaring at Pepper."}
    book = prepared(library_home, comics.episode, comics.texts[comics.episode],
                    descriptions=description)
    read_up_to_page(library_home, book, 2)
    conn = connect(library_home)
    result = search(conn, library_home, scope_for_book(conn, book.book_id),
                    "empty bowl glaring", embedder=HashEmbedder())
    texts = [p.text for p in result.passages]
    assert any("[Description] Carrot the cat sits by an empty bowl" in t for t in texts)
    described = [b.text for b in book.sections[1].blocks if is_description(b.text)]
    assert described == ["[Description] " + description[1]]
