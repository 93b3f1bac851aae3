"""A coding-bench workspace: Python, TypeScript and Go tasks judged by hidden unit tests, and
Commit-0 style library tasks.

    dataset/<category>/<task_id>.json             task_id, category, difficulty, language, prompt_ru,
                                                  test_count, timeout_sec, tags
    dataset/<category>/<task_id>.reference.<ext>  the reference solution (py | ts | go)
    tests/<task_id>/                              the unit tests and the data they read (mock responses)
    libraries/<name>/library.json                 a library task (libraries.py)
    results/                                      experiment_*.json, auto/*_auto_l1.json as in PRISM

Reading is all or nothing: every problem is collected and raised together (WorkspaceError). This
module reads one function task; coding_bank.py reads the whole bank (with libraries.py's tasks)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problem, WorkspaceError
from .json_input import read_json_object
from .task_kinds import TASK_KINDS, TaskKind

DATASET_DIR = "dataset"
TESTS_DIR = "tests"
LIBRARIES_DIR = "libraries"
LANGUAGES = ("python", "typescript", "go")
EXTENSIONS = {"python": "py", "typescript": "ts", "go": "go"}
SOURCE_FILES = {"python": "solution.py", "typescript": "solution.ts", "go": "solution.go"}
DIFFICULTIES = ("easy", "medium", "hard")
SEED_CATEGORIES = ("algorithms", "api_services", "refactoring", "debugging")
RESULTS_DIR = "results"
MAX_TEST_FILE_BYTES = 2 * 1024 * 1024
MAX_FOLDER_BYTES = 16 * 1024 * 1024  # all files of one task folder: they travel into the sandbox together
MAX_TEST_COUNT = 10_000
MAX_TIMEOUT_S = 600.0  # per test; the container's deadline adds the compile budget and slack
# key -> (lowest, highest, what is expected): a value out of range would reach the sandbox's limits
RANGES: dict[str, tuple[float, float, str]] = {
    "test_count": (1, MAX_TEST_COUNT, f"an integer from 1 to {MAX_TEST_COUNT}"),
    "timeout_sec": (0.1, MAX_TIMEOUT_S, f"a number of seconds from 0.1 to {MAX_TIMEOUT_S:g}"),
}
EXPECTED = {
    "test_count": RANGES["test_count"][2],
    "timeout_sec": RANGES["timeout_sec"][2],
    "tags": "a list of strings",
    "prompt_ru": "a string",
}


@dataclass(frozen=True)
class CodingTask:
    id: str
    category: str
    difficulty: str
    language: str
    prompt: str  # prompt_ru
    test_count: int
    timeout_s: float  # per test
    tags: tuple[str, ...]
    path: Path  # the task's JSON file
    reference: str | None
    tests: dict[str, str]  # relative path -> text: the whole tests/<task_id>/ folder
    kind: str = "code"  # a name of TASK_KINDS: "code" | "library"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def source_file(self) -> str:
        return SOURCE_FILES[self.language]

    @property
    def task_kind(self) -> TaskKind:
        """What differs between a function task and a library task (task_kinds.py)."""
        return TASK_KINDS[self.kind]


def is_coding_workspace(root: Path) -> bool:
    return (root / DATASET_DIR).is_dir() or (root / LIBRARIES_DIR).is_dir()


def read_folder(folder: Path, problems: list[Problem]) -> dict[str, str]:
    """Every file under `folder` as text, keyed by its path relative to `folder`; each file and the
    folder as a whole bounded in size."""
    files: dict[str, str] = {}
    total = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        size = path.stat().st_size
        if size > MAX_TEST_FILE_BYTES:
            problems.append(
                Problem(path, message="file too large", expected=f"at most {MAX_TEST_FILE_BYTES} bytes")
            )
            continue
        total += size
        if total > MAX_FOLDER_BYTES:
            problems.append(
                Problem(folder, message="folder too large", expected=f"at most {MAX_FOLDER_BYTES} bytes")
            )
            break
        try:
            files[path.relative_to(folder).as_posix()] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            problems.append(Problem(path, message="not UTF-8 text", expected="a UTF-8 text file"))
    return files


def typed_value(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path, problems: list[Problem]
) -> Any:
    """data[key] when it has the expected type, else None after recording a problem."""
    value = data.get(key)
    if value is None or not isinstance(value, kind) or isinstance(value, bool):
        expected = EXPECTED.get(key, "a value")
        found = repr(value)[:60] if key in data else "nothing"
        problems.append(Problem(path, key=key, found=found, expected=expected))
        return None
    return value


def bounded(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path, problems: list[Problem]
) -> Any:
    """data[key] when it has the type and lies within RANGES[key] (finite), else None after
    recording a problem naming the file, the key and the range."""
    value = typed_value(data, key, kind, path, problems)
    if value is None:
        return None
    lowest, highest, expected = RANGES[key]
    if not (math.isfinite(value) and lowest <= value <= highest):
        problems.append(Problem(path, key=key, found=repr(value)[:60], expected=expected))
        return None
    return value


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
