"""The value of one agreement coefficient. A coefficient that cannot be computed is None with the
reason, never NaN: also when every rating is one and the same step, where chance agreement is 1 and
the 0/0 has no value (calling it 1.0 would certify agreement on runs that show no variation).

ChanceCorrected and Share hold a coefficient's terms over a batch of bootstrap resamples
(batch.py); their first() is the Coefficient of a batch of one, a point estimate."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import sub, truediv
from typing import NamedTuple

from .messages import CONSTANT_RATINGS


class Coefficient(NamedTuple):
    value: float | None
    note: str | None = None  # why value is None


def undefined(reason: str) -> Coefficient:
    return Coefficient(None, reason)


def chance_corrected(observed: float, expected: float) -> Coefficient:
    """1 − observed/expected disagreement. Expected disagreement is 0 only when every rating is
    one and the same step, which makes observed disagreement 0 as well: undefined (docs/agreement.md)."""
    if expected == 0:
        return undefined(CONSTANT_RATINGS)
    return Coefficient(1.0 - observed / expected)


@dataclass(frozen=True)
class ChanceCorrected:
    """A chance-corrected coefficient over a batch of resamples: its observed and expected
    disagreement in each, and whether it is defined there (`reason` says why not)."""

    observed: Sequence[float]
    expected: Sequence[float]
    defined: Sequence[bool]
    reason: str

    def values(self) -> list[float | None]:
        """The coefficient in each resample, None where undefined (as chance_corrected decides)."""
        if all(self.defined) and all(self.expected):  # the usual case, done in C
            return list(map(sub, repeat(1.0), map(truediv, self.observed, self.expected)))
        return [
            1.0 - o / e if ok and e else None
            for o, e, ok in zip(self.observed, self.expected, self.defined, strict=True)
        ]

    def first(self) -> Coefficient:
        """The coefficient of the first resample, with its note (a batch of one: a point estimate)."""
        if not self.defined[0]:
            return undefined(self.reason)
        return chance_corrected(self.observed[0], self.expected[0])


@dataclass(frozen=True)
class Share:
    """A share (runs on the diagonal, runs within one step) over a batch of resamples."""

    part: Sequence[int]
    whole: Sequence[int]
    reason: str  # why a resample with whole 0 has none

    def values(self) -> list[float | None]:
        if all(self.whole):
            return list(map(truediv, self.part, self.whole))
        return [p / w if w else None for p, w in zip(self.part, self.whole, strict=True)]

    def first(self) -> Coefficient:
        return Coefficient(self.part[0] / self.whole[0]) if self.whole[0] else undefined(self.reason)


BatchCoefficient = ChanceCorrected | Share
