"""The runs table of the GUI filters by task, model, category, band and graded state and sorts by any
score; with 10,000+ runs each of those must be an index lookup, not a table scan."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Select, and_, exists, insert, select
from sqlalchemy.orm import aliased

from prism_desktop.store import Store, open_store
from prism_desktop.store.models import SOURCE_AUTO_FILE, Experiment, Expert, Grade, Level1Result, Run

RUNS = 10_000
TASKS = 50
MODELS = 40


@pytest.fixture(scope="module")
def big_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('plans') / 'prism.db'}")
    with store.session() as session:
        experiment = Experiment(name="experiment_A_20250101_000000", category="A")
        session.add_all([experiment, Expert(name="expert_01")])
        session.flush()
        session.execute(
            insert(Run),
            [
                {
                    "experiment_id": experiment.id,
                    "task_id": f"{'AB'[i % TASKS % 2]}{i % TASKS}",
                    "category": "AB"[i % TASKS % 2],
                    "model_id": f"vendor/model-{i // TASKS % MODELS}",
                    "run_index": i // (TASKS * MODELS),
                    "response": "",
                    "response_hash": f"{i:064x}",
                }
                for i in range(RUNS)
            ],
        )
        session.execute(
            insert(Level1Result),
            [
                {"run_id": i + 1, "source": SOURCE_AUTO_FILE, "evaluator": "auto_l1", "detail": {},
                 "instruments": {}, "score_q": (i % 11) * 1.0, "band_m": (i % 6) * 2, "score_m": i % 10}
                for i in range(RUNS)
            ],
        )
        session.execute(insert(Grade), [{"expert_id": 1, "run_id": i + 1, "axis": "M", "step": 8}
                                         for i in range(0, RUNS, 7)])
    with store.engine.begin() as connection:
        connection.exec_driver_sql("ANALYZE")
    yield store
    store.close()


def _plan(store: Store, query: Select) -> str:
    with store.engine.connect() as connection:
        compiled = query.compile(connection, compile_kwargs={"literal_binds": True})
        rows = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}").fetchall()
    return "\n".join(row[-1] for row in rows)


auto = aliased(Level1Result)
with_auto = select(Run.id).join(auto, and_(auto.run_id == Run.id, auto.source == SOURCE_AUTO_FILE))


@pytest.mark.parametrize(
    ("query", "index"),
    [
        (select(Run.id).where(Run.task_id == "A7"), "ix_runs_task_id_model_id_response_hash"),
        (select(Run.id).where(Run.model_id == "vendor/model-3"), "ix_runs_model_id_task_id"),
        (select(Run.id).where(Run.category == "B"), "ix_runs_category_task_id"),
        (with_auto.where(auto.band_m == 4), "ix_level1_results_source_band_m"),
        (with_auto.order_by(auto.score_q.desc()).limit(100), "ix_level1_results_source_score_q"),
        (with_auto.order_by(auto.score_m).limit(100), "ix_level1_results_source_score_m"),
    ],
    ids=["task", "model", "category", "band", "sort-q", "sort-m"],
)
def test_runs_table_queries_use_an_index(big_store: Store, query: Select, index: str) -> None:
    plan = _plan(big_store, query)
    assert index in plan, plan
    assert "USE TEMP B-TREE FOR ORDER BY" not in plan, plan


def test_graded_filter_probes_the_grades_index(big_store: Store) -> None:
    graded = exists().where(Grade.run_id == Run.id)
    for query in (select(Run.id).where(graded), select(Run.id).where(~graded)):
        plan = _plan(big_store, query)
        assert "ix_grades_run_id_axis" in plan, plan
        assert "SCAN grades" not in plan, plan
