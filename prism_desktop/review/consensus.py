"""How several experts' steps on one axis of one run become one consensus step.

Rules (chosen in metrics/verification.yaml, `runs.consensus`):
* `median` (default): the median of the experts' steps, rounded to the scale; a median halfway
  between two steps (two experts, 4 and 6 → 5) goes to the lower step — the cautious reading.
* `median_high`: the same, halfway goes to the upper step.
* `unanimous`: the common step when every expert gave the same one; otherwise no consensus.
A run graded by fewer experts than `min_experts` has no consensus on that axis."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Literal

from .scale import STEPS, nearest

ConsensusRule = Literal["median", "median_high", "unanimous"]
CONSENSUS_RULES: tuple[ConsensusRule, ...] = ("median", "median_high", "unanimous")
DEFAULT_RULE: ConsensusRule = "median"


def consensus_rule_text(rule: ConsensusRule, adjudicated: int = 0) -> str:
    """The consensus rule as a report states it."""
    text = f"{rule} of the experts' steps"
    if adjudicated:
        text += f"; the adjudicated step where an adjudicator settled it ({adjudicated} run axes)"
    return text


def consensus_step(
    steps: Sequence[int], rule: ConsensusRule = DEFAULT_RULE, min_experts: int = 1
) -> int | None:
    """The consensus of the given expert steps (missing ones already left out), or None."""
    if len(steps) < max(min_experts, 1):
        return None
    if rule == "unanimous":
        return steps[0] if all(step == steps[0] for step in steps) else None
    if rule not in ("median", "median_high"):
        raise ValueError(f"consensus rule: found {rule!r}, expected one of {', '.join(CONSENSUS_RULES)}")
    return nearest(statistics.median(steps), STEPS, "lower" if rule == "median" else "upper")
