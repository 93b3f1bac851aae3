"""Every coefficient against a reference implementation on random data (to 1e-9), textbook
examples with published values, and degenerate cases that must give defined results."""

from __future__ import annotations

import math

import krippendorff
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import fleiss_kappa as statsmodels_fleiss

from prism_desktop.review.fleiss import FleissSums, fleiss_kappa
from prism_desktop.review.kappa import WEIGHTINGS, KappaFamily, cohen_kappa, confusion_counts
from prism_desktop.review.krippendorff_alpha import ordinal_alpha
from prism_desktop.review.landis_koch import landis_koch_band
from prism_desktop.review.messages import CONSTANT_RATINGS, NO_ITEMS, NO_PAIRABLE, NO_PAIRS, ONE_RATER
from prism_desktop.review.scale import STEPS, projection

# scikit-learn warns where it returns NaN; those cases are the point of some examples.
pytestmark = pytest.mark.filterwarnings("ignore::sklearn.exceptions.UndefinedMetricWarning")

step = st.sampled_from(STEPS)
pairs = st.lists(st.tuples(step, step), min_size=1, max_size=80)


def _sklearn(a: list[int], b: list[int], weighting: str) -> float:
    return cohen_kappa_score(a, b, labels=list(STEPS), weights=None if weighting == "none" else weighting)


@settings(max_examples=300, deadline=None)
@given(pairs, st.sampled_from(WEIGHTINGS))
def test_cohen_kappa_matches_scikit_learn(data: list[tuple[int, int]], weighting: str) -> None:
    a, b = [x for x, _ in data], [y for _, y in data]
    ours = cohen_kappa(a, b, STEPS, weighting)  # type: ignore[arg-type]
    with np.errstate(all="ignore"):
        reference = _sklearn(a, b, weighting)
    if math.isnan(reference):  # scikit-learn's 0/0: every rating one and the same step
        assert len(set(a) | set(b)) == 1
        assert ours == (None, CONSTANT_RATINGS)
    else:
        assert ours.value == pytest.approx(reference, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(pairs, st.sampled_from(WEIGHTINGS), st.sampled_from([(2, 4, 6, 8, 10), (0, 4, 6, 10), STEPS]))
def test_projected_kappa_is_kappa_of_projected_steps(
    data: list[tuple[int, int]], weighting: str, reachable: tuple[int, ...]
) -> None:
    """Projection merges rows inside the formula; scikit-learn on the projected labels agrees."""
    rows = projection(reachable)
    a = [STEPS[rows[STEPS.index(x)]] for x, _ in data]
    b = [y for _, y in data]
    ours = cohen_kappa([x for x, _ in data], b, STEPS, weighting, rows)  # type: ignore[arg-type]
    with np.errstate(all="ignore"):
        reference = _sklearn(a, b, weighting)
    if math.isnan(reference):  # every projected rating one and the same step: no value, no convention
        assert ours == (None, CONSTANT_RATINGS)
    else:
        assert ours.value == pytest.approx(reference, abs=1e-9)


def test_projection_rounds_to_nearest_reachable_step_ties_down() -> None:
    assert [STEPS[i] for i in projection((2, 4, 6, 8, 10))] == [2, 2, 4, 6, 8, 10]
    assert [STEPS[i] for i in projection((0, 4, 6, 10))] == [0, 0, 4, 6, 6, 10]  # 2 and 8 are ties


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=2, max_value=6).flatmap(
        lambda raters: st.lists(
            st.lists(st.integers(0, 5), min_size=raters, max_size=raters), min_size=1, max_size=40
        )
    )
)
def test_fleiss_kappa_matches_statsmodels(ratings: list[list[int]]) -> None:
    table = [[row.count(label) for label in range(6)] for row in ratings]
    ours = fleiss_kappa(table)
    with np.errstate(all="ignore"):
        reference = statsmodels_fleiss(np.array(table), method="fleiss")
    if math.isnan(reference):
        assert ours == (None, CONSTANT_RATINGS)
    else:
        assert ours.value == pytest.approx(reference, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=2, max_value=5).flatmap(
        lambda raters: st.lists(
            st.lists(st.one_of(st.none(), step), min_size=raters, max_size=raters), min_size=1, max_size=40
        )
    )
)
def test_ordinal_alpha_matches_krippendorff_package(units: list[list[int | None]]) -> None:
    ours = ordinal_alpha(units, STEPS)
    data = np.array([[np.nan if v is None else v for v in unit] for unit in units], dtype=float).T
    pairable = any(sum(v is not None for v in unit) >= 2 for unit in units)
    values = {v for unit in units for v in unit if v is not None and sum(x is not None for x in unit) >= 2}
    if not pairable:
        assert ours == (None, NO_PAIRABLE)
    elif len(values) == 1:  # the package refuses a one-value domain; ours is the documented 1.0
        assert ours == (None, CONSTANT_RATINGS)
    else:
        reference = krippendorff.alpha(data, level_of_measurement="ordinal", value_domain=list(STEPS))
        assert ours.value == pytest.approx(reference, abs=1e-9)


