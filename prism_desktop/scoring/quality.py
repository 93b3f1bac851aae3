"""Q (PRISM_FORMAT §3.7): the mean of the measured applicable axes. A coarse secondary ranking;
the vector [S, M, O, P] is the primary result."""

from __future__ import annotations

from collections.abc import Mapping

from prism_desktop.workspace.protocol import Constitution

QUALITY_FORMULA = "mean_of_applicable"


def quality(
    scores: Mapping[str, float | int | None], category: str, constitution: Constitution, decimals: int
) -> float | None:
    """round(mean of non-null applicable axes, decimals); None when none is measured. N/A axes
    are left out of the mean, never counted as 0."""
    if constitution.quality_formula != QUALITY_FORMULA:
        raise ValueError(
            f"smop.yaml quality_score.formula: found {constitution.quality_formula!r}, "
            f"expected {QUALITY_FORMULA!r}"
        )
    values = [scores.get(axis) for axis in constitution.applicable_axes(category)]
    measured = [value for value in values if value is not None]
    if not measured:
        return None
    return round(sum(measured) / len(measured), decimals)
