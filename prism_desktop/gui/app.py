"""Starting the desktop app: the QApplication (Fusion style, a readable font, the interface
language), the store, the main window and the workspace it opens first.

`prism-desktop` (no command) and `prism-desktop gui` come here through cli/gui_command.py, which
also knows where the bundled workspace is; `main(argv)` parses the same options itself."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QMessageBox

from prism_desktop.gui.app_options import LaunchOptions, add_gui_arguments, options_from_args
from prism_desktop.gui.application import create_application, start_language
from prism_desktop.gui.crash import install_crash_handler
from prism_desktop.gui.i18n import Translations
from prism_desktop.gui.main_window import MainWindow
from prism_desktop.gui.settings import AppSettings
from prism_desktop.gui.store_dialog import ask_password_dialog, remembered_url
from prism_desktop.logs import start_logging
from prism_desktop.store import DB_ENV_VAR, StoreError, open_store


def launch(options: LaunchOptions) -> int:
    """Run the app (or, with options.screenshot, render it offscreen and exit)."""
    if options.screenshot is not None:
        # Imported here, not at the top: only a --screenshot start needs it (start-up time).
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
            QTimer.singleShot(0, window.services.ask_identity)  # once the window is on screen
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
