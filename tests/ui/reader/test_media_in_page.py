"""Audio and video play in the page (Qt Multimedia, clips made here), the book's fallback text is
shown only when nothing can be played, and players pause, stop and let go as the reader moves."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice, QPoint, Qt, QUrl
from PySide6.QtGui import QColor, QImage, QRegion, QTextDocument
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from reader_app.books.opening.formats import read_book
from reader_app.books.shelf.reading import reading_offset
from reader_app.ui.page import media_blocks
from reader_app.ui.page.appearance import Appearance
from reader_app.ui.reader import media_players
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.reader.media_player import MediaPlayerBox
from reader_app.ui.window.main_window import MainWindow
from tests.ui.conftest import make_window, open_file
from tests.ui.reader.media_clips import mjpeg_avi, wav_noise, wav_tone
from tests.unit.books.epubgen import make_epub, xhtml

FALLBACK = "Audio format is not supported."
VIDEO_FALLBACK = "Your reader cannot show this film."
APPEARANCE = Appearance(font_family="DejaVu Serif", font_size=12, theme="light")


def media_book(tmp_path: Path, *, audio: bytes, video: bytes | None = None,
               audio_attributes: str = 'controls="controls"', pages_before: int = 0) -> Path:
    before = "".join(f"<p>Page filler {n}. " + "Words of the story. " * 60 + "</p>"
                     for n in range(pages_before))
    body = (f"{before}<p>Listen.</p><audio {audio_attributes} src="
            f'"aud/tone.wav">{FALLBACK}</audio>')
    extra = {"OEBPS/aud/tone.wav": audio}
    if video is not None:
        body += (f'<video controls="" width="320" height="240" src="vid/clip.avi">'
                 f"<p>{VIDEO_FALLBACK}</p></video>")
        extra["OEBPS/vid/clip.avi"] = video
    body += "<p>After the media.</p>"
    return make_epub(tmp_path / "media.epub", {"c1.xhtml": xhtml(body)}, extra=extra)


def two_sources_book(tmp_path: Path, *sources: tuple[str, bytes]) -> Path:
    """An audio element offering its clip as each of `sources` (name, bytes), in that order."""
    offered = "".join(f'<source src="{name}"/>' for name, _data in sources)
    body = f'<p>Listen.</p><audio controls="">{offered}{FALLBACK}</audio>'
    return make_epub(tmp_path / "sources.epub", {"c1.xhtml": xhtml(body)},
                     extra={f"OEBPS/{name}": data for name, data in sources})


@pytest.fixture(scope="session", autouse=True)
def null_sound_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A private PulseAudio server whose only output is a null sink, so sound really goes to an
    audio device on a machine with no sound card. Qt Multimedia reads PULSE_SERVER when it first
    looks for devices, which in this run is in these tests; the server lives until the run ends,
    as Qt stays connected to it (it would warn in a later test that the server went away)."""
    program = shutil.which("pulseaudio")
    if program is None:
        pytest.fail("pulseaudio is missing (Debian's pulseaudio: scripts/install-system-deps.sh)")
    home = tmp_path_factory.mktemp("pulse")
    socket = home / "native"
    env = {**os.environ, "HOME": str(home), "XDG_RUNTIME_DIR": str(home)}
    server = subprocess.Popen(
        [program, "--daemonize=no", "--exit-idle-time=-1", "-n",
         "--load=module-null-sink sink_name=pagemate_null",
         f"--load=module-native-protocol-unix socket={socket} auth-anonymous=1"],
        env=env, stdout=subprocess.DEVNULL, stderr=(home / "log").open("wb"),
    )
    deadline = time.monotonic() + 10
    while not socket.exists() and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    if not socket.exists():
        server.kill()
        pytest.fail(f"PulseAudio did not start: {(home / 'log').read_text(errors='replace')}")
    before = os.environ.get("PULSE_SERVER")
    os.environ["PULSE_SERVER"] = f"unix:{socket}"
    yield
    if before is None:
        os.environ.pop("PULSE_SERVER", None)
    else:
        os.environ["PULSE_SERVER"] = before
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def view(qtbot: QtBot) -> Iterator[EpubView]:
    view = EpubView()
    qtbot.addWidget(view)
    view.set_appearance(APPEARANCE)
    view.resize(640, 900)
    view.show()
    qtbot.waitExposed(view)
    yield view
    view.set_book(None)  # the players stop inside the test that made them


def players(view: EpubView) -> list[MediaPlayerBox]:
    return list(view.media.players.values())


def loaded(player: MediaPlayerBox) -> bool:
    return player.play_button.isEnabled()


