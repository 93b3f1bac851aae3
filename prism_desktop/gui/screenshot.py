"""`prism-desktop gui --screenshot PATH`: build the main window offscreen, open the workspace and the
requested run synchronously, render the window (or one part of it) to a PNG and exit.

Used for the documentation's screenshots and by tests; it keeps its settings in a temporary folder,
so it never reads or changes the user's own, and it works on a copy of the store (a snapshot of a
SQLite file; an empty store for a server), so importing the workspace or `--expert` never writes to
the user's store."""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QWidget
from sqlalchemy.engine import make_url

from prism_desktop.gui.app_options import LaunchError, LaunchOptions
from prism_desktop.gui.application import create_application, start_language
from prism_desktop.gui.generate_dialog import GenerateDialog
from prism_desktop.gui.i18n import Translations
from prism_desktop.gui.main_window import MainWindow
from prism_desktop.gui.sandbox_status import probe_sandbox
from prism_desktop.gui.settings import AppSettings, use_settings_folder
from prism_desktop.gui.workspace_import import open_and_import
from prism_desktop.store import Store, open_store, resolve_url

DEBUG_RUN_TIMEOUT_MS = 180_000
# What Qt's offscreen platform says of every window it cannot manage like a desktop would: true of
# every screenshot and no news to the person who asked for one.
OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",)


def settle(app: QApplication, seconds: float = 0.3) -> None:
    """Let queued events, layouts and lazy table fetches run before rendering."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.01)


def _run_debug_candidate(app: QApplication, window: MainWindow) -> None:
    """Debug part: score the current task's canonical solution, waiting for the background run."""
    loop = QEventLoop()
    window.debug.scored.connect(lambda *_: loop.quit())
    window.debug.failed.connect(lambda *_: loop.quit())
    QTimer.singleShot(DEBUG_RUN_TIMEOUT_MS, loop.quit)
    window.debug.load_canonical.click()
    if window.debug.run_editor():
        loop.exec()


def _open_generate_dialog(window: MainWindow) -> None:
    """Level 1 → Generate answers…, opened as a user would (its estimate shown, nothing sent)."""
    window.commands.action("generation.run").trigger()


def _part(window: MainWindow, part: str) -> QWidget:
    parts: dict[str, QWidget | None] = {
        "runs": window.runs_panel,
        "review": window.review,
        "debug": window.debug,
    }
    if part == "generate":
        return window.findChild(GenerateDialog, "generateDialog") or window
    return parts.get(part) or window


def render(window: MainWindow, options: LaunchOptions, app: QApplication) -> Path:
    """Open what the options ask for in `window` and save the PNG; the path written."""
    assert options.screenshot is not None
    root = options.workspace or options.bundled_workspace
    if root is not None:
        window.show_workspace(open_and_import(window.store, root))
    window.sandbox.set(probe_sandbox(window.settings.sandbox))
    if options.run_id is not None and not window.table.select_run(options.run_id):
        # Named as the user knows it: the screenshot works on a temporary copy of it.
        shown = make_url(resolve_url(options.db)).render_as_string(hide_password=True)
        raise LaunchError(f"--run {options.run_id}: no such run in the store {shown}")
    window.resize(*options.size)
    window.show()
    settle(app)
    if options.part == "debug":
        window.services.debug_current_task()
        _run_debug_candidate(app, window)
    if options.part == "generate":
        _open_generate_dialog(window)
    window.statusBar().clearMessage()  # the picture shows the steady state, not a passing note
    settle(app)
    target = options.screenshot.expanduser()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not _part(window, options.part).grab().save(str(target), "PNG"):
        raise LaunchError(f"--screenshot {target}: the PNG could not be written")
    return target


def store_copy(url: str | None, folder: Path) -> Store:
    """A private copy of the store named by `url` (else $PRISM_DESKTOP_DB, else the user's own) in
    `folder`: a consistent snapshot of a SQLite file (run ids stay the same), or an empty store when
    the original is a server or does not exist yet."""
    copy = folder / "screenshot-store.db"
    parsed = make_url(resolve_url(url))
    database = parsed.database or ""
    original = Path(database) if parsed.get_backend_name() == "sqlite" and database else None
    if original is not None and original.is_file():
        source = sqlite3.connect(f"file:{original}?mode=ro", uri=True)
        target = sqlite3.connect(copy)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
    return open_store(f"sqlite:///{copy}")


MessageHandler = Callable[[QtMsgType, QMessageLogContext, str], Any]


def _without_offscreen_noise(previous: MessageHandler | None) -> MessageHandler:
    """A Qt message handler that drops OFFSCREEN_NOISE and hands everything else on unchanged."""

    def handle(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message in OFFSCREEN_NOISE:
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(message, file=sys.stderr)

    return handle


def take_screenshot(options: LaunchOptions) -> int:
    if QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # nothing may appear on the user's screen
    previous = qInstallMessageHandler(None)
    qInstallMessageHandler(_without_offscreen_noise(previous))
    try:
        return _take_screenshot(options)
    finally:
        qInstallMessageHandler(previous)


def _take_screenshot(options: LaunchOptions) -> int:
    with tempfile.TemporaryDirectory(prefix="prism-screenshot-") as folder:
        use_settings_folder(Path(folder))
        app = create_application()
        settings = AppSettings()
        if options.expert:
            settings.expert_name = options.expert
        translations = Translations(app)
        start_language(translations, options, settings)
        store = store_copy(options.db, Path(folder))
        window = MainWindow(store, settings, translations)
        window.status.show_store(resolve_url(options.db))  # the store pictured, not its private copy
        try:
            render(window, options, app)
        finally:
            window.close()
            window.deleteLater()
            store.close()
    return 0
