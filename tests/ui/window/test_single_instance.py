"""A second Pagemate launch hands its files to the running one and exits."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtNetwork import QLocalSocket
from pytestqt.qtbot import QtBot

from reader_app.ui.window.single_instance import SingleInstance, server_name
from tests.conftest import JEKYLL, ROOT, corpus_epub


@pytest.fixture
def running(library_home: Path) -> Iterator[SingleInstance]:
    """The first Pagemate: it took the lock and listens."""
    first = SingleInstance(library_home)
    assert first.try_hand_off([]) is False
    assert first.is_listening()
    yield first
    first.close()


# The second launch is a separate process, as in real use. (A thread would not do: the hand-off
# blocks in Qt calls that keep Python's GIL, so the first instance could not answer.)
SECOND_LAUNCH = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from reader_app.ui.window.single_instance import SingleInstance
    handed_off = SingleInstance(Path(sys.argv[1])).try_hand_off(sys.argv[2:])
    sys.exit(0 if handed_off else 3)
    """
)


def launch_second(home: Path, files: list[str], *, cwd: Path = ROOT) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", SECOND_LAUNCH, str(home), *files],
        cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )


def handed_off(qtbot: QtBot, second: subprocess.Popen[bytes]) -> bool:
    """Waits (serving the first instance meanwhile) until the second launch exits."""
    try:
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=30000)
    finally:
        if second.poll() is None:
            second.kill()
        _, stderr = second.communicate()
    assert second.returncode in (0, 3), stderr.decode(errors="replace")
    return second.returncode == 0


def test_second_launch_hands_its_file_to_the_running_instance_and_exits(
    qtbot: QtBot, running: SingleInstance, library_home: Path
) -> None:
    book = str(corpus_epub(JEKYLL))
    arrived: list[str] = []
    running.fileReceived.connect(arrived.append)
    assert handed_off(qtbot, launch_second(library_home, [book])) is True
    assert arrived == [book]


def test_every_file_of_a_second_launch_arrives_in_order(
    qtbot: QtBot, running: SingleInstance, library_home: Path
) -> None:
    arrived: list[str] = []
    running.fileReceived.connect(arrived.append)
    files = ["/books/one.epub", "/books/two.cbz", "/books/naïve – three.epub"]
    assert handed_off(qtbot, launch_second(library_home, files)) is True
    assert arrived == files


def test_relative_paths_arrive_absolute(
    qtbot: QtBot, running: SingleInstance, library_home: Path, tmp_path: Path
) -> None:
    arrived: list[str] = []
    running.fileReceived.connect(arrived.append)
    second = launch_second(library_home, ["shelf/book.epub"], cwd=tmp_path)
    assert handed_off(qtbot, second) is True
    assert arrived == [str(tmp_path / "shelf" / "book.epub")]


def test_second_launch_without_a_file_brings_the_running_window_forward(
    qtbot: QtBot, running: SingleInstance, library_home: Path
) -> None:
    files_seen: list[str] = []
    running.fileReceived.connect(files_seen.append)
    with qtbot.waitSignal(running.activationRequested, timeout=30000):
        second = launch_second(library_home, [])
    assert handed_off(qtbot, second) is True
    assert files_seen == []


def test_instances_on_different_library_folders_do_not_meet(tmp_path: Path) -> None:
    first_home, second_home = tmp_path / "a", tmp_path / "b"
    first_home.mkdir()
    second_home.mkdir()
    assert server_name(first_home) != server_name(second_home)
    first, second = SingleInstance(first_home), SingleInstance(second_home)
    try:
        assert first.try_hand_off([]) is False
        assert second.try_hand_off(["/books/x.epub"]) is False
        assert first.is_listening() and second.is_listening()
    finally:
        first.close()
        second.close()


def test_a_malformed_message_is_ignored_and_the_server_keeps_working(
    qtbot: QtBot, running: SingleInstance, library_home: Path
) -> None:
    arrived: list[str] = []
    running.fileReceived.connect(arrived.append)
    intruder = QLocalSocket()
    intruder.connectToServer(running.name)
    assert intruder.waitForConnected(2000)
    intruder.write(QByteArray(b'{"files": [1, 2]}\n'))
    intruder.flush()
    qtbot.waitUntil(lambda: intruder.state() == QLocalSocket.LocalSocketState.UnconnectedState,
                    timeout=5000)
    assert arrived == []
    assert handed_off(qtbot, launch_second(library_home, ["/books/after.epub"])) is True
    assert arrived == ["/books/after.epub"]


