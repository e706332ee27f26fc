"""`make screenshots`: render the main states of the real window offscreen to docs/screenshots/."""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
OUT = ROOT / "docs" / "screenshots"
PRIDE = CORPUS / "epub" / "jane-austen_pride-and-prejudice.epub"
ALICE = CORPUS / "epub" / "lewis-carroll_alices-adventures-in-wonderland.epub"
OZ = CORPUS / "epub" / "l-frank-baum_the-wonderful-wizard-of-oz.epub"
PEPPER = CORPUS / "comics" / "pepper-and-carrot_ep02_rainbow-potions.cbz"
JEKYLL = ROOT / "assets" / "samples" / (
    "robert-louis-stevenson_the-strange-case-of-dr-jekyll-and-mr-hyde.epub"
)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))  # the fake Ollama lives with the tests
    os.environ["READER_APP_HOME"] = tempfile.mkdtemp(prefix="pagemate-shots-")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from reader_app.app import create_application, open_library
    from reader_app.books.model import BlockKind, Book
    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.page.appearance import Appearance
    from reader_app.ui.window.main_window import MainWindow

    app = create_application()
    assert isinstance(app, QApplication)
    home, conn = open_library()
    settings = SettingsStore(conn)
    Appearance(font_family="DejaVu Serif", font_size=13, theme="light").save(settings)
    window = MainWindow(
        home=home, library=Library(conn, home), settings=settings, prepare_assistant=False
    )
    window.resize(1400, 900)
    window.show()
    OUT.mkdir(parents=True, exist_ok=True)

    def settle(ms: int = 150) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        window.reader.epub_view.relayout_now()
        app.processEvents()

    def open_book(path: Path) -> Book:
        opened: list[Book] = []
        window.bookOpened.connect(opened.append)
        window.open_path(path)
        while not opened:
            settle(50)
        window.bookOpened.disconnect(opened.append)
        settle()
        return opened[0]

    def shot(name: str) -> None:
        settle()
        while window.reader.epub_view.images.pending:  # illustrations drawn in a worker
            settle(50)
        window.grab().save(str(OUT / f"{name}.png"))
        print("wrote", OUT / f"{name}.png")

    for path in (OZ, ALICE, PEPPER, PRIDE):
        book = open_book(path)
    window.show_library()
    shot("library")

    book = open_book(PRIDE)
    chapter_one = next(e.target for e in book.toc if e.title == "I")
    for theme in ("light", "sepia", "dark"):
        window.set_appearance(replace(window.appearance, theme=theme))
        window.jump_to(chapter_one)
        shot(f"pride-and-prejudice-{theme}")
    window.set_appearance(replace(window.appearance, theme="light"))
    window.toc_dock.show()
    window.jump_to(chapter_one)
    shot("toc-panel")
    window.toc_dock.hide()

    alice = open_book(ALICE)
    illustration = next(
        (section.index, i)
        for section in alice.sections[4:]
        for i, block in enumerate(section.blocks)
        if block.kind == BlockKind.IMAGE
    )
    from reader_app.books.model import Locator

    window.jump_to(Locator(illustration[0], illustration[1], 0))
    shot("alice-illustration")

    open_book(PEPPER)
    window.reader.comic_view.next_page()  # the wide title strip, shown alone
    window.reader.comic_view.next_page()  # then two story pages side by side
    shot("pepper-and-carrot-spread")
    open_book(PRIDE)
    window.jump_to(chapter_one)
    voice_menu_shot(window, settle)
    assistant_shot(window, open_book, settle, shot)
    trust_shots(window, settle, shot)
    window.close()
    for language in ("de", "fr"):
        language_shots(language, home=home, conn=conn)
    return 0


