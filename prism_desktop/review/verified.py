"""Verified marks, driven by VerificationRules (metrics/verification.yaml):
* an axis of a category is Verified when its rule holds on the agreement results;
* a run is Verified when, on every applicable axis the machine measured, the machine's step is
  within the tolerance of the experts' consensus (and, with `require_verified_axes`, every such
  axis is also Verified for the run's category)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from prism_desktop import vocabulary

from .agreement import Agreement
from .dataset import AXES, GradedRun
from .messages import (
    AXIS_RULE,
    FIGURE_UNDEFINED,
    NO_AXIS,
    NO_INTERVAL,
    RUN_APART,
    RUN_AXES_NOT_VERIFIED,
    RUN_NO_CONSENSUS,
    RUN_NO_UNANIMITY,
    RUN_WITHIN,
    TOO_FEW_RUNS,
)
from .scale import STEP_INDEX
from .strata import CONSENSUS, MACHINE, Comparison
from .verification_rules import VerificationRules

# The constitution's applicability (PRISM_FORMAT §2.1); callers pass the workspace's own.
DEFAULT_APPLICABLE: Mapping[str, tuple[str, ...]] = vocabulary.DEFAULT_APPLICABLE
MACHINE_VS_CONSENSUS = Comparison(CONSENSUS, MACHINE)


@dataclass(frozen=True)
class AxisVerdict:
    category: str
    axis: str
    verified: bool
    figure: str
    value: float | None
    ci: tuple[float, float] | None
    n: int
    reason: str


@dataclass(frozen=True)
class RunVerdict:
    run: GradedRun
    applicable: tuple[str, ...]  # axes of the category the machine measured
    consensus: dict[str, int | None]
    agreeing: tuple[str, ...]  # applicable axes within the tolerance of the consensus
    verified_axes: tuple[str, ...]  # applicable axes Verified for the run's category
    verified: bool
    reason: str


def axis_verdicts(agreement: Agreement, rules: VerificationRules) -> dict[tuple[str, str], AxisVerdict]:
    """(category, axis) -> verdict, for every category and axis with data."""
    verdicts = {}
    for category in agreement.categories:
        for axis in AXES:
            rule = rules.axis_rule(axis)
            scope = agreement.get(axis, rule.split, category)
            if scope is None:
                continue
            estimate = scope.estimate(MACHINE_VS_CONSENSUS, rule.figure)
            n = scope.pairs[MACHINE_VS_CONSENSUS.label]
            if estimate.value is None:
                holds, reason = False, FIGURE_UNDEFINED.format(figure=rule.figure, note=estimate.note)
            elif n < rule.min_runs:  # a high figure on a handful of runs certifies nothing
                holds, reason = (
                    False,
                    TOO_FEW_RUNS.format(
                        figure=rule.figure,
                        value=f"{estimate.value:.3f}",
                        n=n,
                        split=rule.split,
                        min_runs=rule.min_runs,
                    ),
                )
            elif estimate.ci is None:
                holds, reason = False, NO_INTERVAL.format(figure=rule.figure, value=f"{estimate.value:.3f}")
            else:
                holds = estimate.value >= rule.min_value and estimate.ci[0] >= rule.min_ci_low
                low, high = estimate.ci
                reason = AXIS_RULE.format(
                    figure=rule.figure,
                    value=f"{estimate.value:.3f}",
                    low=f"{low:.3f}",
                    high=f"{high:.3f}",
                    n=n,
                    split=rule.split,
                    min_value=rule.min_value,
                    min_ci_low=rule.min_ci_low,
                )
            verdicts[(category, axis)] = AxisVerdict(
                category, axis, holds, rule.figure, estimate.value, estimate.ci, n, reason
            )
    return verdicts


def _measured(run: GradedRun, axis: str) -> int:
    step = run.machine.get(axis)
    if step is None:
        raise ValueError(f"run {run.key}: axis {axis} was not measured")
    return step


def run_verdicts(
    runs: Sequence[GradedRun],
    experts: Sequence[str],
    rules: VerificationRules,
    axes: Mapping[tuple[str, str], AxisVerdict],
    applicable: Mapping[str, tuple[str, ...]] = DEFAULT_APPLICABLE,
) -> list[RunVerdict]:
    tolerance = rules.tolerance_steps
    experts = tuple(experts)
    verdicts = []
    for run in runs:
        measured = tuple(a for a in applicable.get(run.category, AXES) if run.machine.get(a) is not None)
        consensus = {
            axis: run.consensus_of(axis, experts, rules.consensus, rules.min_experts) for axis in measured
        }
        agreeing = tuple(
            axis
            for axis in measured
            if (step := consensus[axis]) is not None
            and abs(STEP_INDEX[step] - STEP_INDEX[_measured(run, axis)]) <= tolerance
        )
        verified_axes = tuple(
            a for a in measured if (found := axes.get((run.category, a))) is not None and found.verified
        )
        missing = [a for a in measured if consensus[a] is None]
        apart = [a for a in measured if consensus[a] is not None and a not in agreeing]
        unverified = [a for a in measured if a not in verified_axes]
        if not measured:
            verified, reason = False, NO_AXIS
        elif missing:
            sentence = RUN_NO_UNANIMITY if rules.consensus == "unanimous" else RUN_NO_CONSENSUS
            verified, reason = False, sentence.format(axes=", ".join(missing), min_experts=rules.min_experts)
        elif apart:
            verified, reason = False, RUN_APART.format(tolerance=tolerance, axes=", ".join(apart))
        elif rules.require_verified_axes and unverified:
            verified, reason = (
                False,
                RUN_AXES_NOT_VERIFIED.format(category=run.category, axes=", ".join(unverified)),
            )
        else:
            verified, reason = True, RUN_WITHIN.format(tolerance=tolerance, axes=", ".join(measured))
        verdicts.append(RunVerdict(run, measured, consensus, agreeing, verified_axes, verified, reason))
    return verdicts
