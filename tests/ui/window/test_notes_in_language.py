"""What the window says about an opened book and about a comic it cannot describe, in its
language (issue 41): a book's notes are sentences made where the book is read and translated
where they are shown, and the numbers inside them are grouped as the window's locale groups them
("1.999" in German, "1 999" in French), while the English stays "1,999"."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pytestqt.qtbot import QtBot

from reader_app.cancel import CancelToken
from reader_app.prepare.news import PrepareNews
from reader_app.prepare.pipeline import _describe
from reader_app.settings import SettingsStore
from reader_app.store.db import connect
from reader_app.ui.translation import install_language
from reader_app.ui.window.preparation_words import preparation_words
from tests.fakes.fake_ollama import FakeOllama
from tests.ui.conftest import open_file
from tests.ui.window.test_window_language import started_in
from tests.unit.books.epubgen import make_epub, package_document, xhtml
from tests.unit.comics.cbzbook import png, write_cbz


def repeating_epub(folder: Path) -> Path:
    """An EPUB whose reading order lists its one chapter 2,000 times: it opens with its first
    16 repeats and a note saying how many there were (1,999 repeats)."""
    opf = package_document(["c0.xhtml"]).replace(
        '<itemref idref="c0"/>', '<itemref idref="c0"/>' * 2000)
    return make_epub(folder / "wieder.epub", {"c0.xhtml": xhtml("<p>Einmal.</p>")}, opf=opf)


def test_a_german_window_tells_a_books_notes_in_german_with_german_numbers(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    path = repeating_epub(tmp_path)
    window = started_in(qtbot, library_home, "de")
    open_file(qtbot, window, path)
    assert window.error_banner.isVisible()
    assert window.error_banner.label.text() == (
        "„wieder.epub“ wurde geöffnet, aber: Die Lesereihenfolge des Buches führt Kapitel "
        "1.999-mal erneut auf; nur die ersten 16 Wiederholungen werden gezeigt.")

    install_language("fr")  # the same book (now from the cache) in the language of the day
    open_file(qtbot, window, path)
    assert window.error_banner.label.text() == (
        "«\u00a0wieder.epub\u00a0» a été ouvert, mais\u00a0: L’ordre de lecture du livre "
        "répète des chapitres 1\u202f999 fois\u00a0; seules les 16 premières répétitions sont "
        "affichées.")

    install_language("en")
    open_file(qtbot, window, path)
    assert window.error_banner.label.text() == (
        "“wieder.epub” opened, but: The book's reading order lists chapters again 1,999 times; "
        "only the first 16 repeats are shown.")


def test_a_german_window_says_in_german_why_a_comic_is_not_described(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    comic = write_cbz(tmp_path / "grau.cbz",
                      [png(Image.new("RGB", (200, 300), (g, g, g))) for g in (40, 120, 200)])
    window = started_in(qtbot, library_home, "de")
    book = open_file(qtbot, window, comic)
    seen: list[PrepareNews] = []
    with FakeOllama(models=("qwen2.5:3b",)) as text_only:  # no model that sees pictures
        conn = connect(library_home)
        settings = SettingsStore(conn)
        settings.set("comics.describe_pages", True)
        settings.set("assistant.ollama_host", text_only.url)
        assert _describe(conn, library_home, book, prepare_whole_comic=False,
                         report=seen.append, cancel=CancelToken()) == {}
    german = ("In Ollama ist kein Bildmodell installiert, daher können keine Seiten beschrieben "
              "werden.")
    reason = next(news for news in seen if news.message)
    assert reason.message == ("No vision model is installed in Ollama, so pages can't be "
                              "described.")  # the logs and the command line
    window.indexing.news.emit(reason)  # as the preparation's worker reports it
    assert window.status_assistant.toolTip() == german
    assert preparation_words(reason) == german
