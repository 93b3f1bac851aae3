"""The interface languages: English source strings, Russian through Qt's translation system.

`prism_<lang>.ts` here are the translation sources (XML, edited by people and by `extract.py`);
`prism_<lang>.qm` are their compiled form, built with `pyside6-lrelease` and shipped. Installing a
translator makes Qt send every widget a LanguageChange event, and our widgets retranslate live.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

__all__ = [
    "SYSTEM",
    "Translations",
    "effective_language",
]


I18N_DIR = Path(__file__).resolve().parent
SOURCE_LANGUAGE = "en"
LANGUAGES = ("ru", "en")  # what the interface offers; "system" picks one from the locale
SYSTEM = "system"


def system_language() -> str:
    """Russian for a Russian-speaking system locale, else English."""
    return "ru" if QLocale.system().language() == QLocale.Language.Russian else SOURCE_LANGUAGE


def effective_language(choice: str | None) -> str:
    """The language a setting ("system", "ru", "en" or unset) stands for."""
    return choice if choice in LANGUAGES else system_language()


def catalog_path(language: str, suffix: str = ".qm") -> Path:
    return I18N_DIR / f"prism_{language}{suffix}"


class Translations:
    """The translators installed in the application; switching removes the old ones first."""

    def __init__(self, app: QCoreApplication):
        self._app = app
        self._installed: list[QTranslator] = []
        self.language = SOURCE_LANGUAGE

    def apply(self, language: str) -> bool:
        """Switch the interface to `language`; False when its catalogue is missing (the interface
        then stays in English rather than half-translated)."""
        for translator in self._installed:
            self._app.removeTranslator(translator)
        self._installed.clear()
        self.language = SOURCE_LANGUAGE
        if language == SOURCE_LANGUAGE:
            QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
            return True
        ours = QTranslator(self._app)
        if not ours.load(str(catalog_path(language))):
            return False
        # Qt's own strings (standard buttons, file dialogs) when Qt ships them for this language.
        qt_base = QTranslator(self._app)
        if qt_base.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            self._app.installTranslator(qt_base)
            self._installed.append(qt_base)
        self._app.installTranslator(ours)
        self._installed.append(ours)
        QLocale.setDefault(QLocale(language))
        self.language = language
        return True
