"""A blind session in the assembled main window: the runs table and the review hide the model, the
machine's status and scores and the other experts until the expert has graded the run (one rule:
services.visibility); the "Mine" column shows the expert's own grades."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from prism_desktop.gui.runs_model import HIDDEN
from prism_desktop.services.grading import ensure_expert, save_grade
from prism_desktop.services.level1_store import save_result
from prism_desktop.services.runs_query import COLUMNS, Column
from prism_desktop.services.sessions import create_session

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gui_keys import click_key, settle

pytestmark = pytest.mark.gui


def cell(window: Any, row: int, column: Column) -> Any:
    return window.model.data(window.model.index(row, COLUMNS.index(column)), Qt.ItemDataRole.DisplayRole)


def test_blind_table_hides_model_status_and_colleagues_until_graded(shell_window: Any, store: Any) -> None:
    window = shell_window
    for run_id in range(1, 14):
        save_result(
            store,
            window.workspace,
            run_id,
            None,
            {
                "scores": {"S": 10, "M": 10.0, "O": 8, "P": None, "Q": 9.33},
                "bands": {"M": 10, "P": None},
                "detail": {},
            },
        )
    session_id = create_session(store, name="blind", size=6, seed=7, blind=True)
    colleague = ensure_expert(store, "colleague")
    window.enter_session(session_id)
    first = window.model.run_id_at(0)
    for axis in ("S", "M", "O"):
        save_grade(store, expert_id=colleague, run_id=first, axis=axis, step=4, session_id=session_id)
    window.model.refresh_runs([first])
    models = {cell(window, row, Column.MODEL) for row in range(window.model.rowCount())}
    statuses = {cell(window, row, Column.STATUS) for row in range(window.model.rowCount())}
    assert models == {HIDDEN} and statuses <= {HIDDEN, "no answer"}
    assert cell(window, 0, Column.GRADED_BY) == ""  # the colleague stays hidden
    assert "model <b>hidden</b>" in window.review.header.text()
    assert "Alpha" not in window.review.header.text() and "Beta" not in window.review.header.text()

    window.review.setFocus()
    click_key(window.review, "8")
    settle(window)
    assert cell(window, 0, Column.MINE) == "S8 M· O·"
    assert cell(window, 0, Column.MODEL) == HIDDEN  # two axes to go
    click_key(window.review, "6")
    click_key(window.review, "6")
    settle(window)
    assert cell(window, 0, Column.MINE) == "✓ S8 M6 O6"
    assert cell(window, 0, Column.MODEL) in ("Alpha Coder", "Beta Chat")
    assert cell(window, 0, Column.STATUS) == "scored" and cell(window, 0, Column.Q) == "9.33"
    assert cell(window, 0, Column.GRADED_BY) == "colleague, expert_01"
    assert "hidden" not in window.review.header.text()
    assert cell(window, 1, Column.MODEL) == HIDDEN

    window.leave_session()  # outside the session nothing is hidden
    assert HIDDEN not in {cell(window, row, Column.MODEL) for row in range(window.model.rowCount())}


def test_sessions_dialog_warns_when_nothing_is_scored(shell_window: Any, qtbot: Any) -> None:
    from prism_desktop.gui.sessions_dialog import SessionsDialog

    shell_window.services.show_sessions()
    dialog = shell_window.findChild(SessionsDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.strata_note.isVisible() and "score band" in dialog.strata_note.text()
    dialog.reject()


def test_the_table_shows_only_the_runs_of_a_cell_until_reset(shell_window: Any) -> None:
    window = shell_window
    chosen = frozenset({window.model.run_id_at(1), window.model.run_id_at(4)})
    window.services.show_runs(chosen, "the runs where the machine gave M = 10 and the experts 6")
    assert window.model.rowCount() == 2
    assert {window.model.run_id_at(row) for row in range(2)} == chosen
    assert window.filters.only_label.isVisible() and "(2 runs)" in window.filters.only_label.text()
    window.filters.reset()
    assert window.model.rowCount() == 13 and not window.filters.only_label.isVisible()


def score_runs_apart(window: Any, store: Any) -> None:
    """Runs of Alpha Coder score high, the others low: any filter or order by score or model would
    single out a model's runs."""
    for run_id in range(1, 14):
        row = window.query.rows_by_id([run_id])[run_id]
        high = row.model_name == "Alpha Coder"
        scores = {"S": 10, "M": 10.0, "O": 8, "P": None, "Q": 9.33} if high else {
            "S": 2, "M": 0.0, "O": 0, "P": None, "Q": 0.67}
        bands = {"M": 10, "P": None} if high else {"M": 0, "P": None}
        save_result(store, window.workspace, run_id, None, {"scores": scores, "bands": bands, "detail": {}})
    window.model.reload()


def shown_runs(window: Any) -> list[int]:
    return [window.model.run_id_at(row) for row in range(window.model.rowCount())]


