"""Multi-sample estimators: pass@k against hand-worked values and against enumerating every
k-subset, Stability against its definition, and the run → sample rules of scoring/samples.py."""

from __future__ import annotations

import itertools
import math
from statistics import mean, pstdev

import pytest

from prism_desktop.scoring.samples import (
    Sample,
    max_possible_std,
    pass_at_k,
    run_sample,
    stability,
    summarise_samples,
)


def _enumerated_pass_at_k(n: int, c: int, k: int) -> float:
    """Share of all k-subsets of n samples (c of them correct) holding at least one correct."""
    results = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    return sum(any(results[i] for i in subset) for subset in subsets) / len(subsets)


@pytest.mark.parametrize("n", range(1, 9))
def test_pass_at_k_equals_the_share_of_k_subsets(n: int) -> None:
    for c in range(n + 1):
        for k in range(1, n + 1):
            assert pass_at_k(n, c, k) == pytest.approx(_enumerated_pass_at_k(n, c, k), abs=1e-12)


def test_pass_at_k_hand_worked() -> None:
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)  # pass@1 is the share correct
    # 1 − C(7,5)/C(10,5) = 1 − 21/252
    assert pass_at_k(10, 3, 5) == pytest.approx(1 - 21 / 252)
    assert pass_at_k(10, 0, 10) == 0.0  # c = 0: never
    assert pass_at_k(10, 10, 1) == 1.0  # c = n: always
    assert pass_at_k(10, 1, 10) == 1.0  # n − c < k: every k-subset holds the correct one


def test_pass_at_k_is_stable_for_large_n() -> None:
    # C(1000, 500) overflows a float; the product form does not need it.
    assert pass_at_k(1000, 1, 500) == pytest.approx(0.5)
    assert math.isfinite(pass_at_k(1000, 7, 300))


@pytest.mark.parametrize(("n", "c", "k"), [(5, 2, 6), (3, 4, 1), (4, 1, 0)])
def test_pass_at_k_rejects_impossible_counts(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError, match="pass@k"):
        pass_at_k(n, c, k)


