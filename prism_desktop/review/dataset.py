"""What the agreement statistics work on: plain per-run records of machine and expert steps.
Nothing here knows files or the store; adapters (file_input.py, store_input.py) build these."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from prism_desktop import vocabulary

from .consensus import ConsensusRule, consensus_step

AXES: tuple[str, ...] = vocabulary.AXES  # as plain strings for review/
BAND_AXES = ("M", "P")  # stored as fine scores; their steps are the bands
Split = Literal["calibration", "validation"]
SPLITS: tuple[Split, ...] = ("calibration", "validation")
RunKey = tuple[str, str, int]


def machine_step(scores: Mapping[str, Any], bands: Mapping[str, Any], axis: str) -> int | None:
    """The machine's step on an axis as compared with experts: S and O as stored, M and P from
    `bands`; None when not measured."""
    value = bands.get(axis) if axis in BAND_AXES else scores.get(axis)
    return None if value is None else int(value)


@dataclass(frozen=True)
class Signal:
    """The Level-1 signal behind a machine step, for threshold proposals: which scoring table of
    the axis turned which number into the step. `value` None: the step did not come from the
    table (a pre-check, a timeout, a gate) and no bound can change it."""

    table: str  # "scoring" | "exec_scoring" | "b_exec_scoring"
    value: float | None


@dataclass(frozen=True)
class GradedRun:
    task_id: str
    model_id: str
    run_index: int
    category: str
    machine: Mapping[str, int | None]  # axis -> machine step (None: not measured)
    experts: Mapping[str, Mapping[str, int]]  # expert id -> axis -> step, graded axes only
    model_name: str = ""
    response_hash: str = ""
    scores: Mapping[str, float | int | None] = field(default_factory=dict)  # as stored, for exports
    signals: Mapping[str, Signal] = field(default_factory=dict)
    protocol_version: str | None = None  # of the Level-1 scores
    constitution_version: str | None = None
    adjudicated: Mapping[str, int] = field(
        default_factory=dict
    )  # axis -> consensus settled by an adjudicator

    @property
    def key(self) -> RunKey:
        return (self.task_id, self.model_id, self.run_index)

    def expert_steps(self, axis: str, experts: tuple[str, ...]) -> list[int]:
        """The steps the given experts gave on `axis`, in their order, skipping those who gave none."""
        return [grades[axis] for e in experts if (grades := self.experts.get(e)) and axis in grades]

    def consensus_of(
        self, axis: str, experts: tuple[str, ...], rule: ConsensusRule, min_experts: int
    ) -> int | None:
        """The run's consensus on `axis`: the adjudicated step where an adjudicator settled it, else
        the rule (median, …) over the experts' steps."""
        if axis in self.adjudicated:
            return self.adjudicated[axis]
        return consensus_step(self.expert_steps(axis, experts), rule, min_experts)
