"""How pages look: font, spacing, margins, alignment and the colour themes."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication

from reader_app.settings import SettingsStore


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: str
    text: str
    link: str
    muted: str
    selection: str


THEMES = {
    "light": Theme("light", "#fbfbf8", "#1d1d1b", "#1f5fa8", "#8a8a85", "#c9dcf5"),
    "sepia": Theme("sepia", "#f4ecd8", "#3b2f20", "#7a4a12", "#9c8a6e", "#e3cfa4"),
    "dark": Theme("dark", "#1e1f22", "#d8d6d0", "#8ab4f8", "#7c7d80", "#3d4a5c"),
}
FONT_SIZES = (9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 28, 32)


@dataclass(frozen=True, slots=True)
class Appearance:
    font_family: str = "Georgia"
    font_size: int = 13
    line_spacing: float = 1.4
    margin: int = 48
    theme: str = "system"  # system, light, sepia, dark
    justify: bool = True
    publisher_styles: bool = True
    hyphenate: bool = True
    measure: int = 36  # longest line in ems; 0 for none

    @classmethod
    def load(cls, settings: SettingsStore) -> Appearance:
        return cls(
            font_family=settings.get("appearance.font_family"),
            font_size=settings.get("appearance.font_size"),
            line_spacing=settings.get("appearance.line_spacing"),
            margin=settings.get("appearance.margin"),
            theme=settings.get("appearance.theme"),
            justify=settings.get("appearance.justify"),
            publisher_styles=settings.get("appearance.publisher_styles"),
            hyphenate=settings.get("appearance.hyphenate"),
            measure=settings.get("appearance.measure"),
        )

    def save(self, settings: SettingsStore) -> None:
        settings.set("appearance.font_family", self.font_family)
        settings.set("appearance.font_size", self.font_size)
        settings.set("appearance.line_spacing", self.line_spacing)
        settings.set("appearance.margin", self.margin)
        settings.set("appearance.theme", self.theme)
        settings.set("appearance.justify", self.justify)
        settings.set("appearance.publisher_styles", self.publisher_styles)
        settings.set("appearance.hyphenate", self.hyphenate)
        settings.set("appearance.measure", self.measure)

    def resolved_theme(self) -> Theme:
        if self.theme in THEMES:
            return THEMES[self.theme]
        return THEMES["dark"] if system_prefers_dark() else THEMES["light"]

    def bigger(self) -> Appearance:
        larger = [s for s in FONT_SIZES if s > self.font_size]
        return replace(self, font_size=larger[0] if larger else self.font_size)

    def smaller(self) -> Appearance:
        smaller = [s for s in FONT_SIZES if s < self.font_size]
        return replace(self, font_size=smaller[-1] if smaller else self.font_size)


def system_prefers_dark() -> bool:
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return False
    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    window = app.palette().window().color()
    return window.lightness() < QColor(128, 128, 128).lightness()
