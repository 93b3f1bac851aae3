from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from prism_desktop.store import Store, open_store
from prism_desktop.store.models import Experiment, Expert, Run


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    yield opened
    opened.close()


def _make_run(
    experiment: Experiment, task_id: str = "A1", model_id: str = "m/one", run_index: int = 0
) -> Run:
    return Run(
        experiment=experiment,
        task_id=task_id,
        category=experiment.category,
        model_id=model_id,
        model_name=model_id.upper(),
        run_index=run_index,
        response="Функция Ф() Возврат 1; КонецФункции",
        response_hash="ab" * 32,
        success=True,
    )


MakeRun = Callable[..., Run]


@pytest.fixture
def make_run() -> MakeRun:
    """A factory of valid runs: make_run(experiment, task_id=..., model_id=..., run_index=...)."""
    return _make_run


@pytest.fixture
def seeded(store: Store, make_run: MakeRun) -> tuple[int, int]:
    """One experiment with one run, and one expert: (run id, expert id)."""
    with store.session() as session:
        experiment = Experiment(name="experiment_A_20250101_000000", category="A")
        run = make_run(experiment)
        expert = Expert(name="expert_01")
        session.add_all([experiment, run, expert])
        session.flush()
        return run.id, expert.id
