"""PRISM's generation records (PRISM_FORMAT §4.1), key for key and in PRISM's order: a run, a
(task, model) pair with its determinism and totals, the experiment file, and the checkpoint parts
`results/<experiment>.parts/<task_id>__<model_key>.json`."""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.paths import safe_component


@dataclass(frozen=True)
class RunOutcome:
    run_index: int
    seed: int | None
    temperature: float
    response: str = ""
    tokens_input: int = 0
    tokens_output: int = 0
    tokens_total: int = 0
    elapsed_time: float = 0.0
    cost: tuple[float, float, float] = (0.0, 0.0, 0.0)
    error: str | None = None

    @property
    def success(self) -> bool:
        return self.error is None


def run_record(run: RunOutcome) -> dict[str, Any]:
    cost_input, cost_output, cost_total = run.cost
    return {
        "run_index": run.run_index,
        "seed": run.seed,
        "temperature": run.temperature,
        "response": run.response,
        "response_hash": response_hash(run.response, success=run.success),
        "tokens_input": run.tokens_input,
        "tokens_output": run.tokens_output,
        "tokens_total": run.tokens_total,
        "elapsed_time": run.elapsed_time,
        "cost_input": cost_input,
        "cost_output": cost_output,
        "cost_total": cost_total,
        "success": run.success,
        "error": run.error,
    }


def determinism(hashes: list[str]) -> dict[str, Any] | None:
    """Agreement of the successful runs' hashes; null when there are none."""
    if not hashes:
        return None
    counts = Counter(hashes)
    most_common_hash, most_common_count = counts.most_common(1)[0]
    return {
        "total_runs": len(hashes),
        "unique_responses": len(counts),
        "match_rate": most_common_count / len(hashes),
        "most_common_hash": most_common_hash,
        "most_common_count": most_common_count,
        "hashes": hashes,
    }


def pair_record(
    task_id: str,
    task_name: str,
    model_id: str,
    model_name: str,
    runs: list[RunOutcome],
    *,
    context_objects: list[str] | None = None,
    context_cost: float = 0.0,
) -> dict[str, Any]:
    records = [run_record(run) for run in runs]
    ok = [run for run in runs if run.success]
    return {
        "task_id": task_id,
        "task_name": task_name,
        "model_id": model_id,
        "model_name": model_name,
        "context_loaded": bool(context_objects),
        "context_objects": list(context_objects or []),
        "context_analysis_cost": context_cost,
        "runs": records,
        "determinism": determinism([r["response_hash"] for r in records if r["response_hash"]]),
        "total_tokens": sum(run.tokens_total for run in runs),
        "total_cost": sum(run.cost[2] for run in runs) + context_cost,
        "avg_time": round(sum(run.elapsed_time for run in ok) / len(ok), 3) if ok else 0.0,
    }


def experiment_record(
    name: str,
    category: str,
    timestamp: str,
    models_used: list[str],
    tasks_count: int,
    runs_per_task: int,
    pairs: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "experiment_name": name,
        "category": category,
        "timestamp": timestamp,
        "models_used": models_used,
        "tasks_count": tasks_count,
        "runs_per_task": runs_per_task,
        "task_results": pairs,
        "total_tokens": sum(int(p.get("total_tokens") or 0) for p in pairs),
        "total_cost": sum(float(p.get("total_cost") or 0.0) for p in pairs),
        "total_time": 0.0,
    }


def parts_dir(results_dir: Path, experiment_name: str) -> Path:
    return results_dir / f"{experiment_name}.parts"


def part_path(results_dir: Path, experiment_name: str, task_id: str, model_key: str) -> Path:
    # Task ids and model keys are checked when they are read; this keeps any other caller inside too.
    name = safe_component(f"{task_id}__{model_key}.json", "part file")
    return parts_dir(results_dir, experiment_name) / name


def write_part(path: Path, pair: dict[str, Any]) -> None:
    write_json_atomic(path, pair)


def read_complete_part(path: Path) -> dict[str, Any] | None:
    """A part whose runs all succeeded (resume skips its pair); None when absent, unreadable,
    incomplete or with a total_cost that is not a finite number ≥ 0 (it counts against --max-cost:
    a negative one would lower the money spent), so the pair is generated again."""
    try:
        pair = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(pair, dict):
        return None
    runs = pair.get("runs")
    if not isinstance(runs, list) or not runs:
        return None
    if not all(isinstance(run, dict) and run.get("success", True) is not False for run in runs):
        return None
    cost = pair.get("total_cost", 0.0)
    if isinstance(cost, bool) or not isinstance(cost, int | float) or not 0 <= cost < math.inf:
        return None
    return pair
