"""Assembles the bundled multi-sample demo experiment (results/experiment_A_20261130_090000.json):
n answers per (task, model) for a few category-A tasks, so that pass@k, Stability and the other
multi-sample figures (docs/multi-sample.md) have something real to measure.

Each sampled answer is one of the answers already written for the task under answers/<task_id>/
(cut-off answers excepted), drawn with the weights of samples.yaml by a hash of (task, model, run):
no randomness at build time, the file rebuilds byte for byte. Tokens, times and costs follow the
model catalogue of models.yaml exactly as in build_demo.py.

    .venv/bin/python resources/demo/build_samples_demo.py [--root WORKSPACE] [--out FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from build_demo import (  # type: ignore[import-not-found]
    DEMO_DIR,
    REPO_ROOT,
    Events,
    Failure,
    _run,
    determinism,
    load_events,
    load_settings,
    read_answers,
)

from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.schema import INT, MAPPING, MISSING, NUMBER, TEXT, FileCheck, describe
from prism_desktop.workspace.workspace import Workspace
from prism_desktop.workspace.yamlio import load_yaml


@dataclass(frozen=True)
class Profile:
    stickiness: float  # weight of the model's own answers against 1 for each other answer
    failure_rate: float  # share of calls the provider refused


@dataclass(frozen=True)
class SamplesPlan:
    name: str
    timestamp: str
    temperature: float
    runs: int
    tasks: tuple[str, ...]
    profiles: dict[str, Profile]
    failure: Failure


def load_plan(path: Path, model_keys: set[str], task_ids: set[str]) -> SamplesPlan:
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data, ())
    experiment = check.mapping(root.get("experiment", MISSING), ("experiment",))
    runs = check.get(root, ("runs",), INT)
    tasks = check.strings(root.get("tasks", MISSING), ("tasks",))
    for index, task_id in enumerate(tasks):
        if task_id is not None and task_id not in task_ids:
            check.add(("tasks", index), found=describe(task_id), expected="a category-A task of the bank")
    profiles: dict[str, Profile] = {}
    models = root.get("models", MISSING)
    if check.check(models, ("models",), MAPPING):
        for key, item in models.items():
            if key not in model_keys:
                check.add(("models", key), found=describe(key), expected="a model key of models.yaml")
                continue
            item = check.mapping(item, ("models", key))
            stickiness = check.get(item, ("models", key, "stickiness"), NUMBER)
            rate = check.get(item, ("models", key, "failure_rate"), NUMBER)
            if rate is not None and not 0 <= rate < 1:
                check.add(("models", key, "failure_rate"), found=describe(rate), expected="a share in [0, 1)")
            profiles[key] = Profile(stickiness, rate)
    failure = check.mapping(root.get("failure", MISSING), ("failure",))
    if runs is not None and runs < 1:
        check.add(("runs",), found=describe(runs), expected="at least 1")
    plan_fields = {
        "name": check.get(experiment, ("experiment", "name"), TEXT),
        "timestamp": check.get(experiment, ("experiment", "timestamp"), TEXT),
        "temperature": check.get(experiment, ("experiment", "temperature"), NUMBER),
        "error": check.get(failure, ("failure", "error"), TEXT),
        "elapsed": check.get(failure, ("failure", "elapsed_time"), NUMBER),
    }
    check.raise_if_problems()
    return SamplesPlan(
        name=plan_fields["name"],
        timestamp=plan_fields["timestamp"],
        temperature=plan_fields["temperature"],
        runs=runs,
        tasks=tuple(tasks),
        profiles=profiles,
        failure=Failure(plan_fields["error"], plan_fields["elapsed"]),
    )


def _unit(*parts: object) -> float:
    """A number in [0, 1) fixed by the parts."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def draw(pool: list[tuple[str, str]], model_key: str, stickiness: float, *key: object) -> str:
    """One answer of the pool [(author model, text)], the model's own weighted by its stickiness."""
    weights = [stickiness if author == model_key else 1.0 for author, _ in pool]
    point = _unit(*key, "draw") * sum(weights)
    for (_, text), weight in zip(pool, weights, strict=True):
        point -= weight
        if point < 0:
            return text
    return pool[-1][1]


def build_samples_experiment(root: Path = REPO_ROOT, demo_dir: Path = DEMO_DIR) -> dict[str, Any]:
    """The multi-sample experiment as a JSON value (PRISM_FORMAT §4.1 shape). Raises WorkspaceError."""
    settings = load_settings(demo_dir / "models.yaml", "A")
    bank = Workspace.open(root).tasks
    tasks_by_id = {t.id: t for t in bank if t.category == "A"}
    plan = load_plan(demo_dir / "samples.yaml", {m.key for m in settings.models}, set(tasks_by_id))
    settings = replace(settings, name=plan.name, timestamp=plan.timestamp, temperature=plan.temperature)
    events = load_events(demo_dir / "generation_events.yaml", settings)
    written = read_answers(demo_dir / "answers", bank, "A", settings)
    groups = []
    for task_id in plan.tasks:
        task = tasks_by_id[task_id]
        pool = [
            (m, text)
            for (t, m, i), text in sorted(written.items())
            if t == task_id and (t, m, i) not in events.truncated
        ]
        if not pool:
            raise WorkspaceError(
                Problem(demo_dir / "answers" / task_id, found="no answer", expected="answers to sample from")
            )
        for model in settings.models:
            profile = plan.profiles.get(model.key, Profile(1.0, 0.0))
            answers, failed = {}, {}
            for index in range(plan.runs):
                key = (task_id, model.key, index)
                if _unit(*key, "fail") < profile.failure_rate:
                    failed[key] = plan.failure
                else:
                    answers[key] = draw(pool, model.key, profile.stickiness, *key)
            sampled_events = Events(failed, frozenset())
            runs = [
                _run(task, model, i, settings, settings.system_prompt, answers, sampled_events)
                for i in range(plan.runs)
            ]
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
                    "avg_time": round(sum(times) / len(times), 3) if times else 0.0,
                }
            )
    return {
        "experiment_name": plan.name,
        "category": "A",
        "timestamp": plan.timestamp,
        "models_used": [m.name for m in settings.models],
        "tasks_count": len(plan.tasks),
        "runs_per_task": plan.runs,
        "task_results": groups,
        "total_tokens": sum(g["total_tokens"] for g in groups),
        "total_cost": round(sum(g["total_cost"] for g in groups), 8),
        "total_time": 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the bundled multi-sample demo experiment.")
    parser.add_argument("--root", type=Path, default=REPO_ROOT, help="the workspace with tasks/ and metrics/")
    parser.add_argument("--out", type=Path, default=None, help="default: results/<experiment name>.json")
    parser.add_argument("--demo-dir", type=Path, default=DEMO_DIR, help="models.yaml, samples.yaml, answers/")
    args = parser.parse_args(argv)
    try:
        data = build_samples_experiment(args.root, args.demo_dir)
        out = args.out or args.root / "results" / f"{data['experiment_name']}.json"
        write_json_atomic(out, data)
    except WorkspaceError as exc:
        print(f"build_samples_demo: cannot build the demo experiment:\n{exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"build_samples_demo: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
