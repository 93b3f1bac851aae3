"""Starting the desktop app: the QApplication (Fusion style, a readable font, the interface
language), the store, the main window and the workspace it opens first.

`prism-desktop` (no command) and `prism-desktop gui` come here through cli/gui_command.py, which
also knows where the bundled workspace is; `main(argv)` parses the same options itself."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from prism_desktop import __version__
from prism_desktop.gui.app_options import LaunchOptions, add_gui_arguments, options_from_args
from prism_desktop.gui.crash import install_crash_handler
from prism_desktop.gui.i18n import Translations, effective_language
from prism_desktop.gui.main_window import MainWindow
from prism_desktop.gui.settings import APPLICATION, ORGANIZATION, AppSettings
from prism_desktop.gui.store_dialog import ask_password_dialog, remembered_url
from prism_desktop.gui.theme import follow_system_theme
from prism_desktop.logs import start_logging
from prism_desktop.store import DB_ENV_VAR, StoreError, open_store

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


def launch(options: LaunchOptions) -> int:
    """Run the app (or, with options.screenshot, render it offscreen and exit)."""
    if options.screenshot is not None:
        from prism_desktop.gui.screenshot import take_screenshot

        return take_screenshot(options)
    start_logging()
    app = create_application()
    install_crash_handler()
    settings = AppSettings()
    if options.expert:
        settings.expert_name = options.expert
    translations = Translations(app)
    start_language(translations, options, settings)
    try:
        # --db, else $PRISM_DESKTOP_DB, else the store last opened (File → Open store…), else the default.
        url = options.db or os.environ.get(DB_ENV_VAR) or remembered_url(ask_password_dialog(None))
        store = open_store(url)
    except StoreError as error:
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            QCoreApplication.translate("App", "The results store cannot be opened"),
            str(error),
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.exec()
        return 1
    try:
        window = MainWindow(store, settings, translations)
        window.show()
        root = options.workspace or settings.workspace or options.bundled_workspace
        if root is not None:
            window.open_workspace(root)
        window.check_sandbox()
        if not settings.expert_name:
            QTimer.singleShot(0, window.ask_identity)  # once the window is on screen
        return app.exec()
    finally:
        store.close()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="prism-desktop-gui", description="PRISM Desktop window")
    parser.add_argument("--db", metavar="URL", help="SQLAlchemy URL of the results store")
    parser.add_argument("--workspace", metavar="DIR", help="the PRISM workspace to open")
    add_gui_arguments(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the window's options and run it. Without --workspace it opens the last workspace."""
    args = build_parser().parse_args(list(argv) if argv is not None else None)
    if args.screenshot is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return launch(options_from_args(args))


if __name__ == "__main__":
    sys.exit(main())
