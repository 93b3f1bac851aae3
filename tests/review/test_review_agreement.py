"""The agreement engine: its figures equal the reference functions on the same filtered data,
its bootstrap behaves like resampling runs, and calibration and validation never mix."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import fleiss_kappa as statsmodels_fleiss

from prism_desktop.review.agreement import ALL, AgreementSettings, compute_agreement
from prism_desktop.review.consensus import consensus_step
from prism_desktop.review.dataset import GradedRun
from prism_desktop.review.kappa import cohen_kappa
from prism_desktop.review.scale import STEPS, projection
from prism_desktop.review.strata import CONSENSUS, MACHINE, Comparison

EXPERTS = ("e1", "e2", "e3")
VS_CONSENSUS = Comparison(CONSENSUS, MACHINE)
RunsFactory = Callable[..., list[GradedRun]]


def _split(runs: list[GradedRun]) -> dict[str, str]:
    tasks = sorted({r.task_id for r in runs})
    return {t: ("validation" if i % 2 else "calibration") for i, t in enumerate(tasks)}


def _selected(runs: list[GradedRun], split: dict[str, str], part: str, category: str) -> list[GradedRun]:
    return [r for r in runs if split[r.task_id] == part and category in (ALL, r.category)]


@pytest.mark.parametrize("category", [ALL, "A", "B"])
@pytest.mark.parametrize("axis", ["S", "O", "P"])
def test_figures_equal_reference_implementations(runs_factory: RunsFactory, axis: str, category: str) -> None:
    runs = runs_factory(300, EXPERTS, seed=3)
    split = _split(runs)
    settings = AgreementSettings(bootstrap=0, min_experts=2)
    scope = compute_agreement(runs, EXPERTS, split, settings).get(axis, "validation", category)
    chosen = [r for r in _selected(runs, split, "validation", category) if r.machine.get(axis) is not None]
    if axis == "P" and category == "A":
        assert scope is None  # no category-A run has P
        return
    assert scope is not None
    # machine vs consensus, all three weightings and the projection onto the machine's reach
    pairs = [
        (c, r.machine[axis])
        for r in chosen
        if (c := consensus_step(r.expert_steps(axis, EXPERTS), "median", 2)) is not None
    ]
    consensus, machine = [c for c, _ in pairs], [m for _, m in pairs]
    assert scope.pairs[VS_CONSENSUS.label] == len(pairs)
    for name, weights in (("kappa", None), ("kappa_linear", "linear"), ("kappa_quadratic", "quadratic")):
        reference = cohen_kappa_score(consensus, machine, labels=list(STEPS), weights=weights)
        assert scope.estimate(VS_CONSENSUS, name).value == pytest.approx(reference, abs=1e-9)
    rows = projection(settings.reachable[axis])
    projected = [STEPS[rows[STEPS.index(c)]] for c in consensus]
    reference = cohen_kappa_score(projected, machine, labels=list(STEPS), weights="quadratic")
    assert scope.estimate(VS_CONSENSUS, "projected.kappa_quadratic").value == pytest.approx(
        reference, abs=1e-9
    )
    assert scope.estimate(VS_CONSENSUS, "exact").value == pytest.approx(np.mean(np.equal(consensus, machine)))
    # between experts: Fleiss on runs every expert graded, Krippendorff on all
    graded = [
        [(r.experts.get(e) or {}).get(axis) for e in EXPERTS]
        for r in _selected(runs, split, "validation", category)
    ]
    graded = [g for g in graded if any(v is not None for v in g)]
    complete = [g for g in graded if None not in g]
    table = np.array([[g.count(s) for s in STEPS] for g in complete])
    assert scope.estimate("experts", "fleiss_kappa").value == pytest.approx(
        statsmodels_fleiss(table), abs=1e-9
    )
    assert scope.fleiss_runs == len(complete)
    data = np.array([[np.nan if v is None else v for v in g] for g in graded], dtype=float).T
    alpha = krippendorff.alpha(data, level_of_measurement="ordinal", value_domain=list(STEPS))
    assert scope.estimate("experts", "krippendorff_alpha").value == pytest.approx(alpha, abs=1e-9)
    # one expert against the machine and a pair of experts
    e1 = [(r.experts["e1"][axis], r.machine[axis]) for r in chosen if axis in r.experts.get("e1", {})]
    reference = cohen_kappa_score(
        [a for a, _ in e1], [b for _, b in e1], labels=list(STEPS), weights="linear"
    )
    assert scope.estimate(Comparison("e1", MACHINE), "kappa_linear").value == pytest.approx(
        reference, abs=1e-9
    )
    both = [(g[0], g[1]) for g in graded if g[0] is not None and g[1] is not None]
    expected = cohen_kappa([a for a, _ in both], [b for _, b in both], STEPS, "quadratic").value
    assert scope.estimate(Comparison("e1", "e2"), "kappa_quadratic").value == pytest.approx(
        expected, abs=1e-12
    )


def test_bootstrap_interval_matches_resampling_runs(runs_factory: RunsFactory) -> None:
    """The count-based bootstrap (multinomial over patterns) against the textbook one that draws
    runs with replacement: the intervals agree to within Monte-Carlo noise."""
    runs = [replace(r, category="A") for r in runs_factory(400, EXPERTS, seed=11, tasks=1)]
    split = {runs[0].task_id: "validation"}
    ours = compute_agreement(runs, EXPERTS, split, AgreementSettings(bootstrap=2000, seed=1)).get("S")
    assert ours is not None
    low, high = ours.estimate(VS_CONSENSUS, "kappa_quadratic").ci or (0.0, 0.0)
    pairs = [
        (c, r.machine["S"])
        for r in runs
        if (c := consensus_step(r.expert_steps("S", EXPERTS), "median", 2)) is not None
    ]
    rng = random.Random(2)
    replicates = []
    for _ in range(2000):
        drawn = rng.choices(pairs, k=len(pairs))
        replicates.append(cohen_kappa([a for a, _ in drawn], [b for _, b in drawn], STEPS, "quadratic").value)
    assert low == pytest.approx(np.percentile(replicates, 2.5), abs=0.015)
    assert high == pytest.approx(np.percentile(replicates, 97.5), abs=0.015)
    assert low < ours.estimate(VS_CONSENSUS, "kappa_quadratic").value < high  # type: ignore[operator]


def test_bootstrap_is_seeded(runs_factory: RunsFactory) -> None:
    runs = runs_factory(120, EXPERTS, seed=5)
    split = _split(runs)

    def interval(seed: int) -> tuple[float, float] | None:
        scope = compute_agreement(runs, EXPERTS, split, AgreementSettings(bootstrap=200, seed=seed)).get("M")
        assert scope is not None
        return scope.estimate(VS_CONSENSUS, "kappa").ci

    assert interval(1) == interval(1)
    assert interval(1) != interval(2)
    scope = compute_agreement(runs, EXPERTS, split, AgreementSettings(bootstrap=0)).get("M")
    assert scope is not None and scope.estimate(VS_CONSENSUS, "kappa").ci is None


def test_calibration_figures_ignore_validation_grades(runs_factory: RunsFactory) -> None:
    runs = runs_factory(200, EXPERTS, seed=8)
    split = _split(runs)
    rng = random.Random(0)
    mutated = [
        replace(r, experts={e: {a: rng.choice(STEPS[1:]) for a in g} for e, g in r.experts.items()})
        if split[r.task_id] == "validation"
        else r
        for r in runs
    ]
    settings = AgreementSettings(bootstrap=100, seed=4)
    before, after = (
        compute_agreement(runs, EXPERTS, split, settings),
        compute_agreement(mutated, EXPERTS, split, settings),
    )
    for axis in ("S", "M", "O", "P"):
        for category in (ALL, "A", "B"):
            old, new = before.get(axis, "calibration", category), after.get(axis, "calibration", category)
            assert (old is None) == (new is None)
            if old is not None and new is not None:
                assert old.estimates == new.estimates  # values and intervals alike
        assert before.get(axis, "validation") != after.get(axis, "validation")


def test_one_expert_has_no_consensus_and_no_rater_statistics(runs_factory: RunsFactory) -> None:
    runs = runs_factory(60, ("e1",), seed=9)
    agreement = compute_agreement(runs, ("e1",), _split(runs), AgreementSettings(bootstrap=20))
    scope = agreement.get("S")
    assert scope is not None
    kappa = scope.estimate(VS_CONSENSUS, "kappa")
    assert kappa.value is None and kappa.note and "consensus" in kappa.note
    assert scope.estimate(Comparison("e1", MACHINE), "kappa").value is not None
    assert scope.estimate("experts", "fleiss_kappa").value is None
    assert scope.estimate("experts", "krippendorff_alpha").value is None
    single = compute_agreement(
        runs, ("e1",), _split(runs), AgreementSettings(bootstrap=0, min_experts=1)
    ).get("S")
    assert single is not None and single.pairs[VS_CONSENSUS.label] == single.pairs["e1~machine"]


def test_tasks_without_a_split_are_refused(runs_factory: RunsFactory) -> None:
    runs = runs_factory(10, EXPERTS, seed=1)
    with pytest.raises(ValueError, match="task T00: found split None"):
        compute_agreement(runs, EXPERTS, {}, AgreementSettings(bootstrap=0))


@pytest.mark.parametrize(
    ("steps", "rule", "expected"),
    [([4, 6], "median", 4), ([4, 6], "median_high", 6), ([2, 4, 10], "median", 4), ([0, 10], "median", 4),
     ([6, 6, 8], "unanimous", None), ([6, 6], "unanimous", 6), ([8], "median", None)],
)  # fmt: skip
def test_consensus_rules(steps: list[int], rule: str, expected: int | None) -> None:
    assert consensus_step(steps, rule, min_experts=2) == expected  # type: ignore[arg-type]