# -- textbook values ---------------------------------------------------------------------------


def test_cohen_textbook_example() -> None:
    """The two-reader yes/no example of the Wikipedia article: 20 yes-yes, 5 yes-no, 10 no-yes,
    15 no-no; p_o = 0.7, p_e = 0.5, kappa = 0.4."""
    a = ["yes"] * 25 + ["no"] * 25
    b = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
    assert cohen_kappa(a, b, ["yes", "no"]).value == pytest.approx(0.4, abs=1e-12)


def test_weighted_kappa_of_complete_reversal_is_minus_one() -> None:
    assert cohen_kappa([0, 10], [10, 0], STEPS, "quadratic").value == pytest.approx(-1.0)
    assert cohen_kappa([0, 10], [10, 0], STEPS, "linear").value == pytest.approx(-1.0)


def test_fleiss_textbook_example() -> None:
    """Fleiss (1971) as tabulated in the Wikipedia article: 10 subjects, 14 raters, 5 categories,
    kappa = 0.210."""
    table = [
        [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ]  # fmt: skip
    assert fleiss_kappa(table).value == pytest.approx(0.20993070442195522, abs=1e-12)
    assert round(fleiss_kappa(table).value or 0, 3) == 0.210


def test_krippendorff_textbook_example() -> None:
    """Krippendorff's example of 4 coders and 12 units with gaps (the ordinal example reproduced
    in the `krippendorff` package's documentation): ordinal alpha 0.815."""
    nan = None
    coders = [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, nan, nan, nan],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nan, 3],
        [nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nan],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nan],
    ]
    units = list(zip(*coders, strict=True))
    assert round(ordinal_alpha(units, [1, 2, 3, 4, 5]).value or 0, 3) == 0.815


# -- degenerate cases --------------------------------------------------------------------------


def test_degenerate_cases_are_defined() -> None:
    assert cohen_kappa([], [], STEPS) == (None, NO_PAIRS)
    assert cohen_kappa([6, 6, 6], [6, 6, 6], STEPS, "quadratic") == (None, CONSTANT_RATINGS)
    assert cohen_kappa([4], [4], STEPS) == (None, CONSTANT_RATINGS)  # n = 1: one step, nothing to measure
    assert cohen_kappa([4], [8], STEPS).value == 0.0  # n = 1, disagreeing: no better than chance
    assert cohen_kappa([10, 10], [8, 10], STEPS).value == 0.0  # one side constant
    assert fleiss_kappa([]) == (None, NO_ITEMS)
    assert FleissSums(raters=1).kappa() == (None, ONE_RATER)
    assert fleiss_kappa([[3, 0], [3, 0]]) == (None, CONSTANT_RATINGS)
    assert ordinal_alpha([[2], [4]], STEPS) == (None, NO_PAIRABLE)
    assert ordinal_alpha([[2, 2], [2, 2, None]], STEPS) == (None, CONSTANT_RATINGS)
    with pytest.raises(ValueError, match="rating 5 is not one of the labels"):
        cohen_kappa([5], [4], STEPS)


def test_kappa_family_gives_every_weighting_and_the_shares_at_once() -> None:
    a, b = [0, 2, 4, 6, 8, 10, 10], [0, 4, 4, 6, 10, 10, 8]
    kappa, linear, quadratic, exact, adjacent = KappaFamily(6).values(confusion_counts(a, b))
    assert (kappa.value, linear.value, quadratic.value) == pytest.approx(
        [_sklearn(a, b, w) for w in WEIGHTINGS], abs=1e-12
    )
    assert exact.value == pytest.approx(4 / 7) and adjacent.value == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("value", "band"),
    [(-0.1, "poor"), (0.0, "slight"), (0.2, "slight"), (0.21, "fair"), (0.4, "fair"),
     (0.41, "moderate"), (0.6, "moderate"), (0.61, "substantial"), (0.8, "substantial"),
     (0.81, "almost perfect"), (1.0, "almost perfect"), (None, None)],
)  # fmt: skip
def test_landis_koch_bands(value: float | None, band: str | None) -> None:
    assert landis_koch_band(value) == band
