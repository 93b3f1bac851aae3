"""Level 1 for one run: from a generation and its sandbox measurements to a run object of a
PRISM auto file (PRISM_FORMAT §4.2), plus the file's top level and the merge used when a subset
is re-scored. Pure: measurements and protocol in, plain dicts out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from prism_desktop.bsl.engine import ENGINE_NAME
from prism_desktop.runs.onec import BRunMeasurement, RunResult, TestsMeasurement
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.entry_points import EntryPatternError, detect_entry_point_a
from prism_desktop.scoring.extraction import extract_code
from prism_desktop.scoring.hashing import response_hash
from prism_desktop.scoring.meaning import score_meaning_a, score_meaning_b
from prism_desktop.scoring.optimization import apply_correctness_gate, apply_result_check, score_optimization
from prism_desktop.scoring.platform_axis import score_platform
from prism_desktop.scoring.quality import quality
from prism_desktop.scoring.syntax import score_syntax_a, score_syntax_b
from prism_desktop.workspace.protocol import AXES, Protocols
from prism_desktop.workspace.results import Generation
from prism_desktop.workspace.tasks import Task

EVALUATOR_ID = "auto_l1"
EDITION = "core"
LEADERBOARD_VIEW = "quality"
FAILED_GENERATION = "генерация не удалась"
LEG_NAMES = {"syntax": "синтаксиса", "tests": "тестов", "perf": "производительности", "b_run": "прогона в 1С"}
BANDED_AXES = ("M", "P")
INFRA_REASON_CHARS = 300


@dataclass(frozen=True)
class Instruments:
    """What the caller knows beyond the measurements: the axes the edition asks for, and why a
    sandbox leg ("syntax", "tests", "perf", "b_run") could not be measured."""

    requested: frozenset[str] = frozenset(AXES)
    unavailable: Mapping[str, str] = field(default_factory=dict)


CANDIDATE_STOPS = ("timeout", "killed")  # the sandbox stopped the run for what the candidate did


def candidate_stop(measurements: RunResult | None) -> str | None:
    """Why the sandbox stopped the run when the candidate caused it (its wall-clock deadline, a
    memory or recursion limit, a kill): the legs it did not finish are the candidate's failure,
    scored 0, never N/A (docs/gaming.md). None for a finished run or our own failure."""
    if measurements is None or measurements.status not in CANDIDATE_STOPS:
        return None
    return (measurements.infra_detail or measurements.status)[:INFRA_REASON_CHARS]


def _instrument(measurements: RunResult) -> str:
    return f"{ENGINE_NAME} {measurements.engine_version}".strip()


def _stopped_tests(measurements: RunResult, why: str) -> TestsMeasurement:
    status = "timeout" if measurements.status == "timeout" else "limit"
    return TestsMeasurement(instrument=_instrument(measurements), status=status, detail=why)


def _infra_failure(measurements: RunResult | None) -> bool:
    if measurements is None:
        return False
    b_run = measurements.b_run
    return measurements.status == "infra_error" or (b_run is not None and b_run.status == "infra_error")


def _missing_reason(leg: str, measurements: RunResult | None, instruments: Instruments) -> str:
    if leg in instruments.unavailable:
        return instruments.unavailable[leg]
    if measurements is None:
        return "не измерено: кандидат не запускался в песочнице"
    if measurements.status != "ok":
        why = f": {measurements.infra_detail[:200]}" if measurements.infra_detail else ""
        return f"не измерено: песочница завершилась со статусом {measurements.status}{why}"
    return f"не измерено: нет замера {LEG_NAMES[leg]}"


def _score_a(
    axis: str,
    task: Task,
    code: str,
    protocols: Protocols,
    measurements: RunResult | None,
    why_missing: Callable[[str], str],
) -> AxisScore:
    rules, runtime = protocols.l1.axes[axis], protocols.l1.runtime
    if axis == "S":
        syntax = measurements.syntax if measurements else None
        if syntax is None:
            return AxisScore.not_measured(why_missing("syntax"))
        return score_syntax_a(code, syntax, rules)
    if axis == "M":
        tests = measurements.tests if measurements else None
        if not task.testable:
            return AxisScore.not_measured("нет скрытых тестов — ось M не исполнима")
        stop = candidate_stop(measurements)
        if tests is None and measurements is not None and stop is not None:
            tests = _stopped_tests(measurements, stop)
        if tests is None:
            return AxisScore.not_measured(why_missing("tests"))
        entry = None
        if tests.status != "no_entry":
            entry = tests.entry_point or detect_entry_point_a(code, task.entry_point_patterns)
        return score_meaning_a(tests, len(task.tests), entry, rules, runtime)
    return AxisScore.not_measured(f"ось {axis} не оценивается для категории A")


def _score_b(
    axis: str,
    task: Task,
    protocols: Protocols,
    measurements: RunResult | None,
    why_missing: Callable[[str], str],
) -> AxisScore:
    rules, runtime = protocols.l1.axes[axis], protocols.l1.runtime
    if axis == "M" and not task.testable:
        return AxisScore.not_measured("нет скрытых тестов — ось M не исполнима")
    if axis == "P" and not task.testable:
        return AxisScore.not_measured("нет комплекта исполнения — ось P не исполнима")
    b_run = measurements.b_run if measurements else None
    stop = candidate_stop(measurements)
    if b_run is None and measurements is not None and stop is not None:
        b_run = BRunMeasurement(status="no_result", infra_detail=stop, instrument=_instrument(measurements))
    if b_run is None:
        return AxisScore.not_measured(why_missing("b_run"))
    scorers = {"S": score_syntax_b, "M": score_meaning_b, "P": score_platform}
    return scorers[axis](b_run, rules, runtime)


def _score_axis(
    axis: str,
    task: Task,
    code: str,
    protocols: Protocols,
    measurements: RunResult | None,
    why_missing: Callable[[str], str],
) -> AxisScore:
    if axis == "O":
        return score_optimization(
            task,
            code,
            perf=measurements.perf if measurements else None,
            syntax=measurements.syntax if measurements else None,
            b_run=measurements.b_run if measurements else None,
            rules=protocols.l1.axes["O"],
            runtime=protocols.l1.runtime,
            why_missing=why_missing,
            stopped=candidate_stop(measurements),
        )
    if task.category == "B":
        return _score_b(axis, task, protocols, measurements, why_missing)
    return _score_a(axis, task, code, protocols, measurements, why_missing)


def _run_hash(generation: Generation) -> str:
    """The stored hash is the join key with the experiment file; compute it only when absent."""
    if generation.response_hash or generation.success is False:
        return generation.response_hash
    return response_hash(generation.response, success=generation.success)


def score_run(
    task: Task,
    protocols: Protocols,
    generation: Generation,
    measurements: RunResult | None,
    *,
    instruments: Instruments | None = None,
    code: str | None = None,
) -> dict[str, Any]:
    """One run object: {run_index, response_hash, scores{S,M,O,P,Q}, bands{M,P}, detail{...}}.
    `code`: the candidate code as extracted for the sandbox run, so the code scored is the code run
    and the response is read once on the way to the scores; extracted here when not given.
    An axis that does not apply to the task's category or is not requested is null with no
    detail key; one that could not be measured is null with `detail.<axis>.reason`."""
    instruments = instruments or Instruments()
    constitution = protocols.constitution
    applicable = set(constitution.applicable_axes(task.category))
    active = [a for a in constitution.axes if a in applicable and a in instruments.requested]

    results: dict[str, AxisScore] = {}
    if generation.success is False:
        # Not the model's fault as far as code goes: N/A everywhere, never 0.
        reason = f"{FAILED_GENERATION}: {(generation.error or FAILED_GENERATION)[:200]}"
        results = {axis: AxisScore.not_measured(reason) for axis in active}
    else:
        if code is None:
            code = extract_code(generation.response)

        def why_missing(leg: str) -> str:
            return _missing_reason(leg, measurements, instruments)

        try:
            for axis in active:
                results[axis] = _score_axis(axis, task, code, protocols, measurements, why_missing)
        except EntryPatternError as error:
            source = "tests.yaml" if task.category == "A" else "task.yaml"
            raise ValueError(f"{task.directory / source}: {error}") from error
        if "O" in results:
            m_fine = results["M"].score if "M" in results else None
            results["O"] = apply_correctness_gate(results["O"], m_fine, protocols.l1.runtime)
            results["O"] = apply_result_check(
                results["O"],
                task,
                measurements.perf if measurements else None,
                m_fine,
                protocols.l1.axes["O"],
                protocols.l1.runtime,
            )

    scores: dict[str, float | int | None] = {
        axis: results[axis].score if axis in results else None for axis in constitution.axes
    }
    scores["Q"] = quality(scores, task.category, constitution, protocols.l1.runtime.q_decimals)
    if _infra_failure(measurements) and any(results[a].score is None for a in results):
        # Our failure left an axis unmeasured: a Q of the rest would rank the run on what survived
        # (S alone is 10 for most answers). The run stays N/A until it is scored again.
        scores["Q"] = None
    return {
        "run_index": generation.run_index,
        "response_hash": _run_hash(generation),
        "scores": scores,
        "bands": {axis: results[axis].band if axis in results else None for axis in BANDED_AXES},
        "detail": {axis: r.detail for axis, r in results.items() if r.detail is not None},
    }


def group_runs(scored: Iterable[tuple[Generation, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Auto-file groups {task_id, model_id, model_name, runs}, in first-seen order."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for generation, run in scored:
        key = (generation.task_id, generation.model_id)
        group = groups.setdefault(
            key,
            {
                "task_id": generation.task_id,
                "model_id": generation.model_id,
                "model_name": generation.model_name,
                "runs": [],
            },
        )
        group["runs"].append(run)
    return list(groups.values())


def auto_file(
    experiment_id: str,
    runner: str,
    groups: Iterable[dict[str, Any]],
    protocols: Protocols,
    syntax_analyzer: str | None,
) -> dict[str, Any]:
    """The top level of results/auto/<experiment>_auto_l1.json."""
    return {
        "experiment_id": experiment_id,
        "evaluator_id": EVALUATOR_ID,
        "edition": EDITION,
        "leaderboard_view": LEADERBOARD_VIEW,
        "runner": runner,
        "syntax_analyzer": syntax_analyzer,
        "protocol_version": protocols.l1.version,
        "constitution_version": protocols.constitution.version,
        "tasks": list(groups),
    }


def merge_auto(existing: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """Merge a re-scored subset into an existing auto file: runs of `update` replace the runs
    with the same (task_id, model_id, run_index); new groups and runs are added; everything else
    is kept. Scores made under different protocol versions must not share a file."""
    for field_name in ("experiment_id", "protocol_version", "constitution_version"):
        if existing.get(field_name) != update.get(field_name):
            raise ValueError(
                f"auto file merge: {field_name} differs: found {update.get(field_name)!r} in the new "
                f"scores, expected {existing.get(field_name)!r} as in the existing file"
            )
    merged_groups: dict[tuple[str, str], dict[str, Any]] = {}
    for group in [*existing.get("tasks", []), *update.get("tasks", [])]:
        key = (group["task_id"], group["model_id"])
        target = merged_groups.setdefault(key, {**group, "runs": []})
        target["model_name"] = group["model_name"]
        by_index = {run["run_index"]: run for run in target["runs"]}
        by_index.update({run["run_index"]: run for run in group["runs"]})
        target["runs"] = sorted(by_index.values(), key=lambda run: run["run_index"])
    top_level = {name: value for name, value in update.items() if name != "tasks"}
    return {**existing, **top_level, "tasks": list(merged_groups.values())}
