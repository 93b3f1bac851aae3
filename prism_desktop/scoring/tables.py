"""Evaluation of the protocol's scoring tables (PRISM_FORMAT §2.2). The thresholds live only in
the protocol; nothing in the scoring code knows a bound."""

from __future__ import annotations

from prism_desktop.workspace.protocol import AxisRules, ScoringTable, TableRow


def row_matches(row: TableRow, direction: str, signal: float) -> bool:
    """Whether one row accepts the signal: `else` always; otherwise compare with the bound in
    the table's direction, strictly when the row is exclusive."""
    if row.is_else:
        return True
    if row.bound is None:
        raise ValueError(f"scoring table row with score {row.score}: no bound and not an `else` row")
    if direction == "lower_is_better":
        return signal < row.bound if row.exclusive else signal <= row.bound
    if direction == "higher_is_better":
        return signal > row.bound if row.exclusive else signal >= row.bound
    raise ValueError(
        f"scoring table direction: found {direction!r}, expected 'lower_is_better' or 'higher_is_better'"
    )


def evaluate(table: ScoringTable, signal: float) -> int:
    """The score of the first row (top-down) that matches; the last row's score when none does."""
    if not table.rows:
        raise ValueError("scoring table has no rows")
    for row in table.rows:
        if row_matches(row, table.direction, signal):
            return row.score
    return table.rows[-1].score


def reachable_steps(rules: AxisRules) -> tuple[int, ...]:
    """Every step the machine can produce on an axis, ascending: the scores of all its tables
    (O has the O-auto, A exec and B exec tables) plus 0 when a pre-check exists."""
    steps = set(rules.reachable)
    for extra in (rules.exec_table, rules.b_exec_table, *rules.extra_tables.values()):
        if extra is not None:
            steps |= extra.scores
    return tuple(sorted(steps))
