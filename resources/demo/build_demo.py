"""Assembles the bundled demo experiment, results/experiment_A_20261129_120000.json, from the raw
answers under answers/<task_id>/<model_key>__run<k>.md, the model catalogue in models.yaml and
the runs that did not end normally in generation_events.yaml.

The output is deterministic: tasks in bank order, models in catalogue order, a fixed timestamp,
token counts estimated from text lengths and times jittered by a hash of the run's key.

    .venv/bin/python resources/demo/build_demo.py [--root WORKSPACE] [--out FILE] [--demo-dir DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import math
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.schema import INT, NUMBER, TEXT, FileCheck, describe, one_of
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace
from prism_desktop.workspace.yamlio import load_yaml

DEMO_DIR = Path(__file__).resolve().parent
REPO_ROOT = DEMO_DIR.parents[1]
ANSWER_NAME = re.compile(r"(?P<model>[a-z][a-z0-9_]*)__run(?P<run>\d+)\.md")
RunKey = tuple[str, str, int]  # (task_id, model_key, run_index)


@dataclass(frozen=True)
class DemoModel:
    key: str
    id: str
    name: str
    price_input: float  # USD per million tokens
    price_output: float
    chars_per_token: float
    latency: float  # seconds to the first token
    tokens_per_second: float
    max_output_tokens: int


@dataclass(frozen=True)
class Settings:
    name: str
    category: str
    timestamp: str
    temperature: float
    system_prompt: str
    chat_overhead_tokens: int
    models: tuple[DemoModel, ...]


@dataclass(frozen=True)
class Failure:
    error: str
    elapsed_time: float  # the calls and the back-off pauses before the provider gave up


@dataclass(frozen=True)
class Events:
    failed: dict[RunKey, Failure]
    truncated: frozenset[RunKey]


def load_settings(path: Path) -> Settings:
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data, ())
    experiment = check.mapping(root.get("experiment"), ("experiment",))
    key = ("experiment",)
    settings = {
        "name": check.get(experiment, (*key, "name"), TEXT),
        "category": check.get(experiment, (*key, "category"), TEXT),
        "timestamp": check.get(experiment, (*key, "timestamp"), TEXT),
        "temperature": check.get(experiment, (*key, "temperature"), NUMBER),
        "system_prompt": check.get(experiment, (*key, "system_prompt"), TEXT),
        "chat_overhead_tokens": check.get(experiment, (*key, "chat_overhead_tokens"), INT),
    }
    models = []
    for index, item in enumerate(check.items(root.get("models"), ("models",))):
        model_key = ("models", index)
        item = check.mapping(item, model_key)
        fields = {name: check.get(item, (*model_key, name), TEXT) for name in ("key", "id", "name")}
        numbers = {
            name: check.get(item, (*model_key, name), NUMBER)
            for name in ("price_input", "price_output", "chars_per_token", "latency", "tokens_per_second")
        }
        cap = check.get(item, (*model_key, "max_output_tokens"), INT)
        for name in ("chars_per_token", "tokens_per_second"):
            if numbers[name] is not None and numbers[name] <= 0:
                check.add((*model_key, name), found=describe(numbers[name]), expected="a positive number")
        if check.ok:
            models.append(DemoModel(**fields, **numbers, max_output_tokens=cap))
    keys = [m.key for m in models]
    for index, model in enumerate(models):
        if keys.index(model.key) != index:
            check.add(("models", index, "key"), found=describe(model.key), expected="a key not used before")
    if not models and check.ok:
        check.add(("models",), found="an empty list", expected="at least one model")
    check.raise_if_problems()
    return Settings(**settings, models=tuple(models))


def load_events(path: Path, settings: Settings) -> Events:
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data, ())
    model_keys = {m.key for m in settings.models}
    failed: dict[RunKey, Failure] = {}
    truncated: set[RunKey] = set()
    for section in ("failed", "truncated"):
        for index, item in enumerate(check.items(root.get(section, []), (section,))):
            key = (section, index)
            item = check.mapping(item, key)
            task_id = check.get(item, (*key, "task"), TEXT)
            model = check.get(item, (*key, "model"), TEXT)
            run = check.get(item, (*key, "run"), INT)
            if model is not None and model not in model_keys:
                check.add((*key, "model"), found=describe(model), expected=one_of(sorted(model_keys)))
            run_key = (task_id, model, run)
            if run_key in failed or run_key in truncated:
                check.add(key, found=f"{run_key} again", expected="each run listed once")
            if section == "truncated":
                truncated.add(run_key)
                continue
            error = check.get(item, (*key, "error"), TEXT)
            elapsed = check.get(item, (*key, "elapsed_time"), NUMBER)
            failed[run_key] = Failure(error, elapsed)
    check.raise_if_problems()
    return Events(failed, frozenset(truncated))


def read_answers(answers_dir: Path, tasks: tuple[Task, ...], settings: Settings) -> dict[RunKey, str]:
    """Every answer file's text exactly as stored (it is the raw response), keyed by run."""
    problems: list[Problem] = []
    task_ids = {t.id for t in tasks}
    model_keys = {m.key for m in settings.models}
    answers: dict[RunKey, str] = {}
    if not answers_dir.is_dir():
        raise WorkspaceError(Problem(answers_dir, message="folder not found"))
    for folder in sorted(p for p in answers_dir.iterdir() if not p.name.startswith(".")):
        if not folder.is_dir() or folder.name not in task_ids:
            problems.append(
                Problem(folder, found="an unexpected entry", expected="a folder named after a task id")
            )
            continue
        for path in sorted(folder.iterdir()):
            match = ANSWER_NAME.fullmatch(path.name)
            if match is None or match["model"] not in model_keys:
                problems.append(
                    Problem(
                        path,
                        found=f"the name {path.name!r}",
                        expected="<model key>__run<k>.md, e.g. north__run0.md",
                    )
                )
                continue
            with open(path, encoding="utf-8", newline="") as handle:
                answers[folder.name, match["model"], int(match["run"])] = handle.read()
    if problems:
        raise WorkspaceError(problems)
    return answers


