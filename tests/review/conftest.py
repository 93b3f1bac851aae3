"""Fixtures of the review tests: random graded runs for the statistics, and a small PRISM-shaped
workspace (repository metrics/, category-A tasks A1–A6; B1–B4 are absent from the bank and read
as category B from the machine's P) with one auto file and three expert files."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.review.dataset import GradedRun
from prism_desktop.store import DB_ENV_VAR

REPO = Path(__file__).resolve().parents[2]
STEPS = (0, 2, 4, 6, 8, 10)
EXPERIMENT = "experiment_A_20250301_101500"
A_TASKS = tuple(f"A{i}" for i in range(1, 7))
B_TASKS = tuple(f"B{i}" for i in range(1, 5))
MODELS = (("vendor/alpha", "Alpha"), ("vendor/beta", "Beta"), ("vendor/gamma", "Gamma"))
EXPERTS = ("expert_01", "expert_02", "expert_03")
RUNS_PER_MODEL = 3

TASK_YAML = """\
id: {id}
name: Задача {id}
category: A
difficulty: easy
prompt: |
  Напишите функцию, которая возвращает сумму чисел массива.
entry_point: СуммаМассива
signature: Функция СуммаМассива(Массив) Экспорт
tags:
  skill: [коллекции]
"""
TESTS_YAML = """\
entry_point_patterns:
  - 'Функция\\s+(\\w+)\\s*\\('
tests:
  - args: [[1, 2, 3]]
    expected: 6
"""
CANONICAL = """\
Функция СуммаМассива(Массив) Экспорт
    Сумма = 0;
    Для Каждого Элемент Из Массив Цикл
        Сумма = Сумма + Элемент;
    КонецЦикла;
    Возврат Сумма;
КонецФункции
"""


def near(step: int, rng: random.Random, allowed: tuple[int, ...] = STEPS) -> int:
    """A step at most one step away, mostly the same: an expert who mostly agrees."""
    index = STEPS.index(step) + rng.choice((-1, 0, 0, 0, 0, 1))
    candidate = STEPS[min(max(index, 0), len(STEPS) - 1)]
    return candidate if candidate in allowed else step


def random_runs(n: int, experts: tuple[str, ...], seed: int, tasks: int = 20) -> list[GradedRun]:
    """n runs over `tasks` tasks (every third run category B), machine steps anywhere it can reach,
    experts near the machine, some grades missing."""
    rng = random.Random(seed)
    runs = []
    for r in range(n):
        category = "B" if r % 3 == 0 else "A"
        machine: dict[str, int | None] = {a: rng.choice(STEPS) for a in "SM"}
        machine["O"] = rng.choice(STEPS[1:])
        machine["P"] = rng.choice((0, 4, 6, 10)) if category == "B" else None
        grades = {}
        for expert in experts:
            steps = {a: near(v, rng) for a, v in machine.items() if v is not None and rng.random() > 0.05}
            if steps:
                grades[expert] = steps
        runs.append(GradedRun(f"T{r % tasks:02d}", "m", r, category, machine, grades))
    return runs


@pytest.fixture
def runs_factory() -> Callable[..., list[GradedRun]]:
    return random_runs


# -- a workspace with files --------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewFiles:
    root: Path
    experiment: Path
    auto: Path
    experts: tuple[Path, ...]
    experiment_name: str = EXPERIMENT
    expert_ids: tuple[str, ...] = EXPERTS


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def _response(task: str, model: int, run: int) -> str:
    return f"```bsl\n{CANONICAL}\n// {task} вариант {model}.{run}\n```"


def _lower_is_better(signal: float, rows: tuple[tuple[float, int], ...], otherwise: int) -> int:
    return next((score for bound, score in rows if signal <= bound), otherwise)


def _higher_is_better(signal: float, rows: tuple[tuple[float, int], ...], otherwise: int) -> int:
    return next((score for bound, score in rows if signal >= bound), otherwise)


def _machine_run(task: str, rng: random.Random) -> dict[str, Any]:
    """Scores with a detail whose signal gives the stored step under PRISM 1.2.0's tables."""
    causes = rng.choice((0, 0, 0, 1, 2, 5, 8))
    s = _lower_is_better(causes, ((0, 10), (1, 8), (3, 6), (6, 4)), 2)
    total = 8
    passed = rng.choice((8, 8, 7, 6, 5, 4, 2, 0))
    share = passed / total
    m_band = _higher_is_better(share, ((1, 10), (0.85, 8), (0.6, 6), (0.5, 4)), 2 if share > 0 else 0)
    weighted = rng.choice((0.0, 0.0, 1.0, 2.0, 3.5, 7.0))
    o = _lower_is_better(weighted, ((0, 10), (1, 8), (3, 6), (6, 4)), 2)
    scores: dict[str, Any] = {"S": s, "M": round(share * 10, 1), "O": o, "P": None}
    bands: dict[str, Any] = {"M": m_band, "P": None}
    detail: dict[str, Any] = {
        "S": {"root_causes": causes, "balanced": True, "errors": []},
        "M": {"executed": True, "passed": passed, "total": total, "band": m_band},
        "O": {"weighted": weighted, "count": 1, "codes": [], "leg": "O-авто"},
    }
    if task.startswith("B"):
        clean_share = rng.choice((1.0, 1.0, 0.75, 0.5, 0.25, 0.0))
        p_band = 10 if clean_share >= 1 else 6 if clean_share >= 0.5 else 4 if clean_share > 0 else 0
        scores["P"] = round(clean_share * 10, 1)
        bands["P"] = p_band
        detail["P"] = {"clean_share": clean_share, "clean": 0, "total": 4, "band": p_band}
    axes = [scores["S"], scores["M"], scores["O"]] + ([scores["P"]] if scores["P"] is not None else [])
    scores["Q"] = round(sum(axes) / len(axes), 2)
    return {"scores": scores, "bands": bands, "detail": detail}


