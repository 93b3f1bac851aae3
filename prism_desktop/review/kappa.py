"""Cohen's kappa, unweighted and with linear or quadratic weights, on a fixed label set.

Everything works from the confusion matrix as a flat list of k×k integer counts, so the
bootstrap (which resamples counts, not runs) and the plain entry point share one formula:

    kappa_w = 1 − n · Σ w_ij·o_ij / Σ w_ij·r_i·c_j

with disagreement weights w_ij = [i≠j], |i−j| or (i−j)² on label *positions* (the six steps are
evenly spaced, so this equals weights on the step values), o the counts, r and c the marginals.
All sums are integers; only the final ratio is a float.

With a projection of the row labels (an expert's steps read on the set of steps the machine can
reach), row i counts as row p(i): the observed term uses w_p(i)j and the chance term the merged
row totals, which is kappa of the merged matrix without building it."""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Literal

from .coefficient import NO_PAIRS, Coefficient, chance_corrected, undefined
from .scale import STEPS

Weighting = Literal["none", "linear", "quadratic"]
WEIGHTINGS: tuple[Weighting, ...] = ("none", "linear", "quadratic")


def marginals(counts: Sequence[int], k: int) -> tuple[int, list[int], list[int]]:
    """n, row totals and column totals of flat k×k counts."""
    rows = [sum(counts[i * k : (i + 1) * k]) for i in range(k)]
    return sum(rows), rows, [sum(counts[j::k]) for j in range(k)]


class KappaFamily:
    """Kappa unweighted, linear and quadratic, and the exact and adjacent agreement shares, of k×k
    tables, optionally with the rows projected. Prepared once, so that many tables (bootstrap
    resamples) are cheap: the chance terms come from the marginals in closed form,

        Σ r_a c_b [a≠b]   = n² − Σ r_a c_a
        Σ r_a c_b (a−b)²  = n·Σ r_a a² + n·Σ c_b b² − 2·(Σ r_a a)(Σ c_b b)
        Σ r_a c_b |a−b|   = Σ_a r_a·D_a,  D_0 = Σ c_b b,  D_{a+1} = D_a + 2·Σ_{b≤a} c_b − n
    """

    def __init__(self, k: int, rows: Sequence[int] | None = None):
        self.k = k
        self.rows = tuple(range(k)) if rows is None else tuple(rows)
        if len(self.rows) != k or not all(0 <= r < k for r in self.rows):
            raise ValueError(f"row projection: found {self.rows}, expected {k} positions in 0..{k - 1}")
        gaps = [self.rows[i] - j for i in range(k) for j in range(k)]
        self._linear = [abs(g) for g in gaps]
        self._quadratic = [g * g for g in gaps]
        self._adjacent = [1 if abs(g) <= 1 else 0 for g in gaps]
        self._diagonal = [i * k + self.rows[i] for i in range(k)]
        self._positions = list(range(k))
        self._squares = [a * a for a in range(k)]

    def values(
        self,
        counts: Sequence[int],
        totals: tuple[int, list[int], list[int]] | None = None,
        shares: bool = True,
    ) -> tuple[Coefficient, ...]:
        """(kappa, kappa_linear, kappa_quadratic, exact share, adjacent share) of flat k×k counts,
        without the shares when `shares` is False; `totals` = marginals(counts, k) when the caller
        has them already."""
        n, row_totals, column_totals = totals or marginals(counts, self.k)
        if n == 0:
            return (undefined(NO_PAIRS),) * (5 if shares else 3)
        if self.rows != tuple(self._positions):
            merged = [0] * self.k
            for i, target in enumerate(self.rows):
                merged[target] += row_totals[i]
            row_totals = merged
        hits = sum([counts[cell] for cell in self._diagonal])
        positions, squares = self._positions, self._squares
        row_first = sum(map(mul, positions, row_totals))
        column_first = sum(map(mul, positions, column_totals))
        linear_chance = 0
        distance = column_first
        below = 0
        for a in positions:
            linear_chance += row_totals[a] * distance
            below += column_totals[a]
            distance += 2 * below - n
        quadratic_chance = (
            n * sum(map(mul, squares, row_totals))
            + n * sum(map(mul, squares, column_totals))
            - 2 * row_first * column_first
        )
        kappas = (
            chance_corrected(n * (n - hits), n * n - sum(map(mul, row_totals, column_totals))),
            chance_corrected(n * sum(map(mul, self._linear, counts)), linear_chance),
            chance_corrected(n * sum(map(mul, self._quadratic, counts)), quadratic_chance),
        )
        if not shares:
            return kappas
        return (*kappas, Coefficient(hits / n), Coefficient(sum(map(mul, self._adjacent, counts)) / n))


def confusion_counts(
    first: Sequence[object], second: Sequence[object], labels: Sequence[object] = STEPS
) -> list[int]:
    """Flat k×k counts: cell i·k+j holds the items `first` rated labels[i] and `second` labels[j]."""
    if len(first) != len(second):
        raise ValueError(f"two raters: found {len(first)} and {len(second)} ratings, expected as many each")
    index = {label: position for position, label in enumerate(labels)}
    k = len(labels)
    counts = [0] * (k * k)
    for a, b in zip(first, second, strict=True):
        if a not in index or b not in index:
            bad = a if a not in index else b
            raise ValueError(f"rating {bad!r} is not one of the labels {', '.join(map(str, labels))}")
        counts[index[a] * k + index[b]] += 1
    return counts


def as_matrix(counts: Sequence[int], k: int) -> list[list[int]]:
    return [list(counts[i * k : (i + 1) * k]) for i in range(k)]


def cohen_kappa(
    first: Sequence[object],
    second: Sequence[object],
    labels: Sequence[object] = STEPS,
    weighting: Weighting = "none",
    rows: Sequence[int] | None = None,
) -> Coefficient:
    """Cohen's kappa of two raters over the same items, on the full label set `labels` (ordered,
    evenly spaced for the weighted forms); `rows` projects the first rater's label positions."""
    if weighting not in WEIGHTINGS:
        raise ValueError(f"weighting: found {weighting!r}, expected one of {', '.join(WEIGHTINGS)}")
    family = KappaFamily(len(labels), rows)
    return family.values(confusion_counts(first, second, labels))[WEIGHTINGS.index(weighting)]
