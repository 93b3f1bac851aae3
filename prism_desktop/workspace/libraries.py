"""Commit-0 style library tasks: a model implements a small Python library from its stubs, and the
library's hidden pytest suite decides (score = share of passing tests).

    libraries/<name>/library.json   task_id, language ("python"), package, difficulty, prompt_ru,
                                    test_count, timeout_sec, tags, gate (optional: ["ruff", "mypy"])
    libraries/<name>/stub/          the package as the model gets it: signatures and docstrings, bodies
                                    `raise NotImplementedError`
    libraries/<name>/reference/     the same package implemented
    libraries/<name>/tests/         the hidden tests (test_*.py), importing the package
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from .coding import CodingTask, bounded, read_folder, typed_value
from .errors import Problem, ProblemCollector, WorkspaceError
from .json_input import read_json_object

LIBRARY_FILE = "library.json"
GATES = ("ruff", "mypy")


def load_library(folder: Path) -> CodingTask:
    path = folder / LIBRARY_FILE
    problems: list[Problem] = []
    data = read_json_object(path)
    if data.get("language", "python") != "python":
        problems.append(Problem(path, key="language", found=repr(data.get("language")), expected="'python'"))
    package = data.get("package")
    if not isinstance(package, str) or not package.isidentifier():
        problems.append(
            Problem(path, key="package", found=repr(package), expected="the package's import name")
        )
    gate = data.get("gate", [])
    if not isinstance(gate, list) or any(g not in GATES for g in gate):
        problems.append(
            Problem(path, key="gate", found=repr(gate), expected=f"a list of {' | '.join(GATES)}")
        )
    prompt = typed_value(data, "prompt_ru", str, path, problems)
    test_count = bounded(data, "test_count", int, path, problems)
    timeout = bounded(data, "timeout_sec", (int, float), path, problems)
    folders = {}
    for part in ("stub", "reference", "tests"):
        if not (folder / part).is_dir():
            problems.append(
                Problem(folder / part, message="folder missing", expected=f"the library's {part}/")
            )
        else:
            folders[part] = read_folder(folder / part, problems)
    if problems:
        raise WorkspaceError(problems)
    task_id = str(data.get("task_id") or folder.name)
    return CodingTask(
        id=task_id,
        category="library",
        difficulty=str(data.get("difficulty", "medium")),
        language="python",
        prompt=prompt,
        test_count=test_count,
        timeout_s=float(timeout),
        tags=tuple(str(t) for t in data.get("tags", [])),
        path=path,
        reference=None,
        tests={f"tests/{name}": text for name, text in folders["tests"].items()},
        kind="library",
        extra={
            "package": package,
            "gate": list(gate),
            "stub": folders["stub"],
            "reference_files": folders["reference"],
        },
    )


def load_library_tasks(folder: Path) -> tuple[CodingTask, ...]:
    if not folder.is_dir():
        return ()
    collector = ProblemCollector()
    tasks: list[CodingTask] = []
    for child in sorted(folder.iterdir()):
        if (child / LIBRARY_FILE).is_file():
            task = collector.attempt(partial(load_library, child))
            if task is not None:
                tasks.append(task)
    collector.raise_if_any()
    return tuple(tasks)
