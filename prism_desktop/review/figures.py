"""Every coefficient of one axis in one scope, from its sufficient statistics (strata.Sums).

Names (also the JSON keys): per comparison `kappa`, `kappa_linear`, `kappa_quadratic`, `exact`,
`adjacent`, and for comparisons with the machine `projected.kappa…` (the reference side's steps
projected onto the machine's reachable steps); for the experts `fleiss_kappa` and
`krippendorff_alpha`."""

from __future__ import annotations

from collections.abc import Sequence

from .coefficient import Coefficient
from .kappa import KappaFamily, marginals
from .krippendorff_alpha import ordinal_alpha_from_coincidences
from .scale import K
from .strata import Comparison, Sums

KAPPA_NAMES = ("kappa", "kappa_linear", "kappa_quadratic")
SHARE_NAMES = ("exact", "adjacent")
PROJECTED = "projected."
PROJECTED_NAMES = tuple(PROJECTED + name for name in KAPPA_NAMES)
FLEISS = "fleiss_kappa"
KRIPPENDORFF = "krippendorff_alpha"
EXPERTS = "experts"

FigureKey = tuple[str, str]  # (comparison label or EXPERTS, coefficient name)


class FigurePlan:
    """Which coefficients an axis has, in a fixed order, and how to compute them from Sums."""

    def __init__(self, comparisons: Sequence[Comparison], projection: Sequence[int]):
        self.comparisons = tuple(comparisons)
        self.plain = KappaFamily(K)
        # S and M reach every step: their projected kappas are the plain ones, not recomputed.
        self.projected = None if tuple(projection) == tuple(range(K)) else KappaFamily(K, projection)
        keys: list[FigureKey] = []
        for comparison in self.comparisons:
            names = KAPPA_NAMES + SHARE_NAMES + (PROJECTED_NAMES if comparison.with_machine else ())
            keys += [(comparison.label, name) for name in names]
        self.keys: tuple[FigureKey, ...] = (*keys, (EXPERTS, FLEISS), (EXPERTS, KRIPPENDORFF))

    def values(self, sums: Sums) -> list[Coefficient]:
        """The coefficients in `keys` order."""
        values: list[Coefficient] = []
        for comparison, counts in zip(self.comparisons, sums.counts, strict=True):
            totals = marginals(counts, K)
            plain = self.plain.values(counts, totals)
            values += plain
            if comparison.with_machine:
                values += (
                    plain[:3] if self.projected is None else self.projected.values(counts, totals, False)
                )
        values.append(sums.fleiss.kappa())
        values.append(ordinal_alpha_from_coincidences(sums.coincidences, K))
        return values

    def figures(self, sums: Sums) -> dict[FigureKey, Coefficient]:
        return dict(zip(self.keys, self.values(sums), strict=True))
