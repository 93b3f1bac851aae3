"""Table evaluation exactly as PRISM_FORMAT §2.2, on PRISM 1.2.0's tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scoring_fixtures import EXEC_TABLE, HIGHER, L1, LOWER, M_TABLE, O_TABLE, P_TABLE, S_TABLE, table

from prism_desktop.scoring.tables import evaluate, reachable_steps, row_matches
from prism_desktop.workspace.protocol import ScoringTable, TableRow


@pytest.mark.parametrize(
    ("signal", "step"),
    [(0, 10), (1, 8), (2, 6), (3, 6), (4, 4), (6, 4), (7, 2), (100, 2)],
)
def test_s_table_counts_root_causes_inclusively(signal: int, step: int) -> None:
    assert evaluate(S_TABLE, signal) == step


@pytest.mark.parametrize(
    ("share", "step"),
    [
        (1.0, 10),
        (0.99, 8),
        (0.85, 8),
        (17 / 20, 8),
        (0.84, 6),
        (0.6, 6),
        (0.5, 4),
        (0.49, 2),
        (0.01, 2),
        (0.0, 0),
    ],
)
def test_m_table_higher_is_better_with_exclusive_zero(share: float, step: int) -> None:
    assert evaluate(M_TABLE, share) == step


@pytest.mark.parametrize(
    ("d", "step"),
    [
        (-3.0, 10),
        (0.2, 10),
        (0.21, 8),
        (0.5, 8),
        (0.51, 6),
        (0.8, 6),
        (0.81, 4),
        (1.2, 4),
        (1.21, 2),
        (99.0, 2),
    ],
)
def test_exec_table_on_growth_deviation_boundaries(d: float, step: int) -> None:
    assert evaluate(EXEC_TABLE, d) == step


@pytest.mark.parametrize(("share", "step"), [(1.0, 10), (0.5, 6), (0.499, 4), (0.001, 4), (0.0, 0)])
def test_p_table(share: float, step: int) -> None:
    assert evaluate(P_TABLE, share) == step


def test_no_matching_row_gives_the_last_rows_score() -> None:
    no_else = table(LOWER, (1, 10), (3, 6))
    assert evaluate(no_else, 5) == 6
    assert evaluate(table(HIGHER, (0.5, 10), (0.2, 4)), 0.1) == 4


def test_exclusive_row_rejects_its_own_bound() -> None:
    assert evaluate(table(LOWER, (1, 10, "exclusive"), ("else", 0)), 1) == 0
    assert evaluate(table(LOWER, (1, 10, "exclusive"), ("else", 0)), 0.999) == 10
    assert evaluate(table(HIGHER, (1, 10, "exclusive"), ("else", 0)), 1) == 0


def test_else_row_matches_anything_and_first_match_wins() -> None:
    assert evaluate(table(LOWER, ("else", 4), (0, 10)), 0) == 4


def test_bad_tables_raise_clear_errors() -> None:
    with pytest.raises(ValueError, match="no rows"):
        evaluate(ScoringTable(direction="lower_is_better", rows=()), 1)
    with pytest.raises(ValueError, match="no bound"):
        row_matches(TableRow(score=4), LOWER, 1)
    with pytest.raises(ValueError, match="direction"):
        row_matches(TableRow(score=4, bound=1), "sideways", 1)


def test_reachable_steps_per_axis() -> None:
    assert reachable_steps(L1.axes["S"]) == (0, 2, 4, 6, 8, 10)
    assert reachable_steps(L1.axes["M"]) == (0, 2, 4, 6, 8, 10)
    assert reachable_steps(L1.axes["O"]) == (2, 4, 6, 8, 10)  # 0 is never reachable by machine
    assert reachable_steps(L1.axes["P"]) == (0, 4, 6, 10)


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_result_is_always_one_of_the_tables_scores(signal: float) -> None:
    for scoring in (S_TABLE, M_TABLE, O_TABLE, EXEC_TABLE, P_TABLE):
        assert evaluate(scoring, signal) in scoring.scores


@given(
    st.floats(min_value=-1e3, max_value=1e3, allow_nan=False),
    st.floats(min_value=-1e3, max_value=1e3, allow_nan=False),
)
def test_prism_tables_are_monotonic_in_their_direction(a: float, b: float) -> None:
    low, high = sorted((a, b))
    for scoring in (S_TABLE, O_TABLE, EXEC_TABLE):
        assert evaluate(scoring, low) >= evaluate(scoring, high)
    for scoring in (M_TABLE, P_TABLE):
        assert evaluate(scoring, low) <= evaluate(scoring, high)


@given(
    st.lists(st.tuples(st.floats(-100, 100, allow_nan=False), st.integers(0, 10)), min_size=1, max_size=6),
    st.floats(-200, 200, allow_nan=False),
    st.sampled_from([LOWER, HIGHER]),
)
def test_exclusive_and_inclusive_rows_differ_only_at_a_bound(
    rows: list[tuple[float, int]], signal: float, direction: str
) -> None:
    inclusive = table(direction, *rows)
    exclusive = table(direction, *[(bound, score, "exclusive") for bound, score in rows])
    if signal not in {bound for bound, _ in rows}:
        assert evaluate(inclusive, signal) == evaluate(exclusive, signal)


@given(
    st.lists(st.tuples(st.floats(-100, 100, allow_nan=False), st.integers(0, 10)), min_size=1, max_size=6),
    st.floats(-200, 200, allow_nan=False),
    st.integers(0, 10),
)
def test_an_else_row_first_always_wins(rows: list[tuple[float, int]], signal: float, score: int) -> None:
    assert evaluate(table(LOWER, ("else", score), *rows), signal) == score


@given(
    st.lists(st.tuples(st.floats(-100, 100, allow_nan=False), st.integers(0, 10)), min_size=1, max_size=6),
    st.floats(-200, 200, allow_nan=False),
)
def test_first_matching_row_wins_in_lower_direction(rows: list[tuple[float, int]], signal: float) -> None:
    matching = [score for bound, score in rows if signal <= bound]
    expected = matching[0] if matching else rows[-1][1]
    assert evaluate(table(LOWER, *rows), signal) == expected
