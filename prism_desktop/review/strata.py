"""One stratum of the data (an axis × category × split cell): its runs reduced to distinct
patterns, the sufficient statistics of every coefficient, and bootstrap resamples of them.

A pattern is one run's tuple of scale positions (machine, consensus, expert 1 … expert E; −1 when
absent). Every coefficient depends on the runs only through how many runs show each pattern, so
a bootstrap resample is a multinomial draw of pattern counts (see resampling.py), and pooled
scopes (all categories, all tasks) are sums of their strata's statistics."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from .fleiss import FleissSums
from .krippendorff_alpha import unit_coincidences
from .resampling import Resampler
from .scale import K

MACHINE = "machine"
CONSENSUS = "consensus"
ABSENT = -1
Pattern = tuple[int, ...]  # (machine, consensus, expert 1, …, expert E) scale positions


@dataclass(frozen=True)
class Comparison:
    """Two sides compared on the same runs: confusion rows are `reference`, columns `other`."""

    reference: str  # CONSENSUS or an expert id
    other: str  # MACHINE or an expert id

    @property
    def label(self) -> str:
        return f"{self.reference}~{self.other}"

    @property
    def with_machine(self) -> bool:
        return self.other == MACHINE


def comparisons_for(experts: Sequence[str]) -> tuple[Comparison, ...]:
    """Machine vs consensus, machine vs each expert, then every pair of experts."""
    machine = [Comparison(CONSENSUS, MACHINE), *(Comparison(e, MACHINE) for e in experts)]
    pairs = [Comparison(a, b) for i, a in enumerate(experts) for b in experts[i + 1 :]]
    return (*machine, *pairs)


def _column(side: str, experts: Sequence[str]) -> int:
    if side == MACHINE:
        return 0
    if side == CONSENSUS:
        return 1
    return 2 + list(experts).index(side)


@dataclass
class Sums:
    """Sufficient statistics of one stratum or of a pooled scope."""

    counts: list[list[int]]  # per comparison (in comparisons_for order): flat K×K confusion counts
    fleiss: FleissSums
    coincidences: list[float] = field(default_factory=lambda: [0.0] * (K * K))
    pairable: int = 0  # runs graded by two or more experts (the units alpha pairs)

    @classmethod
    def empty(cls, comparisons: int, experts: int) -> Sums:
        return cls([[0] * (K * K) for _ in range(comparisons)], FleissSums(raters=experts))

    def add(self, other: Sums) -> None:
        self.counts = [
            [a + b for a, b in zip(mine, theirs, strict=True)]
            for mine, theirs in zip(self.counts, other.counts, strict=True)
        ]
        self.fleiss.merge(other.fleiss)
        self.coincidences = [a + b for a, b in zip(self.coincidences, other.coincidences, strict=True)]
        self.pairable += other.pairable


@dataclass(frozen=True)
class _UnitType:
    """The experts' counts per step shared by several patterns (the machine step aside)."""

    counts: tuple[int, ...]
    coincidences: tuple[tuple[int, float], ...]  # sparse flat K×K entries; empty when not pairable
    complete: bool  # every expert graded: counts for Fleiss


class Stratum:
    def __init__(
        self, patterns: Sequence[Pattern], experts: Sequence[str], comparisons: Sequence[Comparison]
    ):
        counted = Counter(patterns)
        self.patterns: list[Pattern] = sorted(counted)  # sorted: resamples do not depend on run order
        self.weights: list[int] = [counted[p] for p in self.patterns]
        self.experts = tuple(experts)
        self.comparisons = tuple(comparisons)
        self._zero = len(self.patterns)  # index of a 0 appended to the weights
        # Per comparison: each confusion cell with the patterns that fall on it, so a resample's
        # cell counts are sums over index lists (done in C) rather than a Python loop per pattern.
        self._cells = [self._cell_groups(c) for c in self.comparisons]
        self._types: list[_UnitType] = []
        self._type_of: list[int] = []
        seen: dict[tuple[int, ...], int] = {}
        for pattern in self.patterns:
            counts = [0] * K
            for position in pattern[2:]:
                if position != ABSENT:
                    counts[position] += 1
            key = tuple(counts)
            if key not in seen:
                seen[key] = len(self._types)
                matrix = unit_coincidences(counts) or []
                self._types.append(
                    _UnitType(
                        counts=key,
                        coincidences=tuple((i, v) for i, v in enumerate(matrix) if v),
                        complete=sum(counts) == len(self.experts),
                    )
                )
            self._type_of.append(seen[key])

    def _cell_groups(self, comparison: Comparison) -> list[tuple[int, itemgetter]]:
        row = _column(comparison.reference, self.experts)
        column = _column(comparison.other, self.experts)
        members: dict[int, list[int]] = {}
        for index, pattern in enumerate(self.patterns):
            if pattern[row] != ABSENT and pattern[column] != ABSENT:
                members.setdefault(pattern[row] * K + pattern[column], []).append(index)
        # itemgetter of one index returns the item, of several a tuple: pad with the zero slot.
        return [(cell, itemgetter(*indexes, self._zero)) for cell, indexes in sorted(members.items())]

    def sums(self, weights: Sequence[int] | None = None) -> Sums:
        """The statistics of the stratum's runs, or of a resample given as counts per pattern."""
        weights = [*(self.weights if weights is None else weights), 0]  # the zero slot
        counts = []
        for groups in self._cells:
            confusion = [0] * (K * K)
            for cell, members in groups:
                confusion[cell] = sum(members(weights))
            counts.append(confusion)
        per_type = [0] * len(self._types)
        for type_index, weight in zip(self._type_of, weights, strict=False):  # not the zero slot
            per_type[type_index] += weight
        fleiss = FleissSums(raters=len(self.experts))
        complete = [
            (unit.counts, w) for unit, w in zip(self._types, per_type, strict=True) if w and unit.complete
        ]
        if complete:
            fleiss.add_items([c for c, _ in complete], [w for _, w in complete])
        coincidences = [0.0] * (K * K)
        pairable = 0
        for unit, weight in zip(self._types, per_type, strict=True):
            if weight and unit.coincidences:
                pairable += weight
                for cell, value in unit.coincidences:
                    coincidences[cell] += weight * value
        return Sums(counts, fleiss, coincidences, pairable)

    def resample(self, resampler: Resampler) -> Sums:
        return self.sums(resampler.multinomial(self.weights))
