"""Verified annotations: one record per Verified run, as JSONL (one JSON object a line) and as CSV
(one row a run, one column a value). Both written atomically."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prism_desktop.workspace.atomic import write_text_atomic

from .dataset import AXES
from .verified import RunVerdict

SCORE_KEYS = ("S", "M", "O", "P", "Q")


@dataclass(frozen=True)
class Provenance:
    compat_hash: str | None  # the workspace's PRISM compat hash (task bank + protocol)
    timestamp: str  # when the annotations were made, ISO 8601 UTC


def verified_records(
    verdicts: Sequence[RunVerdict], experts: Sequence[str], provenance: Provenance
) -> list[dict[str, Any]]:
    """The records of the Verified runs among `verdicts`, in their order."""
    records = []
    for verdict in verdicts:
        if not verdict.verified:
            continue
        run = verdict.run
        records.append(
            {
                "task_id": run.task_id,
                "model_id": run.model_id,
                "model_name": run.model_name,
                "run_index": run.run_index,
                "response_hash": run.response_hash,
                "category": run.category,
                "machine_scores": {key: run.scores.get(key) for key in SCORE_KEYS},
                "machine_steps": {axis: run.machine.get(axis) for axis in AXES},
                "experts": {e: dict(run.experts[e]) for e in experts if e in run.experts},
                "consensus": dict(verdict.consensus),
                "verified_axes": list(verdict.agreeing),
                "category_verified_axes": list(verdict.verified_axes),
                "protocol_version": run.protocol_version,
                "constitution_version": run.constitution_version,
                "compat_hash": provenance.compat_hash,
                "timestamp": provenance.timestamp,
            }
        )
    return records


def write_verified_jsonl(path: Path, records: Sequence[Mapping[str, Any]]) -> None:
    write_text_atomic(path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))


def csv_columns(experts: Sequence[str]) -> list[str]:
    return [
        "task_id",
        "model_id",
        "model_name",
        "run_index",
        "response_hash",
        "category",
        *(f"score_{k}" for k in SCORE_KEYS),
        *(f"step_{a}" for a in AXES),
        *(f"consensus_{a}" for a in AXES),
        *(f"{e}_{a}" for e in experts for a in AXES),
        "verified_axes",
        "category_verified_axes",
        "protocol_version",
        "constitution_version",
        "compat_hash",
        "timestamp",
    ]


def write_verified_csv(path: Path, records: Sequence[Mapping[str, Any]], experts: Sequence[str]) -> None:
    """Empty cells are nulls (not measured, not graded); axes lists are space-separated."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=csv_columns(experts), lineterminator="\n")
    writer.writeheader()
    for record in records:
        row: dict[str, Any] = {
            key: record[key]
            for key in (
                "task_id",
                "model_id",
                "model_name",
                "run_index",
                "response_hash",
                "category",
                "protocol_version",
                "constitution_version",
                "compat_hash",
                "timestamp",
            )
        }
        row.update({f"score_{k}": record["machine_scores"].get(k) for k in SCORE_KEYS})
        row.update({f"step_{a}": record["machine_steps"].get(a) for a in AXES})
        row.update({f"consensus_{a}": record["consensus"].get(a) for a in AXES})
        row.update({f"{e}_{a}": record["experts"].get(e, {}).get(a) for e in experts for a in AXES})
        row["verified_axes"] = " ".join(record["verified_axes"])
        row["category_verified_axes"] = " ".join(record["category_verified_axes"])
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    write_text_atomic(path, buffer.getvalue())
