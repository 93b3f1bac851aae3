"""Level 1 from the app on a 1C Code Bench (services.level1_store.score_stored_runs, what Level 1 →
Score… runs): the imported demo runs are scored again in the Docker sandbox and give the scores of the
bundled auto file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from prism_desktop.services.benchmark_kinds import open_workspace as open_any_workspace
from prism_desktop.services.importing import import_results
from prism_desktop.services.level1_store import score_stored_runs
from prism_desktop.services.onec_workspace import OneCBenchView
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import SOURCE_AUTO_FILE, SOURCE_SCORED_HERE, Level1Result, Run
from tests.onec_bench.conftest import BUNDLED

RUNS = (
    ("base_01_short_name", "demo/reference"),  # solves
    ("mid_01_fill_order_from_stock", "demo/mixed"),  # the wrong variant: compiles, fails
    ("hard_01_manager_commission", "demo/mixed"),  # does not compile
    ("base_02_unique_values", "demo/wrong"),  # no function of the task's name
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    yield opened
    opened.close()


@pytest.mark.docker
def test_stored_runs_are_scored_as_the_auto_file_says(store: Store, docker_engine: None) -> None:
    workspace = open_any_workspace(BUNDLED)
    assert isinstance(workspace, OneCBenchView)
    import_results(store, workspace)
    with store.session() as session:
        ids = [session.scalars(select(Run.id).filter_by(task_id=t, model_id=m)).one() for t, m in RUNS]
        categories = {session.get(Run, i).category for i in ids}  # type: ignore[union-attr]
    assert categories == {"базовый", "средний", "сложный"}  # a run is stored under its task's level
    assert score_stored_runs(store, workspace, ids, sandbox="docker", jobs=2) == 4
    with store.session() as session:
        for run_id in ids:
            results = {r.source: r for r in session.scalars(select(Level1Result).filter_by(run_id=run_id))}
            here, imported = results[SOURCE_SCORED_HERE], results[SOURCE_AUTO_FILE]
            assert (here.score_s, here.score_m) == (imported.score_s, imported.score_m)
            assert here.runner == "docker" and here.isolated is True
            assert here.protocol_version == "1c-code-bench-l1/1"
            assert here.detail["S"]["compiled"] == imported.detail["S"]["compiled"]
