"""Fleiss' kappa for a fixed number of raters per item (Fleiss 1971).

An item is its vector of counts per label (how many raters chose each label). The coefficient
needs only four integer sums, which is what the bootstrap adds up per resample:

    N items, m raters each, S = Σ_items Σ_labels n_ij², T_j = Σ_items n_ij
    P̄ = (S − N·m) / (N·m·(m−1)),  P_e = Σ_j (T_j / (N·m))²,  kappa = (P̄ − P_e) / (1 − P_e)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from .batch import SINGLE, Packing, dot
from .coefficient import ChanceCorrected, Coefficient, undefined
from .messages import NO_ITEMS, ONE_RATER


@dataclass
class FleissSums:
    """The sufficient statistics of Fleiss' kappa; sums of items add up."""

    raters: int
    items: int = 0
    squares: int = 0  # S
    totals: list[int] | None = None  # T_j

    def add(self, counts: Sequence[int], times: int = 1) -> None:
        """Count one item (its counts per label) `times` times."""
        self.add_items([counts], [times])

    def add_items(self, items: Sequence[Sequence[int]], times: Sequence[int]) -> None:
        """Count each item (counts per label) the matching number of times."""
        for counts in items:
            if sum(counts) != self.raters:
                raise ValueError(
                    f"an item with {sum(counts)} ratings, expected {self.raters} (one per rater)"
                )
        if not items:
            return
        if self.totals is None:
            self.totals = [0] * len(items[0])
        self.items += sum(times)
        self.squares += sum(t * sum(c * c for c in counts) for counts, t in zip(items, times, strict=True))
        for j, column in enumerate(zip(*items, strict=True)):
            self.totals[j] += sum(map(mul, column, times))

    def kappa(self) -> Coefficient:
        totals = self.totals or []
        return fleiss_batch(self.raters, self.items, self.squares, totals, SINGLE).first()


def fleiss_batch(
    raters: int, items: int, squares: int, totals: Sequence[int], packing: Packing
) -> ChanceCorrected:
    """Fleiss' kappa of sums packed per resample (see batch.py): N items, S = Σ_i Σ_j n_ij², and
    T_j = Σ_i n_ij. kappa = (P̄ − P_e)/(1 − P_e), both terms multiplied by (N·m)² to stay in
    integers as long as possible: 1 − kappa = (N·m)²(1 − P̄) / ((N·m)² − Σ T_j²)."""
    unpack = packing.unpack
    n_items = unpack(items)
    if raters < 2:
        nothing = [0] * packing.size
        return ChanceCorrected(nothing, nothing, [False] * packing.size, ONE_RATER)
    nm = [n * raters for n in n_items]
    columns = [unpack(t) for t in totals]
    squared_totals = dot(columns, columns, packing.size)
    chance = [x * x - t for x, t in zip(nm, squared_totals, strict=True)]
    observed = [x * x - (s - x) * x / (raters - 1) for x, s in zip(nm, unpack(squares), strict=True)]
    return ChanceCorrected(observed, chance, [n != 0 for n in n_items], NO_ITEMS)


def fleiss_kappa(table: Sequence[Sequence[int]]) -> Coefficient:
    """Fleiss' kappa of an items × labels table of counts (every row sums to the same rater count)."""
    if not table:
        return undefined(NO_ITEMS)
    sums = FleissSums(raters=sum(table[0]))
    for row in table:
        sums.add(row)
    return sums.kappa()
