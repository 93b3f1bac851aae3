"""Help → About names the version, the instruments, the sandbox engine and the workspace's protocols;
Help → Open log folder opens the log folder; an exception nothing caught is logged and reported in a
dialog naming the log file, and the window stays."""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from prism_desktop import __version__
from prism_desktop.gui.about import AboutDialog
from prism_desktop.gui.crash import install_crash_handler
from prism_desktop.logs import LOG_FILE, logger, start_logging

pytestmark = pytest.mark.gui


@pytest.fixture
def log_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    folder = tmp_path / "logs"
    monkeypatch.setenv("PRISM_DESKTOP_LOG_DIR", str(folder))
    yield folder
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()


def test_about_names_version_instruments_engine_and_protocols(qtbot: Any, shell_window: Any) -> None:
    shell_window.commands.action("help.about").trigger()
    dialog = shell_window.findChild(AboutDialog, "aboutDialog")
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.engine is not None, timeout=30_000)
    text = dialog.findChild(QLabel, "aboutText").text()
    assert f"PRISM Desktop {__version__}" in text
    assert f"prism-bsl {__version__}" in text and f"prism-platform {__version__}" in text
    assert "smop 1.2.0" in text and "L1 " in text  # the bundled workspace's protocol versions
    assert ("Docker " in text) or ("not reachable" in text)


def test_open_log_folder(shell_window: Any, log_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(
        "prism_desktop.gui.about.QDesktopServices.openUrl",
        lambda url: opened.append(url.toLocalFile()) or True,
    )
    shell_window.commands.action("help.logs").trigger()
    assert opened == [str(log_folder)] and log_folder.is_dir()


def test_an_uncaught_exception_is_logged_and_reported(
    qtbot: Any, shell_window: Any, log_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert start_logging(logging.INFO) == log_folder / LOG_FILE
    monkeypatch.setattr("sys.excepthook", sys.excepthook)  # both restored after the test
    monkeypatch.setattr("threading.excepthook", threading.excepthook)
    install_crash_handler()

    def broken_slot() -> None:
        raise RuntimeError("a bug in a slot")

    QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(
        lambda: (
            QApplication.activeModalWidget() is not None
            or shell_window.findChild(QMessageBox, "crashReport") is not None
        ),
        timeout=10_000,
    )
    box = next(w for w in QApplication.topLevelWidgets() if w.objectName() == "crashReport")
    assert "a bug in a slot" in box.text()
    assert str(log_folder / LOG_FILE) in box.informativeText()
    assert "RuntimeError" in box.detailedText()
    assert shell_window.isVisible()  # the window stays
    logged = (log_folder / LOG_FILE).read_text(encoding="utf-8")
    assert "unhandled exception in the GUI thread" in logged and "a bug in a slot" in logged
    box.close()
