"""The Landis & Koch (1977) verbal bands for kappa-type coefficients. Bands are closed at their
upper end, so 0.61 is the first "substantial" value to two decimals and 0.60 is still "moderate"."""

from __future__ import annotations

# (upper end, band); the last band takes everything above 0.80.
BANDS: tuple[tuple[float, str], ...] = (
    (0.0, "poor"),
    (0.20, "slight"),
    (0.40, "fair"),
    (0.60, "moderate"),
    (0.80, "substantial"),
)
TOP_BAND = "almost perfect"


def landis_koch_band(value: float | None) -> str | None:
    """The band of a coefficient; None when the coefficient itself is undefined. Below 0 is "poor"."""
    if value is None:
        return None
    for upper, band in BANDS:
        if value < upper or (value == upper and upper > 0.0):
            return band
    return TOP_BAND
