"""The window in the reader's language: Pagemate's catalogues and Qt's own, chosen from the
system locale or the `window.language` setting, with numbers and dates in the same locale.

The catalogues are `assets/translations/pagemate_<language>.qm`, compiled from the `.ts` sources
beside them (`scripts/translations.py`); Qt's standard dialogs and buttons come from Qt's
`qtbase_<language>.qm`. A language without a catalogue is English, quietly.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from reader_app.paths import assets_dir
from reader_app.translatable import QT_TRANSLATE_NOOP, Part, Sentence, english, words_of

log = logging.getLogger(__name__)

# The setting's choices, as the Settings dialog names them (each in its own language).
LANGUAGE_NAMES = {"system": "System", "en": "English", "fr": "Français", "de": "Deutsch",
                  "es": "Español"}
_TRANSLATOR_NAME = "pagemateTranslator"


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`text` in the window's language, for code outside a QObject (`self.tr` inside one)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def said(what: BaseException | Sentence | str) -> str:
    """What an error (or a sentence made outside the window) says, in the window's language:
    a `Sentence`'s template translated, then filled with its arguments, each translated the same
    way, and its whole numbers in the window's locale. An error without one
    (`ReaderError.sentence`) says its English message."""
    what = words_of(what)
    if not isinstance(what, Sentence):
        return what
    template = translate(what.context, what.template)
    args = {name: _in_locale(value) for name, value in what.args}
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        return what.template.format(**args)


def _in_locale(part: Part) -> str:
    """A sentence's argument in the window's language: a sentence said, a whole number with the
    digits grouped as the window's locale groups them ("1.234" in German)."""
    if isinstance(part, Sentence):
        return said(part)
    if isinstance(part, int) and not isinstance(part, bool):
        return number_text(part)
    locale = QLocale()
    if isinstance(part, float) and locale.language() != QLocale.Language.C:
        return locale.toString(part, "g", 6)
    return english(part)


def number_text(n: int) -> str:
    """A whole number with its digits grouped as the window's locale groups them ("1.234" in
    German, "1 234" in French); English's "1,234" where the locale is "C", which groups none."""
    locale = QLocale()
    return english(n) if locale.language() == QLocale.Language.C else locale.toString(n)


def decimal_text(value: float, *, places: int | None = None) -> str:
    """A number with a fraction as the window's locale writes it ("1,5" in German): with
    `places` digits after the mark, else with as few as it needs ("2", "1,25")."""
    locale = QLocale()
    return locale.toString(value, "f", places) if places is not None else locale.toString(
        value, "g", 6)


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
    and dates. A language without a catalogue (or with its catalogue missing) is English.
    Returns the locale."""
    app = QCoreApplication.instance()
    assert app is not None
    for old in app.findChildren(QTranslator, _TRANSLATOR_NAME):
        QCoreApplication.removeTranslator(old)
        old.setParent(None)
    locale = window_locale(choice, system=system)
    QLocale.setDefault(locale)
    folder = folder or catalogue_dir()
    language = locale.name().split("_")[0]
    if language not in ("en", "C") and _install(app, f"pagemate_{language}", folder):
        # Qt's own, where Qt says they are; in a bundle, where PySide6's folder was copied.
        import PySide6

        qt_folders = (Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
                      Path(PySide6.__file__).parent / "Qt" / "translations")
        if not any(_install(app, f"qtbase_{language}", qt_folder, quiet=True)
                   for qt_folder in qt_folders):
            log.info("no qtbase_%s catalogue: Qt's own buttons stay English", language)
    return locale


def _install(app: QCoreApplication, name: str, folder: Path, *, quiet: bool = False) -> bool:
    translator = QTranslator(app)
    translator.setObjectName(_TRANSLATOR_NAME)
    if translator.load(name, str(folder)) and QCoreApplication.installTranslator(translator):
        return True
    if not quiet:
        log.info("no catalogue %s in %s: the window stays English", name, folder)
    translator.setParent(None)
    return False


class Plurals(QObject):
    """Words that change with a number, in one place: lupdate finds a plural's forms only in a
    QObject's `tr(text, "", n)`, never in `translate()`. English needs no catalogue: its
    source text "%Ln page(s)" is made "1 page" or "2 pages" here."""

    def pages(self, n: int) -> str:
        return _english(self.tr("%Ln page(s)", "", n), n)

    def pages_and_reading(self, n: int) -> str:
        return _english(self.tr("about %Ln page(s) · about {0} of reading", "", n), n)

    def books_rebuilt(self, n: int) -> str:
        return _english(self.tr("The library was rebuilt: %Ln book(s)", "", n), n)

    def positions_kept(self, n: int) -> str:
        return _english(self.tr(" and %Ln reading position(s) kept.", "", n), n)

    def files_missing(self, n: int) -> str:
        return _english(self.tr(" %Ln book file(s) could not be found again.", "", n), n)

    def passages_read(self, n: int) -> str:
        return _english(self.tr("Reading %Ln passage(s)…", "", n), n)

    def messages(self, n: int) -> str:
        return _english(self.tr("%Ln message(s)", "", n), n)

    def servers_models(self, n: int) -> str:
        return _english(self.tr("{0} is running with %Ln model(s)", "", n), n)

    def models(self, n: int) -> str:
        return _english(self.tr("%Ln model(s)", "", n), n)

    def matches(self, n: int) -> str:
        return _english(self.tr("%Ln match(es)", "", n), n)

    def more_notes(self, n: int) -> str:
        return _english(self.tr(" (and %Ln more)", "", n), n)

    def mentions(self, n: int) -> str:
        return _english(self.tr("Mentioned %Ln time(s) so far · first in {0}", "", n), n)


_ENGLISH_PLURAL = re.compile(r"\((e?s)\)")


def _english(said: str, n: int) -> str:
    """The source text itself (English, or a language whose catalogue is missing): "(s)" and
    "(es)" become the plural ending, or nothing for one."""
    return _ENGLISH_PLURAL.sub("" if n == 1 else r"\1", said)
