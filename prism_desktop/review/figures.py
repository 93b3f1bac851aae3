"""Every coefficient of one axis in one scope, from its sufficient statistics (strata.Statistics).

Names (also the JSON keys): per comparison `kappa`, `kappa_linear`, `kappa_quadratic`, `exact`,
`adjacent`, and for comparisons with the machine `projected.kappa…` (the reference side's steps
projected onto the machine's reachable steps); for the experts `fleiss_kappa` and
`krippendorff_alpha`."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import truediv

from .batch import SINGLE, Packing
from .coefficient import BatchCoefficient, ChanceCorrected, Coefficient
from .fleiss import fleiss_batch
from .kappa import KappaFamily
from .krippendorff_alpha import ordinal_alpha_batch, value_pairs
from .scale import K
from .strata import Comparison, Statistics, alpha_scale

KAPPA_NAMES = ("kappa", "kappa_linear", "kappa_quadratic")
SHARE_NAMES = ("exact", "adjacent")
PROJECTED = "projected."
PROJECTED_NAMES = tuple(PROJECTED + name for name in KAPPA_NAMES)
FLEISS = "fleiss_kappa"
KRIPPENDORFF = "krippendorff_alpha"
EXPERTS = "experts"

FigureKey = tuple[str, str]  # (comparison label or EXPERTS, coefficient name)


class FigurePlan:
    """Which coefficients an axis has, in a fixed order, and how to compute them from Statistics."""

    def __init__(self, comparisons: Sequence[Comparison], projection: Sequence[int], experts: int):
        self.comparisons = tuple(comparisons)
        self.experts = experts
        self.plain = KappaFamily(K)
        # S and M reach every step: their projected kappas are the plain ones, not recomputed.
        self.projected = None if tuple(projection) == tuple(range(K)) else KappaFamily(K, projection)
        keys: list[FigureKey] = []
        for comparison in self.comparisons:
            names = KAPPA_NAMES + SHARE_NAMES + (PROJECTED_NAMES if comparison.with_machine else ())
            keys += [(comparison.label, name) for name in names]
        self.keys: tuple[FigureKey, ...] = (*keys, (EXPERTS, FLEISS), (EXPERTS, KRIPPENDORFF))

    def batch(self, statistics: Statistics, packing: Packing) -> list[BatchCoefficient]:
        """The coefficients in `keys` order, each over the batch of resamples."""
        coefficients: list[BatchCoefficient] = []
        for comparison, counts in zip(self.comparisons, statistics.counts, strict=True):
            plain = self.plain.batch(counts, packing)
            coefficients += plain
            if comparison.with_machine:
                coefficients += (
                    plain[:3] if self.projected is None else self.projected.batch(counts, packing, False)
                )
        coefficients.append(
            fleiss_batch(
                self.experts,
                statistics.fleiss_items,
                statistics.fleiss_squares,
                statistics.fleiss_totals,
                packing,
            )
        )
        coefficients.append(self._alpha(statistics, packing))
        return coefficients

    def _alpha(self, statistics: Statistics, packing: Packing) -> ChanceCorrected:
        # The coincidence totals n_c are integers, so Σ_{g=c..d} n_g − (n_c + n_d)/2 is half of
        # the packed n_c + n_d + 2·Σ_{c<g<d} n_g, exactly as the textbook loop computes it.
        unpack, totals = packing.unpack, statistics.alpha_totals
        scale = alpha_scale(self.experts)
        pairs = [unpack(p) for p in statistics.alpha_pairs]
        if scale != 1:
            pairs = [list(map(truediv, column, repeat(scale))) for column in pairs]
        betweens = [
            list(map(truediv, unpack(totals[c] + totals[d] + 2 * sum(totals[c + 1 : d])), repeat(2.0)))
            for c, d in value_pairs(K)
        ]
        return ordinal_alpha_batch([unpack(t) for t in totals], pairs, betweens)

    def values(self, statistics: Statistics, packing: Packing) -> list[list[float | None]]:
        """Each coefficient's value in each resample of the batch (None where undefined), in `keys` order."""
        return [c.values() for c in self.batch(statistics, packing)]

    def figures(self, statistics: Statistics) -> dict[FigureKey, Coefficient]:
        """The coefficients of unresampled statistics (a batch of one), with their notes."""
        return dict(zip(self.keys, (c.first() for c in self.batch(statistics, SINGLE)), strict=True))
