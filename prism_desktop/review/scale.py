"""The shared six-step scale (0·2·4·6·8·10) and the two ways a step is moved on it: projection
onto the steps a machine can reach, and rounding a non-step value (a median) back onto the scale."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from prism_desktop.vocabulary import GRADE_STEPS as STEPS

K = len(STEPS)
STEP_INDEX: dict[int, int] = {step: index for index, step in enumerate(STEPS)}

Ties = Literal["lower", "upper"]


def step_index(step: object) -> int:
    """The position of a step on the scale; ValueError naming the value when it is not a step."""
    if isinstance(step, bool) or not isinstance(step, int | float) or step not in STEP_INDEX:
        raise ValueError(f"found {step!r}, expected a step, one of {', '.join(map(str, STEPS))}")
    return STEP_INDEX[int(step)]


def nearest(value: float, choices: Sequence[int], ties: Ties = "lower") -> int:
    """The choice closest to `value`; halfway between two, the lower (or the upper) one."""
    if not choices:
        raise ValueError("no steps to choose from")
    ordered = sorted(choices)
    if ties == "upper":
        ordered.reverse()
    return min(ordered, key=lambda choice: abs(choice - value))


def projection(reachable: Sequence[int], ties: Ties = "lower") -> tuple[int, ...]:
    """For every scale index, the index of the nearest reachable step (ties to the lower step):
    how an expert's step is read on a machine that cannot produce every step (O never gives 0,
    P gives only 0, 4, 6, 10)."""
    return tuple(STEP_INDEX[nearest(step, reachable, ties)] for step in STEPS)
