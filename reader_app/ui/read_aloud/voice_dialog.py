"""More Voices…: every voice of the book's language, each engine's variants under the voice they
vary ("English (Great Britain)" › "Robosoft7"), found by typing part of a name, heard with
Preview before choosing; the Voice menu and the settings page open it (`VoiceDialog`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from reader_app.ui.read_aloud.speech import Voice
from reader_app.ui.read_aloud.voice import VARIANT_MARK, ReaderVoice

NAME = Qt.ItemDataRole.UserRole  # an item's voice name ("" for a group with no voice of its own)


def grouped(voices: tuple[Voice, ...]) -> dict[str, list[str]]:
    """Each voice's variants under it, in the engine's order: {"English (America)": [its
    variants' full names]}; a variant whose voice is not listed still gets its group."""
    groups: dict[str, list[str]] = {}
    for voice in voices:
        base, _mark, variant = voice.name.partition(VARIANT_MARK)
        names = groups.setdefault(base, [])
        if variant:
            names.append(voice.name)
    return groups


class VoiceDialog(QDialog):
    """Choose among all the voices: `selected()` once accepted. A voice previewed speaks
    until the dialog closes; Cancel puts back the one before (the chooser applies OK's)."""

    def __init__(self, voice: ReaderVoice, parent: QWidget | None = None, *,
                 current: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("readAloudVoiceDialog")
        self.setWindowTitle(self.tr("Voices"))
        self.voice = voice
        self.before = voice.current()
        layout = QVBoxLayout(self)
        note = QLabel(
            self.tr("Voices for this book's language; an engine's variants are listed under "
                      "the voice they vary."))
        note.setWordWrap(True)
        layout.addWidget(note)
        self.search = QLineEdit()
        self.search.setObjectName("voiceSearch")
        self.search.setPlaceholderText(self.tr("Find a voice"))
        self.search.setClearButtonEnabled(True)
        layout.addWidget(self.search)
        self.tree = QTreeWidget()
        self.tree.setObjectName("voiceTree")
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        layout.addWidget(self.tree, 1)
        listed = {v.name for v in voice.voices()}
        chosen = current or self.before
        self._groups: list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = []
        for base, variants in grouped(voice.voices()).items():
            group = QTreeWidgetItem(self.tree, [base])
            group.setData(0, NAME, base if base in listed else "")
            items = []
            for name in variants:
                item = QTreeWidgetItem(group, [name.partition(VARIANT_MARK)[2]])
                item.setData(0, NAME, name)
                item.setToolTip(0, name)
                items.append(item)
            self._groups.append((group, items))
            for item in (group, *items):
                if item.data(0, NAME) == chosen:
                    self.tree.setCurrentItem(item)
                    self.tree.scrollToItem(item)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.preview_button = QPushButton(self.tr("Preview"))
        self.preview_button.setObjectName("voicePreview")
        self.preview_button.setToolTip(self.tr("Hear this voice say the book's title"))
        buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self._filter)
        self.tree.currentItemChanged.connect(lambda *_: self._enable())
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.preview_button.clicked.connect(lambda: self.voice.preview(self.selected()))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._enable()
        self.resize(440, 520)

    def selected(self) -> str:
        item = self.tree.currentItem()
        return str(item.data(0, NAME) or "") if item is not None else ""

    def _enable(self) -> None:
        self.ok_button.setEnabled(bool(self.selected()))
        self.preview_button.setEnabled(bool(self.selected()) and self.voice.can_preview())

    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        if item.data(0, NAME):
            self.accept()

    def _filter(self, text: str) -> None:
        wanted = text.strip().casefold()
        for group, children in self._groups:
            group_matches = wanted in group.text(0).casefold()
            any_child = False
            for child in children:
                matches = group_matches or wanted in child.text(0).casefold()
                child.setHidden(not matches)
                any_child |= matches
            group.setHidden(not (group_matches or any_child))
            group.setExpanded(bool(wanted) and any_child and not group_matches)

    def done(self, result: int) -> None:
        if self.voice.current() != self.before:
            self.voice.restore(self.before)  # a sample's voice; the chooser applies OK's
        super().done(result)
