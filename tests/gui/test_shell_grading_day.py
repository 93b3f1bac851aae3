"""The grading day on the assembled main window (issue 30): the open workspace's runs only, focus
back on the review after a dialog, Quit last in File and asking before work is lost, no state left
over from the previous run or session, room for the code, and the open store named."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from prism_desktop.services.grading import grades_for_run
from prism_desktop.services.importing import import_results
from prism_desktop.services.sessions import create_session
from prism_desktop.workspace.workspace import Workspace

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import build_demo_workspace, task_dirs
from gui_keys import click_key

pytestmark = pytest.mark.gui

FOREIGN_TASK = "A3"  # a task of another workspace: its runs are in the store, the task is not here


def import_foreign_runs(store: Any, root: Path) -> int:
    """Another workspace's experiment (on FOREIGN_TASK) imported into the same store; its run count."""
    other = build_demo_workspace(root, tasks=(FOREIGN_TASK,), failed_call=False)
    data = json.loads(other.experiment.read_text(encoding="utf-8"))
    data["experiment_name"] = "experiment_A_20250302_090000"
    renamed = other.experiment.with_name("experiment_A_20250302_090000.json")
    renamed.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    other.experiment.unlink()
    import_results(store, Workspace.open(other.root), [renamed])
    return other.runs


def test_the_table_shows_the_open_workspaces_runs_and_others_on_request(
    shell_window: Any, store: Any, demo_workspace: Any, tmp_path: Path, qtbot: QtBot
) -> None:
    window = shell_window
    foreign = import_foreign_runs(store, tmp_path / "other")
    shutil.rmtree(task_dirs(demo_workspace.root)[FOREIGN_TASK])  # this workspace has no such task
    window.table.clearSelection()
    window.table._current_run = None
    with qtbot.waitSignal(window.workspaceOpened, timeout=60_000):
        window.services.reimport()
    assert window.model.rowCount() == demo_workspace.runs
    tasks = {window.model.row_at(row).task_id for row in range(window.model.rowCount())}
    assert FOREIGN_TASK not in tasks
    assert window.filters.task.findData(FOREIGN_TASK) == -1
    # The window opens on a run it can show: never "Task … is not in the open workspace".
    assert window.table.current_run == window.model.run_id_at(0)
    assert "not in the open workspace" not in window.review.statement.toPlainText()
    assert f"{foreign} of other workspaces" in window.counts_label.text()

    switch = window.commands.action("view.all_workspaces")
    assert switch.menu() is None and switch.isCheckable()
    switch.trigger()
    assert window.model.rowCount() == demo_workspace.runs + foreign
    assert window.filters.task.findData(FOREIGN_TASK) >= 0
    switch.trigger()
    assert window.model.rowCount() == demo_workspace.runs
    # A session is its own choice of runs, sampled from the whole store: all of them are shown.
    everything = demo_workspace.runs + foreign - 1  # the failed call has no answer to sample
    window.enter_session(create_session(store, name="all", size=everything, seed=1, blind=False))
    assert window.model.rowCount() == everything


def test_the_grading_keys_work_after_a_dialog_closes(shell_window: Any, store: Any, qtbot: QtBot) -> None:
    from prism_desktop.gui.sessions_dialog import SessionsDialog

    window = shell_window
    session_id = create_session(store, name="day", size=4, seed=1, blind=False)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.services.show_sessions()
    dialog = window.findChild(SessionsDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialog._refresh(select=session_id)
    dialog.open_button.click()  # Calibration sessions → Open session
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    assert QApplication.focusWidget() is window.review
    run = window.table.current_run
    click_key(QApplication.focusWidget(), "6")  # the key goes where the keyboard is
    assert {g.axis: g.step for g in grades_for_run(store, run, session_id)} == {"S": 6}

    # A message box (any dialog of the window) hands the keyboard back too.
    box = QMessageBox(QMessageBox.Icon.Information, "note", "note", QMessageBox.StandardButton.Ok, window)
    box.open()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is box)
    box.accept()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.review, timeout=3000)


def test_quit_is_last_in_the_file_menu(shell_window: Any) -> None:
    names = [a.objectName() for a in shell_window.commands.menu("fileMenu").actions() if not a.isSeparator()]
    assert names[-1] == "file.quit" and "file.open_store" in names
    actions = shell_window.commands.menu("fileMenu").actions()
    assert actions[-2].isSeparator()  # Quit keeps its line above it


def test_quit_asks_while_a_grade_is_not_saved(shell_window: Any, qtbot: QtBot, db_url: str) -> None:
    window = shell_window
    window.table.select_row(0)
    window.review.setFocus()
    holder = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the store: the grade waits
    try:
        QTest.keyClick(window.review, "8")
        qtbot.waitUntil(lambda: bool(window.review.unsaved()), timeout=3000)
        window.commands.action("file.quit").trigger()
        question = window.quit_guard.question
        assert question is not None and question.isVisible() and window.isVisible()
        assert "Not saved yet: S = 8" in question.text()
        stay = next(b for b in question.buttons() if b.text() == "Stay")
        stay.click()
        assert window.isVisible()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    qtbot.waitUntil(lambda: not window.review.unsaved(), timeout=30_000)
    window.commands.action("file.quit").trigger()  # nothing to lose: closes at once
    assert not window.isVisible() and window.quit_guard.question is None


