"""Verified only on evidence: a minimum of runs with a consensus and a machine score per axis and
category (metrics/verification.yaml `min_runs`), kappa of ratings without variation undefined (not
1.0), and the true cause when machine vs consensus has no pair."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.review.analysis import analyse
from prism_desktop.review.dataset import GradedRun
from prism_desktop.review.messages import CONSTANT_RATINGS
from prism_desktop.review.verification_rules import (
    DEFAULT_MIN_RUNS,
    AxisRule,
    VerificationRules,
    load_verification_rules,
    rules_for_workspace,
)
from prism_desktop.workspace.errors import WorkspaceError

REPO = Path(__file__).resolve().parents[2]
EXPERTS = ("ivan", "olga")
STEPS = (0, 2, 4, 6, 8, 10)


def _identical_runs(count: int, category: str = "A", steps: tuple[int, ...] = STEPS) -> list[GradedRun]:
    """`count` validation runs where the machine and both experts give the same step on S."""
    runs = []
    for index in range(count):
        step = steps[index % len(steps)]
        machine = {"S": step, "M": None, "O": None, "P": None}
        experts = {e: {"S": step} for e in EXPERTS}
        runs.append(GradedRun("T1", "m", index, category, machine, experts))
    return runs


def _rules(min_runs: int) -> VerificationRules:
    return VerificationRules(axis_rules={axis: AxisRule(min_runs=min_runs) for axis in "SMOP"})


def _verdict(runs: list[GradedRun], rules: VerificationRules, category: str = "A", axis: str = "S"):  # type: ignore[no-untyped-def]
    analysis = analyse(runs, EXPERTS, {"T1": "validation"}, rules, bootstrap=200, seed=3)
    return analysis.axis_verdicts[(category, axis)]


def test_perfect_agreement_on_three_runs_is_not_verified_by_default() -> None:
    verdict = _verdict(_identical_runs(3), VerificationRules())
    assert verdict.value == 1.0 and verdict.n == 3
    assert not verdict.verified
    assert verdict.reason == (
        "kappa_quadratic = 1.000 on only 3 run(s) with a consensus and a machine score on validation "
        f"tasks; Verified needs at least {DEFAULT_MIN_RUNS}"
    )


@pytest.mark.parametrize(("runs", "min_runs", "verified"), [(12, 12, True), (12, 13, False), (13, 12, True)])
def test_the_minimum_is_inclusive(runs: int, min_runs: int, verified: bool) -> None:
    verdict = _verdict(_identical_runs(runs), _rules(min_runs))
    assert verdict.verified is verified
    assert ("Verified needs at least" in verdict.reason) is not verified


def test_the_default_minimum_is_reached_with_enough_runs() -> None:
    verdict = _verdict(_identical_runs(DEFAULT_MIN_RUNS), VerificationRules())
    assert verdict.verified and verdict.n == DEFAULT_MIN_RUNS
    assert not _verdict(_identical_runs(DEFAULT_MIN_RUNS - 1), VerificationRules()).verified


def test_ratings_without_variation_have_no_kappa_and_are_never_verified() -> None:
    verdict = _verdict(_identical_runs(40, steps=(6,)), _rules(1))
    assert verdict.value is None and verdict.ci is None and not verdict.verified
    assert verdict.reason == f"kappa_quadratic undefined: {CONSTANT_RATINGS}"


def test_no_machine_scores_is_said_as_such_not_as_missing_experts() -> None:
    """Category B, both experts graded P, the machine scored none of those runs."""
    runs = [
        GradedRun(
            "T1", "m", i, "B", {"S": None, "M": None, "O": None, "P": None}, {e: {"P": 4} for e in EXPERTS}
        )
        for i in range(5)
    ]
    verdict = _verdict(runs, VerificationRules(), category="B", axis="P")
    assert verdict.reason == (
        "kappa_quadratic undefined: the machine scored none of the 5 run(s) with a consensus: "
        "score them (Level 1) first"
    )
    lone = [GradedRun("T1", "m", i, "B", {"P": 4}, {"ivan": {"P": 4}}) for i in range(5)]
    assert (
        "no run has a consensus: it needs 2 or more experts"
        in _verdict(lone, VerificationRules(), category="B", axis="P").reason
    )


def test_min_runs_is_read_checked_and_defaulted(tmp_path: Path) -> None:
    path = tmp_path / "verification.yaml"
    path.write_text("axes:\n  default: {min_runs: 50}\n  O: {min_runs: 80}\n", encoding="utf-8")
    rules = load_verification_rules(path)
    assert (rules.axis_rule("S").min_runs, rules.axis_rule("O").min_runs) == (50, 80)
    path.write_text("axes:\n  default: {min_value: 0.7}\n", encoding="utf-8")  # without the key
    assert load_verification_rules(path).axis_rule("M").min_runs == DEFAULT_MIN_RUNS
    assert rules_for_workspace(tmp_path).axis_rule("M").min_runs == DEFAULT_MIN_RUNS  # no file at all
    path.write_text("axes:\n  M:\n    min_runs: 0\n", encoding="utf-8")
    with pytest.raises(
        WorkspaceError,
        match=r"verification.yaml:3: axes.M.min_runs: found the integer 0, "
        r"expected an integer ≥ 1",
    ):
        load_verification_rules(path)


def test_the_documented_default_is_the_default() -> None:
    text = (REPO / "docs" / "agreement.md").read_text(encoding="utf-8")
    assert f"`min_runs` (default {DEFAULT_MIN_RUNS})" in text


def test_resamples_without_variation_are_left_out_of_the_interval() -> None:
    """29 runs all at 6 and one where the machine says 8: kappa is 0 (no better than chance); the
    resamples that miss that run (about a third) show no variation and give no value, not 1.0."""
    runs = _identical_runs(30, steps=(6,))
    odd = runs[0]
    runs[0] = GradedRun(odd.task_id, odd.model_id, odd.run_index, "A", {**odd.machine, "S": 8}, odd.experts)
    verdict = _verdict(runs, _rules(1))
    assert verdict.value == 0.0
    assert verdict.ci == (0.0, 0.0)
