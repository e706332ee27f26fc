"""What the window tells the reader about its library later in a session: writes held because the
library cannot be written (a full disk, a read-only folder), the writer's news as Qt signals that
arrive on the UI thread; and stored settings that could not be used."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from reader_app.errors import LibraryError
from reader_app.settings import SettingProblem
from reader_app.translatable import QT_TRANSLATE_NOOP
from reader_app.ui.translation import number_text, said, translate

HELD_NOTE = QT_TRANSLATE_NOOP(
    "SaveNews",
    "Your reading position can't be saved right now: {fault} Until then Pagemate keeps your "
    "place and saves it as soon as there is room."
)


class SaveNews(QObject):
    """Signals for the writer's callbacks, which run on its thread."""

    held = Signal(str)  # the reader-facing note
    landed = Signal()

    def fault(self, error: LibraryError) -> None:
        self.held.emit(self.tr(HELD_NOTE).format(fault=said(error)))

    def recovered(self) -> None:
        self.landed.emit()


def settings_note(problems: list[SettingProblem]) -> str:
    """The banner's words for stored settings that could not be used ("" when there are none)."""
    if not problems:
        return ""
    shown = " ".join(p.describe() for p in problems[:3])
    more = translate("SaveNews", " (and {0} more)").format(number_text(len(problems) - 3)) if len(
        problems) > 3 else ""
    return shown + more + translate(
        "SaveNews", " Choose it again in Settings to keep a value of your own.")
