"""Crash reports: an exception nothing caught is written to the log file and shown to the user in a
dialog that names the log — the window stays, never a silent exit. Exceptions in Python threads are
logged (their dialog would have to come from the GUI thread, which may be busy)."""

from __future__ import annotations

import sys
import threading
import traceback
from types import TracebackType

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from prism_desktop.logs import log_exception, log_path

TR_CONTEXT = "Crash"


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def crash_report(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> QMessageBox | None:
    """Log the exception and open (not exec) the report; None without a QApplication."""
    log_exception(kind, value, tb, "the GUI thread")
    if QApplication.instance() is None:
        return None
    box = QMessageBox(QApplication.activeWindow())
    box.setObjectName("crashReport")
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(tr("PRISM Desktop ran into an error"))
    box.setText(
        tr(
            "Something went wrong: %1. What you saved is kept; you can go on working, or restart the app."
        ).replace("%1", str(value) or kind.__name__)
    )
    box.setInformativeText(tr("The details are in the log: %1").replace("%1", str(log_path())))
    box.setDetailedText("".join(traceback.format_exception(kind, value, tb)))
    box.open()
    return box


def install_crash_handler() -> None:
    sys.excepthook = crash_report

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        where = f"thread {args.thread.name if args.thread else '?'}"
        log_exception(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback, where)

    threading.excepthook = thread_hook
