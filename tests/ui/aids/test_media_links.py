"""Audio in a book: the line naming it is a link, and a click hands the file (copied out of the
book, in a worker) to the system's player, here caught with Qt's own URL handler."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from reader_app.books.model import Locator
from reader_app.ui.window.main_window import MainWindow
from tests.ui.aids.test_footnotes import point_of
from tests.ui.conftest import open_file
from tests.unit.books.epubgen import make_epub, xhtml

SOUND = b"ID3\x03\x00 a few bytes standing in for a song"


class _Player(QObject):
    """Stands where the desktop's media player would: records the files it is asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def play(self, url: QUrl) -> None:
        self.opened.append(url.toLocalFile())


def test_clicking_an_audio_line_opens_the_file_in_the_systems_player(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    chapter = xhtml('<p>Listen.</p><audio controls="" src="aud/song.mp3">No audio here.</audio>')
    path = make_epub(
        tmp_path / "a.epub", {"c1.xhtml": chapter}, extra={"OEBPS/aud/song.mp3": SOUND}
    )
    book = open_file(qtbot, window, path)
    assert [b.text for b in book.sections[0].blocks] == [
        "Listen.",
        "[Audio: song.mp3]",
        "No audio here.",
    ]
    player = _Player()
    QDesktopServices.setUrlHandler("file", player, "play")
    try:
        view = window.reader.epub_view
        media = window.aids.media
        with qtbot.waitSignal(media.opened, timeout=20_000) as opened:
            point = point_of(view, Locator(0, 1, 3))
            QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        local = Path(opened.args[0])
        assert player.opened == [str(local)]
        assert local.name == "song.mp3" and local.read_bytes() == SOUND
        assert view.current_start() == Locator(0, 0, 0), "the page stays where it was"
    finally:
        QDesktopServices.unsetUrlHandler("file")
