"""Page descriptions by a vision model, with the fake Ollama server playing one."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from reader_app.books.model import Book, Locator
from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.library import Library
from reader_app.cancel import CancelToken
from reader_app.comics.text import ComicText, is_description, with_page_text
from reader_app.rag.index.sentences import split_book
from reader_app.rag.pages.vision import describe_pages, pick_vision_model, vision_models
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from tests.fakes.fake_ollama import FakeOllama, RecordedRequest
from tests.unit.comics.cbzbook import png, write_cbz

VISION = "llava:7b"
GREYS = (40, 80, 120, 160, 200)  # page n is drawn in GREYS[n]; the fake reads it back


@pytest.fixture
def vision_server() -> Iterator[FakeOllama]:
    server = FakeOllama(models=("qwen2.5:3b",), vision_models=(VISION,)).start()
    server.reply_with(describe_grey)
    try:
        yield server
    finally:
        server.stop()


def describe_grey(request: RecordedRequest) -> str:
    return f"A page painted grey {page_grey(request)}, with Pepper looking on."


def page_grey(request: RecordedRequest) -> int:
    (message,) = request.body["messages"]
    (image,) = message["images"]
    grey = Image.open(io.BytesIO(base64.b64decode(image))).convert("L").getpixel((5, 5))
    return min(GREYS, key=lambda g: abs(g - int(grey)))


def sent_pages(server: FakeOllama) -> list[int]:
    return [GREYS.index(page_grey(r)) for r in server.requests_to("/api/chat")]


@pytest.fixture
def comic(tmp_path: Path, library_home: Path) -> Book:
    pages = [png(Image.new("RGB", (200, 300), (g, g, g))) for g in GREYS]
    book = read_book(write_cbz(tmp_path / "greys.cbz", pages))
    conn = connect(library_home)
    Library(conn, library_home).add(book)
    return book


def enable(library_home: Path, server: FakeOllama) -> None:
    settings = SettingsStore(connect(library_home))
    settings.set("comics.describe_pages", True)
    settings.set("assistant.ollama_host", server.url)


def read_up_to(library_home: Path, book: Book, page: int) -> None:
    Library(connect(library_home), library_home).set_boundary(
        book.book_id, Locator.end_of_section(page)
    )


def test_vision_models_are_those_whose_capabilities_say_vision(
    vision_server: FakeOllama,
) -> None:
    assert vision_models(host=vision_server.url) == [VISION]
    assert pick_vision_model(host=vision_server.url, preferred="qwen2.5:3b") == VISION
    assert pick_vision_model(host=vision_server.url, preferred="llava") == VISION


def test_nothing_is_described_while_the_setting_is_off(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    SettingsStore(connect(library_home)).set("assistant.ollama_host", vision_server.url)
    read_up_to(library_home, comic, 4)
    run = describe_pages(connect(library_home), library_home, comic)
    assert run.descriptions == {} and "off" in str(run.reason)
    assert vision_server.requests == []


def test_nothing_is_described_without_a_vision_model(
    comic: Book, library_home: Path
) -> None:
    with FakeOllama(models=("qwen2.5:3b",)) as text_only:
        enable(library_home, text_only)
        read_up_to(library_home, comic, 4)
        run = describe_pages(connect(library_home), library_home, comic)
        assert run.descriptions == {} and "vision model" in str(run.reason)
        assert text_only.model_calls() == []


def test_ollama_not_running_is_a_reason_not_a_crash(comic: Book, library_home: Path) -> None:
    settings = SettingsStore(connect(library_home))
    settings.set("comics.describe_pages", True)
    settings.set("assistant.ollama_host", "http://127.0.0.1:9")
    run = describe_pages(connect(library_home), library_home, comic)
    assert "isn't running" in str(run.reason) and run.descriptions == {}


def test_pages_up_to_the_boundary_are_described_in_order_and_never_beyond(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    read_up_to(library_home, comic, 1)
    seen: list[tuple[int, int]] = []
    run = describe_pages(connect(library_home), library_home, comic,
                         progress=lambda done, total: seen.append((done, total)))
    assert sent_pages(vision_server) == [0, 1]
    assert run.described == (0, 1) and run.model == VISION and run.last_page == 1
    assert seen == [(1, 2), (2, 2)]
    assert run.descriptions == {
        0: "A page painted grey 40, with Pepper looking on.",
        1: "A page painted grey 80, with Pepper looking on.",
    }


def test_described_pages_are_stored_and_only_new_pages_are_sent_later(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    read_up_to(library_home, comic, 1)
    describe_pages(connect(library_home), library_home, comic)
    vision_server.clear()
    again = describe_pages(connect(library_home), library_home, comic)
    assert vision_server.requests_to("/api/chat") == [] and again.described == ()
    assert sorted(again.descriptions) == [0, 1]
    read_up_to(library_home, comic, 3)
    later = describe_pages(connect(library_home), library_home, comic)
    assert sent_pages(vision_server) == [2, 3]
    assert sorted(later.descriptions) == [0, 1, 2, 3]


def test_a_book_not_yet_read_gets_no_descriptions(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    run = describe_pages(connect(library_home), library_home, comic)
    assert vision_server.requests_to("/api/chat") == [] and run.last_page == -1


def test_preparing_the_whole_comic_describes_every_page_in_order(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    read_up_to(library_home, comic, 0)
    run = describe_pages(connect(library_home), library_home, comic, prepare_whole_comic=True)
    assert sent_pages(vision_server) == [0, 1, 2, 3, 4]
    assert len(run.descriptions) == 5


def test_a_page_image_is_the_only_book_content_sent_with_a_description_request(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    read_up_to(library_home, comic, 0)
    describe_pages(connect(library_home), library_home, comic)
    (request,) = vision_server.requests_to("/api/chat")
    (message,) = request.body["messages"]
    assert "page 1 of the comic" in message["content"]
    assert request.model == VISION


def test_descriptions_join_the_page_text_labelled_as_descriptions(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    read_up_to(library_home, comic, 1)
    run = describe_pages(connect(library_home), library_home, comic)
    texted = with_page_text(comic, ComicText(comic.book_id, ()), descriptions=run.descriptions)
    sentences = split_book(texted)
    assert [s.section for s in sentences] == [0, 1]
    assert all(is_description(s.text) for s in sentences)
    assert sentences[1].text == "[Description] A page painted grey 80, with Pepper looking on."


def test_cancel_stops_between_pages_keeping_what_was_described(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    enable(library_home, vision_server)
    read_up_to(library_home, comic, 4)
    run = describe_pages(connect(library_home), library_home, comic,
                         cancel=CancelToken().or_when(
                             lambda: len(vision_server.requests_to("/api/chat")) >= 2))
    assert not run.complete and run.described == (0, 1)
    assert sent_pages(vision_server) == [0, 1] and sorted(run.descriptions) == [0, 1]


def test_an_openai_compatible_server_describes_with_the_model_the_reader_named(
    comic: Book, library_home: Path, vision_server: FakeOllama
) -> None:
    settings = SettingsStore(connect(library_home))
    settings.set("comics.describe_pages", True)
    settings.set("assistant.ollama_host", vision_server.v1_url)
    read_up_to(library_home, comic, 1)
    # Such a server cannot say which of its models see images: the reader names one.
    run = describe_pages(connect(library_home), library_home, comic)
    assert run.descriptions == {} and "name one it offers" in str(run.reason)
    assert vision_server.model_calls() == []

    def grey_of(request: RecordedRequest) -> int:
        (message,) = request.body["messages"]
        url = next(p["image_url"]["url"] for p in message["content"] if p["type"] == "image_url")
        data = base64.b64decode(url.split(",", 1)[1])
        grey = Image.open(io.BytesIO(data)).convert("L").getpixel((5, 5))
        return GREYS.index(min(GREYS, key=lambda g: abs(g - int(grey))))

    vision_server.reply_with(lambda r: f"A page painted grey {GREYS[grey_of(r)]}.")
    settings.set("comics.vision_model", VISION)
    run = describe_pages(connect(library_home), library_home, comic)
    calls = vision_server.requests_to("/v1/chat/completions")
    assert [grey_of(r) for r in calls] == [0, 1]  # up to the boundary, never beyond
    assert run.descriptions == {0: "A page painted grey 40.", 1: "A page painted grey 80."}
