"""Running a generation in-process against the fake server, and PRISM's own reading of its files."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from prism_desktop.generation.cache import ResponseCache
from prism_desktop.generation.config import load_generation_config
from prism_desktop.generation.plan import GenerationPlan, GenerationRequest, make_plan
from prism_desktop.generation.retry import RetryPolicy, no_jitter
from prism_desktop.generation.runner import GenerationResult, Generator
from prism_desktop.workspace.workspace import Workspace

FAST = RetryPolicy(base_delay=0.01, jitter=no_jitter)


class RecordingSleep:
    """asyncio.sleep's stand-in: remembers each wait and does not wait."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def generate(
    root: Path,
    *,
    env: dict[str, str] | None = None,
    policy: RetryPolicy = FAST,
    sleep: Any = None,
    timeout: float = 5.0,
    cache_dir: Path | None = None,
    on_event: Any = None,
    **request: Any,
) -> tuple[GenerationResult, GenerationPlan]:
    workspace = Workspace.open(root)
    config = load_generation_config(root)
    plan = make_plan(workspace, config, GenerationRequest(**request))
    kwargs: dict[str, Any] = {
        "env": env or {},
        "policy": policy,
        "timeout": timeout,
        "cache": ResponseCache(cache_dir or root.parent / "cache"),
        "on_event": on_event,
    }
    if sleep is not None:
        kwargs["sleep"] = sleep
    generator = Generator(config, plan, GenerationRequest(**request), **kwargs)
    return generator.run(), plan


# -- an independent oracle of PRISM's formats, written from PRISM_FORMAT §4.1 ----------------------

RUN_KEYS = [
    "run_index",
    "seed",
    "temperature",
    "response",
    "response_hash",
    "tokens_input",
    "tokens_output",
    "tokens_total",
    "elapsed_time",
    "cost_input",
    "cost_output",
    "cost_total",
    "success",
    "error",
]
PAIR_KEYS = [
    "task_id",
    "task_name",
    "model_id",
    "model_name",
    "context_loaded",
    "context_objects",
    "context_analysis_cost",
    "runs",
    "determinism",
    "total_tokens",
    "total_cost",
    "avg_time",
]
EXPERIMENT_KEYS = [
    "experiment_name",
    "category",
    "timestamp",
    "models_used",
    "tasks_count",
    "runs_per_task",
    "task_results",
    "total_tokens",
    "total_cost",
    "total_time",
]
DETERMINISM_KEYS = [
    "total_runs",
    "unique_responses",
    "match_rate",
    "most_common_hash",
    "most_common_count",
    "hashes",
]


def prism_hash(response: str) -> str:
    fence = re.search(r"```(1c|1С|bsl)?\s*\n(.*?)```", response, re.DOTALL | re.IGNORECASE)
    text = fence.group(2) if fence else response
    lines = [line.rstrip() for line in text.strip().split("\n")]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def read_like_prism(experiment: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    """PRISM's reader: exactly its keys in its order and types; returns (task, model, run, hash)."""
    assert list(experiment) == EXPERIMENT_KEYS
    assert isinstance(experiment["timestamp"], str) and experiment["category"] in ("A", "B")
    rows = []
    for pair in experiment["task_results"]:
        assert list(pair) == PAIR_KEYS
        assert isinstance(pair["context_objects"], list) and isinstance(pair["context_loaded"], bool)
        if pair["determinism"] is not None:
            assert list(pair["determinism"]) == DETERMINISM_KEYS
        for run in pair["runs"]:
            assert list(run) == RUN_KEYS
            assert isinstance(run["run_index"], int) and isinstance(run["response"], str)
            assert run["response_hash"] == (
                prism_hash(run["response"]) if run["success"] and run["response"] else ""
            )
            rows.append((pair["task_id"], pair["model_id"], run["run_index"], run["response_hash"]))
    return rows
