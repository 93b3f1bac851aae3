"""The review view on a seeded store: panes, diff, diagnostics, logs, scores, blind mode, restarts."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services"))
from grading_data import B_RESPONSE, Seeded, seed_store

from prism_desktop.gui.code_compare import align_lines
from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.highlighter import line_spans
from prism_desktop.gui.review_view import ReviewView
from prism_desktop.gui.scores_panel import agreement_color
from prism_desktop.scoring.extraction import extract_code
from prism_desktop.services.grading import ensure_expert, grades_for_run, save_grade
from prism_desktop.services.sessions import create_session, session_runs
from prism_desktop.store import open_store

pytestmark = pytest.mark.gui


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[Seeded]:
    data = seed_store(tmp_path / "prism.db")
    yield data
    data.store.close()


def make_view(
    qtbot: QtBot, seeded: Seeded, expert: str | None = "Иванов", session: int | None = None
) -> ReviewView:
    view = ReviewView(seeded.store, seeded.workspace, expert, session)
    qtbot.addWidget(view)
    view.resize(1400, 900)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_align_lines_keeps_equal_lines_level() -> None:
    rows = align_lines(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"])
    assert [(r.left, r.right, r.kind) for r in rows] == [
        (1, 1, "equal"),
        (2, 2, "replace"),
        (3, 3, "equal"),
        (4, 4, "equal"),
        (None, 5, "insert"),
    ]
    # Indentation with tabs against spaces is not a change.
    assert {r.kind for r in align_lines(["\tВозврат 1;"], ["    Возврат 1;"])} == {"equal"}


def test_highlighter_lexes_queries_inside_strings() -> None:
    code = extract_code(B_RESPONSE)
    spans, ends_in_string = line_spans(code)
    lines = code.split("\n")
    query_line = next(i for i, line in enumerate(lines) if line.strip().startswith("|ИЗ"))
    words = {lines[query_line][s.start : s.start + s.length]: s for s in spans[query_line]}
    assert words["ИЗ"].query and "Keyword" in str(words["ИЗ"].token)
    assert ends_in_string[query_line] and not ends_in_string[0]
    first = {lines[0][s.start : s.start + s.length]: str(s.token) for s in spans[0]}
    assert "Keyword" in first["Функция"] and "Function" in first["ОстаткиТоваров"]


def test_show_run_fills_code_panes_diff_and_diagnostics(qtbot: QtBot, seeded: Seeded) -> None:
    view = make_view(qtbot, seeded)
    view.show_run(seeded.run("vendor/alpha", "broken"))
    reference, candidate = view.code.reference, view.code.candidate
    assert "ЛеваяГраница" in reference.toPlainText()
    assert "Для Индекс = 0 По" in candidate.toPlainText()
    assert reference.blockCount() == candidate.blockCount()  # aligned: the same number of rows
    assert view.code.changed_rows()
    assert None in candidate.row_numbers()  # filler rows where only the reference has lines
    # Diagnostics: in the gutter on their module lines, and listed.
    marked = {
        candidate.row_numbers()[row]: [m.severity for m in ms] for row, ms in candidate.markers().items()
    }
    assert marked == {4: ["error"], 6: ["warning"], 7: ["error"]}
    table = view.logs.diagnostics
    assert table.rowCount() == 3
    assert [table.item(r, 0).text() for r in range(3)] == ["4:18", "6:9", "7:1"]
    table.cellClicked.emit(2, 4)
    assert candidate.row_numbers()[candidate.textCursor().blockNumber()] == 7
    assert "Root causes: 1" in view.logs.syntax_summary.text()


def test_tests_and_performance_tabs(qtbot: QtBot, seeded: Seeded) -> None:
    view = make_view(qtbot, seeded)
    view.show_run(seeded.run("vendor/beta", "any_match"))
    tests = view.logs.tests
    statuses = [tests.item(r, 1).text() for r in range(tests.rowCount())]
    assert len(statuses) == 13 and statuses.count("fail") == 3
    assert tests.item(0, 2).text() == "[1, 3, 5, 7, 9], 7"
    view.show_run(seeded.run("vendor/beta", "linear"))
    perf = view.logs.perf_table
    assert [perf.item(r, 0).text() for r in range(perf.rowCount())] == ["1000", "2000", "4000", "8000"]
    plot = view.logs.perf_plot
    assert plot.sizes == [1000, 2000, 4000, 8000] and plot.p == 1.0 and plot.p_opt == 0.0
    assert view.logs.raw_response.toPlainText().startswith("Вот решение")
    assert "NOT isolated" in view.logs.output_summary.text()


def test_scores_show_na_reasons_never_zero(qtbot: QtBot, seeded: Seeded) -> None:
    view = make_view(qtbot, seeded)
    view.show_run(seeded.run("vendor/alpha", "broken"))
    table = view.scores.table
    rows = {
        table.item(r, 0).text(): [table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())
    }
    assert rows["S"][:3] == ["S", "0", "0"]  # a real 0: the candidate is at fault
    assert rows["O"][1:3] == ["—", "—"] and rows["O"][3] == "N/A: not measured: no performance measurement"
    assert rows["P"][1:3] == ["—", "—"] and rows["P"][3] == "N/A for category A"
    assert rows["S"][3] == "prism-bsl 0.1.0"
    # An unscored run of a task missing from the workspace still opens.
    view.show_run(seeded.b_runs[1])
    assert "not in the open workspace" in view.statement.toPlainText()
    assert [view.scores.table.item(r, 3).text() for r in range(4)] == ["not scored yet"] * 4
    assert list(view.grading.boxes) == ["S", "M", "O", "P"]


def test_agreement_colours(qapp: Any) -> None:
    colours = scheme()  # the score bands: same step, one step apart, further apart
    assert (
        agreement_color(8, 8),
        agreement_color(8, 6),
        agreement_color(8, 2),
        agreement_color(None, 2),
    ) == (colours.band_good, colours.band_partial, colours.band_bad, None)


def test_blind_session_hides_then_reveals(qtbot: QtBot, seeded: Seeded) -> None:
    session_id = create_session(seeded.store, name="Слепая", size=8, seed=4)
    run = seeded.run("vendor/alpha", "any_match")
    assert run in session_runs(seeded.store, session_id)
    petrov = ensure_expert(seeded.store, "Петров")
    for axis in ("S", "M", "O"):
        save_grade(seeded.store, expert_id=petrov, run_id=run, axis=axis, step=4, session_id=session_id)
    view = make_view(qtbot, seeded, "Иванов", session_id)
    view.show_run(run)
    assert view.machine_hidden and view.scores.hidden
    assert not view.logs.isTabVisible(view.logs.tab_index("tests"))
    assert view.logs.currentIndex() == view.logs.tab_index("raw")
    assert view.code.candidate.markers() == {}
    assert "BLIND" in view.badge.text()
    for step in (10, 8):
        view.grade_current(step)
        assert view.machine_hidden
    view.grade_current(6)
    assert not view.machine_hidden and not view.scores.hidden
    assert view.logs.isTabVisible(view.logs.tab_index("tests"))
    assert view.code.candidate.markers()
    table = view.scores.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers[4:] == ["You", "Петров"]
    m_row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "M")
    assert table.item(m_row, 4).text() == "8" and table.item(m_row, 5).text() == "4"
    assert table.item(m_row, 4).background().color() == QColor(scheme().band_partial)  # machine step 6 vs 8
    assert table.item(m_row, 5).background().color() == QColor(scheme().band_partial)  # machine step 6 vs 4


def test_grades_survive_a_restart(qtbot: QtBot, seeded: Seeded, tmp_path: Path) -> None:
    run = seeded.run("vendor/beta", "broken")
    view = make_view(qtbot, seeded)
    view.show_run(run)
    view.grade_current(0)
    view.grading.comment_edit.setText("цикл не закрыт")
    view.grading.set_approach_index(2)
    view.close()
    seeded.store.close()
    # A new store handle and new widgets on the same database file, as after a crash.
    store = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    try:
        restarted = ReviewView(store, seeded.workspace, "Иванов", None)
        qtbot.addWidget(restarted)
        restarted.show_run(run)
        assert restarted.grading.steps() == {"S": 0}
        assert restarted.grading.comment() == "цикл не закрыт"
        assert restarted.grading.approach() == "приемлемо"
        (grade,) = grades_for_run(store, run)
        assert (grade.expert, grade.axis, grade.step, grade.approach) == ("Иванов", "S", 0, "приемлемо")
    finally:
        store.close()


def test_two_experts_grade_the_same_run(qtbot: QtBot, seeded: Seeded) -> None:
    run = seeded.b_runs[0]
    first = make_view(qtbot, seeded, "Иванов")
    second = make_view(qtbot, seeded, "Петров")
    for view, steps in ((first, (10, 8, 6, 4)), (second, (8, 8, 4, 2))):
        view.show_run(run)
        for step in steps:
            view.grade_current(step)
    by_expert: dict[str, dict[str, int]] = {}
    for grade in grades_for_run(seeded.store, run):
        by_expert.setdefault(grade.expert, {})[grade.axis] = grade.step
    assert by_expert == {
        "Иванов": {"S": 10, "M": 8, "O": 6, "P": 4},
        "Петров": {"S": 8, "M": 8, "O": 4, "P": 2},
    }
    first.show_run(run)
    assert first.scores.table.columnCount() == 6  # axis, score, step, instrument, you, the other expert


def test_without_an_expert_nothing_is_saved(qtbot: QtBot, seeded: Seeded) -> None:
    view = make_view(qtbot, seeded, expert=None)
    view.show_run(seeded.a_runs[0])
    assert not view.grading.isEnabled()
    view.grade_current(8)
    assert grades_for_run(seeded.store, seeded.a_runs[0]) == []
    assert view.message.isVisible() and "Identify yourself" in view.message.text()
    view.set_expert("Иванов")
    view.grade_current(8)
    assert [g.step for g in grades_for_run(seeded.store, seeded.a_runs[0])] == [8]