def test_quit_asks_while_level1_is_scoring(shell_window: Any, qtbot: QtBot) -> None:
    window = shell_window
    window.services.score_shown()
    assert window.scoring.busy
    window.close()
    question = window.quit_guard.question
    assert question is not None and "still scoring" in question.text() and window.isVisible()
    quit_anyway = next(b for b in question.buttons() if b.text() == "Quit anyway")
    quit_anyway.click()
    assert not window.isVisible()


def test_missing_axis_outlines_do_not_follow_to_the_next_run(shell_window: Any) -> None:
    window = shell_window
    window.table.select_row(0)
    window.review.setFocus()
    click_key(window.review, "Return")  # incomplete: the missing axes are outlined
    boxes = window.review.grading.boxes
    assert all(box.missing for box in boxes.values())
    click_key(window.review, "Space")  # skip to the next run
    assert window.table.current_run == window.model.run_id_at(1)
    assert not any(box.missing for box in window.review.grading.boxes.values())


def texts(widget: QWidget) -> str:
    parts = [widget.window().windowTitle()]
    for label in widget.findChildren(QLabel):
        parts += [label.text(), label.toolTip()]
    return "\n".join(parts)


def test_nothing_of_a_session_stays_after_leaving_it(shell_window: Any, store: Any, qtbot: QtBot) -> None:
    window = shell_window
    session_id = create_session(store, name="Calibration-Zeta", size=4, seed=1, blind=True)
    window.enter_session(session_id)
    panel = window.findChild(QWidget, "teamPanel")
    qtbot.waitUntil(lambda: "Calibration-Zeta" in panel.title.text())
    assert "Calibration-Zeta" in texts(window)
    window.review.setFocus()
    click_key(window.review, "8")  # a grade: the session changed …
    panel.poll()  # … and the team panel's question about it is on its way …
    window.leave_session()  # … when the expert leaves the session
    qtbot.wait(300)
    window.background.wait_for_writes()
    qtbot.waitUntil(lambda: not panel._polling)
    qtbot.wait(300)
    assert "Calibration-Zeta" not in texts(window)
    assert window.grading_progress.toolTip().count("session") == 0


def test_sample_count_and_the_blind_badge_stand_apart(shell_window: Any, store: Any, qtbot: QtBot) -> None:
    window = shell_window
    window.enter_session(create_session(store, name="blind", size=6, seed=7, blind=True))
    review = window.review
    qtbot.waitUntil(lambda: bool(review.siblings.text()))
    siblings, badge = review.siblings, review.badge
    text_end = siblings.mapTo(review, QPoint(siblings.width(), 0)).x()
    text_end -= siblings.width() - siblings.fontMetrics().horizontalAdvance(siblings.text())
    gap = badge.mapTo(review, QPoint(0, 0)).x() - text_end
    assert gap >= siblings.fontMetrics().horizontalAdvance("0") * 2, gap


def test_save_and_next_stays_in_view_with_the_team_panel(shell_window: Any, store: Any, qtbot: QtBot) -> None:
    window = shell_window
    window.resize(1600, 1000)
    window.enter_session(create_session(store, name="team", size=6, seed=7, blind=True))
    panel = window.findChild(QWidget, "teamPanel")
    qtbot.waitUntil(panel.isVisible)
    window.resizeDocks([panel], [380], Qt.Orientation.Vertical)  # a team of eight, every row in view
    qtbot.wait(50)
    review = window.review
    review.right.verticalScrollBar().setValue(0)  # the column at its top, as on a new run
    for button in (review.grading.next_button, review.grading.skip_button):
        shown = button.visibleRegion().boundingRect()  # what the scrolling column does not clip
        assert button.isVisible() and shown.height() == button.height(), (shown, button.height())


def test_the_code_gets_the_room_by_default(shell_window: Any, qtbot: QtBot) -> None:
    window = shell_window
    window.resize(1600, 1000)
    qtbot.wait(50)
    code = window.review.code
    for pane in (code.reference, code.candidate):
        assert pane.width() >= 340, pane.width()
    assert window.runs_panel.width() <= 580


def test_the_open_store_is_named_in_the_window(shell_window: Any, db_url: str) -> None:
    label = shell_window.status.store_label
    assert label.isVisible()
    assert label.text().endswith("store/prism.db")  # a long path keeps its end; all of it in the tooltip
    assert db_url.removeprefix("sqlite:///") in label.toolTip() and "SQLite" in label.toolTip()


def test_the_store_label_follows_file_open_store(shell_window: Any, tmp_path: Path, qtbot: QtBot) -> None:
    from prism_desktop.store import open_store

    other = open_store(f"sqlite:///{tmp_path / 'team' / 'other.db'}")
    try:
        with qtbot.waitSignal(shell_window.workspaceOpened, timeout=60_000):
            shell_window.services.use_store(other)
        assert shell_window.status.store_label.text().endswith("team/other.db")
    finally:
        shell_window.background.shutdown()
        other.close()


def test_a_server_store_is_named_without_its_password() -> None:
    from prism_desktop.store import describe_url

    kind, where = describe_url("postgresql+psycopg://ivan:s3cret@db.example:5433/prism")
    assert kind == "postgresql" and where == "ivan@db.example:5433/prism" and "s3cret" not in where
