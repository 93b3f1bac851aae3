"""Expert results as files in the shape of PRISM's auto files (PRISM_FORMAT §4.2, "Expert files"):
`results/evaluations/<experiment>_<evaluator_id>.json` with `evaluator_id: expert_<id>`, the L2
protocol version and `tasks[].runs[].scores` holding the expert's steps. The expert's comment and
approach judgement go to `detail.<axis>.comment` / `.approach`, where the importer
(services/importing.py) reads them, so export → import → export is lossless. Any tool writing that
shape is read back by `read_expert_grades`."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.paths import safe_component
from prism_desktop.workspace.results import ScoredRun, ScoreFile

from .dataset import AXES, BAND_AXES

EXPERT_PREFIX = "expert_"
NOTE_KEYS = ("comment", "approach")


@dataclass(frozen=True)
class ExpertGrade:
    """One expert's grades of one run."""

    task_id: str
    model_id: str
    run_index: int
    steps: Mapping[str, int]  # graded axes only
    model_name: str = ""
    response_hash: str = ""
    notes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # axis -> comment/approach
    # axis -> the stored grade's version when exported: an import of the file refuses to overwrite
    # a grade that moved on since (services/importing.py); store bookkeeping, not part of the grade
    versions: Mapping[str, int] = field(default_factory=dict, compare=False)


def evaluator_id_for(name: str) -> str:
    """`expert_<id>`: an expert whose name already is such an id keeps it (as imported files do);
    any other name becomes a file-name-safe id."""
    if name.startswith(EXPERT_PREFIX) and len(name) > len(EXPERT_PREFIX):
        return name
    slug = re.sub(r"[^\w.-]+", "_", name.strip(), flags=re.UNICODE).strip("_")
    if not slug:
        raise ValueError(f"expert name {name!r}: nothing usable for a file name")
    return EXPERT_PREFIX + slug


def expert_file_name(experiment_id: str, evaluator_id: str) -> str:
    """A plain file name; ValueError when an id from input could make it climb out of its folder."""
    safe_component(experiment_id, "experiment name")
    return safe_component(f"{experiment_id}_{evaluator_id}.json", "expert file name")


def _quality(steps: Mapping[str, int]) -> float | None:
    """Q as PRISM computes it: the mean of the graded axes, 2 decimals; null with none."""
    values = [steps[a] for a in AXES if a in steps]
    return round(sum(values) / len(values), 2) if values else None


def expert_file_json(
    experiment_id: str,
    evaluator_id: str,
    grades: Sequence[ExpertGrade],
    *,
    protocol_version: str | None,
    constitution_version: str | None,
    provenance: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The file's JSON value; runs grouped by (task_id, model_id) in first-seen order.
    `provenance` (store_input.expert_provenance: expert, session, history) adds top-level keys
    that PRISM's readers ignore and our importer uses to put the grades back exactly where they were;
    the history is cut to this experiment's runs."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for grade in grades:
        group = groups.setdefault(
            (grade.task_id, grade.model_id),
            {
                "task_id": grade.task_id,
                "model_id": grade.model_id,
                "model_name": grade.model_name,
                "runs": [],
            },
        )
        detail = {
            axis: {key: text for key, text in notes.items() if key in NOTE_KEYS and text}
            for axis, notes in grade.notes.items()
            if axis in grade.steps and any(notes.get(key) for key in NOTE_KEYS)
        }
        run: dict[str, Any] = {
            "run_index": grade.run_index,
            "response_hash": grade.response_hash,
            "scores": {**{a: grade.steps.get(a) for a in AXES}, "Q": _quality(grade.steps)},
            "bands": {a: grade.steps.get(a) for a in BAND_AXES},  # an expert's step is its own band
            "detail": detail,
        }
        versions = {axis: version for axis, version in grade.versions.items() if axis in grade.steps}
        if versions:
            run["versions"] = versions  # a key PRISM's readers ignore
        group["runs"].append(run)
    extra: dict[str, Any] = {}
    if provenance:
        keys = {(g.task_id, g.model_id, g.run_index) for g in grades}
        extra = {key: value for key, value in provenance.items() if key != "history"}
        if "history" in provenance:
            extra["history"] = [
                h for h in provenance["history"] if (h["task_id"], h["model_id"], h["run_index"]) in keys
            ]
    return {
        "experiment_id": experiment_id,
        "evaluator_id": evaluator_id,
        "protocol_version": protocol_version,
        "constitution_version": constitution_version,
        **extra,
        "tasks": list(groups.values()),
    }


def write_expert_file(path: Path, document: Mapping[str, Any]) -> None:
    write_json_atomic(path, document)


def file_versions(run: ScoredRun) -> dict[str, int]:
    """axis -> the grade version an expert file says it was exported at (`runs[].versions`, written
    by expert_file_json); empty for other tools' files and values that are not versions."""
    versions = run.raw.get("versions")
    if not isinstance(versions, dict):
        return {}
    return {
        axis: value
        for axis, value in versions.items()
        if axis in AXES and isinstance(value, int) and not isinstance(value, bool) and value > 0
    }


def read_expert_grades(score_file: ScoreFile) -> list[ExpertGrade]:
    """The grades of an expert file (ours or any tool's of the same shape): steps of the non-null
    axes and the comment/approach texts of detail.<axis>."""
    grades = []
    for run in score_file.runs:
        steps = {a: int(v) for a in AXES if (v := run.scores.get(a)) is not None}
        notes: dict[str, dict[str, str]] = {}
        for axis in AXES:
            entry = run.detail.get(axis)
            if isinstance(entry, dict):
                texts = {k: v for k in NOTE_KEYS if isinstance(v := entry.get(k), str) and v}
                if texts:
                    notes[axis] = texts
        grades.append(
            ExpertGrade(
                run.task_id,
                run.model_id,
                run.run_index,
                steps,
                run.model_name,
                run.response_hash,
                notes,
                file_versions(run),
            )
        )
    return grades
