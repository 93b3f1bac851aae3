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
    window.set_sandbox((False, "local process, NOT isolated"))
    window.table.select_row(0)
    started: list[int] = []
    window.scoring.started.connect(started.append)
    window.score_selected()
    question = window.unisolated_question
    assert question.isVisible() and "NOT isolated" in question.text()
    question.button(QMessageBox.StandardButton.Cancel).click()
    assert started == [] and not window.scoring.busy
    window.score_selected()
    window.unisolated_question.button(QMessageBox.StandardButton.Yes).click()
    assert started == [1]
    window.scoring.cancel()
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=60_000)
    asked = window.unisolated_question
    window.score_selected()  # remembered: no second question
    assert window.unisolated_question is asked and len(started) == 2
    # Chosen in the settings, "local" is an answer: no question at all.
    window._unisolated_answer = None
    window.settings.sandbox = "local"
    window.scoring.cancel()
    qtbot.waitUntil(lambda: not window.scoring.busy, timeout=60_000)
    window.score_selected()
    assert window.unisolated_question is asked and len(started) == 3
    window.scoring.cancel()
