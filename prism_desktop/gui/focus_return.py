"""Focus comes back to the review after every dialog of the main window.

Without a window manager (Xvfb, kiosk set-ups) nobody activates the main window again when a
dialog closes, so no widget has the keyboard and the grading keys do nothing until a click; with
one, focus lands wherever the window had it last (often the runs table). The main window's child
dialogs are watched as they appear; once one hides, the window is activated and the keyboard goes
to the review (or stays in a text field of the window the expert is typing in)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDialog,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

_TYPING = (QLineEdit, QTextEdit, QPlainTextEdit, QAbstractSpinBox)


class FocusReturn(QObject):
    """Installed on the main window; `focus_review` puts the keyboard on the review."""

    def __init__(self, window: QWidget, focus_review: Callable[[], None]):
        super().__init__(window)
        self.window_ = window
        self.focus_review = focus_review
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.window_ and kind == QEvent.Type.ChildPolished:
            child = event.child()  # type: ignore[attr-defined]
            if isinstance(child, QDialog):
                child.installEventFilter(self)
        elif isinstance(watched, QDialog) and kind == QEvent.Type.Hide:
            QTimer.singleShot(0, self._restore)
        return False

    def _restore(self) -> None:
        window = self.window_
        active = QApplication.activeWindow()
        if active is not None and active is not window:
            return  # another of its windows (a non-modal one, a second dialog) has the keyboard
        if not window.isVisible():
            return
        window.activateWindow()
        window.raise_()
        focus = QApplication.focusWidget()
        if isinstance(focus, _TYPING) and window.isAncestorOf(focus):
            return
        self.focus_review()
