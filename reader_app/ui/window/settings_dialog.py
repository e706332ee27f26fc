"""The Settings dialog: page appearance (live), the assistant, read aloud's voice and speed, and
how books and comics are prepared; one dialog, its Appearance page also opened by View ›
Appearance…."""

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
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from reader_app.settings import SettingsStore, declared
from reader_app.ui.page.appearance import THEMES, Appearance
from reader_app.ui.read_aloud.settings_page import ReadAloudSettingsPage
from reader_app.ui.read_aloud.voice import ReaderVoice
from reader_app.ui.translation import LANGUAGE_NAMES, theme_name
from reader_app.ui.workers import Workers


class AppearancePage(QWidget):
    """Changes apply live, so the reader sees the page change as they adjust it."""

    appearanceChanged = Signal(object)  # Appearance

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("appearancePage")
        self.appearance = appearance
        form = QFormLayout(self)
        self.font_box = QFontComboBox()
        self.font_box.setObjectName("appearanceFont")
        self.font_box.setCurrentFont(QFont(appearance.resolved_family()))
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
            self.theme_box.addItem(theme_name(key), key)
        self.theme_box.setCurrentIndex(max(self.theme_box.findData(appearance.theme), 0))
        self.justify_box = QCheckBox(self.tr("Justify paragraphs"))
        self.justify_box.setObjectName("appearanceJustify")
        self.justify_box.setChecked(appearance.justify)
        self.publisher_box = QCheckBox(self.tr("Use publisher styles"))
        self.publisher_box.setObjectName("appearancePublisherStyles")
        self.publisher_box.setToolTip(self.tr(
            "The book's own indents, spacing, alignment, small caps and page breaks. "
            "Your font, size, spacing and colours always win."
        ))
        self.publisher_box.setChecked(appearance.publisher_styles)
        self.hyphenate_box = QCheckBox(self.tr("Hyphenate justified text"))
        self.hyphenate_box.setObjectName("appearanceHyphenate")
        self.hyphenate_box.setChecked(appearance.hyphenate)
        self.math_box = QCheckBox(self.tr("Typeset mathematics"))
        self.math_box.setObjectName("appearanceTypesetMath")
        self.math_box.setChecked(appearance.typeset_math)
        self.measure_box = QSpinBox()
        self.measure_box.setObjectName("appearanceMeasure")
        self.measure_box.setRange(0, 120)
        self.measure_box.setSuffix(self.tr(" em"))
        self.measure_box.setSpecialValueText(self.tr("No limit"))
        self.measure_box.setValue(appearance.measure)
        form.addRow(self.tr("Font"), self.font_box)
        form.addRow(self.tr("Size"), self.size_box)
        form.addRow(self.tr("Line spacing"), self.spacing_box)
        form.addRow(self.tr("Margins"), self.margin_box)
        form.addRow(self.tr("Theme"), self.theme_box)
        form.addRow("", self.justify_box)
        form.addRow("", self.hyphenate_box)
        form.addRow("", self.math_box)
        form.addRow("", self.publisher_box)
        form.addRow(self.tr("Longest line"), self.measure_box)
        self.font_box.currentFontChanged.connect(self._changed)
        self.size_box.valueChanged.connect(self._changed)
        self.spacing_box.valueChanged.connect(self._changed)
        self.margin_box.valueChanged.connect(self._changed)
        self.theme_box.currentIndexChanged.connect(self._changed)
        self.justify_box.toggled.connect(self._changed)
        self.hyphenate_box.toggled.connect(self._changed)
        self.math_box.toggled.connect(self._changed)
        self.publisher_box.toggled.connect(self._changed)
        self.measure_box.valueChanged.connect(self._changed)

    def _changed(self, *_: object) -> None:
        self.appearance = replace(
            self.appearance,
            font_family=self.font_box.currentFont().family(),
            font_size=self.size_box.value(),
            line_spacing=round(self.spacing_box.value(), 2),
            margin=self.margin_box.value(),
            theme=self.theme_box.currentData(),
            justify=self.justify_box.isChecked(),
            hyphenate=self.hyphenate_box.isChecked(),
            typeset_math=self.math_box.isChecked(),
            publisher_styles=self.publisher_box.isChecked(),
            measure=self.measure_box.value(),
        )
        self.appearanceChanged.emit(self.appearance)


