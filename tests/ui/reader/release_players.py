"""Open a book with an audio and a video element and close it again and again, each time at a
random stage of its players (loading, loaded, just asked to play, playing, at the clip's end),
checking each release. Run as a child process by test_media_in_page.py, which times it out: a
release that deadlocks (Python's lock against Qt Multimedia's FFmpeg threads) hangs here, not
the test run.

    python -m tests.ui.reader.release_players FOLDER ROUNDS SEED
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication

from reader_app.books.opening.formats import read_book
from reader_app.ui.reader.epub_view import EpubView
from reader_app.ui.reader.media_player import MediaPlayerBox
from tests.ui.reader.media_clips import mjpeg_avi, wav_tone
from tests.unit.books.epubgen import make_epub, xhtml


def main(folder: Path, rounds: int, seed: int) -> None:
    app = QApplication.instance() or QApplication([])
    body = ('<p>Listen.</p><audio controls="" src="tone.wav">No audio.</audio>'
            '<video controls="" width="320" height="240" src="clip.avi"><p>No film.</p></video>')
    book = read_book(make_epub(folder / "media.epub", {"c1.xhtml": xhtml(body)}, extra={
        "OEBPS/tone.wav": wav_tone(seconds=0.6), "OEBPS/clip.avi": mjpeg_avi(frames=6)}))
    view = EpubView()
    view.resize(640, 900)
    view.show()
    rng = random.Random(seed)

    def turn(times: int) -> None:
        for _ in range(times):
            app.processEvents()
            time.sleep(0.002)

    def wait(done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 10
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit("the players never got that far")
            turn(1)

    def loaded() -> bool:
        boxes = list(view.media.players.values())
        return len(boxes) == 2 and all(b.play_button.isEnabled() for b in boxes)

    for n in range(rounds):
        view.set_book(book)
        stage = rng.randrange(4)
        if stage == 0:  # still loading
            turn(rng.randrange(10))
        else:
            wait(loaded)
            if stage >= 2:
                for box in view.media.players.values():
                    box.play()
                # just asked, playing, or at the end of the 0.6 s clips
                turn(rng.randrange(2, 400) if stage == 3 else rng.randrange(3))
        boxes: list[MediaPlayerBox] = list(view.media.players.values())
        files = [Path(b.player.source().toLocalFile()) for b in boxes]
        view.set_book(None)
        for box in boxes:
            if box.is_playing() or not box.player.source().isEmpty():
                raise SystemExit(f"round {n}: a released player still holds its clip")
        if any(f.name and f.exists() for f in files):
            raise SystemExit(f"round {n}: a clip copied out was left behind")
        turn(1)
    view.close()
    print(f"released {rounds} times", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
