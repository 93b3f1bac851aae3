"""Four OS processes grade one store at once — a real PostgreSQL server and one SQLite file: no grade
is lost or duplicated, no concurrent edit is overwritten, nobody fails with "database is locked"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import func, select

from prism_desktop.services.annotations import comments_for_run
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import Experiment, Expert, Grade, GradeHistory, Run

WORKERS = 4
RUNS = 8
ROUNDS = 6  # grader_process.ROUNDS
PROCESS = Path(__file__).with_name("grader_process.py")


def _seed(url: str) -> None:
    with open_store(url) as store, store.session(write=True) as session:
        experiment = Experiment(name="experiment_A_concurrent", category="A")
        session.add(experiment)
        for index in range(RUNS):
            session.add(
                Run(
                    experiment=experiment,
                    task_id=f"A{index % 3 + 1}",
                    category="A",
                    model_id=f"m/{index % 2}",
                    run_index=index,
                    response="Функция Ф() Возврат 1; КонецФункции",
                    response_hash=f"{index:064x}",
                    success=True,
                )
            )


def _run_workers(url: str) -> list[dict[str, int]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path.cwd()), *sys.path])}
    start_at = time.time() + 4.0  # every process imported and connected before anyone writes
    processes = [
        subprocess.Popen(
            [sys.executable, str(PROCESS), url, str(n), str(start_at)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for n in range(WORKERS)
    ]
    reports = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err[-2000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return reports


def test_four_processes_grade_one_store_without_losing_anything(store_url: str) -> None:
    _seed(store_url)
    reports = _run_workers(store_url)
    with open_store(store_url) as store:
        _check(store, reports)


def _check(store: Store, reports: list[dict[str, int]]) -> None:
    with store.session() as session:
        experts = dict(session.execute(select(Expert.name, Expert.id)).all())
        assert sorted(experts) == sorted([*(f"worker-{n}" for n in range(WORKERS)), "team"])
        for n in range(WORKERS):
            own = session.scalar(
                select(func.count()).select_from(Grade).filter_by(expert_id=experts[f"worker-{n}"])
            )
            assert own == RUNS * 3  # category A: S, M, O on every run, each exactly once
        # The shared key (team, first run, M) was upserted 4 × 6 times: one row; its history holds
        # exactly the saves that reported a change, and its value is the last one recorded.
        team_grades = session.scalars(select(Grade).filter_by(expert_id=experts["team"])).all()
        assert len(team_grades) == 1
        changes = session.scalars(
            select(GradeHistory).filter_by(expert_id=experts["team"]).order_by(GradeHistory.id)
        ).all()
        assert len(changes) == sum(r["grade_changes"] for r in reports)
        assert changes[-1].new_step == team_grades[0].step
        first = session.scalar(select(Run.id).order_by(Run.id).limit(1))
    assert first is not None
    # Every process appended ROUNDS lines to one comment through version checks: none is lost.
    [comment] = comments_for_run(store, first, expert_id=experts["team"])
    lines = comment.text.splitlines()
    assert sorted(lines) == sorted(f"worker {n} line {i}" for n in range(WORKERS) for i in range(ROUNDS))
    assert comment.version == WORKERS * ROUNDS
