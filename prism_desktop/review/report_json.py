"""The agreement report as JSON: per axis in `axes.<S|M|O|P>` the machine vs consensus figures
(n, kappa, kappa_linear, kappa_quadratic with `ci95` and Landis–Koch `band`, exact, adjacent,
confusion, projected kappas) and the same per expert under `by_expert`; `experts.fleiss_kappa`,
`experts.krippendorff_alpha` and `experts.pairwise` per axis; `categories.<A|B>` alike; and the
whole under `calibration` and `validation`. The top-level figures are the headline: validation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from prism_desktop.workspace.protocol import ScoringTable

from .agreement import ALL, Agreement, AxisScope, Estimate
from .consensus import consensus_rule_text
from .dataset import AXES, SPLITS
from .figures import EXPERTS, FLEISS, KAPPA_NAMES, KRIPPENDORFF, PROJECTED, SHARE_NAMES
from .scale import STEPS
from .strata import CONSENSUS, MACHINE, Comparison
from .thresholds import Proposal, ProposalCheck
from .verification_rules import VerificationRules
from .verified import AxisVerdict, RunVerdict

FORMAT = "prism-desktop-agreement"
FORMAT_VERSION = 1
HEADLINE = "validation"


def estimate_json(estimate: Estimate) -> dict[str, Any]:
    data: dict[str, Any] = {"value": estimate.value, "ci95": list(estimate.ci) if estimate.ci else None}
    if estimate.kappa_type:
        data["band"] = estimate.band
    if estimate.note:
        data["note"] = estimate.note
    return data


def comparison_json(scope: AxisScope, comparison: Comparison) -> dict[str, Any]:
    data: dict[str, Any] = {"n": scope.pairs[comparison.label]}
    for name in (*KAPPA_NAMES, *SHARE_NAMES):
        data[name] = estimate_json(scope.estimate(comparison, name))
    if comparison.with_machine:
        data["projected"] = {
            name: estimate_json(scope.estimate(comparison, PROJECTED + name)) for name in KAPPA_NAMES
        }
    data["confusion"] = {
        "rows": comparison.reference,
        "columns": comparison.other,
        "labels": list(STEPS),
        "counts": scope.confusion[comparison.label],
    }
    return data


def axis_json(scope: AxisScope, experts: Sequence[str]) -> dict[str, Any]:
    data = comparison_json(scope, Comparison(CONSENSUS, MACHINE))
    data["reachable"] = list(scope.reachable)
    data["by_expert"] = {e: comparison_json(scope, Comparison(e, MACHINE)) for e in experts}
    return data


def experts_json(scopes: Mapping[str, AxisScope], agreement: Agreement) -> dict[str, Any]:
    pairs = [c for c in agreement.comparisons if not c.with_machine]
    return {
        FLEISS: {
            axis: {**estimate_json(scope.estimate(EXPERTS, FLEISS)), "n": scope.fleiss_runs}
            for axis, scope in scopes.items()
        },
        KRIPPENDORFF: {
            axis: {**estimate_json(scope.estimate(EXPERTS, KRIPPENDORFF)), "n": scope.pairable_runs}
            for axis, scope in scopes.items()
        },
        "pairwise": {
            axis: [{"experts": [c.reference, c.other], **comparison_json(scope, c)} for c in pairs]
            for axis, scope in scopes.items()
        },
    }


def split_json(agreement: Agreement, split: str) -> dict[str, Any]:
    def block(category: str) -> dict[str, Any]:
        scopes = {a: s for a in AXES if (s := agreement.get(a, split, category)) is not None}
        return {
            "axes": {a: axis_json(s, agreement.experts) for a, s in scopes.items()},
            "experts": experts_json(scopes, agreement),
        }

    return {**block(ALL), "categories": {c: block(c) for c in agreement.categories}}


def _table_json(table: ScoringTable) -> list[dict[str, Any]]:
    rows = []
    for row in table.rows:
        item: dict[str, Any] = {"else": True} if row.is_else else {"bound": row.bound}
        if row.exclusive:
            item["exclusive"] = True
        item["score"] = row.score
        rows.append(item)
    return rows


def proposals_json(checks: Sequence[ProposalCheck]) -> list[dict[str, Any]]:
    def kappa(proposal_or_check: Proposal | ProposalCheck) -> dict[str, Any]:
        return {
            "runs": proposal_or_check.runs,
            "before": proposal_or_check.before.value,
            "after": proposal_or_check.after.value,
        }

    return [
        {
            "axis": check.proposal.axis,
            "table": check.proposal.table_name,
            "direction": check.proposal.current.direction,
            "current": _table_json(check.proposal.current),
            "proposed": _table_json(check.proposal.proposed),
            "calibration": kappa(check.proposal),
            "validation": kappa(check),
        }
        for check in checks
    ]


def verified_json(
    rules: VerificationRules, axes: Mapping[tuple[str, str], AxisVerdict], runs: Sequence[RunVerdict]
) -> dict[str, Any]:
    return {
        "rules": {
            "source": rules.source,
            "version": rules.version,
            "min_experts": rules.min_experts,
            "consensus": rules.consensus,
            "tolerance_steps": rules.tolerance_steps,
            "require_verified_axes": rules.require_verified_axes,
            "axes": {axis: rules.axis_rule(axis).describe() for axis in AXES},
        },
        "axes": [
            {
                "category": v.category,
                "axis": v.axis,
                "verified": v.verified,
                "figure": v.figure,
                "value": v.value,
                "ci95": list(v.ci) if v.ci else None,
                "n": v.n,
                "reason": v.reason,
            }
            for v in axes.values()
        ],
        "runs": {"graded": len(runs), "verified": sum(1 for r in runs if r.verified)},
    }


def report_json(
    agreement: Agreement,
    *,
    inputs: Mapping[str, Any],
    rules: VerificationRules,
    axis_verdicts: Mapping[tuple[str, str], AxisVerdict],
    run_verdicts: Sequence[RunVerdict],
    proposals: Sequence[ProposalCheck] = (),
    warnings: Sequence[str] = (),
    generated_at: datetime | None = None,
) -> dict[str, Any]:
    settings = agreement.settings
    adjudicated = sum(len(verdict.run.adjudicated) for verdict in run_verdicts)
    by_split: dict[str, dict[str, Any]] = {split: split_json(agreement, split) for split in SPLITS}
    tasks = {split: sorted(t for t, s in agreement.split_of.items() if s == split) for split in SPLITS}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generated_at": (generated_at or datetime.now(UTC)).isoformat(timespec="seconds"),
        "inputs": dict(inputs),
        "raters": list(agreement.experts),
        "settings": {
            "bootstrap": settings.bootstrap,
            "seed": settings.seed,
            "ci_level": settings.level,
            "consensus": settings.consensus,
            "consensus_rule": consensus_rule_text(settings.consensus, adjudicated),
            "adjudicated_axes": adjudicated,
            "min_experts": settings.min_experts,
            "labels": list(STEPS),
        },
        "split": tasks,
        "headline": HEADLINE,
        **by_split[HEADLINE],
        **by_split,
        "verified": verified_json(rules, axis_verdicts, run_verdicts),
        "thresholds": proposals_json(proposals),
        "warnings": list(warnings),
    }
