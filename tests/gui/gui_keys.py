"""Pressing keys on the assembled main window the way a user does, then letting the grade writes
(queued on the task runner's store lane) reach the store."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget


def click_key(widget: QWidget, text: str) -> None:
    combination = QKeySequence(text)[0]
    QTest.keyClick(widget, combination.key(), combination.keyboardModifiers())
    window = widget.window()
    if hasattr(window, "background"):
        settle(window)


def settle(window: Any) -> None:
    """Let the queued grade writes reach the store and their answers reach the window."""
    for _ in range(3):
        window.background.wait_for_writes()
        QApplication.processEvents()
