"""One agreement analysis from plain inputs: the statistics, the Verified marks and the threshold
proposals, wired the way metrics/verification.yaml says. Callers (CLI, GUI services) bring the runs
from files or the store and the split from a file, a session or a seeded default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from prism_desktop.scoring.tables import reachable_steps
from prism_desktop.workspace.protocol import AxisRules

from .agreement import DEFAULT_REACHABLE, Agreement, AgreementSettings, compute_agreement
from .dataset import GradedRun
from .kappa import Weighting
from .thresholds import ProposalCheck, evaluate_proposal, propose_tables
from .verification_rules import VerificationRules
from .verified import DEFAULT_APPLICABLE, AxisVerdict, RunVerdict, axis_verdicts, run_verdicts

WEIGHTING_OF: Mapping[str, Weighting] = {
    "kappa": "none",
    "kappa_linear": "linear",
    "kappa_quadratic": "quadratic",
}


@dataclass(frozen=True)
class Analysis:
    agreement: Agreement
    rules: VerificationRules
    axis_verdicts: dict[tuple[str, str], AxisVerdict]
    run_verdicts: list[RunVerdict]
    proposals: list[ProposalCheck]

    @property
    def verified_runs(self) -> list[RunVerdict]:
        return [v for v in self.run_verdicts if v.verified]


def analyse(
    runs: Sequence[GradedRun],
    experts: Sequence[str],
    split_of: Mapping[str, str],
    rules: VerificationRules,
    *,
    bootstrap: int = 2000,
    seed: int = 0,
    l1_axes: Mapping[str, AxisRules] | None = None,
    applicable: Mapping[str, tuple[str, ...]] = DEFAULT_APPLICABLE,
) -> Analysis:
    """`l1_axes` (the workspace's smop_l1_auto.yaml rules) gives the machine's reachable steps and
    the tables to propose bounds for; without it, PRISM 1.2.0's reachable steps and no proposals."""
    reachable = (
        {axis: reachable_steps(rules_) for axis, rules_ in l1_axes.items()}
        if l1_axes
        else dict(DEFAULT_REACHABLE)
    )
    settings = AgreementSettings(
        bootstrap=bootstrap,
        seed=seed,
        consensus=rules.consensus,
        min_experts=rules.min_experts,
        reachable=reachable,
    )
    agreement = compute_agreement(runs, experts, split_of, settings)
    axes = axis_verdicts(agreement, rules)
    verdicts = run_verdicts(runs, experts, rules, axes, applicable)
    proposals: list[ProposalCheck] = []
    if l1_axes:
        calibration = [r for r in runs if split_of.get(r.task_id) == "calibration"]
        validation = [r for r in runs if split_of.get(r.task_id) == "validation"]
        for axis, axis_rules in l1_axes.items():
            weighting = WEIGHTING_OF[rules.axis_rule(axis).statistic]
            for proposal in propose_tables(
                calibration, experts, {axis: axis_rules}, weighting, rules.consensus, rules.min_experts
            ):
                proposals.append(
                    evaluate_proposal(
                        proposal, validation, experts, weighting, rules.consensus, rules.min_experts
                    )
                )
    return Analysis(agreement, rules, axes, verdicts, proposals)