def test_max_possible_std() -> None:
    assert max_possible_std(10) == pytest.approx(0.5)
    assert max_possible_std(3) == pytest.approx(pstdev([1, 1, 0]))  # ⌊3/2⌋·⌈3/2⌉ = 2
    for n in range(2, 12):
        worst = pstdev([1] * (n // 2) + [0] * (n - n // 2))
        assert max_possible_std(n) == pytest.approx(worst)


def test_stability() -> None:
    assert stability([True] * 10) == 1.0
    assert stability([False] * 10) == 1.0
    assert stability([True] * 5 + [False] * 5) == pytest.approx(0.0)
    assert stability([True] * 8 + [False] * 2) == pytest.approx(1 - pstdev([1] * 8 + [0] * 2) / 0.5)
    assert stability([True]) is None


def _samples(correct: int, wrong: int, *, compiles: bool = True) -> list[Sample]:
    return [Sample(True, True, 1.0)] * correct + [Sample(compiles, False, 0.5)] * wrong


def test_group_figures_and_reasons() -> None:
    tasks = {"T1": _samples(10, 0), "T2": _samples(3, 7, compiles=False)}
    figures = summarise_samples(tasks, resamples=200)
    assert figures is not None
    assert figures["n_min"] == figures["n_max"] == 10 and figures["runs"] == 20
    assert figures["pass_at_k"]["1"] == pytest.approx(mean([1.0, 0.3]))
    assert figures["pass_at_k"]["10"] == pytest.approx(1.0)
    assert figures["success_rate"] == pytest.approx(13 / 20)
    assert figures["compile_rate"] == pytest.approx(13 / 20)
    assert figures["partial_credit_score"] == pytest.approx(mean([1.0, (3 + 7 * 0.5) / 10]))
    assert figures["stability_score"] == pytest.approx(mean([1.0, stability([True] * 3 + [False] * 7)]))
    low, high = figures["ci95"]["pass_at_1"]
    assert 0.3 <= low <= figures["pass_at_k"]["1"] <= high <= 1.0
    assert figures["reasons"] == {}


def test_pass_at_k_is_null_when_a_task_has_too_few_samples() -> None:
    figures = summarise_samples({"T1": _samples(1, 0), "T2": _samples(3, 7)}, resamples=50)
    assert figures is not None
    assert figures["pass_at_k"]["1"] is not None
    assert figures["pass_at_k"]["5"] is None and figures["pass_at_k"]["10"] is None
    assert "smallest task has 1" in figures["reasons"]["pass_at_5"]
    assert "pass_at_5" not in figures["ci95"]
    # Stability is averaged over the tasks that have n ≥ 2 only.
    assert figures["stability_score"] == pytest.approx(stability([True] * 3 + [False] * 7))


def test_one_sample_per_task_gives_shares_and_no_stability() -> None:
    figures = summarise_samples({"T1": _samples(1, 0), "T2": _samples(0, 1)}, resamples=50)
    assert figures is not None
    assert figures["pass_at_k"]["1"] == figures["success_rate"] == 0.5
    assert figures["stability_score"] is None and "stability_score" in figures["reasons"]


def test_bootstrap_is_seeded() -> None:
    tasks = {f"T{i}": _samples(i % 4, 4 - i % 4) for i in range(12)}
    first = summarise_samples(tasks, resamples=300, seed=7)
    again = summarise_samples(tasks, resamples=300, seed=7)
    other = summarise_samples(tasks, resamples=300, seed=8)
    assert first is not None and again is not None and other is not None
    assert first["ci95"] == again["ci95"]
    assert first["ci95"] != other["ci95"]


def test_no_samples_gives_none() -> None:
    assert summarise_samples({"T1": []}) is None


def _run(m: float | None, detail: dict) -> dict:
    return {"scores": {"S": 10, "M": m, "O": None, "P": None, "Q": m}, "detail": detail}


def test_run_sample_rules() -> None:
    correct = _run(10.0, {"S": {"root_causes": 0, "balanced": True}, "M": {"passed": 4, "total": 4}})
    assert run_sample(correct, "A") == Sample(compiles=True, correct=True, credit=1.0)

    partial = _run(5.0, {"S": {"root_causes": 0}, "M": {"passed": 2, "total": 4}})
    assert run_sample(partial, "A") == Sample(True, False, 0.5)

    parse_error = _run(0.0, {"S": {"root_causes": 2, "blockers": 0}, "M": {"passed": 0, "total": 4}})
    assert run_sample(parse_error, "A") == Sample(False, False, 0.0)

    unbalanced = _run(0.0, {"S": {"balanced": False}, "M": {"passed": 0, "total": 0}})
    assert run_sample(unbalanced, "A") == Sample(False, False, 0.0)

    explicit = _run(0.0, {"S": {"compiled": False, "root_causes": 0}, "M": {"passed": 0, "total": 6}})
    assert run_sample(explicit, "A") == Sample(False, False, 0.0)

    b_compile_error = _run(0.0, {"S": {"root_causes": 1}, "M": {"status": "candidate_error"}})
    assert run_sample(b_compile_error, "B") == Sample(False, False, 0.0)

    b_no_entry = _run(0.0, {"S": {"root_causes": 0}, "M": {"status": "no_entry", "passed": 0, "total": 0}})
    assert run_sample(b_no_entry, "B") == Sample(True, False, 0.0)

    failed = {
        "scores": {"S": None, "M": None, "O": None, "Q": None},
        "detail": {"M": {"reason": "генерация не удалась: 429"}},
    }
    assert run_sample(failed, "A") == Sample(False, False, 0.0)

    infra = _run(None, {"M": {"reason": "не измерено: песочница завершилась со статусом infra_error"}})
    assert run_sample(infra, "A") is None
