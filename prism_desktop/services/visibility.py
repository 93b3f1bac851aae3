"""What an expert may see of a run, and when: the one blind rule, used by the runs table, the review
view and the agreement window.

Outside a blind session everything is shown. In a blind session an expert sees the task, the
reference and the candidate, but not the machine's verdict (scores, status, diagnostics, the logs'
verdicts), not which model wrote the answer, and not the other experts' grades — until they have
graded every applicable axis of that run themself. Anchoring on the machine, on a model's reputation
or on a colleague is exactly what a calibration session measures against. Session-wide figures
(agreement, confusion cells with their runs) reveal the machine's steps of many runs at once: they
are shown once the expert has graded every run of the session.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass


@dataclass(frozen=True)
class Visibility:
    machine: bool  # Level-1 scores, status, diagnostics, the logs' verdicts
    model: bool  # the model's name and id
    other_experts: bool  # other experts' grades and names
    remaining: tuple[str, ...] = ()  # the axes (or runs) still to grade before it is revealed

    @property
    def everything(self) -> bool:
        return self.machine and self.model and self.other_experts


SHOWN = Visibility(machine=True, model=True, other_experts=True)


def run_visibility(*, blind: bool, needed_axes: Collection[str], my_axes: Collection[str]) -> Visibility:
    """What the expert may see of one run: `needed_axes` are the axes an expert grades for its
    category, `my_axes` those this expert has graded (in the session)."""
    if not blind:
        return SHOWN
    remaining = tuple(axis for axis in needed_axes if axis not in set(my_axes))
    revealed = bool(needed_axes) and not remaining
    return Visibility(machine=revealed, model=revealed, other_experts=revealed, remaining=remaining)


def session_visibility(*, blind: bool, runs_left: Collection[str]) -> Visibility:
    """What the expert may see of a session's figures: `runs_left` names the session's runs they
    have not fully graded yet."""
    if not blind or not runs_left:
        return SHOWN
    return Visibility(machine=False, model=False, other_experts=False, remaining=tuple(runs_left))
