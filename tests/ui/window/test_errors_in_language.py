"""Why a book or the model server failed, in the window's language (issue 41): the Qt-free code
keeps each common sentence as a marked template and its arguments (reader_app/translatable.py),
and the window translates the template before filling it in; the English stays as it was."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from reader_app.errors import (
    AssistantTimeoutError,
    BookError,
    ModelMissingError,
    OllamaUnreachableError,
)
from reader_app.paths import database_path
from reader_app.store.db import connect
from reader_app.ui.library.library_recovery import open_or_recover
from reader_app.ui.translation import install_language, said
from reader_app.ui.window.main_window import MainWindow
from tests.ui.window.test_window_language import started_in
from tests.unit.books.epubgen import make_epub, xhtml

MARK = "qqcorruptme"


def damaged_epub(folder: Path, how: str) -> Path:
    """An EPUB whose chapter's bytes were changed after it was zipped (its checksum no longer
    matches), or which was cut short."""
    path = make_epub(folder / "kaputt.epub",
                     {"c0.xhtml": xhtml(f"<p>{MARK} and a story.</p>" * 50)})
    if how == "changed":
        with zipfile.ZipFile(path) as archive:
            members = {info.filename: archive.read(info) for info in archive.infolist()}
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:  # bytes as they are
            for name, data in members.items():
                archive.writestr(name, data)
        data = path.read_bytes()
        at = data.index(MARK.encode())
        path.write_bytes(data[:at] + b"Q" + data[at + 1:])
    else:
        path.write_bytes(path.read_bytes()[:-200])
    return path


def failed_opening(qtbot: QtBot, window: MainWindow, path: Path) -> str:
    with qtbot.waitSignal(window.openFailed, timeout=30_000) as failed:
        window.open_path(path)
    message = str(failed.args[0])
    assert window.error_banner.label.text() == message
    return message


@pytest.mark.parametrize(("how", "german", "english"), [
    ("changed", "„kaputt.epub“ kann nicht geöffnet werden: Die Datei ist beschädigt: "
     "„OEBPS/c0.xhtml“ ist nicht lesbar (Prüfsumme stimmt nicht; die Bytes wurden verändert).",
     "Can't open “kaputt.epub”: the file is damaged: “OEBPS/c0.xhtml” cannot be read (its "
     "checksum does not match; the bytes were changed)."),
    ("cut", "„kaputt.epub“ kann nicht geöffnet werden: Die Datei ist beschädigt oder "
     "unvollständig (ein abgeschnittenes Zip-Archiv).",
     "Can't open “kaputt.epub”: the file is damaged or incomplete (a truncated zip archive)."),
])
def test_a_german_window_says_in_german_why_a_damaged_book_did_not_open(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None, how: str, german: str,
    english: str,
) -> None:
    path = damaged_epub(tmp_path, how)
    window = started_in(qtbot, library_home, "de")
    assert failed_opening(qtbot, window, path) == german
    install_language("en")
    assert failed_opening(qtbot, window, path) == english


def test_a_french_window_names_a_drm_locked_book_in_french(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    path = make_epub(tmp_path / "verrou.epub", {"c0.xhtml": xhtml("<p>Texte.</p>")},
                     extra={"META-INF/rights.xml": "<rights/>"})
    window = started_in(qtbot, library_home, "fr")
    assert failed_opening(qtbot, window, path) == (
        "Impossible d’ouvrir «\u00a0verrou.epub\u00a0»\u00a0: ce livre est protégé par des DRM "
        "(son texte est chiffré)\u00a0: Pagemate ne peut pas le lire. Ouvrez-le dans l’application "
        "où vous l’avez acheté, ou procurez-vous une copie sans DRM.")


def test_model_server_errors_in_the_windows_language(speaking: None) -> None:
    host = "http://127.0.0.1:11434"
    errors = (OllamaUnreachableError(host=host), ModelMissingError(model="qwen2.5:3b", host=host),
              AssistantTimeoutError(host=host, seconds=90.0, server="llama.cpp"))
    english = [str(error) for error in errors]
    assert [said(error) for error in errors] == english  # no catalogue: as before
    assert english[2] == (f"The model server at {host} didn't answer within 90 seconds. It may "
                          "be busy loading the model; try again, or choose a smaller model in "
                          "Settings.")
    install_language("es")
    assert [said(error) for error in errors] == [
        f"Ollama no está en marcha en {host}. Inícielo o cambie la dirección en la "
        "Configuración.",
        f"El modelo «qwen2.5:3b» no está instalado en Ollama en {host}. Descárguelo o elija "
        "otro modelo en la Configuración.",
        f"El servidor de modelos en {host} no respondió en 90 segundos. Puede que esté cargando "
        "el modelo; inténtelo de nuevo o elija un modelo más pequeño en la Configuración.",
    ]
    assert str(errors[0]) == english[0], "the command line and the logs stay English"
    plain = BookError(Path("x.epub"), "an English phrase the code did not mark")
    assert said(plain) == "No se puede abrir «x.epub»: an English phrase the code did not mark"


def archive_bomb(folder: Path) -> Path:
    """A comic whose one page unpacks from a few KiB to 4 MiB: over 100 to 1, a zip bomb's mark."""
    path = folder / "bombe.cbz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("001.png", bytes(4 << 20))
    return path


def test_a_german_window_refuses_an_archive_bomb_in_german(
    qtbot: QtBot, library_home: Path, tmp_path: Path, speaking: None
) -> None:
    path = archive_bomb(tmp_path)
    window = started_in(qtbot, library_home, "de")
    assert failed_opening(qtbot, window, path) == (
        "„bombe.cbz“ kann nicht geöffnet werden: „001.png“ ist mehr als 100:1 komprimiert, "
        "typisch für eine Zip-Bombe; die Datei wurde nicht geöffnet.")
    assert window.error_banner.isVisible()
    install_language("en")  # the English is what it always was (scripts and tests read it)
    assert failed_opening(qtbot, window, path) == (
        "Can't open “bombe.cbz”: “001.png” is compressed more than 100 to 1, which is typical "
        "of a zip bomb; the file was not opened.")


def answered_box(qtbot: QtBot, ask: Callable[[], object]) -> tuple[str, object]:
    """What the message box that `ask` opens says, answered "No" (or closed) by the reader."""
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append(box.text())
        no = box.button(QMessageBox.StandardButton.No)
        if no is not None:
            no.click()
        else:
            box.accept()

    QTimer.singleShot(0, answer)
    result = ask()
    qtbot.waitUntil(lambda: bool(seen), timeout=5_000)
    return seen[0], result


def test_a_damaged_library_is_explained_in_german_before_the_window_opens(
    qtbot: QtBot, library_home: Path, speaking: None
) -> None:
    connect(library_home).close()
    database_path(library_home).write_bytes(b"this is no database at all " * 400)
    install_language("de")  # as `app.main` does, from the system's language, before the window
    text, conn = answered_box(qtbot, lambda: open_or_recover(library_home))
    assert conn is None  # the reader said no: nothing was rebuilt
    assert text == (
        f"Der Bibliotheksindex (library.sqlite3 in {library_home}) ist beschädigt. Pagemate "
        "kann ihn aus Ihren Buchdateien neu aufbauen und behält die noch lesbaren "
        "Lesepositionen.\n\nDen Bibliotheksindex jetzt neu aufbauen?")
