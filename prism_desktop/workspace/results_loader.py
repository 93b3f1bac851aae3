"""PRISM result files (PRISM_FORMAT §4.1, §4.2): raw generations `results/experiment_*.json` and
score files (`results/auto/*_auto_l1.json`, `results/evaluations/*_expert_*.json`, one shape).

Readers accept legacy records: runs without `success`, Q with one decimal, and any `detail`
(scores are authoritative, detail is open-ended). Every run keeps its raw object so a file can
be written back without loss."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import Problem, WorkspaceError
from .paths import COMPONENT_RULE, is_safe_component
from .results import Experiment, Generation, ScoredRun, ScoreFile
from .schema import (
    INT,
    MAPPING,
    MISSING,
    OPT_BOOL,
    OPT_INT,
    OPT_NUMBER,
    OPT_STR,
    STR,
    TEXT,
    FileCheck,
    describe,
    one_of,
)
from .tags import CATEGORIES
from .yamlio import KeyPath, key_text, read_text

T = TypeVar("T")
SCORE_KEYS = ("S", "M", "O", "P", "Q")
BAND_KEYS = ("M", "P")
_OPTIONAL_RUN_FIELDS = {
    "success": OPT_BOOL,
    "error": OPT_STR,
    "seed": OPT_INT,
    "temperature": OPT_NUMBER,
    "tokens_input": OPT_INT,
    "tokens_output": OPT_INT,
    "elapsed_time": OPT_NUMBER,
    "cost_total": OPT_NUMBER,
}


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_NOTE = "held a lone UTF-16 surrogate (a split emoji?); stored with U+FFFD in its place"


def repair_surrogates(value: Any, key: KeyPath = (), repaired: list[KeyPath] | None = None) -> Any:
    """`value` with every lone surrogate (JSON allows `\\ud83d` alone; UTF-8 and the store do not)
    replaced by U+FFFD; the key path of each repaired string is appended to `repaired`."""
    if isinstance(value, str):
        if _LONE_SURROGATE.search(value) is None:
            return value
        if repaired is not None:
            repaired.append(key)
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [repair_surrogates(item, (*key, i), repaired) for i, item in enumerate(value)]
    if isinstance(value, dict):
        return {
            repair_surrogates(name, key, repaired): repair_surrogates(item, (*key, name), repaired)
            for name, item in value.items()
        }
    return value


def read_json(path: Path, repaired: list[KeyPath] | None = None) -> Any:
    """Parse a JSON file (BOM tolerated); a syntax error names its line and column. Lone
    surrogates are repaired (see repair_surrogates); nesting past the parser's depth is an error."""
    text = read_text(path)
    try:
        return repair_surrogates(json.loads(text), (), repaired)
    except RecursionError:
        raise WorkspaceError(
            Problem(path, message="invalid JSON: nested too deeply", expected="at most a few hundred levels")
        ) from None
    except json.JSONDecodeError as exc:
        raise WorkspaceError(
            Problem(
                path,
                line=exc.lineno,
                column=exc.colno,
                message=f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
            )
        ) from None


def load_experiment(path: Path, categories: tuple[str, ...] = CATEGORIES) -> Experiment:
    """One experiment file, whole or not at all. `category` may be empty or one of `categories`
    (PRISM's A and B; a coding workspace passes its dataset's categories)."""
    check = FileCheck(path)
    repaired: list[KeyPath] = []
    root = check.mapping(read_json(path, repaired), ())
    name = check.get(root, ("experiment_name",), TEXT, default="")
    if name and not is_safe_component(name):
        check.add(("experiment_name",), found=describe(name), expected=COMPONENT_RULE)
    category = check.get(root, ("category",), STR, default="")
    if category and category not in categories:
        check.add(("category",), found=describe(category), expected=one_of(categories))
    timestamp = check.get(root, ("timestamp",), STR, default="")
    models_used = check.strings(root.get("models_used", MISSING), ("models_used",))
    groups = _groups(check, root.get("task_results", MISSING), ("task_results",), name_key="task_name")
    generations = _runs(check, groups, _generation)
    _unique_runs(check, generations, "task_results")
    check.raise_if_problems()
    return Experiment(
        path=path,
        name=name,
        category=category,
        timestamp=timestamp,
        models_used=models_used,
        generations=tuple(generations),
        raw={k: v for k, v in root.items() if k != "task_results"},
        groups=tuple({k: v for k, v in g.items() if k != "runs"} for g, _ in groups),
        repaired=tuple(key_text(key) for key in repaired),
    )


def load_score_file(path: Path) -> ScoreFile:
    """An auto_l1 file or an expert file, whole or not at all."""
    check = FileCheck(path)
    root = check.mapping(read_json(path), ())
    experiment_id = check.get(root, ("experiment_id",), TEXT, default="")
    evaluator_id = check.get(root, ("evaluator_id",), TEXT, default="")
    optional = {
        name: check.get(root, (name,), OPT_STR, required=False)
        for name in ("protocol_version", "constitution_version", "runner", "syntax_analyzer")
    }
    groups = _groups(check, root.get("tasks", MISSING), ("tasks",), name_key=None)
    runs = _runs(check, groups, _scored_run)
    _unique_runs(check, runs, "tasks")
    check.raise_if_problems()
    return ScoreFile(
        path=path,
        experiment_id=experiment_id,
        evaluator_id=evaluator_id,
        runs=tuple(runs),
        raw={k: v for k, v in root.items() if k != "tasks"},
        groups=tuple({k: v for k, v in g.items() if k != "runs"} for g, _ in groups),
        **optional,
    )


