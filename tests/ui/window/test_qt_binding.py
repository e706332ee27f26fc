"""The Qt binding must not leak references: PySide6 6.12.0 aborted after a few thousand calls."""

from __future__ import annotations

import sys

from PySide6.QtGui import QFont, QTextCharFormat, QTextCursor, QTextDocument
from pytestqt.qtbot import QtBot


def test_void_qt_calls_keep_none_alive(qtbot: QtBot) -> None:
    document = QTextDocument()
    cursor = QTextCursor(document)
    fmt = QTextCharFormat()
    before = sys.getrefcount(None)
    for _ in range(2000):
        cursor.insertText("x", fmt)
        fmt.setFontWeight(QFont.Weight.Bold)
    assert sys.getrefcount(None) - before > -100
