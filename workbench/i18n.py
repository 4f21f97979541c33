"""User-interface languages: English (the source strings) and Simplified Chinese.

Translations are Qt ``.qm`` files in ``resources/i18n`` compiled from the ``.ts`` sources with
``pyside6-lrelease``; update the sources with::

    pyside6-lupdate $(git ls-files 'workbench/*.py') -ts resources/i18n/linghun_zh_CN.ts resources/i18n/linghun_en.ts
    pyside6-lrelease resources/i18n/linghun_zh_CN.ts resources/i18n/linghun_en.ts

Installing a translator makes Qt send a ``LanguageChange`` event to every widget; widgets re-read
their strings in ``retranslate_ui()`` (called from ``changeEvent``).
"""
from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator

from linghun import resources
log = logging.getLogger(__name__)

#: the languages the workbench ships, with their names as written in that language
LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}


def system_language() -> str:
    """The shipped language closest to the system locale (Chinese locales -> zh_CN, else en)."""
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def effective_language(setting: str) -> str:
    """``setting`` is "system", "en" or "zh_CN"."""
    return system_language() if setting in ("", "system") else (setting if setting in LANGUAGE_NAMES else "en")


def qm_path(language: str):
    return resources.I18N_DIR / f"linghun_{language}.qm"


class Translations(QObject):
    """Owns the installed translators; ``apply()`` switches language at run time."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._installed: list[QTranslator] = []
        self.language = "en"

    def apply(self, setting: str) -> str:
        """Install the translators for ``setting`` and return the language now in effect."""
        app = QCoreApplication.instance()
        language = effective_language(setting)
        for translator in self._installed:
            app.removeTranslator(translator)
        self._installed = []
        ours = QTranslator(self)
        if ours.load(str(qm_path(language))):
            self._installed.append(ours)
        else:
            log.warning("no translation file for %s at %s", language, qm_path(language))
        # Qt's own strings (standard dialog buttons, context menus), when Qt ships them.
        qt_own = QTranslator(self)
        if language != "en" and qt_own.load(QLocale(language), "qtbase", "_",
                                            QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            self._installed.append(qt_own)
        for translator in self._installed:
            app.installTranslator(translator)
        QLocale.setDefault(QLocale(language))
        self.language = language
        return language