def test_closing_the_running_instance_lets_the_next_launch_take_over(
    running: SingleInstance, library_home: Path
) -> None:
    running.close()
    successor = SingleInstance(library_home)
    try:
        assert successor.try_hand_off(["/books/x.epub"]) is False
        assert successor.is_listening()
    finally:
        successor.close()


CRASHING_INSTANCE = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from PySide6.QtCore import QCoreApplication
    from reader_app.ui.window.single_instance import SingleInstance
    app = QCoreApplication([])
    instance = SingleInstance(Path(sys.argv[1]))
    assert instance.try_hand_off([]) is False and instance.is_listening()
    print("listening", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # crash: no cleanup of the lock or the socket
    """
)


def test_launch_after_a_crash_replaces_the_stale_socket(
    qtbot: QtBot, library_home: Path
) -> None:
    crashed = subprocess.run(
        [sys.executable, "-c", CRASHING_INSTANCE, str(library_home)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert crashed.stdout.strip() == "listening", crashed.stderr
    assert crashed.returncode == -9
    if sys.platform.startswith("linux"):
        # What the crash left behind: the socket file and the lock naming a dead process.
        # (QLocalServer puts it in the temporary folder, which TMPDIR moves, as for Python.)
        assert Path(tempfile.gettempdir(), server_name(library_home)).is_socket()
    assert (library_home / "pagemate-instance.lock").exists()

    survivor = SingleInstance(library_home)
    try:
        assert survivor.try_hand_off(["/books/x.epub"]) is False
        assert survivor.is_listening()
        arrived: list[str] = []
        survivor.fileReceived.connect(arrived.append)
        assert handed_off(qtbot, launch_second(library_home, ["/books/y.epub"])) is True
        assert arrived == ["/books/y.epub"]
    finally:
        survivor.close()


def test_real_second_process_hands_its_file_over_and_exits(
    qtbot: QtBot, running: SingleInstance, library_home: Path
) -> None:
    book = str(corpus_epub(JEKYLL))
    env = {**os.environ, "READER_APP_HOME": str(library_home), "QT_QPA_PLATFORM": "offscreen"}
    with qtbot.waitSignal(running.fileReceived, timeout=30000) as received:
        second = subprocess.Popen(
            [sys.executable, "-m", "reader_app", book], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
    try:
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=30000)
    finally:
        if second.poll() is None:
            second.kill()
        _, stderr = second.communicate()
    assert received.args == [book]
    assert second.returncode == 0, stderr.decode(errors="replace")


def test_second_app_launch_opens_its_book_in_the_running_app_and_exits(
    qtbot: QtBot, library_home: Path
) -> None:
    book = corpus_epub(JEKYLL)
    env = {**os.environ, "READER_APP_HOME": str(library_home), "QT_QPA_PLATFORM": "offscreen"}
    first = subprocess.Popen(
        [sys.executable, "-m", "reader_app"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        # Ready once it listens: the lock is taken just before the socket appears.
        probe = QLocalSocket()

        def listening() -> bool:
            assert first.poll() is None, "the first Pagemate quit"
            probe.connectToServer(server_name(library_home))
            connected = probe.waitForConnected(100)
            probe.abort()
            return connected

        qtbot.waitUntil(listening, timeout=60000)
        second = subprocess.run(
            [sys.executable, "-m", "reader_app", str(book)], cwd=ROOT, env=env,
            capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 0, second.stderr
        qtbot.waitUntil(lambda: _opened_titles(library_home) != [], timeout=30000)
        assert _opened_titles(library_home) == ["The Strange Case of Dr. Jekyll and Mr. Hyde"]
        assert first.poll() is None, "the first Pagemate should still be running"
    finally:
        first.terminate()
        try:
            first.wait(timeout=10)
        except subprocess.TimeoutExpired:
            first.kill()
            first.wait()


def _opened_titles(home: Path) -> list[str]:
    database = home / "library.sqlite3"
    if not database.exists():
        return []
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)) as conn:
        try:
            rows = conn.execute("SELECT title FROM books WHERE opened_at IS NOT NULL").fetchall()
        except sqlite3.OperationalError:  # the schema is still being created
            return []
    return [title for (title,) in rows]


def test_a_library_folder_that_does_not_exist_yet_is_created_not_mistaken_for_busy(
    tmp_path: Path,
) -> None:
    fresh = tmp_path / "new" / "library"
    instance = SingleInstance(fresh, connect_timeout_ms=200)
    try:
        assert instance.try_hand_off([]) is False
        assert instance.is_listening()
    finally:
        instance.close()
