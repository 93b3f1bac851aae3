"""The process's QApplication, set up the same way by the app and by the screenshot command: the
Fusion style, a readable font, the app's icon and names, the interface language."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from prism_desktop import __version__
from prism_desktop.gui.app_options import LaunchOptions
from prism_desktop.gui.i18n import Translations, effective_language
from prism_desktop.gui.settings import APPLICATION, ORGANIZATION, AppSettings
from prism_desktop.gui.theme import follow_system_theme

MIN_POINT_SIZE = 9.5
# Background threads run Python too (scoring bookkeeping, the store). Python hands the interpreter
# to a waiting thread only after this many seconds; 5 ms by default, so a repaint making hundreds
# of calls into Python could wait behind a worker for a long time. 1 ms keeps the GUI thread fluid.
SWITCH_INTERVAL_S = 0.001
ICON = Path(__file__).resolve().parent / "icons" / "prism-desktop.svg"
DESKTOP_ID = "io.github.prismdesktop.PrismDesktop"  # packaging/linux/<id>.desktop


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    """The process's QApplication (created once), styled the same on every platform."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    QCoreApplication.setApplicationVersion(__version__)
    app = QApplication(list(argv) if argv is not None else [sys.argv[0]])
    app.setWindowIcon(QIcon(str(ICON)))
    app.setDesktopFileName(DESKTOP_ID)  # Wayland and taskbars match the window to the menu entry
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    app.setStyle("Fusion")
    follow_system_theme(app)
    font = app.font()
    if font.pointSizeF() < MIN_POINT_SIZE:
        font.setPointSizeF(MIN_POINT_SIZE)
        app.setFont(font)
    return app


def start_language(translations: Translations, options: LaunchOptions, settings: AppSettings) -> str:
    """--lang for this start, else the setting, else the system locale."""
    language = effective_language(options.language or settings.language)
    translations.apply(language)
    return translations.language
