"""Team review in the assembled main window. Two writers on one grade: the window saves with the version it
showed, so when another expert (another window, process or adjudicator: here a second store
connection) changed the grade meanwhile, the window's save is refused with the other value, who
and when, nothing is overwritten, and the panel shows the stored grade. A reason typed for a change
goes into the grade's history, which the review shows under the grading panel. The runs table
filters the runs some expert flagged "unsure / needs a senior look"."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from prism_desktop.services import annotations, team_sessions
from prism_desktop.services.grading import grades_for_run, save_grade
from prism_desktop.services.runs_query import RunState
from prism_desktop.store import DB_ENV_VAR, Store, open_store

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_team_gui import _save

pytestmark = pytest.mark.gui


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The window's store: a SQLite file, or (parametrized "postgresql") a fresh database on the
    test PostgreSQL server, dropped afterwards (tests/team/pg_server.py)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        url = f"sqlite:///{tmp_path / 'store' / 'prism.db'}"
        monkeypatch.setenv(DB_ENV_VAR, url)
        yield url
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "team"))
    from pg_server import fresh_database

    with fresh_database() as url:
        monkeypatch.setenv(DB_ENV_VAR, url)
        yield url


def _stored(store: Store, run_id: int, expert_id: int) -> dict[str, tuple[int, int]]:
    """axis -> (step, version) of the expert's grades of the run."""
    return {g.axis: (g.step, g.version) for g in grades_for_run(store, run_id) if g.expert_id == expert_id}


def _grade(review: Any, axis: str, step: int) -> None:
    review.run_command(f"grade.axis.{axis}")
    review.run_command(f"grade.step.{step}")


@pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
def test_a_grade_changed_elsewhere_is_not_overwritten(
    shell_window: Any, qtbot: QtBot, store: Store, db_url: str
) -> None:
    window = shell_window
    window.table.select_row(0)
    review = window.review
    run_id, me = int(window.table.current_run), review.expert_id
    assert me is not None

    # Quick successive changes of one's own grade are not conflicts (each save knows the last).
    for step in (4, 6, 2):
        _grade(review, "M", step)
    qtbot.waitUntil(lambda: _stored(store, run_id, me).get("M", (None, 0))[0] == 2, timeout=20_000)
    qtbot.waitUntil(lambda: not review.unsaved(), timeout=20_000)
    assert review.message.isHidden()
    shown_version = _stored(store, run_id, me)["M"][1]
    assert shown_version == 3

    # Ivan, from another connection, changes expert_01's M grade (as an adjudicator would).
    other = open_store(db_url)
    try:
        ivan = team_sessions.name_expert(other, "ivan", "Иван Петров")
        assert save_grade(
            other,
            expert_id=me,
            run_id=run_id,
            axis="M",
            step=8,
            expected_version=shown_version,
            changed_by_id=ivan,
            reason="тест 3 проходит",
        )
    finally:
        other.close()

    # The window still shows 2 and its expert gives 6: refused, with ivan's value; nothing lost.
    assert review.grading.boxes["M"].step == 2
    _grade(review, "M", 6)
    qtbot.waitUntil(lambda: review.message.isVisible(), timeout=20_000)
    text = review.message.text()
    assert "NOT saved: M = 6" in text and "ivan changed this grade to 8" in text, text
    assert _stored(store, run_id, me)["M"][0] == 8
    qtbot.waitUntil(lambda: review.grading.boxes["M"].step == 8, timeout=20_000)  # refreshed
    assert review.save_error.isHidden()  # no Retry: retrying would overwrite ivan's grade
    history = review.history
    newest = history.lines()[0]
    assert newest.startswith("M 2 → 8 (changed) · expert_01 (by ivan) · 20") and newest.endswith(
        "UTC · «тест 3 проходит»"
    )
    assert "тест 3 проходит" in history.entries.text()
    review.grading.reason_edit.setText("пустая выборка не обработана")
    qtbot.wait(100)  # the column's layout settles before a screenshot
    _save(window, "review_conflict_history_en.png")

    # Having seen 8, the expert changes it on purpose, with a reason: saved, and in the history.
    _grade(review, "M", 6)
    qtbot.waitUntil(lambda: _stored(store, run_id, me)["M"][0] == 6, timeout=20_000)
    qtbot.waitUntil(lambda: history.lines()[0].startswith("M 8 → 6 (changed) · expert_01 · "), timeout=20_000)
    assert history.lines()[0].endswith("«пустая выборка не обработана»")
    # A first grade of another axis carries no reason: nothing was changed.
    _grade(review, "S", 10)
    qtbot.waitUntil(lambda: history.lines()[0].startswith("S — → 10 (given) · expert_01 · "), timeout=20_000)
    assert history.lines()[0].endswith("UTC")
    # Moving to another run forgets the reason.
    window.table.select_row(1)
    qtbot.waitUntil(lambda: review.run_id != run_id, timeout=20_000)
    assert review.grading.reason() is None


def test_the_flagged_filter_shows_the_runs_an_expert_is_unsure_of(
    shell_window: Any, qtbot: QtBot, store: Store, db_url: str
) -> None:
    window, bar = shell_window, shell_window.filters
    total = window.model.rowCount()
    flagged_option = bar.state.findData(RunState.FLAGGED.value)
    assert bar.state.itemText(flagged_option) == "Flagged unsure (by anyone)"
    bar.state.setCurrentIndex(flagged_option)
    assert window.model.rowCount() == 0

    # expert_01 flags the first run with F; another expert, elsewhere, flags the third.
    bar.reset()
    window.table.select_row(0)
    mine = int(window.table.current_run)
    window.review.run_command("grade.flag")
    qtbot.waitUntil(lambda: not window.review.unsaved(), timeout=20_000)
    window.table.select_row(2)
    theirs = int(window.table.current_run)
    other = open_store(db_url)
    try:
        ivan = team_sessions.name_expert(other, "ivan")
        assert annotations.toggle_flag(other, expert_id=ivan, run_id=theirs)
    finally:
        other.close()

    bar.state.setCurrentIndex(flagged_option)
    assert window.model.rowCount() == 2
    shown = {window.model.run_id_at(row) for row in range(window.model.rowCount())}
    assert shown == {mine, theirs}
    assert "2 shown of" in window.counts_label.text()
    bar.reset()
    assert window.model.rowCount() == total
