"""The runs table model stays a window onto the store with 10,000 runs: a count query for the
row count, and only the pages the view asks for are fetched and kept."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import insert

from prism_desktop.gui.runs_model import NA, RunsTableModel
from prism_desktop.gui.runs_view import RunsView
from prism_desktop.services.runs_query import COLUMNS, Column, RunRow, RunsFilter, RunsQuery
from prism_desktop.store import Store
from prism_desktop.store.models import SOURCE_AUTO_FILE, SOURCE_SCORED_HERE, Experiment, Level1Result, Run

pytestmark = pytest.mark.gui
RUNS = 10_000


@pytest.fixture
def big_store(store: Store) -> Iterator[Store]:
    with store.session() as session:
        experiment = Experiment(name="experiment_A_20250101_000000", category="A")
        session.add(experiment)
        session.flush()
        session.execute(insert(Run), [
            {"experiment_id": experiment.id, "task_id": f"A{i % 50}", "task_name": f"Задача {i % 50}",
             "category": "A", "model_id": f"vendor/model-{i // 50 % 40}", "run_index": i // 2000,
             "response": f"Функция Ответ{i}() Возврат {i}; КонецФункции", "response_hash": "",
             "success": True}
            for i in range(RUNS)
        ])
        # Every other run has an imported score; Q = i mod 11 (0..10), never all N/A.
        session.execute(insert(Level1Result), [
            {"run_id": i + 1, "source": SOURCE_AUTO_FILE, "evaluator": "auto_l1", "detail": {},
             "instruments": {}, "score_s": 10.0, "score_m": float(i % 11), "score_q": float(i % 11),
             "band_m": (i % 11) // 2 * 2}
            for i in range(0, RUNS, 2)
        ])
    yield store


class CountingQuery(RunsQuery):
    """The real queries, with a tally of the rows fetched and of the count queries."""

    def __init__(self, store: Store):
        super().__init__(store)
        self.rows_fetched = 0
        self.counts = 0

    def page(self, *args: Any, **kwargs: Any) -> list[RunRow]:
        rows = super().page(*args, **kwargs)
        self.rows_fetched += len(rows)
        return rows

    def count(self, run_filter: RunsFilter) -> int:
        self.counts += 1
        return super().count(run_filter)


def test_row_count_is_a_count_query_and_data_loads_only_visible_pages(big_store: Store, qtbot: QtBot) -> None:
    query = CountingQuery(big_store)
    model = RunsTableModel(query, page_size=100, max_pages=4)
    assert model.rowCount() == RUNS
    assert (query.counts, query.rows_fetched, model.loaded_row_count) == (1, 0, 0)
    view = RunsView(model)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitUntil(lambda: model.loaded_row_count > 0)
    assert model.loaded_row_count <= 100 and query.rows_fetched <= 100  # the visible page only
    last = model.index(RUNS - 1, COLUMNS.index(Column.TASK))
    assert model.data(last, Qt.ItemDataRole.DisplayRole).startswith("A")
    # Jumping around fetches a page per jump and keeps only a few pages in memory.
    for row in range(0, RUNS, 997):
        assert model.data(model.index(row, 0), Qt.ItemDataRole.DisplayRole)
    assert model.loaded_row_count <= 4 * 100
    assert query.rows_fetched <= 13 * 100 < RUNS
    assert query.counts == 1


def test_sorting_and_filtering_stay_in_sql(big_store: Store) -> None:
    model = RunsTableModel(RunsQuery(big_store), page_size=50)
    model.sort(COLUMNS.index(Column.Q), Qt.SortOrder.DescendingOrder)
    q = COLUMNS.index(Column.Q)
    assert model.data(model.index(0, q)) == "10.00"
    assert model.data(model.index(RUNS - 1, q)) == NA  # N/A last, not as a zero
    assert model.loaded_row_count <= 2 * 50
    model.set_filter(RunsFilter(task_id="A7"))
    assert model.rowCount() == RUNS // 50
    model.set_filter(RunsFilter(search="ответ9999"))
    assert model.rowCount() == 1


def test_refresh_runs_updates_a_shown_row_in_place(big_store: Store) -> None:
    model = RunsTableModel(RunsQuery(big_store), page_size=50)
    run_id = model.run_id_at(1)
    assert run_id is not None
    q = COLUMNS.index(Column.Q)
    before = model.data(model.index(1, q))
    with big_store.session() as session:
        session.add(Level1Result(run_id=run_id, source=SOURCE_SCORED_HERE, evaluator="auto_l1", detail={},
                                 instruments={}, score_s=4.0, score_m=0.0, score_o=None, score_q=2.0))
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom, _roles=(): changed.append(top.row()))
    model.refresh_runs([run_id, 999_999])
    assert changed == [1]
    assert model.data(model.index(1, q)) == "2.00" != before
    assert model.run_id_at(1) == run_id  # no row moved under the user's cursor