def _jitter(*parts: object) -> float:
    """A factor in [0.85, 1.15) fixed by the run's key, so times vary like real ones but rebuild alike."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode("utf-8")).digest()
    return 0.85 + 0.3 * int.from_bytes(digest[:8], "big") / 2**64


def _tokens(text: str, model: DemoModel) -> int:
    return math.ceil(len(text) / model.chars_per_token)


def _cost(tokens: int, price: float) -> float:
    return round(tokens / 1_000_000 * price, 8)


def _run(
    task: Task, model: DemoModel, index: int, settings: Settings, answers: dict[RunKey, str], events: Events
) -> dict[str, Any]:
    key = (task.id, model.key, index)
    failure = events.failed.get(key)
    if failure is not None:
        # A rejected call: the provider processed and billed nothing, so these zeros are measured.
        tokens_input = tokens_output = 0
        response, elapsed = "", failure.elapsed_time
    else:
        response = answers[key]
        tokens_input = settings.chat_overhead_tokens + _tokens(settings.system_prompt + task.prompt, model)
        tokens_output = _tokens(response, model)
        if key in events.truncated:
            tokens_output = model.max_output_tokens  # cut off exactly at the cap
        decoding = tokens_output / model.tokens_per_second * _jitter(*key, "decode")
        elapsed = round(model.latency * _jitter(*key, "latency") + decoding, 3)
    cost_input, cost_output = _cost(tokens_input, model.price_input), _cost(tokens_output, model.price_output)
    return {
        "run_index": index,
        "seed": None,
        "temperature": settings.temperature,
        "response": response,
        "response_hash": response_hash(response, success=failure is None),
        "tokens_input": tokens_input,
        "tokens_output": tokens_output,
        "tokens_total": tokens_input + tokens_output,
        "elapsed_time": elapsed,
        "cost_input": cost_input,
        "cost_output": cost_output,
        "cost_total": round(cost_input + cost_output, 8),
        "success": failure is None,
        "error": failure.error if failure is not None else None,
    }


def determinism(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """PRISM_FORMAT §4.1: agreement of the hashes of the runs that produced a response."""
    hashes = [run["response_hash"] for run in runs if run["response_hash"]]
    if not hashes:
        return None
    most_common_hash, most_common_count = Counter(hashes).most_common(1)[0]
    return {
        "total_runs": len(hashes),
        "unique_responses": len(set(hashes)),
        "match_rate": round(most_common_count / len(hashes), 4),
        "most_common_hash": most_common_hash,
        "most_common_count": most_common_count,
        "hashes": hashes,
    }


def _run_indexes(
    task: Task, model: DemoModel, answers: dict[RunKey, str], events: Events, answers_dir: Path
) -> list[int]:
    """The group's run indexes, checked to be 0..n-1 with at least one real answer."""
    found = sorted(
        {k[2] for k in answers if k[:2] == (task.id, model.key)}
        | {k[2] for k in events.failed if k[:2] == (task.id, model.key)}
    )
    where = answers_dir / task.id
    if found != list(range(len(found))):
        raise WorkspaceError(
            Problem(
                where, key=model.key, found=f"runs {found}", expected="runs numbered 0, 1, … without gaps"
            )
        )
    if not any((task.id, model.key, i) in answers for i in found):
        raise WorkspaceError(
            Problem(where, key=model.key, found="no answer", expected=f"at least one {model.key}__run<k>.md")
        )
    return found


