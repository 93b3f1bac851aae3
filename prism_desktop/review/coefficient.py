"""The value of one agreement coefficient. A coefficient that cannot be computed is None with the
reason, never NaN; one defined by convention (both raters constant and equal) carries a note."""

from __future__ import annotations

from typing import NamedTuple


class Coefficient(NamedTuple):  # a tuple: the bootstrap creates millions of them
    value: float | None
    note: str | None = None  # why value is None, or which convention gave it


def undefined(reason: str) -> Coefficient:
    return Coefficient(None, reason)


NO_PAIRS = "no run was graded by both sides"
CONSTANT_AND_EQUAL = (
    "every rating is the same single step: observed and chance agreement are both 1, taken as 1.0"
)


def chance_corrected(observed: float, expected: float) -> Coefficient:
    """1 − observed/expected disagreement. Expected disagreement is 0 only when every rating is
    one and the same step, which makes observed disagreement 0 as well: that case is 1.0 by
    convention (documented in docs/agreement.md) instead of 0/0."""
    if expected == 0:
        return Coefficient(1.0, CONSTANT_AND_EQUAL)
    return Coefficient(1.0 - observed / expected)
