"""A coding bench read whole: its function tasks (coding.py) and library tasks (libraries.py) in one
bank, every problem of every file collected and raised together (WorkspaceError)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from .coding import (
    DATASET_DIR,
    LIBRARIES_DIR,
    RESULTS_DIR,
    TESTS_DIR,
    CodingTask,
    is_coding_workspace,
    load_task,
)
from .errors import Problem, ProblemCollector, WorkspaceError
from .libraries import load_library_tasks
from .paths import links_leaving


def load_coding_bank(root: Path) -> tuple[CodingTask, ...]:
    """Every task of dataset/ (sorted by category, then id) and of libraries/."""
    leaving = links_leaving(root, (DATASET_DIR, TESTS_DIR, LIBRARIES_DIR, RESULTS_DIR))
    if leaving:  # refused before any file is read: the rule of PRISM workspaces (paths.py)
        raise WorkspaceError(leaving)
    collector = ProblemCollector()
    tasks: list[CodingTask] = []
    for path in sorted((root / DATASET_DIR).glob("*/*.json")):
        task = collector.attempt(partial(load_task, path, root))
        if task is not None:
            tasks.append(task)
    libraries = collector.attempt(lambda: load_library_tasks(root / LIBRARIES_DIR))
    tasks.extend(libraries or ())
    seen: dict[str, Path] = {}
    for task in tasks:
        if task.id in seen:
            collector.problems.append(
                Problem(
                    task.path,
                    key="task_id",
                    found=repr(task.id),
                    expected=f"an id not already used by {seen[task.id]}",
                )
            )
        seen[task.id] = task.path
    collector.raise_if_any()
    return tuple(tasks)


class CodingWorkspace:
    """A coding-bench workspace opened whole: `CodingWorkspace.open(path)`."""

    def __init__(self, root: Path, tasks: tuple[CodingTask, ...]):
        self.root = root
        self.tasks = tasks
        self._by_id = {task.id: task for task in tasks}

    @classmethod
    def open(cls, path: Path | str) -> CodingWorkspace:
        root = Path(path).resolve()
        if not is_coding_workspace(root):
            raise WorkspaceError(
                Problem(
                    root,
                    message="not a coding workspace",
                    expected=f"a folder with {DATASET_DIR}/ or {LIBRARIES_DIR}/",
                )
            )
        return cls(root, load_coding_bank(root))

    def task(self, task_id: str) -> CodingTask:
        try:
            return self._by_id[task_id]
        except KeyError:
            raise KeyError(
                f"no task {task_id!r} in {self.root / DATASET_DIR} or {self.root / LIBRARIES_DIR}"
            ) from None

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories of its tasks (dataset folders, "library"): what an experiment's
        `category` may name besides ""."""
        return tuple(sorted({task.category for task in self.tasks}))

    @property
    def results_dir(self) -> Path:
        return self.root / RESULTS_DIR

    def experiment_paths(self) -> list[Path]:
        return sorted(p for p in self.results_dir.glob("experiment_*.json") if p.is_file())
