"""Per model summaries of code-task auto files, by language and by category: mean S and M over the
measured runs and the multi-sample figures (pass@k, Stability Score, Partial Credit Score, compile and
success rates) of scoring/samples.py. Pure: auto-file dicts and task facts in, rows out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from statistics import mean
from typing import Any

from prism_desktop.scoring.samples import Sample, run_sample, summarise_samples

SAMPLE_CATEGORY = "code"  # not "B": compile success comes from detail.S.compiled


def summarise_code(
    auto_files: Iterable[Mapping[str, Any]], groups_of: Mapping[str, tuple[str, str]]
) -> list[dict[str, Any]]:
    """One row per (model, dimension, value): dimension "language" or "category", for tasks in
    `groups_of` (task id -> (language or "library", category)). Sorted by dimension, value, model."""
    buckets: dict[tuple[str, str, str], dict[str, Any]] = {}
    for auto in auto_files:
        for group in auto.get("tasks", []):
            if group["task_id"] not in groups_of:
                continue
            language, category = groups_of[group["task_id"]]
            for dimension, value in (("language", language), ("category", category)):
                bucket = buckets.setdefault(
                    (dimension, value, group["model_name"]), {"S": [], "M": [], "samples": {}}
                )
                samples: list[Sample] = bucket["samples"].setdefault(group["task_id"], [])
                for run in group["runs"]:
                    for axis in ("S", "M"):
                        if run["scores"].get(axis) is not None:
                            bucket[axis].append(run["scores"][axis])
                    sample = run_sample(run, SAMPLE_CATEGORY)
                    if sample is not None:
                        samples.append(sample)
    rows = []
    for (dimension, value, model), bucket in sorted(buckets.items()):
        rows.append(
            {
                "dimension": dimension,
                "value": value,
                "model": model,
                "runs": len(bucket["M"]),
                "mean_S": mean(bucket["S"]) if bucket["S"] else None,
                "mean_M": mean(bucket["M"]) if bucket["M"] else None,
                "samples": summarise_samples(bucket["samples"]),
            }
        )
    return rows
