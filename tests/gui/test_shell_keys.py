"""The keyboard on the assembled main window: one table of keys (gui/hotkeys.py), no key bound twice,
every key fires its action, the focus follows the work, Enter on an incomplete run, skip and flag."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from prism_desktop.gui.hotkeys import HOTKEYS, Scope
from prism_desktop.services.annotations import is_flagged
from prism_desktop.services.grading import grades_for_run
from prism_desktop.services.runs_query import COLUMNS, Column

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gui_keys import click_key, settle

pytestmark = pytest.mark.gui


def bound_keys(window: QWidget) -> Counter[str]:
    """Every key sequence bound by an action or a shortcut anywhere in the window."""
    keys: Counter[str] = Counter()
    for action in window.findChildren(QAction):
        for sequence in action.shortcuts():
            keys[sequence.toString()] += 1
    for shortcut in window.findChildren(QShortcut):
        for sequence in shortcut.keys():  # noqa: SIM118 (a QShortcut method, not a dict)
            keys[sequence.toString()] += 1
    return keys


def my_steps(window: Any, run_id: int) -> dict[str, int]:
    settle(window)
    expert = window.review.expert_id
    return {g.axis: g.step for g in grades_for_run(window.store, run_id) if g.expert_id == expert}


def test_the_table_binds_each_key_once() -> None:
    keys = [QKeySequence(key).toString() for row in HOTKEYS for key in row.keys]
    assert [key for key, count in Counter(keys).items() if count > 1] == []
    assert len({row.action for row in HOTKEYS}) == len(HOTKEYS)


def test_no_key_is_bound_twice_in_the_assembled_window(shell_window: Any) -> None:
    keys = bound_keys(shell_window)
    assert [key for key, count in keys.items() if count > 1] == []
    # The review's own keys are the window's (no second set inside the view).
    assert shell_window.review.findChildren(QAction) == []
    # Every row of the table is a live action of the window or of its Debug tab.
    names = {a.objectName() for a in shell_window.findChildren(QAction)}
    missing = {row.action for row in HOTKEYS} - names - {"debug.query"}  # the console's own shortcut
    assert missing == set()


def test_every_shortcut_fires_its_action_and_none_is_ambiguous(
    shell_window: Any, qtbot: QtBot, qtlog: Any
) -> None:
    window = shell_window
    fired: list[str] = []
    actions = {a.objectName(): a for a in window.findChildren(QAction) if a.shortcuts()}
    for name, action in actions.items():
        action.triggered.disconnect()  # count instead of acting (Quit, dialogs)
        action.triggered.connect(lambda _checked=False, n=name: fired.append(n))
    for row in HOTKEYS:
        if row.action not in actions:
            continue
        if row.scope is Scope.DEBUG:
            window.tabs.setCurrentIndex(1)
            target = window.debug.editor
        else:
            window.tabs.setCurrentIndex(0)
            target = window.review.code.candidate
        target.setFocus()
        QApplication.processEvents()
        actions[row.action].setEnabled(True)
        for key in row.keys:
            fired.clear()
            click_key(target, key)
            assert fired == [row.action], f"{key} fired {fired}, expected {row.action}"
    assert not [r for r in qtlog.records if "Ambiguous" in r.message]


def _click_row(window: Any, row: int) -> None:
    rect = window.table.visualRect(window.model.index(row, COLUMNS.index(Column.TASK)))
    QTest.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.center()))


def test_clicking_a_run_puts_the_focus_on_grading(shell_window: Any, qtbot: QtBot) -> None:
    window = shell_window
    window.activateWindow()
    _click_row(window, 2)
    run = window.model.run_id_at(2)
    assert window.table.current_run == run
    assert window.review.hasFocus()
    click_key(window.focusWidget(), "8")
    assert my_steps(window, run) == {"S": 8}


def test_grading_keys_work_from_the_table_but_not_while_typing(shell_window: Any) -> None:
    window = shell_window
    window.table.select_row(1)
    run = window.table.current_run
    window.table.setFocus()
    click_key(window.table, "6")
    assert my_steps(window, run) == {"S": 6}
    window.filters.search.setFocus()
    QTest.keyClicks(window.filters.search, "8 4")
    assert window.filters.search.text() == "8 4"
    assert my_steps(window, run) == {"S": 6}
    # On the Debug tab the grading keys rest.
    window.tabs.setCurrentIndex(1)
    window.debug.editor.setFocus()
    click_key(window.debug.editor, "2")
    assert my_steps(window, run) == {"S": 6}


def test_opening_a_session_puts_the_focus_on_grading(shell_window: Any) -> None:
    from prism_desktop.services.sessions import create_session

    window = shell_window
    window.filters.search.setFocus()
    session = create_session(window.store, name="keys", size=4, seed=3)
    window.enter_session(session)
    assert window.review.hasFocus()


def test_enter_on_an_incomplete_run_stays_and_shows_the_missing_axis(shell_window: Any) -> None:
    window = shell_window
    window.table.select_row(0)
    run = window.table.current_run
    target = window.review
    target.setFocus()
    click_key(target, "8")  # S
    click_key(target, "Return")
    assert window.table.current_run == run
    assert window.review.grading.current_axis == "M"
    assert window.review.grading.boxes["M"].missing and window.review.grading.boxes["O"].missing
    assert window.review.message.isVisible() and "M, O" in window.review.message.text()
    click_key(target, "6")
    click_key(target, "4")
    assert not window.review.grading.boxes["M"].missing
    click_key(target, "Return")  # complete now: on to the next ungraded run
    assert window.table.current_run != run
    assert my_steps(window, run) == {"S": 8, "M": 6, "O": 4}


def test_space_skips_and_f_flags(shell_window: Any) -> None:
    window = shell_window
    window.table.select_row(0)
    first = window.table.current_run
    window.review.setFocus()
    click_key(window.review, "F")
    assert window.review.grading.flag_button.isChecked()
    expert = window.review.expert_id
    assert is_flagged(window.store, expert, first)  # stored by the team's annotations service
    click_key(window.review, "F")
    assert not is_flagged(window.store, expert, first)
    click_key(window.review, "F")
    window.table.select_row(3)
    window.table.select_run(first)
    assert window.review.grading.flag_button.isChecked()  # read back when the run is shown again
    click_key(window.review, "Space")
    second = window.table.current_run
    assert second != first and my_steps(window, first) == {}
    click_key(window.review, "Shift+Return")
    assert window.table.current_run not in (first, second)


def test_help_overlay_is_generated_from_the_table(shell_window: Any) -> None:
    window = shell_window
    window.review.setFocus()
    click_key(window.review, "F1")
    rows = window.review.help.rows()
    assert len(rows) == len([row for row in HOTKEYS if row.help and row.scope is not Scope.DEBUG])
    assert ("Space  Shift+Enter", "skip this run for now (it stays ungraded)") in rows
    click_key(window.review, "8")  # any key closes it and does nothing else
    assert not window.review.help.isVisible()
    assert my_steps(window, window.table.current_run) == {}
