"""What an expert may see of a run, and when: the one blind rule, used by the runs table, the review
view and the agreement window.

Outside a blind session everything is shown. In a blind session an expert sees the task, the
reference and the candidate, but not the machine's verdict (scores, status, diagnostics, the logs'
verdicts), not which model wrote the answer, and not the other experts' grades — until they have
graded every applicable axis of that run themself. Anchoring on the machine, on a model's reputation
or on a colleague is exactly what a calibration session measures against. Session-wide figures
(agreement, confusion cells with their runs) reveal the machine's steps of many runs at once: they
are shown once the expert has graded every run of the session. So are the ways of choosing and
ordering the session's runs by what is hidden — a filter on the machine's score band or on the model,
a search over model names, a sort on a score column, the Models window and its task × model map, an
export started from the window: each cuts across every run at once, so it is a session-wide figure.
`Reveals` names what each of them would tell; runs_query and the GUI consult `allows`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum


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


class Reveals(StrEnum):
    """What a way of showing, choosing or ordering runs would tell the expert: the Visibility field
    that must be True before it may be used."""

    MACHINE = "machine"
    MODEL = "model"
    OTHER_EXPERTS = "other_experts"


def allows(visibility: Visibility, reveals: Collection[Reveals]) -> bool:
    """May something that reveals all of `reveals` be used under `visibility`?"""
    return all(getattr(visibility, what.value) for what in reveals)

