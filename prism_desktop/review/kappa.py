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
from itertools import accumulate, repeat
from operator import mul, sub
from typing import Literal

from .batch import SINGLE, Packing, dot, weighted
from .coefficient import BatchCoefficient, ChanceCorrected, Coefficient, Share
from .messages import NO_PAIRS
from .scale import STEPS

Weighting = Literal["none", "linear", "quadratic"]
WEIGHTINGS: tuple[Weighting, ...] = ("none", "linear", "quadratic")


class KappaFamily:
    """Kappa unweighted, linear and quadratic, and the exact and adjacent agreement shares, of k×k
    tables, optionally with the rows projected. Prepared once, so that many tables (bootstrap
    resamples, see batch.py) are cheap. Every term but the chance products is linear in the cells,
    so it is summed on packed cells; the chance terms come from the marginals in closed form, with
    r the (projected) row totals, c the column totals and R_t, C_t their running sums to t:

        Σ r_a c_b [a≠b]   = n² − Σ r_a c_a
        Σ r_a c_b (a−b)²  = n·(Σ r_a a² + Σ c_b b²) − 2·(Σ r_a a)(Σ c_b b)
        Σ r_a c_b |a−b|   = n·Σ_{t<k−1} (R_t + C_t) − 2·Σ_{t<k−1} R_t C_t
                            (|a−b| counts the cuts t with min(a, b) ≤ t < max(a, b))
    """

    def __init__(self, k: int, rows: Sequence[int] | None = None):
        self.k = k
        self.rows = tuple(range(k)) if rows is None else tuple(rows)
        if len(self.rows) != k or not all(0 <= r < k for r in self.rows):
            raise ValueError(f"row projection: found {self.rows}, expected {k} positions in 0..{k - 1}")
        gaps = [self.rows[i] - j for i in range(k) for j in range(k)]
        self._linear = [abs(g) for g in gaps]
        self._quadratic = [g * g for g in gaps]
        self._adjacent = [cell for cell, g in enumerate(gaps) if abs(g) <= 1]
        self._diagonal = [i * k + self.rows[i] for i in range(k)]

    def batch(
        self, cells: Sequence[int], packing: Packing, shares: bool = True
    ) -> tuple[BatchCoefficient, ...]:
        """(kappa, kappa_linear, kappa_quadratic[, exact share, adjacent share]) of flat k×k
        counts packed per cell."""
        k, unpack = self.k, packing.unpack
        column_totals = [sum(cells[j::k]) for j in range(k)]
        row_totals = [0] * k  # rows merged by the projection
        for i, target in enumerate(self.rows):
            row_totals[target] += sum(cells[i * k : (i + 1) * k])
        positions = range(k)
        n = unpack(sum(row_totals))
        hits = unpack(sum([cells[cell] for cell in self._diagonal]))
        products = (
            unpack(weighted(zip(positions, row_totals, strict=True))),
            unpack(weighted(zip(positions, column_totals, strict=True))),
        )
        second = unpack(
            weighted(zip([a * a for a in positions] * 2, [*row_totals, *column_totals], strict=True))
        )
        running_rows = list(accumulate(row_totals[:-1]))
        running_columns = list(accumulate(column_totals[:-1]))
        spread = unpack(sum(running_rows) + sum(running_columns))
        same = dot([unpack(t) for t in row_totals], [unpack(t) for t in column_totals], packing.size)
        cuts = dot([unpack(t) for t in running_rows], [unpack(t) for t in running_columns], packing.size)
        defined = [size != 0 for size in n]
        linear = unpack(weighted(zip(self._linear, cells, strict=True)))
        quadratic = unpack(weighted(zip(self._quadratic, cells, strict=True)))
        two = repeat(2)
        kappas = (
            ChanceCorrected(
                list(map(mul, n, map(sub, n, hits))), list(map(sub, map(mul, n, n), same)), defined, NO_PAIRS
            ),
            ChanceCorrected(
                list(map(mul, n, linear)),
                list(map(sub, map(mul, n, spread), map(mul, two, cuts))),
                defined,
                NO_PAIRS,
            ),
            ChanceCorrected(
                list(map(mul, n, quadratic)),
                list(map(sub, map(mul, n, second), map(mul, map(mul, two, products[0]), products[1]))),
                defined,
                NO_PAIRS,
            ),
        )
        if not shares:
            return kappas
        adjacent = unpack(sum([cells[cell] for cell in self._adjacent]))
        return (*kappas, Share(hits, n, NO_PAIRS), Share(adjacent, n, NO_PAIRS))

    def values(self, counts: Sequence[int], shares: bool = True) -> tuple[Coefficient, ...]:
        """(kappa, kappa_linear, kappa_quadratic[, exact share, adjacent share]) of one table of
        flat k×k counts."""
        return tuple(c.first() for c in self.batch(counts, SINGLE, shares))


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
