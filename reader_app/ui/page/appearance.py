"""How pages look: font, spacing, margins, alignment and the colour themes."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontDatabase, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from reader_app.paths import assets_dir
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
# Bundled (assets/fonts, from Debian's fonts-linuxlibertine; GPL with font exception / OFL 1.1),
# so a fresh machine has a book face with real italics, bold and small caps.
BOOK_FONT = "Linux Libertine O"


@dataclass(frozen=True, slots=True)
class Appearance:
    font_family: str = BOOK_FONT
    font_size: int = 13
    line_spacing: float = 1.4
    margin: int = 48
    theme: str = "system"  # system, light, sepia, dark
    justify: bool = True
    publisher_styles: bool = True
    hyphenate: bool = True
    measure: int = 36  # longest line in ems; 0 for none
    typeset_math: bool = True  # MathML drawn typeset (ui/page/math_render.py), else as a text line

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
            typeset_math=settings.get("appearance.typeset_math"),
        )

    def save(self, settings: SettingsStore) -> None:
        settings.set_many({
            "appearance.font_family": self.font_family,
            "appearance.font_size": self.font_size,
            "appearance.line_spacing": self.line_spacing,
            "appearance.margin": self.margin,
            "appearance.theme": self.theme,
            "appearance.justify": self.justify,
            "appearance.publisher_styles": self.publisher_styles,
            "appearance.hyphenate": self.hyphenate,
            "appearance.measure": self.measure,
            "appearance.typeset_math": self.typeset_math,
        })

    def resolved_family(self) -> str:
        """The chosen family if this machine has it, else the bundled book face."""
        register_book_fonts()
        if QFontDatabase.hasFamily(self.font_family):
            return self.font_family
        return BOOK_FONT

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


@functools.cache
def register_book_fonts() -> tuple[str, ...]:
    """Add the bundled book faces to Qt's font database (once); their family names."""
    families: list[str] = []
    for path in sorted((assets_dir() / "fonts").glob("*.otf")):
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return tuple(dict.fromkeys(families))


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


def window_palette(theme: Theme) -> QPalette:
    """A palette for the whole window (menus, toolbar, docks, slider, status bar, dialogs)."""
    background, text = QColor(theme.background), QColor(theme.text)
    dark = background.lightness() < 128
    panel = background.lighter(130) if dark else background.darker(104)
    field = background.lighter(115) if dark else QColor(background).lighter(102)
    palette = QPalette()
    role = QPalette.ColorRole
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, role.Window, panel)
        palette.setColor(group, role.WindowText, text)
        palette.setColor(group, role.Base, field)
        palette.setColor(group, role.AlternateBase, panel)
        palette.setColor(group, role.Text, text)
        palette.setColor(group, role.Button, panel)
        palette.setColor(group, role.ButtonText, text)
        palette.setColor(group, role.ToolTipBase, panel)
        palette.setColor(group, role.ToolTipText, text)
        palette.setColor(group, role.PlaceholderText, QColor(theme.muted))
        palette.setColor(group, role.Highlight, QColor(theme.selection))
        palette.setColor(group, role.HighlightedText, text)
        palette.setColor(group, role.Link, QColor(theme.link))
        palette.setColor(group, role.BrightText, QColor("#ffffff" if dark else "#000000"))
        palette.setColor(group, role.Light, panel.lighter(120))
        palette.setColor(group, role.Midlight, panel.lighter(110))
        palette.setColor(group, role.Mid, panel.darker(130))
        palette.setColor(group, role.Dark, panel.darker(160))
        palette.setColor(group, role.Shadow, QColor("#000000"))
    disabled = QColor(theme.muted)
    for item in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, item, disabled)
    palette.setColor(QPalette.ColorGroup.Disabled, role.Window, panel)
    palette.setColor(QPalette.ColorGroup.Disabled, role.Base, panel)
    palette.setColor(QPalette.ColorGroup.Disabled, role.Button, panel)
    return palette


def apply_window_theme(appearance: Appearance) -> None:
    """Give the whole application the page's theme; "system" keeps the platform's own look."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if appearance.theme in THEMES:
        app.setPalette(window_palette(THEMES[appearance.theme]))
        app.setProperty("pagemateThemed", True)
    elif app.property("pagemateThemed"):
        app.setPalette(app.style().standardPalette())  # back to the platform's look
        app.setProperty("pagemateThemed", False)
