"""Threshold proposals learn from calibration grades only and report what they give on validation."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from prism_desktop.review.analysis import analyse
from prism_desktop.review.dataset import GradedRun, Signal
from prism_desktop.review.signals import signals_of
from prism_desktop.review.thresholds import evaluate_proposal, propose_tables
from prism_desktop.review.verification_rules import VerificationRules
from prism_desktop.workspace.protocol import AxisRules
from prism_desktop.workspace.protocol_loader import load_protocols

REPO = Path(__file__).resolve().parents[2]
EXPERTS = ("e1", "e2")


@pytest.fixture(scope="module")
def l1_axes() -> dict[str, AxisRules]:
    return load_protocols(REPO / "metrics").l1.axes


def _m_runs(seed: int, tasks: range) -> list[GradedRun]:
    """Runs whose experts read a pass share of 0.75 or more as 8 (the table says 6 below 0.85)."""
    rng = random.Random(seed)
    runs = []
    for t in tasks:
        for r in range(10):
            share = rng.choice((1.0, 0.9, 0.8, 0.75, 0.7, 0.55, 0.4, 0.0))
            table_step = (
                10
                if share >= 1
                else 8
                if share >= 0.85
                else 6
                if share >= 0.6
                else 4
                if share >= 0.5
                else 2
                if share > 0
                else 0
            )
            expert_step = 8 if 0.75 <= share < 1 else table_step
            runs.append(
                GradedRun(
                    f"T{t:02d}", "m", r, "A", {"S": None, "M": table_step, "O": None, "P": None},
                    {e: {"M": expert_step} for e in EXPERTS}, signals={"M": Signal("scoring", share)},
                )
            )  # fmt: skip
    return runs


def test_proposal_moves_the_bound_the_experts_disagree_with(l1_axes: dict[str, AxisRules]) -> None:
    calibration = _m_runs(1, range(0, 10))
    (proposal,) = propose_tables(calibration, EXPERTS, {"M": l1_axes["M"]})
    bounds = [row.bound for row in proposal.proposed.rows]
    assert bounds[1] == pytest.approx(0.75)  # 8 from a share of 0.75 on
    assert [row.score for row in proposal.proposed.rows] == [row.score for row in proposal.current.rows]
    assert proposal.after.value == pytest.approx(1.0)
    assert proposal.before.value is not None and proposal.before.value < 1.0
    check = evaluate_proposal(proposal, _m_runs(2, range(10, 20)), EXPERTS)
    assert check.after.value == pytest.approx(1.0) and check.before.value < check.after.value  # type: ignore[operator]


def test_proposal_never_sees_validation_grades(l1_axes: dict[str, AxisRules]) -> None:
    runs = _m_runs(3, range(0, 20))
    split = {f"T{t:02d}": ("calibration" if t < 10 else "validation") for t in range(20)}
    rng = random.Random(9)
    mutated = [
        replace(r, experts={e: {"M": rng.choice((0, 2, 4, 6, 8, 10))} for e in EXPERTS})
        if split[r.task_id] == "validation"
        else r
        for r in runs
    ]
    rules = VerificationRules()
    first = analyse(runs, EXPERTS, split, rules, bootstrap=0, l1_axes=l1_axes).proposals
    second = analyse(mutated, EXPERTS, split, rules, bootstrap=0, l1_axes=l1_axes).proposals
    assert [c.proposal for c in first] == [c.proposal for c in second]  # tables and calibration kappas
    assert [c.after for c in first] != [c.after for c in second]  # the validation check did change


def test_signals_are_read_from_auto_detail() -> None:
    machine = {"S": 0, "M": 6, "O": 8, "P": 4}
    detail = {
        "S": {"root_causes": 0, "balanced": False},
        "M": {"executed": True, "passed": 5, "total": 8},
        "O": {"growth": 1.45, "p_opt": 1.0, "leg": "O-исп"},
        "P": {"clean_share": 0.25, "band": 4},
    }
    assert signals_of(detail, machine) == {
        "S": Signal("scoring", None),  # the balance pre-check, not the table
        "M": Signal("scoring", 0.625),
        "O": Signal("exec_scoring", pytest.approx(0.45)),  # type: ignore[arg-type]
        "P": Signal("scoring", 0.25),
    }
    assert signals_of({"O": {"weighted": 2.0, "count": 2, "codes": []}}, {"O": 6}) == {
        "O": Signal("scoring", 2.0)
    }
    assert signals_of({"O": {"growth": None, "p_opt": 1.0, "leg": "O-исп-B"}}, {"O": 2}) == {
        "O": Signal("b_exec_scoring", None)
    }
    assert signals_of({"P": {"reason": "no entry", "band": 0}}, {"P": 0}) == {"P": Signal("scoring", None)}
    assert (
        signals_of({"M": {"passed": 1, "total": 2}}, {"M": None}) == {}
    )  # not measured: nothing to re-score
