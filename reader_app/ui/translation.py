"""The window in the reader's language: Pagemate's catalogues and Qt's own, chosen from the
system locale or the `window.language` setting, with numbers and dates in the same locale.

The catalogues are `assets/translations/pagemate_<language>.qm`, compiled from the `.ts` sources
beside them (`scripts/translations.py`); Qt's standard dialogs and buttons come from Qt's
`qtbase_<language>.qm`. A language without a catalogue is English, quietly.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from reader_app.paths import assets_dir
from reader_app.translatable import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

# The setting's choices, as the Settings dialog names them (each in its own language).
LANGUAGE_NAMES = {"system": "System", "en": "English", "fr": "Français", "de": "Deutsch",
                  "es": "Español"}
_TRANSLATOR_NAME = "pagemateTranslator"


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`text` in the window's language, for code outside a QObject (`self.tr` inside one)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


_THEME_NAMES = {"system": QT_TRANSLATE_NOOP("Theme", "System"),
                "light": QT_TRANSLATE_NOOP("Theme", "Light"),
                "sepia": QT_TRANSLATE_NOOP("Theme", "Sepia"),
                "dark": QT_TRANSLATE_NOOP("Theme", "Dark")}


def theme_name(key: str) -> str:
    """A colour theme's name in the window's language (the menu and the Settings dialog)."""
    return translate("Theme", _THEME_NAMES.get(key, key.capitalize()))


def catalogue_dir() -> Path:
    return assets_dir() / "translations"


def window_locale(choice: str, *, system: QLocale | None = None) -> QLocale:
    """The locale the window speaks: the setting's language unless it is "system"."""
    if choice and choice != "system":
        return QLocale(choice)
    return system if system is not None else QLocale.system()


def install_language(choice: str, *, system: QLocale | None = None,
                     folder: Path | None = None) -> QLocale:
    """Install the catalogues for `choice` (a `window.language` value) in the running
    application, replacing any installed before, and make its locale the default for numbers
    and dates. Returns the locale; its catalogues may be missing (English then)."""
    app = QCoreApplication.instance()
    assert app is not None
    for old in app.findChildren(QTranslator, _TRANSLATOR_NAME):
        QCoreApplication.removeTranslator(old)
        old.setParent(None)
    locale = window_locale(choice, system=system)
    QLocale.setDefault(locale)
    language = locale.name().split("_")[0]
    if language in ("en", "C"):
        return locale
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, where in ((f"pagemate_{language}", folder or catalogue_dir()),
                        (f"qtbase_{language}", Path(qt_folder))):
        translator = QTranslator(app)
        translator.setObjectName(_TRANSLATOR_NAME)
        if translator.load(name, str(where)) and QCoreApplication.installTranslator(translator):
            continue
        log.info("no catalogue %s in %s: that part of the window stays English", name, where)
        translator.setParent(None)
    return locale
