"""A small PRISM-shaped workspace in a temp folder: the repository's metrics/ and tags.yaml, one
category-A task, one experiment (two models × two runs), its auto file and one expert file."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.store import DB_ENV_VAR

REPO = Path(__file__).resolve().parents[2]
EXPERIMENT = "experiment_A_20250301_101500"
MODELS = (("vendor/alpha", "Alpha"), ("vendor/beta", "Beta"))

TASK_YAML = """\
id: A1
name: Сумма элементов массива
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
  - args: [[]]
    expected: 0
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

# (model index, run index) -> auto scores; S/O steps, M fine, P null for A, Q = mean of S, M, O.
AUTO_SCORES: dict[tuple[int, int], dict[str, Any]] = {
    (0, 0): {"S": 10, "M": 10.0, "O": 10, "P": None, "Q": 10.0},
    (0, 1): {"S": 10, "M": 5.0, "O": 8, "P": None, "Q": 7.67},
    (1, 0): {"S": 8, "M": 0.0, "O": None, "P": None, "Q": 4.0},
    (1, 1): {"S": 10, "M": 10.0, "O": 6, "P": None, "Q": 8.67},
}


@dataclass(frozen=True)
class WorkspaceFiles:
    root: Path
    experiment: Path
    auto: Path
    expert: Path
    experiment_name: str = EXPERIMENT

    @property
    def results(self) -> list[Path]:
        return [self.experiment, self.auto, self.expert]


def _response(model: int, run: int) -> str:
    return f"```bsl\n{CANONICAL}\n// вариант {model}.{run}\n```"


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


def experiment_json() -> dict[str, Any]:
    task_results = []
    for m, (model_id, model_name) in enumerate(MODELS):
        runs = []
        for r in range(2):
            text = _response(m, r)
            runs.append({
                "run_index": r, "seed": None, "temperature": 0.1, "response": text,
                "response_hash": response_hash(text), "tokens_input": 120, "tokens_output": 80,
                "tokens_total": 200, "elapsed_time": 1.5, "cost_input": 0.0, "cost_output": 0.0,
                "cost_total": 0.0, "success": True, "error": None,
            })
        task_results.append({
            "task_id": "A1", "task_name": "Сумма элементов массива", "model_id": model_id,
            "model_name": model_name, "context_loaded": False, "context_objects": [],
            "context_analysis_cost": 0.0, "runs": runs, "determinism": None, "total_tokens": 400,
            "total_cost": 0.0, "avg_time": 1.5,
        })
    return {
        "experiment_name": EXPERIMENT, "category": "A", "timestamp": "2025-03-01T10:15:00",
        "models_used": [name for _, name in MODELS], "tasks_count": 1, "runs_per_task": 2,
        "task_results": task_results, "total_tokens": 800, "total_cost": 0.0, "total_time": 0.0,
    }


def _m_detail(scores: dict[str, Any]) -> dict[str, Any]:
    passed = round(scores["M"] / 10 * 2)
    return {"executed": True, "passed": passed, "total": 2, "entry_point": "СуммаМассива",
            "errors": [] if passed == 2 else ["неверный результат"], "band": int(scores["M"])}


def auto_json() -> dict[str, Any]:
    tasks = []
    for m, (model_id, model_name) in enumerate(MODELS):
        runs = []
        for r in range(2):
            scores = AUTO_SCORES[(m, r)]
            root_causes = 0 if scores["S"] == 10 else 1
            runs.append({
                "run_index": r, "response_hash": response_hash(_response(m, r)), "scores": scores,
                "bands": {"M": int(scores["M"]), "P": None},
                "detail": {"S": {"root_causes": root_causes, "errors": []}, "M": _m_detail(scores)},
            })
        tasks.append({"task_id": "A1", "model_id": model_id, "model_name": model_name, "runs": runs})
    return {
        "experiment_id": EXPERIMENT, "evaluator_id": "auto_l1", "edition": "core",
        "leaderboard_view": "quality", "runner": "docker", "syntax_analyzer": "bsl-ls 0.29.0",
        "protocol_version": "1.2.0", "constitution_version": "1.2.0", "tasks": tasks,
    }


def expert_json() -> dict[str, Any]:
    model_id, model_name = MODELS[0]
    return {
        "experiment_id": EXPERIMENT, "evaluator_id": "expert_01",
        "tasks": [{
            "task_id": "A1", "model_id": model_id, "model_name": model_name,
            "runs": [{
                "run_index": 0, "response_hash": response_hash(_response(0, 0)),
                "scores": {"S": 10, "M": 8, "O": 6, "P": None, "Q": 8.0},
                "detail": {"M": {"comment": "пустой массив не проверен"}},
            }],
        }],
    }


def build_workspace(root: Path) -> WorkspaceFiles:
    shutil.copytree(REPO / "metrics", root / "metrics")
    (root / "tasks").mkdir(parents=True)
    shutil.copy(REPO / "tasks" / "tags.yaml", root / "tasks" / "tags.yaml")
    task = root / "tasks" / "category_a" / "A1_array_sum"
    task.mkdir(parents=True)
    (task / "task.yaml").write_text(TASK_YAML, encoding="utf-8")
    (task / "tests.yaml").write_text(TESTS_YAML, encoding="utf-8")
    (task / "canonical.bsl").write_text(CANONICAL, encoding="utf-8")
    files = WorkspaceFiles(
        root=root,
        experiment=root / "results" / f"{EXPERIMENT}.json",
        auto=root / "results" / "auto" / f"{EXPERIMENT}_auto_l1.json",
        expert=root / "results" / "evaluations" / f"{EXPERIMENT}_expert_01.json",
    )
    _write_json(files.experiment, experiment_json())
    _write_json(files.auto, auto_json())
    _write_json(files.expert, expert_json())
    return files


@pytest.fixture
def workspace(tmp_path: Path) -> WorkspaceFiles:
    return build_workspace(tmp_path / "workspace")


@pytest.fixture(autouse=True)
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every test gets its own store; none may touch the user's real one."""
    url = f"sqlite:///{tmp_path / 'store' / 'prism.db'}"
    monkeypatch.setenv(DB_ENV_VAR, url)
    yield url
