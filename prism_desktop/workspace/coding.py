"""A coding-bench workspace: Python, TypeScript and Go tasks judged by hidden unit tests, and
Commit-0 style library tasks.

    dataset/<category>/<task_id>.json             task_id, category, difficulty, language, prompt_ru,
                                                  test_count, timeout_sec, tags
    dataset/<category>/<task_id>.reference.<ext>  the reference solution (py | ts | go)
    tests/<task_id>/                              the unit tests and the data they read (mock responses)
    libraries/<name>/library.json                 a library task (libraries.py)
    results/                                      experiment_*.json, auto/*_auto_l1.json as in PRISM

Reading is all or nothing: every problem is collected and raised together (WorkspaceError)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from .coding_task import (
    DIFFICULTIES,
    EXTENSIONS,
    LANGUAGES,
    CodingTask,
    bounded,
    read_folder,
    typed_value,
)
from .errors import Problem, ProblemCollector, WorkspaceError
from .json_input import read_json_object
from .libraries import load_library_tasks
from .paths import links_leaving

DATASET_DIR = "dataset"
TESTS_DIR = "tests"
LIBRARIES_DIR = "libraries"
RESULTS_DIR = "results"


def is_coding_workspace(root: Path) -> bool:
    return (root / DATASET_DIR).is_dir() or (root / LIBRARIES_DIR).is_dir()


def load_task(path: Path, root: Path) -> CodingTask:
    problems: list[Problem] = []
    data = read_json_object(path)
    task_id = typed_value(data, "task_id", str, path, problems)
    category = typed_value(data, "category", str, path, problems)
    difficulty = typed_value(data, "difficulty", str, path, problems)
    language = typed_value(data, "language", str, path, problems)
    prompt = typed_value(data, "prompt_ru", str, path, problems)
    test_count = bounded(data, "test_count", int, path, problems)
    timeout = bounded(data, "timeout_sec", (int, float), path, problems)
    tags = typed_value(data, "tags", list, path, problems)
    if task_id is not None and task_id != path.stem:
        problems.append(
            Problem(path, key="task_id", found=repr(task_id), expected=f"the file's name, {path.stem!r}")
        )
    if category is not None and category != path.parent.name:
        problems.append(
            Problem(
                path,
                key="category",
                found=repr(category),
                expected=f"its folder's name, {path.parent.name!r}",
            )
        )
    if difficulty is not None and difficulty not in DIFFICULTIES:
        problems.append(
            Problem(path, key="difficulty", found=repr(difficulty), expected=" | ".join(DIFFICULTIES))
        )
    if language is not None and language not in LANGUAGES:
        problems.append(Problem(path, key="language", found=repr(language), expected=" | ".join(LANGUAGES)))
        language = None
    if tags is not None and not all(isinstance(t, str) for t in tags):
        problems.append(Problem(path, key="tags", found=repr(tags)[:60], expected="a list of strings"))
    tests_dir = root / TESTS_DIR / path.stem
    tests: dict[str, str] = {}
    if not tests_dir.is_dir():
        problems.append(
            Problem(tests_dir, message="folder missing", expected=f"the unit tests of {path.stem}")
        )
    else:
        tests = read_folder(tests_dir, problems)
    reference = None
    if language is not None:
        reference_path = path.with_name(f"{path.stem}.reference.{EXTENSIONS[language]}")
        if reference_path.is_file():
            reference = reference_path.read_text(encoding="utf-8")
    if problems:
        raise WorkspaceError(problems)
    known = {
        "task_id",
        "category",
        "difficulty",
        "language",
        "prompt_ru",
        "test_count",
        "timeout_sec",
        "tags",
    }
    return CodingTask(
        id=task_id, category=category, difficulty=difficulty, language=language, prompt=prompt,
        test_count=test_count, timeout_s=float(timeout), tags=tuple(tags), path=path, reference=reference,
        tests=tests, extra={k: v for k, v in data.items() if k not in known},
    )  # fmt: skip


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