def _check_runs(
    tasks: tuple[Task, ...], settings: Settings, answers: dict[RunKey, str], events: Events, demo_dir: Path
) -> None:
    """Events name real runs; truncated answers are long enough to have hit the cap, and no other
    answer reaches it."""
    models = {m.key: m for m in settings.models}
    task_ids = {t.id for t in tasks}
    problems = []
    for task_id, model_key, index in sorted({*events.failed, *events.truncated}):
        if task_id not in task_ids:
            problems.append(
                Problem(
                    demo_dir / "generation_events.yaml",
                    found=f"task {task_id!r}",
                    expected=f"a category-{settings.category} task of the bank",
                )
            )
        elif (task_id, model_key, index) in events.truncated and (task_id, model_key, index) not in answers:
            problems.append(
                Problem(
                    demo_dir / "answers" / task_id,
                    found=f"no {model_key}__run{index}.md",
                    expected="the cut-off answer listed as truncated",
                )
            )
    for (task_id, model_key, index), text in sorted(answers.items()):
        model = models[model_key]
        estimate = _tokens(text, model)
        path = demo_dir / "answers" / task_id / f"{model_key}__run{index}.md"
        if (task_id, model_key, index) in events.failed:
            problems.append(
                Problem(path, found="an answer file", expected="none: the run is listed as failed")
            )
        elif (task_id, model_key, index) in events.truncated:
            if estimate < 0.8 * model.max_output_tokens:
                problems.append(
                    Problem(
                        path,
                        found=f"about {estimate} tokens",
                        expected=f"close to the cap of {model.max_output_tokens} for a cut-off answer",
                    )
                )
        elif estimate >= model.max_output_tokens:
            problems.append(
                Problem(
                    path,
                    found=f"about {estimate} tokens",
                    expected=f"fewer than the cap {model.max_output_tokens}, or a 'truncated' event",
                )
            )
    if problems:
        raise WorkspaceError(problems)


def build_experiment(root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR) -> dict[str, Any]:
    """The experiment file's JSON value (PRISM_FORMAT §4.1). Raises WorkspaceError on bad input."""
    settings = load_settings(demo_dir / "models.yaml")
    events = load_events(demo_dir / "generation_events.yaml", settings)
    tasks = tuple(t for t in Workspace.open(root).tasks if t.category == settings.category)
    answers = read_answers(demo_dir / "answers", tasks, settings)
    _check_runs(tasks, settings, answers, events, demo_dir)
    groups = []
    for task in tasks:
        for model in settings.models:
            indexes = _run_indexes(task, model, answers, events, demo_dir / "answers")
            runs = [_run(task, model, i, settings, answers, events) for i in indexes]
            times = [run["elapsed_time"] for run in runs if run["success"]]
            groups.append(
                {
                    "task_id": task.id,
                    "task_name": task.name,
                    "model_id": model.id,
                    "model_name": model.name,
                    "runs": runs,
                    "determinism": determinism(runs),
                    "total_tokens": sum(run["tokens_total"] for run in runs),
                    "total_cost": round(sum(run["cost_total"] for run in runs), 8),
                    "avg_time": round(sum(times) / len(times), 3),
                }
            )
    return {
        "experiment_name": settings.name,
        "category": settings.category,
        "timestamp": settings.timestamp,
        "models_used": [m.name for m in settings.models],
        "tasks_count": len(tasks),
        "runs_per_task": max(len(g["runs"]) for g in groups),
        "task_results": groups,
        "total_tokens": sum(g["total_tokens"] for g in groups),
        "total_cost": round(sum(g["total_cost"] for g in groups), 8),
        "total_time": 0.0,  # PRISM never fills it
    }


def default_output(root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR) -> Path:
    return root / "results" / f"{load_settings(demo_dir / 'models.yaml').name}.json"


def write_demo(out: Path | None = None, root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR) -> Path:
    """Build and write the experiment file atomically; returns its path."""
    path = out if out is not None else default_output(root, demo_dir)
    write_json_atomic(path, build_experiment(root, demo_dir))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the bundled demo experiment file.")
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="the workspace with tasks/ and metrics/")
    parser.add_argument("--out", type=Path, default=None, help="default: results/<experiment name>.json")
    parser.add_argument("--demo-dir", type=Path, default=DEMO_DIR, help="models.yaml, events and answers/")
    args = parser.parse_args(argv)
    try:
        path = write_demo(args.out, args.root, args.demo_dir)
    except WorkspaceError as exc:
        print(f"build_demo: cannot build the demo experiment:\n{exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"build_demo: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
