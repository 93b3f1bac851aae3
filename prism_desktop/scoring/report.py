"""Per model and category summaries of auto files, as PRISM's leaderboard and site data show
them (PRISM_FORMAT §4.3): axis means, the 95% CI half-width of per-task Q, the solved share and
the failure funnel. Plain dicts for the CLI's table and JSON."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from statistics import mean
from typing import Any

from prism_desktop.scoring.funnel import run_outcome, summarise_outcomes
from prism_desktop.scoring.samples import Sample, run_sample, summarise_samples
from prism_desktop.vocabulary import CATEGORIES
from prism_desktop.workspace.protocol import ErrorTaxonomy

SUMMARY_AXES = ("S", "M", "O", "P", "Q")
SCALE = (0.0, 10.0)  # every axis and Q lie on PRISM's 0–10 scale
# Below 5 tasks the t critical value is 3.2 or more and the interval spans most of the scale: the
# report says "too few tasks" instead of printing one.
MIN_TASKS_FOR_INTERVAL = 5
NORMAL_CRITICAL = 1.96  # df >= 30
# Two-sided 95% Student t critical values by degrees of freedom.
T_CRITICAL_95: dict[int, float] = {
    1: 12.706,
    2: 4.303,
    3: 3.182,
    4: 2.776,
    5: 2.571,
    6: 2.447,
    7: 2.365,
    8: 2.306,
    9: 2.262,
    10: 2.228,
    11: 2.201,
    12: 2.179,
    13: 2.160,
    14: 2.145,
    15: 2.131,
    16: 2.120,
    17: 2.110,
    18: 2.101,
    19: 2.093,
    20: 2.086,
    21: 2.080,
    22: 2.074,
    23: 2.069,
    24: 2.064,
    25: 2.060,
    26: 2.056,
    27: 2.052,
    28: 2.048,
    29: 2.045,
}


def t_critical(df: int) -> float:
    if df < 1:
        raise ValueError(f"degrees of freedom: found {df}, expected at least 1")
    return T_CRITICAL_95.get(df, NORMAL_CRITICAL)


def ci_half_width(values: Sequence[float]) -> float | None:
    """Half-width of the 95% CI of the mean (sample SD with the n−1 divisor); None below two
    values, where no interval exists."""
    n = len(values)
    if n < 2:
        return None
    centre = mean(values)
    sd = math.sqrt(sum((v - centre) ** 2 for v in values) / (n - 1))
    return t_critical(n - 1) * sd / math.sqrt(n)


def q_interval(per_task_q: Sequence[float]) -> tuple[float, float] | None:
    """The 95% CI of mean per-task Q, cut to the scale (the mean cannot leave it, so the cut
    interval covers it at least as often); None below MIN_TASKS_FOR_INTERVAL tasks."""
    if len(per_task_q) < MIN_TASKS_FOR_INTERVAL:
        return None
    centre = mean(per_task_q)
    half = ci_half_width(per_task_q) or 0.0
    return (max(SCALE[0], centre - half), min(SCALE[1], centre + half))


def category_of(task_id: str, categories: Mapping[str, str]) -> str:
    """The task's category from the bank, or PRISM's convention (the id's first letter)."""
    category = categories.get(task_id) or task_id[:1].upper()
    if category not in CATEGORIES:
        raise ValueError(f"task {task_id!r}: category unknown, found {category!r}, expected A or B")
    return category


def _mean_or_none(values: list[float]) -> float | None:
    return mean(values) if values else None


def summarise(
    auto_files: Iterable[Mapping[str, Any]], categories: Mapping[str, str], taxonomy: ErrorTaxonomy
) -> list[dict[str, Any]]:
    """One row per (model name, category): {model, model_ids, category, runs, tasks, means{S..Q},
    margin, interval, solved, funnel, samples}. Means are over runs with non-null Q, skipping null
    axes; the margin (PRISM's half-width, uncut) and the interval (cut to the scale, null with too
    few tasks) are over per-task Q (runs of a task averaged first); `samples` holds the multi-sample
    figures (scoring/samples.py). Sorted by category, then mean Q descending."""
    buckets: dict[tuple[str, str], dict[str, Any]] = {}
    for auto in auto_files:
        for group in auto.get("tasks", []):
            category = category_of(group["task_id"], categories)
            row = buckets.setdefault(
                (group["model_name"], category),
                {
                    "model_ids": [],
                    "runs": [],
                    "task_q": {},
                    "outcomes": [],
                    "samples": {},
                    "unmeasured": 0,
                },
            )
            task_samples: list[Sample] = row["samples"].setdefault(group["task_id"], [])
            if group["model_id"] not in row["model_ids"]:
                row["model_ids"].append(group["model_id"])
            for run in group["runs"]:
                row["outcomes"].append(run_outcome(run, category, taxonomy))
                sample = run_sample(run, category)
                if sample is not None:
                    task_samples.append(sample)
                q = run.get("scores", {}).get("Q")
                if q is None:
                    row["unmeasured"] += 1  # shown, never ranked: a failed generation or our own failure
                    continue
                row["runs"].append(run["scores"])
                row["task_q"].setdefault(group["task_id"], []).append(float(q))

    rows: list[dict[str, Any]] = []
    for (model, category), row in buckets.items():
        per_task_q = [mean(values) for values in row["task_q"].values()]
        funnel = summarise_outcomes(row["outcomes"])
        rows.append(
            {
                "model": model,
                "model_ids": row["model_ids"],
                "category": category,
                "runs": len(row["runs"]),
                "unmeasured": row["unmeasured"],
                "tasks": len(per_task_q),
                "means": {
                    axis: _mean_or_none([float(s[axis]) for s in row["runs"] if s.get(axis) is not None])
                    for axis in SUMMARY_AXES
                },
                "margin": ci_half_width(per_task_q),
                "interval": q_interval(per_task_q),
                "solved": funnel["solved"] if funnel else None,
                "funnel": funnel,
                "samples": summarise_samples(row["samples"]),
            }
        )
    rows.sort(key=_rank)
    return rows


def summarise_tags(
    auto_files: Iterable[Mapping[str, Any]],
    categories: Mapping[str, str],
    task_tags: Mapping[str, Sequence[str]],
) -> list[dict[str, Any]]:
    """One row per (model name, category, tag) with the multi-sample figures of the tasks that
    carry the tag: {model, category, tag, tasks, samples}. Sorted by category, tag, model."""
    buckets: dict[tuple[str, str, str], dict[str, list[Sample]]] = {}
    for auto in auto_files:
        for group in auto.get("tasks", []):
            category = category_of(group["task_id"], categories)
            samples = [s for s in (run_sample(r, category) for r in group["runs"]) if s is not None]
            for tag in task_tags.get(group["task_id"], ()):
                tasks = buckets.setdefault((group["model_name"], category, tag), {})
                tasks.setdefault(group["task_id"], []).extend(samples)
    rows = [
        {
            "model": model,
            "category": category,
            "tag": tag,
            "tasks": len(tasks),
            "samples": summarise_samples(tasks),
        }
        for (model, category, tag), tasks in buckets.items()
    ]
    rows.sort(key=lambda row: (row["category"], row["tag"], row["model"]))
    return rows


def _rank(row: dict[str, Any]) -> tuple[str, bool, float]:
    """Category first, then best mean Q first; rows without any measured Q last."""
    q = row["means"]["Q"]
    return (row["category"], q is None, -(q or 0.0))