def test_audio_and_video_play_in_the_page_and_their_fallback_is_not_shown(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    book = read_book(media_book(tmp_path, audio=wav_tone(seconds=8.0),
                                video=mjpeg_avi(colour="#d02020", frames=80)))
    view.set_book(book)
    qtbot.waitUntil(lambda: len(players(view)) == 2 and all(map(loaded, players(view))),
                    timeout=10_000)
    audio, video = sorted(players(view), key=lambda p: p.media.kind)
    assert audio.isVisible() and video.isVisible()
    text = view.visible_text()
    assert "Listen." in text and "After the media." in text
    assert FALLBACK not in text and VIDEO_FALLBACK not in text

    # Each player lies exactly over the box the page drew for it.
    page = QImage(view.size(), QImage.Format.Format_RGB32)
    view.render(page, QPoint(), QRegion(), QWidget.RenderFlag.DrawWindowBackground)
    background = QColor(APPEARANCE.resolved_theme().background).rgb()
    for player in (audio, video):
        box = player.geometry()
        assert page.pixel(box.left() + 3, box.center().y()) != background
        assert page.pixel(box.left() - 3, box.center().y()) == background
        assert page.pixel(box.right() - 3, box.center().y()) != background
        assert page.pixel(box.right() + 3, box.center().y()) == background

    qtbot.mouseClick(audio.play_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(video.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: audio.player.position() > 300, timeout=10_000)
    qtbot.waitUntil(lambda: video.frame is not None and video.player.position() > 300,
                    timeout=10_000)
    assert audio.is_playing() and video.is_playing()
    # The frame is on screen, in the page: the middle of the video's picture is the clip's red.
    shot = view.grab().toImage()
    shot.save(str(tmp_path / "media-page.png"))
    centre = video.geometry().center() - QPoint(0, video.bar.height() // 2)
    red = QColor(shot.pixel(centre.x(), centre.y()))
    assert red.red() > 150 and red.green() < 90 and red.blue() < 90, red.name()

    qtbot.mouseClick(audio.play_button, Qt.MouseButton.LeftButton)  # pause
    qtbot.waitUntil(lambda: not audio.is_playing(), timeout=5_000)
    paused_at = audio.player.position()
    audio.seek.setValue(0)
    audio.seek.sliderMoved.emit(200)  # the reader drags the position back
    qtbot.waitUntil(lambda: audio.player.position() != paused_at, timeout=5_000)
    assert audio.player.position() < paused_at


@pytest.mark.qt_log_ignore(r"^Could not open media\. FFmpeg error")  # this test's broken file
def test_an_unplayable_file_shows_the_books_fallback_and_says_why(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    book = read_book(media_book(tmp_path, audio=b"RIFF\x10\x00\x00\x00WAVEnot really sound" * 4))
    view.set_book(book)
    qtbot.waitUntil(lambda: FALLBACK in view.visible_text(), timeout=10_000)
    text = view.visible_text()
    assert "[the audio “tone.wav” could not be played:" in text
    assert "Listen." in text and "After the media." in text
    assert not any(p.isVisible() for p in players(view))


def test_players_pause_when_their_page_is_turned_away_and_let_go_when_the_book_closes(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    book = read_book(media_book(tmp_path, audio=wav_tone(seconds=8.0), pages_before=3))
    view.set_book(book)
    assert not players(view), "no player is made for a box that is not on screen"
    while not players(view):
        assert view.next_page()
    (audio,) = players(view)
    qtbot.waitUntil(lambda: loaded(audio), timeout=10_000)
    audio.play()
    qtbot.waitUntil(lambda: audio.player.position() > 200, timeout=10_000)
    view.previous_page()
    assert not audio.isVisible() and not audio.is_playing()
    view.next_page()
    assert audio.isVisible() and not audio.is_playing(), "coming back does not play by itself"
    copied = audio.player.source().toLocalFile()
    assert Path(copied).is_file()
    audio.play()
    qtbot.waitUntil(audio.is_playing, timeout=5_000)
    view.set_book(None)  # while it plays
    assert not players(view) and not Path(copied).exists()
    assert audio.player.source().isEmpty() and not audio.is_playing()


def test_a_clip_whose_page_was_turned_away_never_sounds_even_when_asked_late(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    """No sound without its control on screen: a clip asked to play once its page is gone (a
    load finishing, an autoplay, a click arriving late), or that the backend reports playing
    late, stays silent until the reader is back and plays it."""
    book = read_book(media_book(tmp_path, audio=wav_tone(seconds=8.0), pages_before=3))
    view.set_book(book)
    while not players(view):
        assert view.next_page()
    (audio,) = players(view)
    qtbot.waitUntil(lambda: loaded(audio), timeout=10_000)
    view.previous_page()
    assert not audio.isVisible()
    audio.play()
    qtbot.wait(200)
    assert not audio.is_playing(), "asked out of sight: silent"
    audio.player.play()  # as a backend whose playing is reported after the page was turned
    qtbot.wait(200)
    assert not audio.is_playing() and audio.player.position() < 400, "stopped at once"
    view.next_page()
    audio.play()
    qtbot.waitUntil(audio.is_playing, timeout=5_000)  # back in sight, it plays when asked


def test_autoplay_plays_on_sight_only_when_the_reader_allows_it(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    path = media_book(tmp_path, audio=wav_tone(seconds=2.0),
                      audio_attributes='controls="" autoplay=""')  # fmt: skip
    view.set_book(read_book(path))  # the setting's default: not allowed
    qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
    qtbot.wait(300)
    assert not players(view)[0].is_playing()
    view.media.autoplay_allowed = lambda: True
    view.set_book(read_book(path))
    qtbot.waitUntil(lambda: bool(players(view)) and players(view)[0].is_playing(), timeout=10_000)


def test_a_book_without_controls_gets_no_bar_but_its_video_still_plays_on_a_click(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    body = '<p>Watch.</p><video src="clip.avi" width="160" height="120">No video here.</video>'
    path = make_epub(tmp_path / "bare.epub", {"c1.xhtml": xhtml(body)},
                     extra={"OEBPS/clip.avi": mjpeg_avi(colour="#2040d0", frames=80)})
    view.set_book(read_book(path))
    qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
    (video,) = players(view)
    assert not video.bar.isVisible() and video.height() == 120
    qtbot.mouseClick(video, Qt.MouseButton.LeftButton, pos=video.rect().center())
    qtbot.waitUntil(lambda: video.frame is not None, timeout=10_000)
    assert video.is_playing()
    assert view.current_start().block == 0, "the click played the video and turned no page"


def test_playing_media_never_moves_the_spoiler_boundary(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window: MainWindow = make_window(qtbot, library_home)
    try:
        book = open_file(qtbot, window, media_book(tmp_path, audio=wav_tone(seconds=8.0)))
        assert window.book is not None
        view = window.reader.epub_view
        before = window.recorded_reading_state(window.book.book_id)
        assert before is not None
        qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
        (audio,) = players(view)
        qtbot.mouseClick(audio.play_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: audio.player.position() > 1_000, timeout=10_000)
        after = window.recorded_reading_state(window.book.book_id)
        assert after is not None
        assert reading_offset(book, after.boundary) == reading_offset(book, before.boundary)
        assert view.hasFocus() or not audio.play_button.hasFocus(), "keys stay with the page"
    finally:
        window.close()


@pytest.mark.qt_log_ignore(r"^Could not open media\. FFmpeg error")  # this test's broken file
def test_a_broken_first_source_gives_way_to_the_next_and_the_fallback_stays_hidden(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    path = two_sources_book(tmp_path, ("broken.mp3", b"ID3" + b"\xff" * 300),
                            ("tone.wav", wav_tone(seconds=8.0)))
    view.set_book(read_book(path))
    qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
    (audio,) = players(view)
    assert audio.player.source().toLocalFile().endswith("tone.wav")
    assert audio.members_failed() == {"OEBPS/broken.mp3": "could not open file"}
    audio.play()
    qtbot.waitUntil(lambda: audio.player.position() > 200, timeout=10_000)
    assert FALLBACK not in view.visible_text() and not view.media.unplayable


def test_the_autoplay_setting_is_off_by_default_and_the_window_follows_it(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window: MainWindow = make_window(qtbot, library_home)
    try:
        path = media_book(tmp_path, audio=wav_tone(seconds=8.0),
                          audio_attributes='controls="" autoplay=""')
        assert window.settings.get("reading.media_autoplay") is False
        open_file(qtbot, window, path)
        view = window.reader.epub_view
        qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
        qtbot.wait(300)
        assert not players(view)[0].is_playing()
        window.settings.set("reading.media_autoplay", True)
        open_file(qtbot, window, path)  # the same book again: its boxes are seen anew
        qtbot.waitUntil(lambda: bool(players(view)) and players(view)[0].is_playing(),
                        timeout=10_000)
    finally:
        window.close()


def test_a_video_shows_its_poster_until_it_plays_and_follows_the_readers_font_size(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    poster = QImage(160, 90, QImage.Format.Format_RGB32)
    poster.fill(QColor("#20b040"))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    poster.save(buffer, "PNG")
    body = ('<p>Watch.</p><video controls="" poster="poster.png" src="clip.avi" width="320" '
            'height="180">No video here.</video>')
    path = make_epub(tmp_path / "poster.epub", {"c1.xhtml": xhtml(body)},
                     extra={"OEBPS/clip.avi": mjpeg_avi(colour="#2040d0", frames=80),
                            "OEBPS/poster.png": bytes(buffer.data().data())})
    view.set_book(read_book(path))
    qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
    (video,) = players(view)
    centre = video.geometry().center() - QPoint(0, video.bar.height() // 2)
    green = QColor(view.grab().toImage().pixel(centre))
    assert green.green() > 140 and green.red() < 90, green.name()
    bar_before = video.bar.height()
    view.set_appearance(replace(APPEARANCE, font_size=20))
    view.relayout_now()
    assert video.bar.height() > bar_before and video.isVisible()
    doc = view.current_document()
    assert doc is not None
    ((_block, box),) = doc.media_boxes(view.page_index)
    assert video.geometry() == box.toRect(), "the player moved with the box laid out anew"


def test_a_file_over_the_size_cap_is_not_copied_out_and_the_fallback_says_so(
    view: EpubView, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(media_players, "MAX_MEDIA_BYTES", 1 << 20)
    copies = Path(tempfile.gettempdir()).glob
    before = set(copies("pagemate-media-*/*-tone.wav"))
    book = read_book(media_book(tmp_path, audio=wav_noise(seconds=70.0)))  # 1.1 MiB
    view.set_book(book)
    qtbot.waitUntil(lambda: FALLBACK in view.visible_text(), timeout=10_000)
    assert "[the audio “tone.wav” could not be played: it is over 1 MB]" in view.visible_text()
    assert set(copies("pagemate-media-*/*-tone.wav")) == before, "nothing was written"


def test_a_source_missing_from_the_book_or_remote_shows_the_fallback_and_no_player(
    view: EpubView, tmp_path: Path
) -> None:
    body = (f'<p>Listen.</p><audio controls="" src="aud/gone.mp3">{FALLBACK}</audio>'
            '<video controls="" src="https://example.org/film.webm"></video>')
    view.set_book(read_book(make_epub(tmp_path / "gone.epub", {"c1.xhtml": xhtml(body)})))
    text = view.visible_text()
    assert f"{FALLBACK} [the audio “gone.mp3” is not in the book]" in text
    assert "[the video “film.webm” is not in the book]" in text
    assert not players(view)


def test_without_qt_multimedia_the_fallback_is_shown_with_the_reason(
    view: EpubView, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "reader_app.ui.reader.media_player", None)  # not importable
    view.set_book(read_book(media_book(tmp_path, audio=wav_tone(seconds=1.0))))
    qtbot.waitUntil(lambda: FALLBACK in view.visible_text(), timeout=10_000)
    assert "could not be played: Qt Multimedia is not installed]" in view.visible_text()
    assert not players(view)


def test_a_clip_coming_back_on_screen_is_not_copied_out_again(
    view: EpubView, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its player is let go off screen (none kept here); back on screen a new one plays the copy
    # already made, so turning to and fro never fills the temporary folder (often RAM) anew.
    monkeypatch.setattr(media_players, "KEPT_OFF_SCREEN", 0)
    view.set_book(read_book(media_book(tmp_path, audio=wav_tone(seconds=2.0), pages_before=3)))
    while not players(view):
        assert view.next_page()
    (first,) = players(view)
    qtbot.waitUntil(lambda: loaded(first), timeout=10_000)
    copied = Path(first.player.source().toLocalFile())
    for _ in range(3):
        view.previous_page()
        assert not players(view), "let go off screen"
        view.next_page()
        (again,) = players(view)
        qtbot.waitUntil(lambda again=again: loaded(again), timeout=10_000)
        assert Path(again.player.source().toLocalFile()) == copied
    assert sorted(p.name for p in copied.parent.iterdir()) == [copied.name]


def test_a_clip_playing_pauses_when_the_reader_goes_to_the_library(
    qtbot: QtBot, library_home: Path, tmp_path: Path
) -> None:
    window: MainWindow = make_window(qtbot, library_home)
    try:
        open_file(qtbot, window, media_book(tmp_path, audio=wav_tone(seconds=8.0)))
        view = window.reader.epub_view
        qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
        (audio,) = players(view)
        audio.play()
        qtbot.waitUntil(lambda: audio.player.position() > 200, timeout=10_000)
        window.show_library()  # the page is no longer on screen: nor is the box
        assert not audio.is_playing(), "no sound from a page the reader has left"
        window.stack.setCurrentWidget(window.reader)
        assert not audio.is_playing(), "coming back does not play by itself"
    finally:
        window.close()


@pytest.mark.faults_expected
def test_a_video_frame_that_cannot_be_drawn_is_a_note_not_an_error_reaching_qt(
    view: EpubView, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = read_book(media_book(tmp_path, audio=wav_tone(seconds=1.0),
                                video=mjpeg_avi(colour="#d02020", frames=10)))
    view.set_book(book)
    qtbot.waitUntil(lambda: len(players(view)) == 2, timeout=10_000)
    video = next(p for p in players(view) if p.media.kind == "video")

    def broken() -> None:
        raise RuntimeError("a frame the decoder got wrong")

    monkeypatch.setattr(video, "picture_rect", broken)
    video.grab()  # painted through paint_safely: logged, a note drawn, the painter ended


def test_only_the_source_that_plays_is_copied_out_of_the_book(
    view: EpubView, qtbot: QtBot, tmp_path: Path
) -> None:
    # A book may offer a clip in several formats (or a hostile one, hundreds of 60 MB members
    # for one element): the next is copied out only when the one before it cannot be played.
    path = two_sources_book(tmp_path, ("tone.wav", wav_tone(seconds=2.0)),
                            ("other.wav", wav_tone(seconds=3.0)))
    view.set_book(read_book(path))
    qtbot.waitUntil(lambda: bool(players(view)) and loaded(players(view)[0]), timeout=10_000)
    (audio,) = players(view)
    copied = Path(audio.player.source().toLocalFile())
    assert copied.name.endswith("tone.wav")
    view.workers.wait_idle(5000)
    assert [p.name for p in copied.parent.iterdir()] == [copied.name], "the other left in the book"


def test_a_chapter_of_hundreds_of_media_boxes_holds_a_bounded_number_of_pictures(
    view: EpubView, tmp_path: Path
) -> None:
    # Each box's resting picture was an image of its own, as big as the box: 300 video elements
    # of a few bytes each took 600 MB, and a few thousand would take the machine's memory.
    body = "".join(f'<video src="clip.avi" width="{600 + n % 7}" height="{800 + n % 5}">'
                   f"<p>Film {n}.</p></video>" for n in range(300))
    path = make_epub(tmp_path / "films.epub", {"c1.xhtml": xhtml(body)},
                     extra={"OEBPS/clip.avi": mjpeg_avi(colour="#2040d0", frames=2)})
    view.set_book(read_book(path))
    doc = view.current_document()
    assert doc is not None and len(doc.media_blocks) == 300
    names = set()
    for index in doc.media_blocks:
        fragment = doc.doc.findBlock(doc.block_starts[index]).begin().fragment()
        names.add(fragment.charFormat().toImageFormat().name())
    pictures = [doc.doc.resource(QTextDocument.ResourceType.ImageResource, QUrl(name))
                for name in names]
    pixels = sum(p.width() * p.height() for p in pictures if isinstance(p, QImage))
    assert pixels <= media_blocks.RESTING_PIXELS, f"{pixels:,} pixels held for {len(names)} boxes"
    ((_block, box),) = doc.media_boxes(view.page_index)  # each box still its own size
    assert box.width() > 500


def test_a_shown_page_collected_as_garbage_is_torn_down_without_an_error(qtbot: QtBot) -> None:
    """The view and its players hold each other; when Python's collector breaks that cycle the
    view is deleted while shown, and its last hide must reach no half-cleared player state (CI
    once failed a later test's teardown on it)."""
    import gc

    view = EpubView()
    view.set_appearance(APPEARANCE)
    view.resize(320, 480)
    view.show()
    qtbot.waitExposed(view)
    del view
    gc.collect()
    qtbot.wait(10)  # pytest-qt reports any error raised inside Qt at the test's end


def test_players_let_go_at_any_stage_never_hang_and_leave_nothing_behind(tmp_path: Path) -> None:
    # A child process, timed out here: a release that deadlocked with Qt Multimedia's FFmpeg
    # threads would otherwise hang the whole run (seen once in a teardown, with stop()).
    child = subprocess.run(
        [sys.executable, "-m", "tests.ui.reader.release_players", str(tmp_path), "40", "7"],
        cwd=Path(__file__).parents[3], capture_output=True, text=True, timeout=180,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert child.returncode == 0, child.stdout[-2000:] + child.stderr[-2000:]
    assert "released 40 times" in child.stdout
