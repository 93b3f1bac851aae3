"""Per model summaries of 1C Code Bench auto files: Compile Rate and Success Rate overall, by level
(базовый / средний / сложный) and by context (сервер / клиент), with the bootstrap 95% intervals of
scoring/samples.py. Pure: auto-file dicts and task facts in, rows out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from prism_desktop.scoring.samples import Sample, run_sample, summarise_samples
from prism_desktop.workspace.onec_bench import CONTEXTS, LEVELS

SAMPLE_CATEGORY = "code"  # compile success comes from detail.S.compiled
ALL = "all"


def summarise_onec(
    auto_files: Iterable[Mapping[str, Any]], facts: Mapping[str, tuple[str, str]]
) -> list[dict[str, Any]]:
    """One row per (dimension, value, model): dimension "all", "level" or "context", for the tasks in
    `facts` (task id -> (level, context)); runs of other tasks are ignored."""
    buckets: dict[tuple[str, str, str], dict[str, list[Sample]]] = {}
    for auto in auto_files:
        for group in auto.get("tasks", []):
            if group["task_id"] not in facts:
                continue
            level, context = facts[group["task_id"]]
            samples = [
                s for s in (run_sample(run, SAMPLE_CATEGORY) for run in group["runs"]) if s is not None
            ]
            for dimension, value in (("all", ALL), ("level", level), ("context", context)):
                bucket = buckets.setdefault((dimension, value, group["model_name"]), {})
                bucket.setdefault(group["task_id"], []).extend(samples)
    rank = {value: n for n, value in enumerate((ALL, *LEVELS, *CONTEXTS))}

    def position(key: tuple[str, str, str]) -> tuple[int, str, str]:
        return rank.get(key[1], len(rank)), key[1], key[2]

    rows = []
    for key in sorted(buckets, key=position):
        dimension, value, model = key
        tasks = buckets[key]
        figures = summarise_samples(tasks)
        rows.append(
            {
                "dimension": dimension,
                "value": value,
                "model": model,
                "tasks": len(tasks),
                "runs": sum(len(s) for s in tasks.values()),
                "compile_rate": figures["compile_rate"] if figures else None,
                "success_rate": figures["success_rate"] if figures else None,
                "ci95": {k: v for k, v in (figures or {}).get("ci95", {}).items() if k.endswith("_rate")},
            }
        )
    return rows
