"""Settings dialogs: the appearance of pages (font, size, spacing, margins, theme, alignment)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFontComboBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from reader_app.ui.appearance import THEMES, Appearance


class AppearanceDialog(QDialog):
    """Changes apply live, so the reader sees the page change as they adjust it."""

    appearanceChanged = Signal(object)  # Appearance

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("appearanceDialog")
        self.setWindowTitle("Appearance")
        self.appearance = appearance
        form = QFormLayout(self)
        self.font_box = QFontComboBox()
        self.font_box.setObjectName("appearanceFont")
        self.font_box.setCurrentFont(QFont(appearance.font_family))
        self.size_box = QSpinBox()
        self.size_box.setObjectName("appearanceSize")
        self.size_box.setRange(8, 48)
        self.size_box.setValue(appearance.font_size)
        self.spacing_box = QDoubleSpinBox()
        self.spacing_box.setObjectName("appearanceSpacing")
        self.spacing_box.setRange(1.0, 2.5)
        self.spacing_box.setSingleStep(0.1)
        self.spacing_box.setValue(appearance.line_spacing)
        self.margin_box = QSpinBox()
        self.margin_box.setObjectName("appearanceMargin")
        self.margin_box.setRange(0, 200)
        self.margin_box.setValue(appearance.margin)
        self.theme_box = QComboBox()
        self.theme_box.setObjectName("appearanceTheme")
        for key in ("system", *THEMES):
            self.theme_box.addItem(key.capitalize(), key)
        self.theme_box.setCurrentIndex(max(self.theme_box.findData(appearance.theme), 0))
        self.justify_box = QCheckBox("Justify paragraphs")
        self.justify_box.setObjectName("appearanceJustify")
        self.justify_box.setChecked(appearance.justify)
        form.addRow("Font", self.font_box)
        form.addRow("Size", self.size_box)
        form.addRow("Line spacing", self.spacing_box)
        form.addRow("Margins", self.margin_box)
        form.addRow("Theme", self.theme_box)
        form.addRow("", self.justify_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        form.addRow(buttons)
        self.font_box.currentFontChanged.connect(self._changed)
        self.size_box.valueChanged.connect(self._changed)
        self.spacing_box.valueChanged.connect(self._changed)
        self.margin_box.valueChanged.connect(self._changed)
        self.theme_box.currentIndexChanged.connect(self._changed)
        self.justify_box.toggled.connect(self._changed)

    def _changed(self, *_: object) -> None:
        self.appearance = replace(
            self.appearance,
            font_family=self.font_box.currentFont().family(),
            font_size=self.size_box.value(),
            line_spacing=round(self.spacing_box.value(), 2),
            margin=self.margin_box.value(),
            theme=self.theme_box.currentData(),
            justify=self.justify_box.isChecked(),
        )
        self.appearanceChanged.emit(self.appearance)
