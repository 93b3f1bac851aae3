"""Machine–expert and expert–expert agreement per axis, per category and overall, on the
calibration tasks, the validation tasks and all tasks, each coefficient with a seeded bootstrap
interval. The validation figures are the headline; see docs/agreement.md.

Calibration and validation are never pooled: agreement must be read on tasks the metric was not
tuned on, so a figure over both sets would mix the two. Categories are pooled ("all").

Bootstrap: every (axis, category, split) stratum is resampled on its own, with its own seeded
stream (so calibration figures never depend on validation grades, nor the reverse), and a pooled
scope's resample is the union of its strata's resamples: a bootstrap stratified by category and
split, which keeps those group sizes fixed as the design does."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .bootstrap import StratumKey, bootstrap_replicates, pooled
from .coefficient import Coefficient
from .consensus import DEFAULT_RULE, ConsensusRule, consensus_step
from .dataset import AXES, SPLITS, GradedRun
from .figures import FLEISS, KAPPA_NAMES, KRIPPENDORFF, PROJECTED_NAMES, FigureKey, FigurePlan
from .kappa import as_matrix
from .landis_koch import landis_koch_band
from .messages import NO_CONSENSUS, NO_MACHINE_SCORES
from .resampling import percentile_interval
from .scale import STEP_INDEX, STEPS, K, projection
from .strata import ABSENT, Comparison, Pattern, Statistics, Stratum, comparisons_for

ALL = "all"
Scope = tuple[str, str]  # (split, category or ALL)
# PRISM 1.2.0's reachable machine steps (PRISM_FORMAT §2.2); callers pass the workspace's own.
DEFAULT_REACHABLE: Mapping[str, tuple[int, ...]] = {
    "S": STEPS,
    "M": STEPS,
    "O": (2, 4, 6, 8, 10),
    "P": (0, 4, 6, 10),
}
_KAPPA_TYPE = {*KAPPA_NAMES, *PROJECTED_NAMES, FLEISS, KRIPPENDORFF}


@dataclass(frozen=True)
class AgreementSettings:
    bootstrap: int = 2000  # resamples; 0 gives no intervals
    seed: int = 0
    level: float = 0.95
    consensus: ConsensusRule = DEFAULT_RULE
    min_experts: int = 2  # a run graded by fewer experts has no consensus on that axis
    reachable: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: dict(DEFAULT_REACHABLE))
    workers: int | None = None  # bootstrap processes; None: decided from the machine and the work


@dataclass(frozen=True)
class Estimate:
    value: float | None
    ci: tuple[float, float] | None = None
    note: str | None = None  # why value is None
    kappa_type: bool = True  # kappa and alpha get a Landis–Koch band; shares do not

    @property
    def band(self) -> str | None:
        return landis_koch_band(self.value) if self.kappa_type else None


@dataclass(frozen=True)
class AxisScope:
    """Every figure of one axis in one scope."""

    axis: str
    scope: Scope
    reachable: tuple[int, ...]
    confusion: dict[str, list[list[int]]]  # comparison label -> K×K counts
    pairs: dict[str, int]  # comparison label -> runs both sides graded
    estimates: dict[FigureKey, Estimate]
    fleiss_runs: int  # runs graded by every expert
    pairable_runs: int  # runs graded by two or more experts
    consensus_runs: int = 0  # runs with a consensus (the machine's score or not)

    def estimate(self, comparison: Comparison | str, name: str) -> Estimate:
        label = comparison.label if isinstance(comparison, Comparison) else comparison
        return self.estimates[(label, name)]


@dataclass(frozen=True)
class Agreement:
    experts: tuple[str, ...]
    comparisons: tuple[Comparison, ...]
    settings: AgreementSettings
    split_of: Mapping[str, str]  # task id -> split
    categories: tuple[str, ...]
    results: dict[tuple[Scope, str], AxisScope]  # ((split, category), axis) -> figures

    def get(self, axis: str, split: str = "validation", category: str = ALL) -> AxisScope | None:
        return self.results.get(((split, category), axis))


def run_patterns(
    run: GradedRun, axis: str, experts: Sequence[str], rule: ConsensusRule, min_experts: int
) -> Pattern | None:
    """The run's scale positions on `axis` (machine, consensus, each expert), None when nobody
    has a step on it."""
    machine = run.machine.get(axis)
    steps = [(run.experts.get(e) or {}).get(axis) for e in experts]
    present = [s for s in steps if s is not None]
    if machine is None and not present:
        return None
    if axis in run.adjudicated:  # an adjudicator's consensus replaces the rule's
        consensus: int | None = run.adjudicated[axis]
    else:
        consensus = _consensus(tuple(present), rule, min_experts)
    return (
        ABSENT if machine is None else STEP_INDEX[machine],
        ABSENT if consensus is None else STEP_INDEX[consensus],
        *(ABSENT if s is None else STEP_INDEX[s] for s in steps),
    )


@lru_cache(maxsize=4096)
def _consensus(steps: tuple[int, ...], rule: ConsensusRule, min_experts: int) -> int | None:
    # Runs share few distinct combinations of steps: each one's median is computed once.
    return consensus_step(steps, rule, min_experts)


def build_strata(
    runs: Sequence[GradedRun],
    experts: Sequence[str],
    split_of: Mapping[str, str],
    settings: AgreementSettings,
) -> dict[StratumKey, Stratum]:
    """The runs sorted into (axis, category, split) strata; ValueError for a task without a split
    or a step off the scale."""
    comparisons = comparisons_for(experts)
    patterns: dict[StratumKey, list[Pattern]] = defaultdict(list)
    for run in runs:
        split = split_of.get(run.task_id)
        if split not in SPLITS:
            raise ValueError(
                f"task {run.task_id}: found split {split!r}, expected one of {', '.join(SPLITS)}"
            )
        for axis in AXES:
            try:
                pattern = run_patterns(run, axis, experts, settings.consensus, settings.min_experts)
            except KeyError as exc:
                key = f"{run.task_id}/{run.model_id}/{run.run_index}"
                raise ValueError(
                    f"run {key}, axis {axis}: step {exc.args[0]!r} is not on the scale"
                ) from None
            if pattern is not None:
                patterns[(axis, run.category, split)].append(pattern)
    return {key: Stratum(found, experts, comparisons) for key, found in sorted(patterns.items())}


def compute_agreement(
    runs: Sequence[GradedRun],
    experts: Sequence[str],
    split_of: Mapping[str, str],
    settings: AgreementSettings | None = None,
) -> Agreement:
    settings = settings or AgreementSettings()
    experts = tuple(experts)
    comparisons = comparisons_for(experts)
    strata = build_strata(runs, experts, split_of, settings)
    categories = tuple(sorted({category for _, category, _ in strata}))
    plans = {
        axis: FigurePlan(comparisons, projection(settings.reachable.get(axis, STEPS)), len(experts))
        for axis in AXES
    }

    # Scopes made of the same strata (P of "all categories" is P of B) are computed once.
    members_of: dict[tuple[Scope, str], tuple[StratumKey, ...]] = {}
    for split in SPLITS:
        for category in (ALL, *categories):
            for axis in AXES:
                members = tuple(
                    key for key in strata if key[0] == axis and split == key[2] and category in (ALL, key[1])
                )
                if members:
                    members_of[((split, category), axis)] = members
    distinct = sorted(set(members_of.values()))

    own = {key: stratum.statistics(stratum.weights) for key, stratum in strata.items()}
    observed: dict[tuple[StratumKey, ...], tuple[Statistics, dict[FigureKey, Coefficient]]] = {}
    for members in distinct:
        statistics = pooled(members, own)
        observed[members] = (statistics, plans[members[0][0]].figures(statistics))

    wanted = {
        members: tuple(key for key, coefficient in figures.items() if coefficient.value is not None)
        for members, (_, figures) in observed.items()
    }
    replicates = bootstrap_replicates(
        strata, wanted, plans, settings.bootstrap, settings.seed, settings.workers
    )

    with_consensus = {key: _consensus_runs(stratum) for key, stratum in strata.items()}
    results: dict[tuple[Scope, str], AxisScope] = {}
    for (scope, axis), members in members_of.items():
        statistics, figures = observed[members]
        consensus_runs = sum(with_consensus[key] for key in members)
        # comparisons_for puts machine vs consensus first; with no pair, say which side is missing
        no_pairs = sum(statistics.counts[0]) == 0
        estimates = {
            key: Estimate(
                value=coefficient.value,
                ci=percentile_interval(replicates[members][key], settings.level)
                if key in replicates[members]
                else None,
                note=_missing_side(settings, consensus_runs)
                if no_pairs and key[0] == comparisons[0].label
                else coefficient.note,
                kappa_type=key[1] in _KAPPA_TYPE,
            )
            for key, coefficient in figures.items()
        }
        results[(scope, axis)] = AxisScope(
            axis=axis,
            scope=scope,
            reachable=tuple(settings.reachable.get(axis, STEPS)),
            confusion={
                c.label: as_matrix(counts, K)
                for c, counts in zip(comparisons, statistics.counts, strict=True)
            },
            pairs={c.label: sum(counts) for c, counts in zip(comparisons, statistics.counts, strict=True)},
            estimates=estimates,
            fleiss_runs=statistics.fleiss_items,
            pairable_runs=statistics.pairable,
            consensus_runs=consensus_runs,
        )
    return Agreement(experts, comparisons, settings, dict(split_of), categories, results)


def _consensus_runs(stratum: Stratum) -> int:
    return sum(
        w for pattern, w in zip(stratum.patterns, stratum.weights, strict=True) if pattern[1] != ABSENT
    )


def _missing_side(settings: AgreementSettings, consensus_runs: int) -> str:
    """Why machine vs consensus has no pair: runs with a consensus exist but the machine scored none
    of them, or no run has a consensus at all."""
    if consensus_runs:
        return NO_MACHINE_SCORES.format(runs=consensus_runs)
    return NO_CONSENSUS.format(min_experts=settings.min_experts, rule=settings.consensus)
