"""Adapter at the edge: an auto file and expert files of the same shape (PRISM_FORMAT §4.2, read
by workspace.results_loader) into GradedRuns. Expert runs are matched to machine runs by
(task_id, model_id, run_index), as PRISM's console summary matches them."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prism_desktop.vocabulary import axis_applies
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.results import ScoredRun, ScoreFile, same_answer

from .dataset import AXES, BAND_AXES, GradedRun, machine_step
from .scale import STEPS
from .signals import signals_of

AUTO_EVALUATOR = "auto_l1"


@dataclass(frozen=True)
class FileInput:
    runs: tuple[GradedRun, ...]  # machine runs graded by at least one expert, in auto-file order
    experts: tuple[str, ...]  # evaluator ids, in the order the files were given
    warnings: tuple[str, ...] = ()


def expert_score_problem(
    path: Path | str, key: str, axis: str, score: Any, task_id: str, category: str | None
) -> Problem | None:
    """Why an expert's `score` of `axis` cannot be used, None when it can: it must be a step of
    the scale, and P is graded on category-B tasks only."""
    if score not in STEPS:
        return Problem(
            path,
            key=key,
            found=json.dumps(score),
            expected=f"an expert step, one of {', '.join(map(str, STEPS))}",
        )
    if not axis_applies(axis, category or ""):
        return Problem(
            path,
            key=key,
            found=json.dumps(score),
            expected=f"null: P applies to category B only (task {task_id} is category {category})",
        )
    return None


def _where(run: ScoredRun) -> str:
    return f"tasks[task_id={run.task_id}, model_id={run.model_id}].runs[run_index={run.run_index}]"


def _machine_step_problems(auto: ScoreFile, run: ScoredRun) -> list[Problem]:
    """S and O scores and the M and P bands must be steps: they are what experts are compared with."""
    problems = []
    for axis in AXES:
        where = "bands" if axis in BAND_AXES else "scores"
        value = (run.bands if axis in BAND_AXES else run.scores).get(axis)
        if value is not None and value not in STEPS:
            problems.append(
                Problem(
                    auto.path,
                    key=f"{_where(run)}.{where}.{axis}",
                    found=json.dumps(value),
                    expected=f"a step, one of {', '.join(map(str, STEPS))}, or null",
                )
            )
    return problems


def infer_category(run: ScoredRun) -> str:
    """A task the workspace does not know: B when the machine scored or described P, else A
    (P is null with no detail for category A, PRISM_FORMAT §3.7)."""
    return "B" if run.scores.get("P") is not None or "P" in run.detail else "A"


def graded_runs_from_files(
    auto: ScoreFile, experts: Sequence[ScoreFile], categories: Mapping[str, str]
) -> FileInput:
    """Join the files; raises WorkspaceError with every problem found. `categories` maps task
    ids to A/B (from the workspace); unknown tasks are inferred and reported as warnings."""
    problems: list[Problem] = []
    if auto.is_expert:
        problems.append(
            Problem(
                auto.path, key="evaluator_id", found=repr(auto.evaluator_id), expected=repr(AUTO_EVALUATOR)
            )
        )
    seen: dict[str, ScoreFile] = {}
    for expert in experts:
        if not expert.is_expert:
            problems.append(
                Problem(
                    expert.path,
                    key="evaluator_id",
                    found=repr(expert.evaluator_id),
                    expected="an expert's own evaluator id, e.g. 'expert_01'",
                )
            )
        elif expert.evaluator_id in seen:
            problems.append(
                Problem(
                    expert.path,
                    key="evaluator_id",
                    found=repr(expert.evaluator_id),
                    message=f"the same expert is also in {seen[expert.evaluator_id].path}",
                    expected="one file per expert",
                )
            )
        seen.setdefault(expert.evaluator_id, expert)
        if auto.experiment_id and expert.experiment_id and expert.experiment_id != auto.experiment_id:
            problems.append(
                Problem(
                    expert.path,
                    key="experiment_id",
                    found=repr(expert.experiment_id),
                    expected=f"{auto.experiment_id!r}, the experiment of {auto.path}",
                )
            )
    machine_runs = {run.key: run for run in auto.runs}
    grades: dict[tuple[str, str, int], dict[str, dict[str, int]]] = {}
    inferred: set[str] = set()
    for expert in experts:
        for run in expert.runs:
            machine = machine_runs.get(run.key)
            if machine is None:
                problems.append(
                    Problem(
                        expert.path,
                        key=_where(run),
                        message="no such run in the auto file",
                        expected=f"a run scored in {auto.path}",
                    )
                )
                continue
            if not same_answer(run.response_hash, machine.response_hash):
                problems.append(
                    Problem(
                        expert.path,
                        key=f"{_where(run)}.response_hash",
                        found=run.response_hash,
                        expected=f"{machine.response_hash} (the answer the machine scored)",
                    )
                )
                continue
            category = categories.get(run.task_id)
            if category is None:
                category = infer_category(machine)
                inferred.add(run.task_id)
            steps: dict[str, int] = {}
            for axis in AXES:
                value = run.scores.get(axis)
                if value is None:
                    continue
                key = f"{_where(run)}.scores.{axis}"
                problem = expert_score_problem(expert.path, key, axis, value, run.task_id, category)
                if problem is not None:
                    problems.append(problem)
                else:
                    steps[axis] = int(value)
            if steps:
                grades.setdefault(run.key, {})[expert.evaluator_id] = steps
    for machine in auto.runs:
        if machine.key in grades:
            problems += _machine_step_problems(auto, machine)
    if problems:
        raise WorkspaceError(problems)
    runs = []
    for machine in auto.runs:
        if machine.key not in grades:
            continue
        steps_by_axis = {axis: machine_step(machine.scores, machine.bands, axis) for axis in AXES}
        runs.append(
            GradedRun(
                task_id=machine.task_id,
                model_id=machine.model_id,
                run_index=machine.run_index,
                category=categories.get(machine.task_id) or infer_category(machine),
                machine=steps_by_axis,
                experts=grades[machine.key],
                model_name=machine.model_name,
                response_hash=machine.response_hash,
                scores=dict(machine.scores),
                signals=signals_of(machine.detail, steps_by_axis),
                protocol_version=auto.protocol_version,
                constitution_version=auto.constitution_version,
            )
        )
    warnings = []
    if inferred:
        warnings.append(
            "tasks not in the workspace, category inferred from the machine's P: "
            + ", ".join(sorted(inferred))
        )
    return FileInput(tuple(runs), tuple(e.evaluator_id for e in experts), tuple(warnings))
