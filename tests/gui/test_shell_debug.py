"""Debug mode: a task, a candidate in the editor, Level 1 on it in the background, every log."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.debug_view import DebugView
from prism_desktop.gui.runs_model import NA
from prism_desktop.gui.settings import AppSettings, SettingsDialog
from prism_desktop.workspace.workspace import Workspace

pytestmark = pytest.mark.gui


@pytest.fixture
def debug_view(qtbot: QtBot, demo_workspace: Any) -> Any:
    background = Background()
    view = DebugView(background, sandbox="local")
    qtbot.addWidget(view)
    view.set_workspace(Workspace.open(demo_workspace.root))
    view.resize(1400, 900)
    view.show()
    yield view
    background.shutdown()


def test_canonical_scores_full_marks_and_fills_the_logs(debug_view: Any, qtbot: QtBot) -> None:
    view = debug_view
    view.select_task("A11")
    assert "УникальныеЭлементы" in view.statement.toPlainText()
    with qtbot.waitSignal(view.scored, timeout=180_000) as scored:
        view.run_canonical.click()
        assert not view.run_button.isEnabled()  # one run at a time
    result, auto_run = scored.args
    assert result is not None and result.runner == "local" and result.isolated is False
    assert auto_run["scores"]["S"] == 10 and auto_run["scores"]["M"] == 10.0
    assert "УникальныеЭлементы" in view.editor.toPlainText()
    assert "<b>M</b>&nbsp;10" in view.score_labels["M"].text()
    assert NA in view.score_labels["P"].text() and "category B" in view.score_labels["P"].toolTip()
    assert "NOT isolated" in view.outcome.text()
    assert view.logs.tests.rowCount() == len(view.current_task().tests)
    assert view.run_button.isEnabled()


def test_a_broken_candidate_marks_its_line_in_the_gutter(debug_view: Any, qtbot: QtBot) -> None:
    view = debug_view
    view.select_task("A2")
    view.editor.setPlainText("Функция ЭтоПалиндром(Строка)\n    Возврат Строка +;\nКонецФункции\n")
    with qtbot.waitSignal(view.scored, timeout=180_000) as scored:
        assert view.run_editor()
    _, auto_run = scored.args
    assert auto_run["scores"]["S"] < 10
    assert 1 in view.editor.markers()  # row 1 = line 2, where the expression is cut short
    view.editor.setPlainText(view.editor.toPlainText() + "\n")
    assert view.editor.markers() == {}  # stale diagnostics go once the text changes


def test_settings_dialog_stores_the_choices(qtbot: QtBot) -> None:
    settings = AppSettings()
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData("ru"))
    dialog.sandbox.setCurrentIndex(dialog.sandbox.findData("local"))
    dialog.jobs.setCurrentIndex(dialog.jobs.findData(2))
    dialog.expert.setText("  petrova ")
    assert dialog.apply() == (True, True, True)
    fresh = AppSettings()  # read back from the settings file
    assert (fresh.language, fresh.sandbox, fresh.jobs, fresh.expert_name) == ("ru", "local", 2, "petrova")
    QApplication.processEvents()
