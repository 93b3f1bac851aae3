"""One stratum of the data (an axis × category × split cell): its runs reduced to distinct
patterns, and the sufficient statistics of every coefficient for any counts of those patterns.

A pattern is one run's tuple of scale positions (machine, consensus, expert 1 … expert E; −1 when
absent). Every coefficient depends on the runs only through how many runs show each pattern, so
a bootstrap resample is a multinomial draw of pattern counts (see resampling.py), its statistics
are sums of per-pattern contributions (computed for a whole batch of resamples at once, packed as
in batch.py), and pooled scopes (all categories) are sums of their strata's statistics."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import add

from .batch import weighted
from .krippendorff_alpha import value_pairs
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
class Statistics:
    """Sufficient statistics of one stratum or of a pooled scope, each packed over a batch of
    resamples (batch.py; a plain int in a batch of one). Pooled scopes add their strata's."""

    counts: list[list[int]]  # per comparison (in comparisons_for order): flat K×K confusion counts
    fleiss_items: int  # runs graded by every expert
    fleiss_squares: int  # Σ over those runs of Σ_step (experts who gave the step)²
    fleiss_totals: list[int]  # per step: how many grades of those runs gave it
    pairable: int  # runs graded by two or more experts (the units alpha pairs)
    alpha_totals: list[int]  # per step: the coincidence total n_c, an integer
    alpha_pairs: list[int]  # per value pair c < d (value_pairs order): (o_cd + o_dc) · alpha_scale

    def __add__(self, other: Statistics) -> Statistics:
        return Statistics(
            [list(map(add, mine, theirs)) for mine, theirs in zip(self.counts, other.counts, strict=True)],
            self.fleiss_items + other.fleiss_items,
            self.fleiss_squares + other.fleiss_squares,
            list(map(add, self.fleiss_totals, other.fleiss_totals)),
            self.pairable + other.pairable,
            list(map(add, self.alpha_totals, other.alpha_totals)),
            list(map(add, self.alpha_pairs, other.alpha_pairs)),
        )


def alpha_scale(experts: int) -> int:
    """The least common multiple of m − 1 over the unit sizes m = 2 … experts: coincidences
    times this are integers, so they add up exactly in packed form."""
    return math.lcm(*range(1, max(experts, 2)))


def largest_statistic(runs: int, experts: int) -> int:
    """An upper bound on any packed statistic over `runs` runs, for sizing batch.Packing: the
    kappa terms reach 2·(K−1)² per run, Fleiss' S experts², a coincidence pair 2·scale·experts²."""
    return runs * max(2 * (K - 1) ** 2, 2 * alpha_scale(experts) * experts * experts)


@dataclass(frozen=True)
class _UnitType:
    """The experts' counts per step shared by several patterns (the machine step aside)."""

    counts: tuple[int, ...]
    patterns: list[int]  # indexes into Stratum.patterns


class Stratum:
    def __init__(
        self, patterns: Sequence[Pattern], experts: Sequence[str], comparisons: Sequence[Comparison]
    ):
        counted = Counter(patterns)
        self.patterns: list[Pattern] = sorted(counted)  # sorted: resamples do not depend on run order
        self.weights: list[int] = [counted[p] for p in self.patterns]
        self.experts = tuple(experts)
        self.comparisons = tuple(comparisons)
        # Per comparison: each confusion cell with the patterns that fall on it.
        self._cells = [self._cell_groups(c) for c in self.comparisons]
        types: dict[tuple[int, ...], list[int]] = {}
        for index, pattern in enumerate(self.patterns):
            counts = [0] * K
            for position in pattern[2:]:
                if position != ABSENT:
                    counts[position] += 1
            types.setdefault(tuple(counts), []).append(index)
        units = [_UnitType(counts, members) for counts, members in types.items()]
        self._complete = [u for u in units if sum(u.counts) == len(self.experts)]  # for Fleiss
        self._pairable = [u for u in units if sum(u.counts) >= 2]  # for alpha
        scale = alpha_scale(len(self.experts))
        # Unit coincidences o_cd = n_c·n_d / (m − 1) for c ≠ d; times the scale, integers.
        self._pair_weights = [
            [2 * u.counts[c] * u.counts[d] * scale // (sum(u.counts) - 1) for u in self._pairable]
            for c, d in value_pairs(K)
        ]

    def _cell_groups(self, comparison: Comparison) -> list[tuple[int, list[int]]]:
        row = _column(comparison.reference, self.experts)
        column = _column(comparison.other, self.experts)
        members: dict[int, list[int]] = {}
        for index, pattern in enumerate(self.patterns):
            if pattern[row] != ABSENT and pattern[column] != ABSENT:
                members.setdefault(pattern[row] * K + pattern[column], []).append(index)
        return sorted(members.items())

    def statistics(self, columns: Sequence[int]) -> Statistics:
        """The statistics of a batch of resamples given as packed counts per pattern (batch.py);
        `statistics(weights)` gives the stratum's own."""
        counts = []
        for groups in self._cells:
            confusion = [0] * (K * K)
            for cell, members in groups:
                confusion[cell] = sum([columns[i] for i in members])
            counts.append(confusion)

        def per_unit(units: list[_UnitType]) -> list[int]:
            return [sum([columns[i] for i in unit.patterns]) for unit in units]

        complete, pairable = per_unit(self._complete), per_unit(self._pairable)
        fleiss_units = list(zip(complete, self._complete, strict=True))
        alpha_units = list(zip(pairable, self._pairable, strict=True))
        return Statistics(
            counts,
            sum(complete),
            weighted((sum(c * c for c in unit.counts), w) for w, unit in fleiss_units),
            [weighted((unit.counts[step], w) for w, unit in fleiss_units) for step in range(K)],
            sum(pairable),
            [weighted((unit.counts[step], w) for w, unit in alpha_units) for step in range(K)],
            [weighted(zip(factors, pairable, strict=True)) for factors in self._pair_weights],
        )
