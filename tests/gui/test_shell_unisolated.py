"""Scoring NOT isolated (the automatic sandbox choice fell back to a local process) is asked once per
start of the app; the answer Yes is remembered, Cancel scores nothing and asks again."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

pytestmark = pytest.mark.gui


def test_unisolated_scoring_is_asked_once(shell_window: Any, qtbot: Any) -> None:
    window = shell_window
    window.settings.sandbox = "auto"
    window.sandbox.set((False, "local process, NOT isolated"))
    window.table.select_row(0)
    started: list[int] = []
    window.scoring.started.connect(started.append)
    window.services.score_selected()
    question = window.sandbox.question
    assert question.isVisible() and "NOT isolated" in question.text()
    question.button(QMessageBox.StandardButton.Cancel).click()
    assert started == [] and not window.scoring.busy
    window.services.score_selected()
    window.sandbox.question.button(QMessageBox.StandardButton.Yes).click()
    assert started == [1]
    window.scoring.cancel()
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=60_000)
    asked = window.sandbox.question
    window.services.score_selected()  # remembered: no second question
    assert window.sandbox.question is asked and len(started) == 2
    # Chosen in the settings, "local" is an answer: no question at all.
    window.sandbox.unisolated_answer = None
    window.settings.sandbox = "local"
    window.scoring.cancel()
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=60_000)
    window.services.score_selected()
    assert window.sandbox.question is asked and len(started) == 3
    window.scoring.cancel()
