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

from .coefficient import Coefficient, chance_corrected, undefined

NO_PAIRABLE = "no run was graded by two or more experts"


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
    n = sum(totals)
    if n <= 0:
        return undefined(NO_PAIRABLE)
    cumulative = [0.0]
    for total in totals:
        cumulative.append(cumulative[-1] + total)
    observed = 0.0
    expected = 0.0
    for c in range(k):
        if not totals[c]:
            continue  # an unused value adds nothing to either sum
        row = c * k
        for d in range(c + 1, k):
            # δ² is symmetric and 0 on the diagonal: each unordered pair once, both cells.
            between = cumulative[d + 1] - cumulative[c] - (totals[c] + totals[d]) / 2.0
            delta = between * between
            observed += (coincidences[row + d] + coincidences[d * k + c]) * delta
            expected += 2.0 * totals[c] * totals[d] * delta
    return chance_corrected((n - 1) * observed, expected)


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
