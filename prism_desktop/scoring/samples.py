"""Multi-sample metrics of auto files: pass@k, Stability, Partial Credit, Compile and Success Rate.

PRISM publishes one run per (task, model); the Russian coding benchmark samples n answers per task,
1C Code Bench reports compile and success shares. The definitions (docs/multi-sample.md):

* a run is **correct** when its hidden tests all pass (`detail.M.passed == detail.M.total > 0`);
* it **compiles** when nothing stopped it at compilation: category B — M did not stop on a compile
  error (`detail.M.status != "candidate_error"`); otherwise the S detail says so — an explicit
  `detail.S.compiled`, else a balanced module with no root cause (`root_causes == 0`: no parse-error
  cluster and no compile blocker such as ProcedureReturnsValue);
* a failed generation is a sample that neither compiles nor is correct; a run whose M was not
  measured for another reason (our infrastructure) is not a sample at all — never counted as 0;
* **pass@k** of a task with n samples, c correct: 1 − C(n−c, k)/C(n, k) (Chen et al., 2021), as the
  product ∏_{i=n−c+1..n} (1 − k/i); a group's pass@k is the mean over its tasks, reported only when
  every task has n ≥ k;
* **Stability** of a task: 1 − std/max_std of its binary results (population std; max_std =
  √(⌊n/2⌋·⌈n/2⌉)/n), averaged over tasks with n ≥ 2;
* **Partial Credit**: the mean of passed/total over a task's samples (0 for a sample without tests
  run), averaged over tasks;
* **Compile Rate**, **Success Rate**: shares of all samples that compile / are correct;
* every figure has a seeded percentile-bootstrap 95% interval over tasks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import mean
from typing import Any

from prism_desktop.scoring.level1 import FAILED_GENERATION

DEFAULT_KS = (1, 5, 10)
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 20260101
FIGURES = ("pass_at_k", "stability_score", "partial_credit_score", "compile_rate", "success_rate")


@dataclass(frozen=True)
class Sample:
    """What one run says for the multi-sample figures."""

    compiles: bool
    correct: bool
    credit: float  # passed/total, 0.0 when no test ran


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased estimator of Chen et al. in its stable product form (no huge binomials)."""
    if not 0 <= c <= n or k < 1 or k > n:
        raise ValueError(f"pass@k: found n={n}, c={c}, k={k}; expected 0 ≤ c ≤ n and 1 ≤ k ≤ n")
    if n - c < k:
        return 1.0
    product = 1.0
    for i in range(n - c + 1, n + 1):
        product *= 1.0 - k / i
    return 1.0 - product