def language_shots(language: str, *, home: Path, conn: Any) -> None:
    """The window in `language` (German's long words, French's spaces before colons): the
    library, a book with the assistant panel, the View and Go menus, and each tab of Settings,
    as `<language>-*.png`; the window is made again, as a start in that language makes it."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication, QMenu, QTabWidget

    from reader_app.books.shelf.library import Library
    from reader_app.settings import SettingsStore
    from reader_app.ui.translation import install_language
    from reader_app.ui.window.main_window import MainWindow
    from reader_app.ui.window.settings_dialog import PreferencesDialog

    install_language(language)
    window = MainWindow(home=home, library=Library(conn, home), settings=SettingsStore(conn),
                        prepare_assistant=False)
    window.resize(1400, 900)
    window.show()

    def settle(ms: int = 200) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()
        QApplication.processEvents()

    def save(picture: Any, name: str) -> None:
        picture.save(str(OUT / f"{language}-{name}.png"))
        print("wrote", OUT / f"{language}-{name}.png")

    window.show_library()
    settle()
    save(window.grab(), "library")
    opened: list[Any] = []
    window.bookOpened.connect(opened.append)
    window.open_path(PRIDE)
    while not opened:
        settle(50)
    window.jump_to(next(e.target for e in opened[0].toc if e.title == "I"))
    window.reader.epub_view.relayout_now()
    window.assistant_panel.show()
    window.xray_dock.show()
    settle(400)
    save(window.grab(), "reading")
    bar = window.menuBar()
    for name in ("viewMenu", "goMenu"):
        menu = bar.findChild(QMenu, name)
        place = bar.actionGeometry(menu.menuAction()).bottomLeft() + bar.pos()
        menu.popup(window.mapToGlobal(place))
        settle()
        picture = window.grab()
        painter = QPainter(picture)
        painter.drawPixmap(place, menu.grab())
        painter.end()
        menu.hide()
        save(picture, name.removesuffix("Menu") + "-menu")
    dialog = PreferencesDialog(window.settings, window, workers=window.tasks,
                               voice=window.aids.read_aloud.voice)
    dialog.show()
    tabs = dialog.findChild(QTabWidget)
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        settle()
        save(dialog.grab(), f"settings-{index + 1}")
    dialog.reject()
    window.close()
    install_language("en")


# espeak-ng's English voices as speech-dispatcher lists them, each with its variants.
ENGLISH_VOICES = ("English (Great Britain)", "English (Scotland)", "English (Lancaster)",
                  "English (West Midlands)", "English (Received Pronunciation)",
                  "English (Caribbean)", "English (America)", "English (America, New York City)")
ESPEAK_VARIANTS = ("Adam", "Alex", "Alicia", "Andy", "Annie", "Half-LifeAnnouncementSystem",
                   "Robosoft", "Robosoft7", "fast_test", "klatt", "whisper")


def voice_menu_shot(window: Any, settle: Any) -> None:
    """Go › Read Aloud › Voice over Pride and Prejudice, with espeak's English voices and their
    variants (a scripted voice stands in for the engine, so the picture is the same anywhere)."""
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QMenu

    from reader_app.ui.read_aloud.speech import Voice
    from tests.fakes.scripted_speaker import ScriptedSpeaker

    voices = (*(Voice(name, "en") for name in ENGLISH_VOICES),
              *(Voice(f"{name}+{variant}", "en")
                for name in ENGLISH_VOICES for variant in ESPEAK_VARIANTS))
    aloud = window.aids.read_aloud
    aloud.voice.use(lambda parent: ScriptedSpeaker(parent, voices=voices))
    aloud.ensure_speaker()
    bar = window.menuBar()
    go = bar.findChild(QMenu, "goMenu")
    menus = [go, bar.findChild(QMenu, "readAloudMenu"), bar.findChild(QMenu, "readAloudVoices")]
    # Each submenu drawn where it opens beside its item (the offscreen screen is too small
    # for Qt to place them so itself).
    places = [bar.actionGeometry(go.menuAction()).bottomLeft() + bar.pos()]
    go.popup(window.mapToGlobal(places[0]))
    settle()
    for parent, menu in itertools.pairwise(menus):
        parent.setActiveAction(menu.menuAction())
        places.append(places[-1] + parent.actionGeometry(menu.menuAction()).topRight())
        menu.popup(window.mapToGlobal(places[-1]))
        settle()
    picture = window.grab()
    painter = QPainter(picture)
    for menu, place in zip(menus, places, strict=True):
        painter.drawPixmap(place, menu.grab())
    painter.end()
    for menu in reversed(menus):
        menu.hide()
    picture.save(str(OUT / "voice-menu.png"))
    print("wrote", OUT / "voice-menu.png")


def assistant_shot(window: Any, open_book: Any, settle: Any, shot: Any) -> None:
    """The assistant panel answering about Jekyll and Hyde; the test suite's fake Ollama stands
    in for a model so the picture is the same on every machine (the index is real)."""
    from tests.fakes.fake_ollama import FakeOllama, ScriptedReplies

    fake = FakeOllama().start()
    try:
        fake.reply_with(
            ScriptedReplies(
                answer=(
                    "Mr. Hyde is the man Mr. Enfield saw trample a child in the street and then "
                    "pay her family with a cheque signed by a respectable name [1]. Mr. Utterson "
                    "is troubled because Dr. Jekyll's will leaves everything to this Hyde [2]."
                ),
                suggestions={
                    "questions": ["Why does Jekyll protect Hyde?", "Who is Mr. Enfield?"]
                },
            )
        )
        window.settings.set("assistant.ollama_host", fake.url)
        window.settings.set("assistant.rewrite_queries", False)
        window.prepare_assistant = True
        book = open_book(JEKYLL)
        while window.status_assistant.text() != "Assistant ready":
            settle(200)
        chapter = next(e.target for e in book.toc if e.title.startswith("Search"))
        window.jump_to(chapter)
        window.reader.mark_read_here()
        window.assistant_panel.show()
        window.assistant_panel.ask("Who is Mr. Hyde, and why does Utterson care?")
        while window.assistant_panel.running or not window.assistant_panel.suggestion_buttons:
            settle(100)
        shot("assistant-panel")
    finally:
        fake.stop()


def trust_shots(window: Any, settle: Any, shot: Any) -> None:
    """Two pictures of the companion telling the truth, with the fake Ollama for a server: an
    answer's receipt when nothing was sent (a server on another computer, no consent: the
    passages found here instead), and Settings › Assistant with the server Test connection
    found. The fake listens on 127.0.0.1, which a setting makes count as another computer."""
    from reader_app.ui.window.settings_dialog import PreferencesDialog
    from tests.fakes.fake_ollama import FakeOllama

    fake = FakeOllama(models=("qwen2.5:3b", "llama3.2:1b", "gemma3:270m")).start()
    panel = window.assistant_panel
    try:
        window.settings.set("assistant.ollama_host", fake.v1_url)
        window.settings.set("assistant.treat_as_remote", ["127.0.0.1"])
        panel.new_conversation()
        panel.ask("Who is Mr. Hyde, and why does Utterson care?")
        while panel.running:
            settle(100)
        shot("assistant-receipt-nothing-sent")

        window.settings.set("assistant.treat_as_remote", [])
        window.settings.set("assistant.ollama_host", fake.url)
        dialog = PreferencesDialog(window.settings, window, workers=window.tasks)
        dialog.show()
        page = dialog.assistant_page
        page.refresh_models()
        while not page.models_status.text().startswith("Found"):
            settle(100)
        settle()
        dialog.grab().save(str(OUT / "settings-server-found.png"))
        print("wrote", OUT / "settings-server-found.png")
        dialog.reject()
    finally:
        fake.stop()


if __name__ == "__main__":
    sys.exit(main())
