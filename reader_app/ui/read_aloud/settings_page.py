"""Read aloud's page in Settings: the voice (the book language's own, or any through More
Voices…, heard with Preview) and the speed, kept in the settings when OK is pressed
(`read_aloud.voice`, `read_aloud.rate`, through `ReaderVoice`). The voices are asked of the
speech engine when the page is first shown, not when Settings opens on another page."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QWidget,
)

from reader_app.ui.read_aloud.voice import ReaderVoice, main_voices, speed_words
from reader_app.ui.read_aloud.voice_dialog import VoiceDialog

SPEED_STEPS = 10  # the slider's steps each way: a rate of ±0.1 each


class ReadAloudSettingsPage(QWidget):
    """The voice and the speed; `apply` keeps them (OK), `cancel` puts a previewed voice back."""

    def __init__(self, voice: ReaderVoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readAloudSettingsPage")
        self.voice = voice
        self.before: str | None = None  # the voice speaking when the page was first shown
        self.form = form = QFormLayout(self)
        self.voice_box = QComboBox()
        self.voice_box.setObjectName("readAloudVoice")
        self.voice_box.setMinimumContentsLength(24)
        self.voice_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.more_button = QPushButton(self.tr("More Voices…"))
        self.more_button.setObjectName("readAloudMoreVoices")
        self.preview_button = QPushButton(self.tr("Preview"))
        self.preview_button.setObjectName("readAloudPreview")
        self.preview_button.setToolTip(self.tr("Hear this voice say the book's title"))
        row = QHBoxLayout()
        row.addWidget(self.voice_box, 1)
        row.addWidget(self.more_button)
        row.addWidget(self.preview_button)
        form.addRow(self.tr("Voice"), row)
        self.missing = QLabel()
        self.missing.setObjectName("readAloudNoVoice")
        self.missing.setWordWrap(True)
        self.missing.hide()
        form.addRow("", self.missing)
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setObjectName("readAloudSpeed")
        self.speed.setRange(-SPEED_STEPS, SPEED_STEPS)
        self.speed.setPageStep(2)
        self.speed.setValue(round(voice.rate * SPEED_STEPS))
        self.speed_label = QLabel()
        self.speed_label.setObjectName("readAloudSpeedText")
        self.speed_label.setMinimumWidth(self.speed_label.fontMetrics().horizontalAdvance("0.0×"))
        speed_row = QHBoxLayout()
        speed_row.addWidget(self.speed, 1)
        speed_row.addWidget(self.speed_label)
        form.addRow(self.tr("Speed"), speed_row)
        hint = QLabel(self.tr("Ctrl+Shift+Up and Down change the speed while reading."))
        hint.setWordWrap(True)
        form.addRow("", hint)
        self.speed.valueChanged.connect(self._show_speed)
        self._show_speed()
        self.more_button.clicked.connect(self._more_voices)
        self.preview_button.clicked.connect(lambda: self.voice.preview(self.chosen_voice()))

    def chosen_voice(self) -> str:
        return str(self.voice_box.currentData() or "")

    def chosen_rate(self) -> float:
        return self.speed.value() / SPEED_STEPS

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.before is None:
            self._fill()

    def _fill(self) -> None:
        """The voices, asked of the speech engine (found now if it was not yet)."""
        has_voice = self.voice.ensure(quiet=True)
        self.before = self.voice.current()
        for listed in main_voices(self.voice.voices()):
            self.voice_box.addItem(listed.name, listed.name)
        self._show_voice(self.before)
        for widget in (self.voice_box, self.more_button):
            widget.setEnabled(has_voice)
        self.preview_button.setEnabled(self.voice.can_preview())
        if not has_voice:
            missing = self.voice.no_speech
            self.missing.setText(missing.reason if missing else self.tr("No voice was found."))
            self.missing.show()

    def apply(self) -> None:
        """OK: keep the voice and the speed chosen (each only if it changed)."""
        name = self.chosen_voice()
        if self.before is not None and name and name != self.before:
            self.voice.set_voice(name)
        else:
            self.cancel()  # a voice previewed, the one before kept
        if self.chosen_rate() != self.voice.rate:
            self.voice.set_rate(self.chosen_rate())

    def cancel(self) -> None:
        if self.before is not None and self.voice.current() != self.before:
            self.voice.restore(self.before)

    def _show_voice(self, name: str) -> None:
        if name and self.voice_box.findData(name) < 0:
            self.voice_box.addItem(name, name)  # a variant, chosen in More Voices…
        index = self.voice_box.findData(name)
        if index >= 0:
            self.voice_box.setCurrentIndex(index)

    def _show_speed(self) -> None:
        self.speed_label.setText(speed_words(self.chosen_rate()))

    def _more_voices(self) -> None:
        dialog = VoiceDialog(self.voice, self, current=self.chosen_voice())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._show_voice(dialog.selected()))
        dialog.open()
