"""Fixtures of the GUI tests: offscreen Qt, fresh settings and a fresh store for every test (never
the user's own), and a demo workspace: the bundled task bank with a small experiment of real
answers (canonical solutions, slow baselines, a broken answer and a failed call)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists

import pytest

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.store import DB_ENV_VAR, Store, open_store

REPO = Path(__file__).resolve().parents[2]
DEMO_EXPERIMENT = "experiment_A_20250301_101500"
DEMO_TASKS = ("A11", "A16", "A2")
DEMO_MODELS = (("vendor/alpha-coder", "Alpha Coder"), ("vendor/beta-chat", "Beta Chat"))
# One Level-1 run at a time: services/level1_store.save_result reads then writes in one deferred
# SQLite transaction from each pool thread, and two runs finishing together can fail with
# "database is locked" (SQLITE_BUSY_SNAPSHOT). Reported to the lead; the GUI itself is unaffected.
ONE_WRITER = 1
BROKEN = "Функция Ответ(Значение)\n    Возврат Значение +;\nКонецФункции\n"


@dataclass(frozen=True)
class DemoWorkspace:
    root: Path
    experiment: Path
    runs: int  # how many runs the experiment holds


def _fenced(code: str) -> str:
    return f"Вот решение:\n\n```bsl\n{code.strip()}\n```\n"


def _run(index: int, response: str, success: bool = True, error: str | None = None) -> dict[str, Any]:
    return {
        "run_index": index, "seed": None, "temperature": 0.1, "response": response,
        "response_hash": response_hash(response, success=success), "tokens_input": 300,
        "tokens_output": 200, "tokens_total": 500, "elapsed_time": 2.5, "cost_input": 0.0,
        "cost_output": 0.0, "cost_total": 0.0, "success": success, "error": error,
    }


def _answers(task_dir: Path, model: int, runs: int) -> list[dict[str, Any]]:
    """Model 0 answers with the canonical solution; model 1 with the slow baseline, then a syntax
    error, then (on the first task) a failed call."""
    canonical = (task_dir / "canonical.bsl").read_text(encoding="utf-8-sig")
    baseline_file = task_dir / "perf_baseline.bsl"
    baseline = baseline_file.read_text(encoding="utf-8-sig") if baseline_file.exists() else canonical
    answers = []
    for index in range(runs):
        if model == 0:
            answers.append(_run(index, _fenced(canonical)))
        elif index == 0:
            answers.append(_run(index, _fenced(baseline)))
        else:
            answers.append(_run(index, _fenced(BROKEN)))
    return answers


def task_dirs(root: Path) -> dict[str, Path]:
    return {path.name.split("_", 1)[0]: path for path in sorted((root / "tasks").glob("category_*/*"))
            if path.is_dir()}


def build_demo_workspace(
    root: Path, tasks: tuple[str, ...] = DEMO_TASKS, runs: int = 2, failed_call: bool = True
) -> DemoWorkspace:
    """The bundled metrics/ and tasks/ under `root`, and an experiment file in results/."""
    shutil.copytree(REPO / "metrics", root / "metrics")
    shutil.copytree(REPO / "tasks", root / "tasks")
    dirs = task_dirs(root)
    task_results = []
    for task_id in tasks:
        name = _task_name(dirs[task_id])
        for model, (model_id, model_name) in enumerate(DEMO_MODELS):
            answers = _answers(dirs[task_id], model, runs)
            task_results.append({"task_id": task_id, "task_name": name, "model_id": model_id,
                                 "model_name": model_name, "runs": answers})
    if failed_call:
        task_results[-1]["runs"].append(_run(runs, "", success=False, error="HTTP 429: rate limited"))
    count = sum(len(group["runs"]) for group in task_results)
    experiment = {
        "experiment_name": DEMO_EXPERIMENT, "category": "A", "timestamp": "2025-03-01T10:15:00",
        "models_used": [name for _, name in DEMO_MODELS], "tasks_count": len(tasks),
        "runs_per_task": runs, "task_results": task_results, "total_tokens": 0, "total_cost": 0.0,
        "total_time": 0.0,
    }
    path = root / "results" / f"{DEMO_EXPERIMENT}.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(experiment, ensure_ascii=False, indent=2), encoding="utf-8")
    return DemoWorkspace(root, path, count)


def _task_name(task_dir: Path) -> str:
    for line in (task_dir / "task.yaml").read_text(encoding="utf-8").splitlines():
        if line.startswith("name:"):
            return line.split(":", 1)[1].strip()
    return task_dir.name


@pytest.fixture(scope="session")
def qapp() -> Any:
    """The application exactly as PRISM Desktop sets it up (style, font, thread switching)."""
    from prism_desktop.gui.application import create_application

    return create_application(["prism-desktop-tests"])


@pytest.fixture(autouse=True)
def fresh_settings(tmp_path: Path) -> Path:
    """QSettings of this test live in its own folder."""
    from prism_desktop.gui.settings import use_settings_folder

    folder = tmp_path / "settings"
    use_settings_folder(folder)
    return folder


@pytest.fixture(autouse=True)
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test gets its own store; none may touch the user's real one."""
    url = f"sqlite:///{tmp_path / 'store' / 'prism.db'}"
    monkeypatch.setenv(DB_ENV_VAR, url)
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = open_store(db_url)
    yield opened
    opened.close()


@pytest.fixture
def demo_workspace(tmp_path: Path) -> DemoWorkspace:
    return build_demo_workspace(tmp_path / "workspace")


@pytest.fixture
def make_demo_workspace(tmp_path: Path) -> Callable[..., DemoWorkspace]:
    """build_demo_workspace(root, **options) for tests that need another experiment."""
    return lambda **options: build_demo_workspace(tmp_path / "custom-workspace", **options)


@pytest.fixture
def shell_window(qtbot: Any, store: Store, demo_workspace: DemoWorkspace) -> Iterator[Any]:
    """The main window, in English, as expert_01, with the demo workspace opened and imported."""
    from PySide6.QtWidgets import QApplication

    from prism_desktop.gui.i18n import Translations
    from prism_desktop.gui.main_window import MainWindow
    from prism_desktop.gui.settings import AppSettings

    settings = AppSettings()
    settings.expert_name = "expert_01"
    settings.sandbox = "local"
    settings.jobs = ONE_WRITER
    translations = Translations(QApplication.instance())
    translations.apply("en")
    window = MainWindow(store, settings, translations)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    with qtbot.waitSignal(window.workspaceOpened, timeout=60_000):
        window.open_workspace(demo_workspace.root)
    yield window
    window.scoring.shutdown()
    window.background.shutdown()
    translations.apply("en")
