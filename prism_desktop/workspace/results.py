"""Typed PRISM result files: raw generations (`results/experiment_*.json`) and score files in the
shape of `results/auto/*_auto_l1.json` (machine) and `results/evaluations/*_expert_*.json` (experts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Generation:
    """One model answer (`task_results[].runs[]`)."""

    task_id: str
    task_name: str
    model_id: str
    model_name: str
    run_index: int
    response: str
    response_hash: str
    success: bool | None = None  # None: legacy record without the field
    error: str | None = None
    seed: int | None = None
    temperature: float | None = None
    tokens_input: int | None = None
    tokens_output: int | None = None
    elapsed_time: float | None = None
    cost_total: float | None = None
    raw: dict[str, Any] = field(default_factory=dict)  # the run object as read, for lossless re-export


@dataclass(frozen=True)
class Experiment:
    path: Path
    name: str
    category: str
    timestamp: str
    models_used: tuple[str, ...]
    generations: tuple[Generation, ...]
    raw: dict[str, Any] = field(default_factory=dict)  # top-level keys other than task_results
    # task_results[] entries as read, without their `runs` (determinism, context, totals, …)
    groups: tuple[dict[str, Any], ...] = ()
    repaired: tuple[str, ...] = ()  # keys of texts whose lone surrogates were replaced by U+FFFD

    def to_json(self) -> dict[str, Any]:
        """The file's JSON value rebuilt from what was read (equal to it; `task_results` last)."""
        return {**self.raw, "task_results": _rebuild(self.groups, self.generations)}


@dataclass(frozen=True)
class ScoredRun:
    """One run of a score file: `tasks[].runs[]` joined with its group."""

    task_id: str
    model_id: str
    model_name: str
    run_index: int
    response_hash: str
    scores: dict[str, float | int | None]  # S, M, O, P, Q
    bands: dict[str, int | None]  # M, P
    detail: dict[str, Any]
    raw: dict[str, Any] = field(default_factory=dict)  # the run object as read, for lossless re-export

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.task_id, self.model_id, self.run_index)


def same_answer(hash_a: str | None, hash_b: str | None) -> bool:
    """How two runs found under the same (task, model, run_index) key are matched: they are the same
    answer unless both carry a response_hash and the hashes differ (PRISM_FORMAT §4.1: the hash is
    the join key; a file without hashes, as older ones are, still joins by the key alone)."""
    return not hash_a or not hash_b or hash_a == hash_b


@dataclass(frozen=True)
class ScoreFile:
    """An auto_l1 file or an expert file of the same shape."""

    path: Path
    experiment_id: str
    evaluator_id: str
    runs: tuple[ScoredRun, ...]
    protocol_version: str | None = None
    constitution_version: str | None = None
    runner: str | None = None
    syntax_analyzer: str | None = None
    raw: dict[str, Any] = field(default_factory=dict)  # top-level keys other than tasks
    groups: tuple[dict[str, Any], ...] = ()  # tasks[] entries as read, without their `runs`

    @property
    def is_expert(self) -> bool:
        return self.evaluator_id != "auto_l1"

    def to_json(self) -> dict[str, Any]:
        """The file's JSON value rebuilt from what was read (equal to it; `tasks` last)."""
        return {**self.raw, "tasks": _rebuild(self.groups, self.runs)}


def _rebuild(
    groups: tuple[dict[str, Any], ...], runs: tuple[Generation, ...] | tuple[ScoredRun, ...]
) -> list[dict[str, Any]]:
    """Put each run's raw object back under its (task_id, model_id) group, in file order."""
    by_group: dict[tuple[Any, Any], list[dict[str, Any]]] = {}
    for run in runs:
        by_group.setdefault((run.task_id, run.model_id), []).append(run.raw)
    return [
        {**group, "runs": by_group.get((group.get("task_id"), group.get("model_id")), [])} for group in groups
    ]