def build_review_workspace(root: Path, seed: int = 7, with_b: bool = True) -> ReviewFiles:
    """`with_b=False`: category A only, as one PRISM experiment file holds one category."""
    from prism_desktop.scoring.hashing import response_hash

    rng = random.Random(seed)
    shutil.copytree(REPO / "metrics", root / "metrics")
    (root / "tasks").mkdir(parents=True)
    shutil.copy(REPO / "tasks" / "tags.yaml", root / "tasks" / "tags.yaml")
    for task_id in A_TASKS:
        folder = root / "tasks" / "category_a" / task_id
        folder.mkdir(parents=True)
        (folder / "task.yaml").write_text(TASK_YAML.format(id=task_id), encoding="utf-8")
        (folder / "tests.yaml").write_text(TESTS_YAML, encoding="utf-8")
        (folder / "canonical.bsl").write_text(CANONICAL, encoding="utf-8")
    task_results, auto_tasks = [], []
    expert_tasks: dict[str, list[dict[str, Any]]] = {e: [] for e in EXPERTS}
    for task_id in (*A_TASKS, *(B_TASKS if with_b else ())):
        for m, (model_id, model_name) in enumerate(MODELS):
            generations, scored = [], []
            expert_runs: dict[str, list[dict[str, Any]]] = {e: [] for e in EXPERTS}
            for r in range(RUNS_PER_MODEL):
                text = _response(task_id, m, r)
                digest = response_hash(text)
                generations.append(
                    {"run_index": r, "response": text, "response_hash": digest, "success": True}
                )
                machine = _machine_run(task_id, rng)
                scored.append({"run_index": r, "response_hash": digest, **machine})
                steps = {
                    "S": machine["scores"]["S"],
                    "M": machine["bands"]["M"],
                    "O": machine["scores"]["O"],
                    "P": machine["bands"]["P"],
                }
                for expert in EXPERTS:
                    grades = {a: (None if v is None else near(v, rng)) for a, v in steps.items()}
                    expert_runs[expert].append(
                        {
                            "run_index": r,
                            "response_hash": digest,
                            "scores": {**grades, "Q": None},
                            "detail": {"M": {"comment": f"{expert} о {task_id}"}},
                        }
                    )
            group = {"task_id": task_id, "model_id": model_id, "model_name": model_name}
            task_results.append({**group, "task_name": f"Задача {task_id}", "runs": generations})
            auto_tasks.append({**group, "runs": scored})
            for expert in EXPERTS:
                expert_tasks[expert].append({**group, "runs": expert_runs[expert]})
    files = ReviewFiles(
        root=root,
        experiment=root / "results" / f"{EXPERIMENT}.json",
        auto=root / "results" / "auto" / f"{EXPERIMENT}_auto_l1.json",
        experts=tuple(root / "results" / "evaluations" / f"{EXPERIMENT}_{e}.json" for e in EXPERTS),
    )
    _write_json(
        files.experiment,
        {
            "experiment_name": EXPERIMENT,
            "category": "A",
            "timestamp": "2025-03-01T10:15:00",
            "models_used": [name for _, name in MODELS],
            "task_results": task_results,
        },
    )
    _write_json(
        files.auto,
        {
            "experiment_id": EXPERIMENT,
            "evaluator_id": "auto_l1",
            "runner": "docker",
            "protocol_version": "1.2.0",
            "constitution_version": "1.2.0",
            "tasks": auto_tasks,
        },
    )
    for expert, path in zip(EXPERTS, files.experts, strict=True):
        document = {"experiment_id": EXPERIMENT, "evaluator_id": expert, "tasks": expert_tasks[expert]}
        _write_json(path, document)
    return files


@pytest.fixture
def review_files(tmp_path: Path) -> ReviewFiles:
    return build_review_workspace(tmp_path / "workspace")


@pytest.fixture
def review_files_a(tmp_path: Path) -> ReviewFiles:
    return build_review_workspace(tmp_path / "workspace_a", with_b=False)


@pytest.fixture(autouse=True)
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every test gets its own store; none may touch the user's real one."""
    url = f"sqlite:///{tmp_path / 'store' / 'prism.db'}"
    monkeypatch.setenv(DB_ENV_VAR, url)
    yield url
