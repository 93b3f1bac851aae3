"""Krippendorff's alpha for ordinal data (Krippendorff 2004/2011), missing ratings allowed.

A unit is the list of values its raters gave (any number; units with fewer than two values are
not pairable and add nothing). Everything follows from the coincidence matrix, which adds up
over units, so the bootstrap pools units by summing their matrices:

    o_ck = Σ_units (n_uc·n_uk − [c=k]·n_uc) / (m_u − 1),   n_c = Σ_k o_ck,   n = Σ_c n_c
    δ²_ck (ordinal) = (Σ_{g=c..k} n_g − (n_c + n_k)/2)²
    alpha = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import add, mul, sub

from .coefficient import ChanceCorrected, Coefficient
from .messages import NO_PAIRABLE


def unit_coincidences(counts: Sequence[int]) -> list[float] | None:
    """Flat k×k coincidences of one unit given its counts per value; None when not pairable."""
    m = sum(counts)
    if m < 2:
        return None
    k = len(counts)
    scale = 1.0 / (m - 1)
    return [
        (counts[c] * counts[d] - (counts[c] if c == d else 0)) * scale for c in range(k) for d in range(k)
    ]


def ordinal_alpha_from_coincidences(coincidences: Sequence[float], k: int) -> Coefficient:
    """Ordinal alpha of a flat k×k coincidence matrix."""
    totals = [sum(coincidences[c * k : (c + 1) * k]) for c in range(k)]
    cumulative = [0.0]
    for total in totals:
        cumulative.append(cumulative[-1] + total)
    return ordinal_alpha_batch(
        [[t] for t in totals],
        [[coincidences[c * k + d] + coincidences[d * k + c]] for c, d in value_pairs(k)],
        [[cumulative[d + 1] - cumulative[c] - (totals[c] + totals[d]) / 2.0] for c, d in value_pairs(k)],
    ).first()


def value_pairs(k: int) -> list[tuple[int, int]]:
    """The unordered pairs of distinct values c < d, in the order ordinal_alpha_batch takes them."""
    return [(c, d) for c in range(k) for d in range(c + 1, k)]


def ordinal_alpha_batch(
    totals: Sequence[Sequence[float]], pairs: Sequence[Sequence[float]], betweens: Sequence[Sequence[float]]
) -> ChanceCorrected:
    """Ordinal alpha in each resample of a batch. Per value c, a column of the coincidence totals
    n_c; per pair of values c < d (value_pairs order), a column of o_cd + o_dc and one of
    Σ_{g=c..d} n_g − (n_c + n_d)/2, whose square is the ordinal δ²_cd.

    δ² is symmetric and 0 on the diagonal, so each unordered pair is visited once for both cells,
    and the sums keep the order of operations of that textbook loop, term by term (the maps run
    in C). A value no unit used (n_c = 0) has no coincidences either and adds exactly 0.0."""
    n = totals[0]
    for column in totals[1:]:
        n = list(map(add, n, column))
    doubled = [list(map(mul, repeat(2.0), column)) for column in totals]
    observed = [0.0] * len(n)
    expected = [0.0] * len(n)
    for (c, d), both, between in zip(value_pairs(len(totals)), pairs, betweens, strict=True):
        delta = list(map(mul, between, between))
        observed = list(map(add, observed, map(mul, both, delta)))
        expected = list(map(add, expected, map(mul, map(mul, doubled[c], totals[d]), delta)))
    return ChanceCorrected(
        list(map(mul, map(sub, n, repeat(1)), observed)), expected, [m > 0 for m in n], NO_PAIRABLE
    )


def ordinal_alpha(units: Sequence[Sequence[int | None]], labels: Sequence[int]) -> Coefficient:
    """Ordinal alpha of units given as lists of ratings (None: that rater gave none) on `labels`,
    ordered from low to high."""
    index = {label: position for position, label in enumerate(labels)}
    k = len(labels)
    total = [0.0] * (k * k)
    for unit in units:
        counts = [0] * k
        for value in unit:
            if value is None:
                continue
            if value not in index:
                raise ValueError(f"rating {value!r} is not one of the labels {', '.join(map(str, labels))}")
            counts[index[value]] += 1
        matrix = unit_coincidences(counts)
        if matrix is not None:
            total = [a + b for a, b in zip(total, matrix, strict=True)]
    return ordinal_alpha_from_coincidences(total, k)
