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

from array import array
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .coefficient import Coefficient
from .consensus import DEFAULT_RULE, ConsensusRule, consensus_step
from .dataset import AXES, SPLITS, GradedRun
from .figures import FLEISS, KAPPA_NAMES, KRIPPENDORFF, PROJECTED_NAMES, FigureKey, FigurePlan
from .kappa import as_matrix
from .landis_koch import landis_koch_band
from .resampling import Resampler, percentile_interval
from .scale import STEP_INDEX, STEPS, K, projection
from .strata import ABSENT, Comparison, Pattern, Stratum, Sums, comparisons_for

ALL = "all"
Scope = tuple[str, str]  # (split, category or ALL)
StratumKey = tuple[str, str, str]  # (axis, category, split)
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


@dataclass(frozen=True)
class Estimate:
    value: float | None
    ci: tuple[float, float] | None = None
    note: str | None = None  # why value is None, or the convention that defined it
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
    consensus = consensus_step(present, rule, min_experts)
    return (
        ABSENT if machine is None else STEP_INDEX[machine],
        ABSENT if consensus is None else STEP_INDEX[consensus],
        *(ABSENT if s is None else STEP_INDEX[s] for s in steps),
    )


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
    plans = {axis: FigurePlan(comparisons, projection(settings.reachable.get(axis, STEPS))) for axis in AXES}

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

    observed_sums = {key: stratum.sums() for key, stratum in strata.items()}
    observed: dict[tuple[StratumKey, ...], tuple[Sums, dict[FigureKey, Coefficient]]] = {}
    for members in distinct:
        sums = _pooled(members, observed_sums, len(comparisons), len(experts))
        observed[members] = (sums, plans[members[0][0]].figures(sums))

    replicates = _bootstrap(strata, distinct, observed, plans, settings, len(experts))

    results: dict[tuple[Scope, str], AxisScope] = {}
    for (scope, axis), members in members_of.items():
        sums, figures = observed[members]
        no_consensus = sum(sums.counts[0]) == 0  # comparisons_for puts machine vs consensus first
        estimates = {
            key: Estimate(
                value=coefficient.value,
                ci=percentile_interval(replicates[members][key], settings.level)
                if coefficient.value is not None and settings.bootstrap > 0
                else None,
                note=_consensus_note(settings)
                if no_consensus and key[0] == comparisons[0].label
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
                c.label: as_matrix(counts, K) for c, counts in zip(comparisons, sums.counts, strict=True)
            },
            pairs={c.label: sum(counts) for c, counts in zip(comparisons, sums.counts, strict=True)},
            estimates=estimates,
            fleiss_runs=sums.fleiss.items,
            pairable_runs=sums.pairable,
        )
    return Agreement(experts, comparisons, settings, dict(split_of), categories, results)


def _consensus_note(settings: AgreementSettings) -> str:
    return (
        f"no run has a consensus: it needs {settings.min_experts} or more experts' steps per run "
        f"(rule {settings.consensus})"
    )


def _pooled(
    members: Sequence[StratumKey], parts: Mapping[StratumKey, Sums], comparisons: int, experts: int
) -> Sums:
    """The statistics of a scope: its one stratum's, or the sum of its strata's."""
    if len(members) == 1:
        return parts[members[0]]
    total = Sums.empty(comparisons, experts)
    for key in members:
        total.add(parts[key])
    return total


def _bootstrap(
    strata: Mapping[StratumKey, Stratum],
    distinct: Sequence[tuple[StratumKey, ...]],
    observed: Mapping[tuple[StratumKey, ...], tuple[Sums, dict[FigureKey, Coefficient]]],
    plans: Mapping[str, FigurePlan],
    settings: AgreementSettings,
    n_experts: int,
) -> dict[tuple[StratumKey, ...], dict[FigureKey, array]]:
    """Replicate values of every coefficient defined on the observed data, per distinct scope. A
    replicate where a coefficient is undefined (e.g. no run graded by every expert was drawn) is
    left out of that coefficient's interval."""
    replicates: dict[tuple[StratumKey, ...], dict[FigureKey, array]] = {}
    wanted: dict[tuple[StratumKey, ...], list[tuple[int, array]]] = {}
    for members, (_, figures) in observed.items():
        keys = plans[members[0][0]].keys
        store = {key: array("d") for key in keys if figures[key].value is not None}
        replicates[members] = store
        wanted[members] = [(i, store[key]) for i, key in enumerate(keys) if key in store]
    resamplers = {key: Resampler(f"{settings.seed}:{key[0]}:{key[1]}:{key[2]}") for key in strata}
    n_comparisons = len(next(iter(plans.values())).comparisons)
    for _ in range(settings.bootstrap):
        parts = {key: stratum.resample(resamplers[key]) for key, stratum in strata.items()}
        for members in distinct:
            if not wanted[members]:
                continue
            values = plans[members[0][0]].values(_pooled(members, parts, n_comparisons, n_experts))
            for index, target in wanted[members]:
                value = values[index].value
                if value is not None:
                    target.append(value)
    return replicates
