"""The task bank loader (PRISM_FORMAT §1): discovery, task.yaml, tests.yaml, perf.yaml and the
files a task carries. Each task is read whole or not at all; the bank reports every problem of
every task in one WorkspaceError."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

from .errors import Problem, ProblemCollector, WorkspaceError
from .paths import COMPONENT_RULE, is_safe_component
from .perf import load_perf
from .schema import MAPPING, MISSING, OPT_STR, STR, TEXT, FileCheck, Kind, describe, one_of
from .tags import CATEGORIES, check_task_tags
from .tasks import PerfSpec, TagVocabulary, Task, TestCase
from .values import check_test_value
from .yamlio import KeyPath, load_yaml, read_text

TASK_GLOB = "category_*/*/task.yaml"
DIFFICULTIES = ("easy", "medium", "hard")
COMMON_KEYS = ("id", "name", "category", "difficulty", "prompt", "tags", "m_testing")
CATEGORY_KEYS = {"A": ("entry_point", "signature"), "B": ("entry_point_patterns", "expected_objects")}
_CATEGORY_DIRS = {"category_a": "A", "category_b": "B"}

_ARGS = Kind("a list of positional arguments", lambda v: isinstance(v, list))


def discover_task_files(tasks_dir: Path) -> list[Path]:
    """Every task.yaml of the bank, sorted by path (PRISM's bank order)."""
    return sorted(tasks_dir.glob(TASK_GLOB))


def load_task_bank(tasks_dir: Path, vocabulary: TagVocabulary | None) -> tuple[Task, ...]:
    """All tasks in bank order; raises WorkspaceError with the problems of every task plus
    duplicate ids."""
    tasks: list[Task] = []
    collector = ProblemCollector()
    first_file: dict[str, Path] = {}
    for task_file in discover_task_files(tasks_dir):
        task = collector.attempt(partial(load_task, task_file.parent, vocabulary))
        if task is None:
            continue
        if task.id in first_file:
            collector.problems.append(
                Problem(
                    task_file,
                    key="id",
                    line=_id_line(task_file),
                    message="duplicate task id",
                    found=repr(task.id),
                    expected=f"an id not used by {first_file[task.id]}",
                )
            )
            continue
        first_file[task.id] = task_file
        tasks.append(task)
    collector.raise_if_any()
    return tuple(tasks)


def _id_line(task_file: Path) -> int | None:
    return load_yaml(task_file).line(("id",))


def load_task(directory: Path, vocabulary: TagVocabulary | None) -> Task:
    """One task directory; raises WorkspaceError with the problems of all its files."""
    collector = ProblemCollector()
    attempt = collector.attempt
    fields = attempt(lambda: _read_task_yaml(directory / "task.yaml", vocabulary))
    if fields is None:
        raise WorkspaceError(collector.problems)
    category = fields["category"]
    patterns = fields.pop("entry_point_patterns", ())
    tests: tuple[TestCase, ...] = ()
    config_spec = fixtures = tests_bsl = None
    if category == "A" and (directory / "tests.yaml").exists():
        parsed = attempt(lambda: load_tests(directory / "tests.yaml"))
        if parsed is not None:
            patterns, tests = parsed
    if category == "B":
        config_spec = attempt(lambda: _optional_mapping(directory / "config_spec.yaml"))
        fixtures = attempt(lambda: _optional_mapping(directory / "fixtures.yaml"))
        tests_bsl = attempt(lambda: _optional_text(directory / "tests.bsl"))
    perf: PerfSpec | None = None
    if (directory / "perf.yaml").exists():
        perf = attempt(lambda: load_perf(directory / "perf.yaml", category))
    canonical = attempt(lambda: _optional_text(directory / "canonical.bsl"))
    perf_baseline = attempt(lambda: _optional_text(directory / "perf_baseline.bsl"))
    collector.raise_if_any()
    return Task(
        directory=directory,
        entry_point_patterns=patterns,
        tests=tests,
        perf=perf,
        canonical=canonical,
        perf_baseline=perf_baseline,
        config_spec=config_spec,
        fixtures=fixtures,
        tests_bsl=tests_bsl,
        **fields,
    )


def _read_task_yaml(path: Path, vocabulary: TagVocabulary | None) -> dict[str, Any]:
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    task_id = check.get(root, ("id",), TEXT, default="")
    if task_id and not is_safe_component(task_id):
        check.add(("id",), found=describe(task_id), expected=COMPONENT_RULE)
    category = check.get(root, ("category",), STR, default="")
    if category and category not in CATEGORIES:
        check.add(("category",), found=describe(category), expected=one_of(CATEGORIES))
    directory_category = _CATEGORY_DIRS.get(path.parent.parent.name)
    if category in CATEGORIES and directory_category and directory_category != category:
        check.add(
            ("category",),
            message=f"the task lives in {path.parent.parent.name}/",
            found=describe(category),
            expected=repr(directory_category),
        )
    difficulty = check.get(root, ("difficulty",), STR, default="")
    if difficulty and difficulty not in DIFFICULTIES:
        check.add(("difficulty",), found=describe(difficulty), expected=one_of(DIFFICULTIES))
    fields: dict[str, Any] = {
        "id": task_id,
        "name": check.get(root, ("name",), TEXT, default=""),
        "category": category,
        "difficulty": difficulty,
        "prompt": check.get(root, ("prompt",), TEXT, default=""),
        "m_testing": check.get(root, ("m_testing",), OPT_STR, required=False),
        "tags": {},
    }
    if category in CATEGORIES:
        tags = root.get("tags", MISSING)
        if check.check(tags, ("tags",), MAPPING):
            fields["tags"] = check_task_tags(check, tags, ("tags",), category, vocabulary)
    if category == "A":
        fields["entry_point"] = check.get(root, ("entry_point",), TEXT)
        fields["signature"] = check.get(root, ("signature",), TEXT)
    elif category == "B":
        fields["entry_point_patterns"] = _patterns(
            check, root.get("entry_point_patterns", MISSING), ("entry_point_patterns",)
        )
        fields["expected_objects"] = check.strings(root.get("expected_objects", []), ("expected_objects",))
    known = COMMON_KEYS + CATEGORY_KEYS.get(category, ())
    fields["extra"] = {k: v for k, v in root.items() if k not in known}
    check.raise_if_problems()
    return fields


def load_tests(path: Path) -> tuple[tuple[str, ...], tuple[TestCase, ...]]:
    """tests.yaml of a category-A task: (entry_point_patterns, test cases)."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    patterns = _patterns(check, root.get("entry_point_patterns", MISSING), ("entry_point_patterns",))
    cases = []
    for index, case in enumerate(check.items(root.get("tests", MISSING), ("tests",))):
        key: KeyPath = ("tests", index)
        if not check.check(case, key, MAPPING):
            continue
        args = case.get("args", MISSING)
        if check.check(args, (*key, "args"), _ARGS):
            for arg_index, arg in enumerate(args):
                check_test_value(check, arg, (*key, "args", arg_index))
        if "expected" not in case:
            check.add((*key, "expected"), message="missing key", expected="the expected value")
        else:
            check_test_value(check, case["expected"], (*key, "expected"))
        if isinstance(args, list):
            cases.append(TestCase(tuple(args), case.get("expected")))
    check.raise_if_problems()
    return patterns, tuple(cases)


def _patterns(check: FileCheck, value: Any, key: KeyPath) -> tuple[str, ...]:
    patterns = check.strings(value, key)
    if isinstance(value, list) and not value:
        check.add(key, found="an empty list", expected="at least one pattern")
    for index, pattern in enumerate(patterns):
        try:
            re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            check.add(
                (*key, index),
                message=f"not a regular expression ({exc})",
                found=repr(pattern),
                expected="a Python regular expression",
            )
    return patterns


def _optional_mapping(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    data = check.mapping(doc.data, ())
    check.raise_if_problems()
    return data


def _optional_text(path: Path) -> str | None:
    return read_text(path) if path.exists() else None