class PreferencesDialog(QDialog):
    """Settings: the page's appearance (live; Cancel puts it back), the assistant (a model
    server) and how books are prepared for it (saved by OK)."""

    appearanceChanged = Signal(object)  # Appearance, as the reader adjusts it

    def __init__(self, settings: SettingsStore, parent: QWidget | None = None, *,
                 workers: Workers | None = None, appearance: Appearance | None = None,
                 tab: str = "", voice: ReaderVoice | None = None) -> None:
        super().__init__(parent)
        from reader_app.ui.assistant.settings_page import AssistantSettingsPage

        self.setObjectName("preferencesDialog")
        self.setWindowTitle(self.tr("Settings"))
        self.settings = settings
        layout = QVBoxLayout(self)
        self.tabs = tabs = QTabWidget(self)
        self.opened_with = appearance or Appearance.load(settings)
        self.appearance_page = AppearancePage(self.opened_with, self)
        self.appearance_page.appearanceChanged.connect(self.appearanceChanged)
        self.language_box = self._language_box(settings)
        tabs.addTab(self.appearance_page, self.tr("Appearance"))
        self.assistant_page = AssistantSettingsPage(settings, self, workers=workers)
        tabs.addTab(self.assistant_page, self.tr("Assistant"))
        # Read aloud's voice and speed, where the window reads aloud (its `ReaderVoice`).
        self.read_aloud_page = ReadAloudSettingsPage(voice, self) if voice is not None else None
        if self.read_aloud_page is not None:
            tabs.addTab(self.read_aloud_page, self.tr("Read Aloud"))
        if tab == "appearance":
            tabs.setCurrentWidget(self.appearance_page)
        elif tab == "read_aloud" and self.read_aloud_page is not None:
            tabs.setCurrentWidget(self.read_aloud_page)
        else:
            tabs.setCurrentWidget(self.assistant_page)

        preparing = QWidget(self)
        form = QFormLayout(preparing)
        self.embedding_box = QComboBox(preparing)
        self.embedding_box.setObjectName("embeddingModel")
        self.embedding_box.setEditable(True)
        default = str(declared("assistant.embedding_model").default_value())
        self.embedding_box.addItem(self.tr("{0} (built in, works offline)").format(default),
                                   default)
        for model in _fastembed_text_models():
            if model != default:
                self.embedding_box.addItem(
                    self.tr("{0} (downloaded when chosen)").format(model), model)
        current = str(settings.get("assistant.embedding_model"))
        index = self.embedding_box.findData(current)
        if index >= 0:
            self.embedding_box.setCurrentIndex(index)
        else:
            self.embedding_box.setEditText(current)
        form.addRow(self.tr("Embedding model"), self.embedding_box)
        note = QLabel(self.tr(
            "Changing the model re-indexes your books in the background. Other models are "
            "downloaded by fastembed the first time they are used."
        ))
        note.setWordWrap(True)
        form.addRow("", note)
        self.describe_box = QCheckBox(
            self.tr("Describe comic pages with a vision model in Ollama"))
        self.describe_box.setObjectName("describePages")
        self.describe_box.setChecked(bool(settings.get("comics.describe_pages")))
        form.addRow("", self.describe_box)
        self.vision_edit = QLineEdit(str(settings.get("comics.vision_model")))
        self.vision_edit.setObjectName("visionModel")
        self.vision_edit.setPlaceholderText(self.tr("the first installed vision model"))
        form.addRow(self.tr("Vision model"), self.vision_edit)
        self.autoplay_box = QCheckBox(self.tr("Let a book's audio and video start by "
                                              "themselves (autoplay)"))
        self.autoplay_box.setObjectName("mediaAutoplay")
        self.autoplay_box.setChecked(bool(settings.get("reading.media_autoplay")))
        form.addRow("", self.autoplay_box)
        tabs.addTab(preparing, self.tr("Books and comics"))
        layout.addWidget(tabs)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _language_box(self, settings: SettingsStore) -> QComboBox:
        """The window's language, on the Appearance page; it applies at the next start."""
        box = QComboBox(self.appearance_page)
        box.setObjectName("windowLanguage")
        for key, name in LANGUAGE_NAMES.items():
            box.addItem(self.tr("System") if key == "system" else name, key)
        box.setCurrentIndex(max(box.findData(settings.get("window.language")), 0))
        form = self.appearance_page.layout()
        assert isinstance(form, QFormLayout)
        form.addRow(self.tr("Language of the window"), box)
        note = QLabel(self.tr("A new language applies the next time Pagemate starts."))
        note.setObjectName("windowLanguageNote")
        note.setWordWrap(True)
        form.addRow("", note)
        return box

    def embedding_model(self) -> str:
        data = self.embedding_box.currentData()
        text = self.embedding_box.currentText().strip()
        if data and self.embedding_box.itemText(self.embedding_box.currentIndex()) == text:
            return str(data)
        return text.split(" (")[0]

    def accept(self) -> None:
        self.assistant_page.apply()
        if self.read_aloud_page is not None:
            self.read_aloud_page.apply()
        model = self.embedding_model()
        if model:
            self.settings.set("assistant.embedding_model", model)
        self.settings.set("comics.describe_pages", self.describe_box.isChecked())
        self.settings.set("comics.vision_model", self.vision_edit.text().strip())
        self.settings.set("reading.media_autoplay", self.autoplay_box.isChecked())
        self.settings.set("window.language", self.language_box.currentData())
        super().accept()

    def reject(self) -> None:
        if self.read_aloud_page is not None:
            self.read_aloud_page.cancel()  # a voice previewed: the one before speaks again
        if self.appearance_page.appearance != self.opened_with:
            self.appearanceChanged.emit(self.opened_with)  # Cancel: the page as it was
        super().reject()


def _fastembed_text_models() -> list[str]:
    # The list is metadata shipped with fastembed; reading it touches no network.
    try:
        from fastembed import TextEmbedding

        return sorted(str(m["model"]) for m in TextEmbedding.list_supported_models())
    except Exception:
        return []
