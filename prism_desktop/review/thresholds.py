"""Threshold proposals: new bounds for the Level-1 scoring tables that maximise the weighted kappa
of machine vs expert consensus on the calibration tasks, and what they give on validation.

`propose_tables` sees only the runs it is given — the calibration runs; `evaluate_proposal`
applies a finished proposal to other runs (validation). A table keeps its rows, scores, direction
and exclusive flags; only the bounds move. The search is coordinate ascent: each bound in turn
takes the best value among the signals observed (keeping the table's order), until a full pass
changes nothing — a local optimum, reproducible, that a reviewer should read as a suggestion."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from prism_desktop.scoring.tables import evaluate
from prism_desktop.workspace.protocol import AxisRules, ScoringTable, TableRow

from .coefficient import Coefficient
from .consensus import DEFAULT_RULE, ConsensusRule, consensus_step
from .dataset import GradedRun
from .kappa import WEIGHTINGS, KappaFamily, Weighting
from .scale import STEP_INDEX, K

MAX_PASSES = 20
MAX_CANDIDATES = 200  # more distinct signals than this: candidates are evenly spaced order statistics
TABLE_NAMES = ("scoring", "exec_scoring", "b_exec_scoring")
_FAMILY = KappaFamily(K)


@dataclass(frozen=True)
class Proposal:
    axis: str
    table_name: str
    current: ScoringTable
    proposed: ScoringTable
    runs: int  # calibration runs with a consensus whose step this table decides
    before: Coefficient  # calibration kappa with the current table (the stored machine steps)
    after: Coefficient  # calibration kappa with the proposed table


@dataclass(frozen=True)
class ProposalCheck:
    """A proposal applied to runs it was not made on."""

    proposal: Proposal
    runs: int
    before: Coefficient
    after: Coefficient


def _tables(rules: AxisRules) -> dict[str, ScoringTable]:
    found = {"scoring": rules.table, "exec_scoring": rules.exec_table, "b_exec_scoring": rules.b_exec_table}
    return {name: table for name, table in found.items() if table is not None}


# A run as the search sees it: its consensus position, its fixed machine position (when this table
# does not decide it) or the signal this table turns into a step.
_Row = tuple[int, int | None, float | None]


def _rows(
    runs: Sequence[GradedRun],
    axis: str,
    table_name: str,
    experts: Sequence[str],
    rule: ConsensusRule,
    min_experts: int,
) -> list[_Row]:
    rows: list[_Row] = []
    for run in runs:
        machine = run.machine.get(axis)
        if machine is None:
            continue
        consensus = consensus_step(run.expert_steps(axis, tuple(experts)), rule, min_experts)
        if consensus is None:
            continue
        signal = run.signals.get(axis)
        if signal is not None and signal.table == table_name and signal.value is not None:
            rows.append((STEP_INDEX[consensus], None, signal.value))
        else:
            rows.append((STEP_INDEX[consensus], STEP_INDEX[machine], None))
    return rows


class _Objective:
    """Kappa of consensus vs machine for a candidate table, from counts of (consensus, signal)."""

    def __init__(self, rows: Sequence[_Row], weighting: Weighting):
        self.index = WEIGHTINGS.index(weighting)
        self.fixed = [0] * (K * K)
        signals: Counter[tuple[int, float]] = Counter()
        for consensus, machine, signal in rows:
            if signal is not None:
                signals[(consensus, signal)] += 1
            elif machine is not None:
                self.fixed[consensus * K + machine] += 1
        self.signals = sorted(signals.items())
        self.driven = sum(signals.values())

    def __call__(self, table: ScoringTable) -> Coefficient:
        counts = list(self.fixed)
        for (consensus, signal), times in self.signals:
            counts[consensus * K + STEP_INDEX[evaluate(table, signal)]] += times
        return _FAMILY.values(counts)[self.index]


def _candidates(values: Sequence[float]) -> list[float]:
    distinct = sorted(set(values))
    if len(distinct) <= MAX_CANDIDATES:
        return distinct
    step = (len(distinct) - 1) / (MAX_CANDIDATES - 1)
    return sorted({distinct[round(i * step)] for i in range(MAX_CANDIDATES)})


def _in_order(rows: Sequence[TableRow], index: int, bound: float, direction: str) -> bool:
    """Whether `bound` at row `index` keeps the bounded rows strictly ordered in the direction."""
    bounds = [row.bound for row in rows]
    bounds[index] = bound
    ordered = [b for b in bounds if b is not None]
    pairs = pairwise(ordered)
    return all(a < b for a, b in pairs) if direction == "lower_is_better" else all(a > b for a, b in pairs)


def _nearest_first(candidates: Sequence[float], current: float) -> list[float]:
    return sorted(candidates, key=lambda bound: (abs(bound - current), bound))


def _search(table: ScoringTable, objective: _Objective) -> ScoringTable:
    candidates = _candidates([signal for (_, signal), _ in objective.signals])
    best_table, best = table, objective(table).value
    for _ in range(MAX_PASSES):
        changed = False
        for index, row in enumerate(best_table.rows):
            if row.is_else or row.bound is None:
                continue
            for bound in _nearest_first(candidates, row.bound):
                if bound == row.bound or not _in_order(best_table.rows, index, bound, table.direction):
                    continue
                rows = list(best_table.rows)
                rows[index] = replace(row, bound=bound)
                trial = replace(best_table, rows=tuple(rows))
                value = objective(trial).value
                # Strictly better only: ties keep the bound nearest the current one.
                if value is not None and (best is None or value > best + 1e-12):
                    best_table, best, changed = trial, value, True
                    row = rows[index]
        if not changed:
            break
    return best_table


def propose_tables(
    calibration: Sequence[GradedRun],
    experts: Sequence[str],
    axes: Mapping[str, AxisRules],
    weighting: Weighting = "quadratic",
    rule: ConsensusRule = DEFAULT_RULE,
    min_experts: int = 2,
) -> list[Proposal]:
    """One proposal per scoring table that decides at least one calibration run with a consensus."""
    proposals = []
    for axis, axis_rules in axes.items():
        for name, table in _tables(axis_rules).items():
            objective = _Objective(_rows(calibration, axis, name, experts, rule, min_experts), weighting)
            if not objective.driven:
                continue
            proposed = _search(table, objective)
            proposals.append(
                Proposal(axis, name, table, proposed, objective.driven, objective(table), objective(proposed))
            )
    return proposals


def evaluate_proposal(
    proposal: Proposal,
    runs: Sequence[GradedRun],
    experts: Sequence[str],
    weighting: Weighting = "quadratic",
    rule: ConsensusRule = DEFAULT_RULE,
    min_experts: int = 2,
) -> ProposalCheck:
    """The proposal's table against the current one on `runs` (the validation runs)."""
    objective = _Objective(
        _rows(runs, proposal.axis, proposal.table_name, experts, rule, min_experts), weighting
    )
    return ProposalCheck(
        proposal, objective.driven, objective(proposal.current), objective(proposal.proposed)
    )
