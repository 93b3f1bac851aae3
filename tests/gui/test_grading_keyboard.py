"""Grading from the keyboard only (QTest key clicks on the review view), undo, help and sessions."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services"))
from grading_data import Seeded, seed_store

from prism_desktop.gui.review_view import ReviewView
from prism_desktop.gui.sessions_dialog import SessionsDialog
from prism_desktop.services.grading import grades_for_run, history
from prism_desktop.services.sessions import list_sessions, session_runs

pytestmark = pytest.mark.gui

CYRILLIC = {
    "Ы": Qt.Key(0x42B),
    "Ь": Qt.Key(0x42C),
    "Щ": Qt.Key(0x429),
    "З": Qt.Key(0x417),
    "С": Qt.Key(0x421),
}


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[Seeded]:
    data = seed_store(tmp_path / "prism.db")
    yield data
    data.store.close()


@pytest.fixture
def view(qtbot: QtBot, seeded: Seeded) -> ReviewView:
    widget = ReviewView(seeded.store, seeded.workspace, "Иванов", None)
    qtbot.addWidget(widget)
    widget.resize(1400, 900)
    widget.show()
    qtbot.waitExposed(widget)
    widget.code.candidate.setFocus()  # keys work with the focus anywhere inside the view
    return widget


def steps_in_store(seeded: Seeded, run: int) -> dict[str, int]:
    return {g.axis: g.step for g in grades_for_run(seeded.store, run)}


def press(
    view: ReviewView, *keys: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    target = view.focusWidget() or view
    for key in keys:
        QTest.keyClick(target, key, modifier)


def test_grade_a_run_with_the_keyboard_only(qtbot: QtBot, view: ReviewView, seeded: Seeded) -> None:
    run = seeded.run("vendor/alpha", "linear")
    view.show_run(run)
    assert view.grading.current_axis == "S"
    press(view, Qt.Key.Key_1)  # 1 stands for 10; the current axis moves on to M
    assert steps_in_store(seeded, run) == {"S": 10}
    assert view.grading.current_axis == "M"
    press(view, Qt.Key.Key_O, Qt.Key.Key_4, Qt.Key.Key_M, Qt.Key.Key_8)
    assert steps_in_store(seeded, run) == {"S": 10, "M": 8, "O": 4}
    press(view, Qt.Key.Key_M, Qt.Key.Key_6)  # regrade
    assert steps_in_store(seeded, run)["M"] == 6
    press(view, Qt.Key.Key_2, modifier=Qt.KeyboardModifier.AltModifier)  # approach: acceptable
    assert {g.approach for g in grades_for_run(seeded.store, run)} == {"приемлемо"}
    press(view, Qt.Key.Key_C)
    assert view.grading.comment_edit.hasFocus()
    QTest.keyClicks(view.grading.comment_edit, "slow loop 8")  # digits typed, not grades
    assert steps_in_store(seeded, run) == {"S": 10, "M": 6, "O": 4}
    with qtbot.waitSignal(view.requestNextRun, timeout=2000):
        QTest.keyClick(view.grading.comment_edit, Qt.Key.Key_Return)
    assert {g.comment for g in grades_for_run(seeded.store, run)} == {"slow loop 8"}
    assert view.next_ungraded_run_id() == seeded.run("vendor/alpha", "any_match")


def test_russian_layout_keys_choose_axes(view: ReviewView, seeded: Seeded) -> None:
    run = seeded.b_runs[0]
    view.show_run(run)
    press(view, CYRILLIC["З"], Qt.Key.Key_6, CYRILLIC["Щ"], Qt.Key.Key_2, CYRILLIC["Ы"], Qt.Key.Key_8)
    press(view, CYRILLIC["Ь"], Qt.Key.Key_0)
    assert steps_in_store(seeded, run) == {"P": 6, "O": 2, "S": 8, "M": 0}
    press(view, CYRILLIC["С"])
    assert view.grading.comment_edit.hasFocus()


def test_enter_moves_to_the_next_ungraded_run(qtbot: QtBot, view: ReviewView, seeded: Seeded) -> None:
    view.requestNextRun.connect(view.show_next_ungraded)
    first, second = seeded.a_runs[0], seeded.a_runs[1]
    view.show_run(first)
    press(view, Qt.Key.Key_8, Qt.Key.Key_8, Qt.Key.Key_8)
    with qtbot.waitSignal(view.currentRunChanged, timeout=2000) as moved:
        press(view, Qt.Key.Key_Return)
    assert moved.args == [second] and view.run_id == second


def test_undo_and_clear_from_the_keyboard(view: ReviewView, seeded: Seeded) -> None:
    first, second = seeded.a_runs[0], seeded.a_runs[1]
    view.show_run(first)
    press(view, Qt.Key.Key_6, Qt.Key.Key_4)
    press(view, Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert steps_in_store(seeded, first) == {"S": 6}
    assert view.grading.steps() == {"S": 6} and view.grading.current_axis == "M"
    press(view, Qt.Key.Key_S, Qt.Key.Key_Backspace)
    assert steps_in_store(seeded, first) == {}
    view.show_run(second)
    # Undo reaches back to the earlier run and shows it.
    press(view, Qt.Key.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert view.run_id == first and steps_in_store(seeded, first) == {"S": 6}
    expert = view.expert_id
    assert expert is not None
    assert [(e.action, e.undone) for e in history(seeded.store, expert)] == [
        ("create", False),
        ("create", True),
        ("delete", True),
    ]


def test_help_overlay_lists_every_shortcut(view: ReviewView, seeded: Seeded) -> None:
    view.show_run(seeded.a_runs[0])
    press(view, Qt.Key.Key_F1)
    assert view.help.isVisible()
    keys = " ".join(k for k, _ in view.help.rows())
    for expected in ("S  M  O  P", "0 2 4 6 8", "1", "Ctrl+Z", "F1", "Alt+1", "Return", "Space"):
        assert expected in keys
    press(view, Qt.Key.Key_8)  # any key closes the help and does nothing else
    assert not view.help.isVisible()
    assert steps_in_store(seeded, seeded.a_runs[0]) == {}
    press(view, Qt.Key.Key_Question, modifier=Qt.KeyboardModifier.ShiftModifier)
    assert view.help.isVisible()


def test_sessions_dialog_creates_and_opens_a_session(qtbot: QtBot, seeded: Seeded) -> None:
    dialog = SessionsDialog(seeded.store, "Иванов")
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("Калибровка марта")
    dialog.size_spin.setValue(5)
    dialog.seed_spin.setValue(17)
    dialog.create_button.click()
    (summary,) = list_sessions(seeded.store)
    assert (summary.name, summary.runs, summary.seed, summary.blind) == ("Калибровка марта", 5, 17, True)
    assert dialog.table.rowCount() == 1 and dialog.table.item(0, 6).text() == "0 / 5"
    with qtbot.waitSignal(dialog.sessionChosen, timeout=2000) as chosen:
        dialog.open_button.click()
    assert chosen.args == [summary.id, "Иванов"]
    assert len(session_runs(seeded.store, summary.id)) == 5


def test_sessions_dialog_needs_a_name_and_reports_bad_input(qtbot: QtBot, seeded: Seeded) -> None:
    dialog = SessionsDialog(seeded.store, "")
    qtbot.addWidget(dialog)
    assert not dialog.standalone_button.isEnabled()
    dialog.name_edit.setText("")
    dialog.create_button.click()
    assert "name: empty" in dialog.message.text()
    dialog.expert_edit.setText("Сидоров")
    assert dialog.standalone_button.isEnabled()
    with qtbot.waitSignal(dialog.sessionChosen, timeout=2000) as chosen:
        dialog.standalone_button.click()
    assert chosen.args == [None, "Сидоров"]
