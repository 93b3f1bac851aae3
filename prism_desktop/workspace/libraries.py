"""Commit-0 style library tasks: a model implements a small Python library from its stubs, and the
library's hidden pytest suite decides (score = share of passing tests).

    libraries/<name>/library.json   task_id, language ("python"), package, difficulty, prompt_ru,
                                    test_count, timeout_sec, tags, gate (optional: ["ruff", "mypy"])
    libraries/<name>/stub/          the package as the model gets it: signatures and docstrings, bodies
                                    `raise NotImplementedError`
    libraries/<name>/reference/     the same package implemented
    libraries/<name>/tests/         the hidden tests (test_*.py), importing the package

A library installed as a distribution (Commit-0's, imported by commit0_repo.py) also has
    library.json                    install (e.g. "pip install -e ."), pip (extra packages), src_dir
                                    (e.g. "src/cachetools"), test_dir (the tests' folder in the project),
                                    optionally pip_version, uploaded_prior_to (PyPI as of a date)
                                    and apt (Debian packages the tests call, e.g. git)
    libraries/<name>/project/       the rest of the project (setup files, pytest configuration)
and stub/ and reference/ hold the source folder at its path in the project (src_dir/...); its tests/ and
project/ may hold data files that are not UTF-8 (read with coding.data_text).
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from .coding_task import CodingTask, bounded, read_folder, typed_value
from .errors import Problem, ProblemCollector, WorkspaceError
from .json_input import read_json_object

LIBRARY_FILE = "library.json"
GATES = ("ruff", "mypy")
DEBIAN_PACKAGE = re.compile(r"[a-z0-9][a-z0-9+.-]+")  # Debian policy 5.6.1: what apt-get is handed
UPLOAD_DATE_PIP = (26, 0)  # the first pip with --uploaded-prior-to (PIP_UPLOADED_PRIOR_TO)


def upload_date_problem(value: object, pip_version: object) -> str | None:
    """Why `uploaded_prior_to` cannot be used (None when it can): an ISO 8601 date or date-time, and a pip
    that knows the option (an older one would ignore the variable and resolve today's PyPI silently)."""
    try:
        datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "an ISO 8601 date such as 2024-09-28"
    if isinstance(pip_version, str):
        parts = tuple(int(p) if p.isdigit() else 0 for p in pip_version.split(".")[:2])
        if parts < UPLOAD_DATE_PIP:
            return f"pip_version {pip_version} or none: pip learnt --uploaded-prior-to in 26.0"
    return None


def load_library(folder: Path, count_unset_ok: bool = False) -> CodingTask:
    """`count_unset_ok`: an installed library whose test_count is still null (before its image was built
    and its test ids collected) loads with test_count 0 instead of failing."""
    path = folder / LIBRARY_FILE
    problems: list[Problem] = []
    data = read_json_object(path)
    count_unset = data.get("test_count") is None and data.get("install") is not None
    if count_unset and not count_unset_ok:
        expected = f"the number of test ids: `prism-desktop commit0 build {folder}` collects them"
        problems.append(Problem(path, key="test_count", found="null", expected=expected))
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
    test_count = 0 if count_unset else bounded(data, "test_count", int, path, problems)
    timeout = bounded(data, "timeout_sec", (int, float), path, problems)
    install = _installed_keys(path, data, problems)
    folders: dict[str, dict[str, str]] = {"project": {}}
    for part in ("stub", "reference", "tests", "project"):
        if not (folder / part).is_dir():
            if part != "project":
                problems.append(
                    Problem(folder / part, message="folder missing", expected=f"the library's {part}/")
                )
        else:  # an installed library's tests and project keep their data files, whatever their bytes
            data_files = bool(install) and part in ("tests", "project")
            folders[part] = read_folder(folder / part, problems, data_files=data_files)
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
            "project_files": folders["project"],
            **install,
        },
    )


def _installed_keys(path: Path, data: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """install, pip, src_dir and test_dir of a library installed as a distribution ({} for the others)."""
    if data.get("install") is None:
        return {}
    keys: dict[str, Any] = {
        "source": data.get("source") if isinstance(data.get("source"), dict) else {},
        "install": data["install"],
        "pip": data.get("pip", []),
        "pip_version": data.get("pip_version"),
    }
    if keys["pip_version"] is not None and not isinstance(keys["pip_version"], str):
        problems.append(
            Problem(path, key="pip_version", found=repr(keys["pip_version"]), expected='e.g. "24.0"')
        )
    if data.get("uploaded_prior_to") is not None:
        keys["uploaded_prior_to"] = data["uploaded_prior_to"]
        why = upload_date_problem(data["uploaded_prior_to"], keys["pip_version"])
        if why:
            found = repr(data["uploaded_prior_to"])[:60]
            problems.append(Problem(path, key="uploaded_prior_to", found=found, expected=why))
    if not isinstance(keys["install"], str) or not keys["install"].startswith("pip "):
        problems.append(
            Problem(path, key="install", found=repr(keys["install"]), expected="a `pip …` command")
        )
    if not isinstance(keys["pip"], list) or not all(isinstance(p, str) for p in keys["pip"]):
        problems.append(Problem(path, key="pip", found=repr(keys["pip"]), expected="a list of requirements"))
    apt = data.get("apt", [])
    if not isinstance(apt, list) or not all(isinstance(p, str) and DEBIAN_PACKAGE.fullmatch(p) for p in apt):
        expected = "a list of Debian package names"
        problems.append(Problem(path, key="apt", found=repr(apt)[:60], expected=expected))
    elif apt:
        keys["apt"] = apt  # absent when empty: library_image_ref keeps the names of images built without
    for key in ("test_ids", "uncollected_ids"):  # published ids; those of them the reference lacks
        ids = data.get(key)
        if ids is not None:
            if not isinstance(ids, list) or not all(isinstance(i, str) and "::" in i for i in ids):
                problems.append(Problem(path, key=key, found=repr(ids)[:60], expected="a list of pytest ids"))
            keys[key] = ids
    for key, default in (("src_dir", data.get("package")), ("test_dir", "tests")):
        value = data.get(key, default)
        if not isinstance(value, str) or not value or value.startswith("/") or ".." in value.split("/"):
            problems.append(Problem(path, key=key, found=repr(value), expected="a folder of the project"))
        keys[key] = value
    return keys


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