def _groups(
    check: FileCheck, value: Any, key: KeyPath, name_key: str | None
) -> list[tuple[dict[str, Any], KeyPath]]:
    """The (task, model) groups with their key paths; one group per (task_id, model_id)."""
    groups = []
    seen: dict[tuple[str, str], int] = {}
    for index, group in enumerate(check.items(value, key)):
        group_key = (*key, index)
        group = check.mapping(group, group_key)
        task_id = check.get(group, (*group_key, "task_id"), TEXT)
        model_id = check.get(group, (*group_key, "model_id"), TEXT)
        check.get(group, (*group_key, "model_name"), STR, required=name_key is not None)
        if name_key:
            check.get(group, (*group_key, name_key), STR)
        if task_id and model_id:
            if (task_id, model_id) in seen:
                first = key_text((*key, seen[task_id, model_id]))
                check.add(
                    group_key,
                    message="second group for the same task and model",
                    found=f"({task_id}, {model_id})",
                    expected=f"one group per task and model (the first is {first})",
                )
            seen[task_id, model_id] = index
        groups.append((group, group_key))
    return groups


def _run_index(check: FileCheck, run: dict[str, Any], key: KeyPath) -> int | None:
    index = check.get(run, (*key, "run_index"), INT)
    if index is not None and index < 0:
        check.add((*key, "run_index"), found=describe(index), expected="an integer ≥ 0")
        return None
    return index


def _runs(
    check: FileCheck,
    groups: list[tuple[dict[str, Any], KeyPath]],
    read: Callable[[FileCheck, dict[str, Any], Any, KeyPath], T | None],
) -> list[T]:
    """Every readable run of every group, read by `read` (None: a run with problems, noted)."""
    runs: list[T] = []
    for group, key in groups:
        for index, run in enumerate(check.items(group.get("runs", MISSING), (*key, "runs"))):
            found = read(check, group, run, (*key, "runs", index))
            if found is not None:
                runs.append(found)
    return runs


def _generation(check: FileCheck, group: dict[str, Any], run: Any, key: KeyPath) -> Generation | None:
    if not check.check(run, key, MAPPING):
        return None
    before = len(check.problems)
    run_index = _run_index(check, run, key)
    response = check.get(run, (*key, "response"), OPT_STR) or ""
    response_hash = check.get(run, (*key, "response_hash"), OPT_STR) or ""
    optional = {
        name: check.get(run, (*key, name), kind, required=False)
        for name, kind in _OPTIONAL_RUN_FIELDS.items()
    }
    if len(check.problems) != before or run_index is None:
        return None
    return Generation(
        task_id=group.get("task_id", ""),
        task_name=group.get("task_name", ""),
        model_id=group.get("model_id", ""),
        model_name=group.get("model_name", ""),
        run_index=run_index,
        response=response,
        response_hash=response_hash,
        raw=run,
        **optional,
    )


def _scored_run(check: FileCheck, group: dict[str, Any], run: Any, key: KeyPath) -> ScoredRun | None:
    if not check.check(run, key, MAPPING):
        return None
    before = len(check.problems)
    run_index = _run_index(check, run, key)
    response_hash = check.get(run, (*key, "response_hash"), OPT_STR, required=False) or ""
    scores = _steps(check, run.get("scores", MISSING), (*key, "scores"), SCORE_KEYS, OPT_NUMBER)
    bands = _steps(check, run.get("bands") or {}, (*key, "bands"), BAND_KEYS, OPT_INT)
    detail = run.get("detail") or {}
    check.check(detail, (*key, "detail"), MAPPING)
    if len(check.problems) != before or run_index is None:
        return None
    return ScoredRun(
        task_id=group.get("task_id", ""),
        model_id=group.get("model_id", ""),
        model_name=group.get("model_name", ""),
        run_index=run_index,
        response_hash=response_hash,
        scores=scores,
        bands=bands,
        detail=detail,
        raw=run,
    )


def _steps(check: FileCheck, value: Any, key: KeyPath, names: tuple[str, ...], kind: Any) -> dict[str, Any]:
    """Scores or bands: each named value null or within 0..10; absent names read as null."""
    result: dict[str, Any] = {}
    if not check.check(value, key, MAPPING):
        return result
    for name in names:
        item = check.get(value, (*key, name), kind, required=False)
        if item is not None and not 0 <= item <= 10:
            check.add((*key, name), found=describe(item), expected="a score from 0 to 10, or null")
        result[name] = item
    return result


def _unique_runs(check: FileCheck, runs: list[Generation] | list[ScoredRun], top: str) -> None:
    seen: set[tuple[str, str, int]] = set()
    for run in runs:
        run_key = (run.task_id, run.model_id, run.run_index)
        if run_key in seen:
            check.add(
                (top,),
                message="the same run appears twice",
                found=str(run_key),
                expected="one record per (task_id, model_id, run_index)",
            )
        seen.add(run_key)