def test_a_blind_session_cannot_be_narrowed_or_ordered_by_what_it_hides(
    shell_window: Any, store: Any, qtbot: Any
) -> None:
    """Filters, search, sort order, Review → Models and its map, the Verified column and the status
    bar follow one rule (services.visibility) until the expert has graded every run of the session."""
    from PySide6.QtGui import QStandardItemModel

    from prism_desktop.gui.filters import BAND_CHOICES, STATES
    from prism_desktop.services.runs_query import RunState

    window = shell_window
    score_runs_apart(window, store)
    alpha = next(m for m, name in window.query.choices().models if name == "Alpha Coder")
    window.filters.search.setText("alpha")
    window.filters._search_now()
    assert window.model.rowCount() > 0  # outside a session the model's name is searched

    session_id = create_session(store, name="blind", size=6, seed=7, blind=True)
    window.enter_session(session_id)
    session_order = shown_runs(window)
    assert len(session_order) == 6
    bar = window.filters
    assert not bar.model.isEnabled() and not bar.band.isEnabled() and not bar.axis.isEnabled()
    states: QStandardItemModel = bar.state.model()
    for state in (RunState.SCORED, RunState.NOT_SCORED, RunState.DISAGREEING, RunState.FLAGGED):
        assert not states.item(STATES.index(state)).isEnabled(), state
    assert states.item(STATES.index(RunState.UNGRADED)).isEnabled()  # one's own grades choose freely

    # Even set behind the widgets' back, a hidden criterion narrows nothing.
    bar.band.setCurrentIndex(next(i for i, c in enumerate(BAND_CHOICES) if c.key == "high"))
    assert shown_runs(window) == session_order
    bar.state.setCurrentIndex(STATES.index(RunState.SCORED))
    bar.model.setCurrentIndex(bar.model.findData(alpha))
    assert shown_runs(window) == session_order
    bar.reset()
    bar.search.setText("alpha")
    bar._search_now()
    assert window.model.rowCount() == 0  # the search does not look at model names
    assert "Search task, answer text" in bar.search.placeholderText()
    bar.reset()
    for column in (Column.Q, Column.MODEL, Column.STATUS, Column.GRADED_BY):
        window.table.sortByColumn(COLUMNS.index(column), Qt.SortOrder.DescendingOrder)
        qtbot.wait(10)
        assert shown_runs(window) == session_order, column
        assert window.table.horizontalHeader().sortIndicatorSection() == -1
    assert "Not sortable in this blind session" in window.model.headerData(
        COLUMNS.index(Column.Q), Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert "scored" not in window.counts_label.text()

    models = window.commands.action("review.models")
    assert not models.isEnabled()
    window.services.show_runs_of("A11", alpha)  # the map's double-click
    assert shown_runs(window) == session_order and bar.model.currentData() is None

    resets: list[bool] = []
    window.model.modelAboutToBeReset.connect(lambda: resets.append(True))
    for row in range(6):  # grade every run of the session
        window.table.select_row(row)
        window.review.setFocus()
        for key in ("8", "6", "6"):
            click_key(window.review, key)
        if row == 0:
            assert resets == []  # a grade refreshes its row; the table is not read again
    settle(window)
    assert models.isEnabled() and bar.model.isEnabled() and bar.band.isEnabled()
    assert "scored" in window.counts_label.text()
    window.table.sortByColumn(COLUMNS.index(Column.Q), Qt.SortOrder.DescendingOrder)
    qtbot.wait(10)
    qs = [window.model.row_at(row).scores["Q"] for row in range(6)]
    assert qs == sorted(qs, reverse=True) and qs[0] != qs[-1]


def test_the_verified_mark_stays_hidden_until_the_run_is_graded(shell_window: Any, store: Any) -> None:
    from prism_desktop.services.runs_query import RunsQuery

    window = shell_window
    score_runs_apart(window, store)
    session_id = create_session(store, name="blind", size=6, seed=7, blind=True)
    window.enter_session(session_id)
    first = window.model.run_id_at(0)
    # As if the agreement analysis had marked the run Verified.
    window.model.set_query(RunsQuery(store, verified=frozenset({first})))
    assert cell(window, 0, Column.VERIFIED) == HIDDEN


def test_blind_run_candidate_goes_to_debug_only_once_graded(shell_window: Any, store: Any) -> None:
    """The Debug tab runs the machine on what it is given: in a blind session, the candidate of the
    run under review is one click away there only after the expert has graded the run (the machine's
    verdict on it is what blind mode hides)."""
    window = shell_window
    session_id = create_session(store, name="blind", size=6, seed=7, blind=True)
    window.enter_session(session_id)
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.debug))
    settle(window)
    assert not window.debug.load_run.isEnabled()
    assert "grade" in window.debug.load_run.toolTip()

    window.tabs.setCurrentIndex(0)
    window.review.setFocus()
    for key in ("8", "6", "6"):
        click_key(window.review, key)
    settle(window)
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.debug))
    settle(window)
    assert window.debug.load_run.isEnabled()
    window.debug.load_run.click()
    assert window.debug.editor.toPlainText() == window.review.review.candidate_code

    window.leave_session()  # outside a session the candidate is always one click away
    window.tabs.setCurrentIndex(0)
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.debug))
    assert window.debug.load_run.isEnabled()