def max_possible_std(n: int) -> float:
    """The largest population std of n binary results: half of them right, half wrong."""
    return math.sqrt((n // 2) * ((n + 1) // 2)) / n


def stability(results: Sequence[bool]) -> float | None:
    """1 − std/max_std of one task's binary results; None below two samples."""
    n = len(results)
    if n < 2:
        return None
    share = sum(results) / n
    std = math.sqrt(share * (1.0 - share))  # population std of a 0/1 sample
    return 1.0 - std / max_possible_std(n)


def _failed_generation(detail: Mapping[str, Any]) -> bool:
    return any(
        isinstance(axis, Mapping) and str(axis.get("reason", "")).startswith(FAILED_GENERATION)
        for axis in detail.values()
    )


def _compiles(category: str, detail: Mapping[str, Any]) -> bool:
    s, m = detail.get("S") or {}, detail.get("M") or {}
    if category == "B":
        return m.get("status") != "candidate_error"
    if "compiled" in s:
        return bool(s["compiled"])
    return s.get("balanced", True) is not False and s.get("root_causes", 0) == 0


def run_sample(run: Mapping[str, Any], category: str) -> Sample | None:
    """The run as a sample, or None when M was not measured for a reason that is not the model's."""
    detail = run.get("detail") or {}
    if _failed_generation(detail):
        return Sample(compiles=False, correct=False, credit=0.0)
    if (run.get("scores") or {}).get("M") is None:
        return None
    m = detail.get("M") or {}
    passed, total = m.get("passed") or 0, m.get("total") or 0
    credit = passed / total if total > 0 else 0.0
    return Sample(compiles=_compiles(category, detail), correct=total > 0 and passed == total, credit=credit)


def _task_figures(samples: Sequence[Sample], ks: Sequence[int]) -> dict[str, Any]:
    n, c = len(samples), sum(s.correct for s in samples)
    return {
        "n": n,
        "pass_at_k": {k: pass_at_k(n, c, k) if n >= k else None for k in ks},
        "stability": stability([s.correct for s in samples]),
        "credit": mean(s.credit for s in samples),
        "compiled": sum(s.compiles for s in samples),
        "correct": c,
    }


def _group_figures(tasks: Sequence[dict[str, Any]], ks: Sequence[int]) -> dict[str, Any]:
    runs = sum(t["n"] for t in tasks)
    stable = [t["stability"] for t in tasks if t["stability"] is not None]
    return {
        "pass_at_k": {
            k: mean(t["pass_at_k"][k] for t in tasks) if all(t["n"] >= k for t in tasks) else None for k in ks
        },
        "stability_score": mean(stable) if stable else None,
        "partial_credit_score": mean(t["credit"] for t in tasks),
        "compile_rate": sum(t["compiled"] for t in tasks) / runs,
        "success_rate": sum(t["correct"] for t in tasks) / runs,
    }


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    position = q * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def _bootstrap(
    tasks: Sequence[dict[str, Any]], ks: Sequence[int], resamples: int, seed: int, measured: set[str]
) -> dict[str, Any]:
    """Percentile 95% intervals of every group figure, resampling tasks with replacement."""
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {}

    def keep(name: str, value: float | None) -> None:
        if value is not None:
            draws.setdefault(name, []).append(value)

    for _ in range(resamples):
        figures = _group_figures([tasks[rng.randrange(len(tasks))] for _ in tasks], ks)
        for k, value in figures["pass_at_k"].items():
            keep(f"pass_at_{k}", value)
        for name in FIGURES[1:]:
            keep(name, figures[name])

    intervals: dict[str, Any] = {}
    for name, values in draws.items():
        if name not in measured:
            continue  # no interval around a figure the whole sample cannot give
        values.sort()
        intervals[name] = [_percentile(values, 0.025), _percentile(values, 0.975)]
    return intervals


def summarise_samples(
    tasks: Mapping[str, Sequence[Sample]],
    ks: Sequence[int] = DEFAULT_KS,
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> dict[str, Any] | None:
    """The multi-sample figures of one group (a model in a category, or under a tag) from its
    tasks' samples; None when no task has a sample. pass@k keys are strings ("1", "5", "10") as in
    JSON; a figure that cannot be computed is null and `reasons` says why."""
    per_task = [_task_figures(samples, ks) for samples in tasks.values() if samples]
    if not per_task:
        return None
    figures = _group_figures(per_task, ks)
    n_values = [t["n"] for t in per_task]
    reasons = {
        f"pass_at_{k}": f"needs n ≥ {k} samples for every task; the smallest task has {min(n_values)}"
        for k, value in figures["pass_at_k"].items()
        if value is None
    }
    if figures["stability_score"] is None:
        reasons["stability_score"] = "needs n ≥ 2 samples of a task"
    measured = {name for name in (*(f"pass_at_{k}" for k in ks), *FIGURES[1:]) if name not in reasons}
    return {
        "tasks": len(per_task),
        "runs": sum(n_values),
        "n_min": min(n_values),
        "n_max": max(n_values),
        "pass_at_k": {str(k): value for k, value in figures["pass_at_k"].items()},
        "stability_score": figures["stability_score"],
        "partial_credit_score": figures["partial_credit_score"],
        "compile_rate": figures["compile_rate"],
        "success_rate": figures["success_rate"],
        "ci95": _bootstrap(per_task, ks, resamples, seed, measured),
        "reasons": reasons,
    }


def collect_samples(
    groups: Iterable[Mapping[str, Any]], category_of: Callable[[str], str]
) -> dict[str, dict[str, list[Sample]]]:
    """{model name: {task id: [samples]}} from auto-file groups (several files may add runs)."""
    collected: dict[str, dict[str, list[Sample]]] = {}
    for group in groups:
        category = category_of(group["task_id"])
        task_samples = collected.setdefault(group["model_name"], {}).setdefault(group["task_id"], [])
        for run in group["runs"]:
            sample = run_sample(run, category)
            if sample is not None:
                task_samples.append(sample)
    return collected
