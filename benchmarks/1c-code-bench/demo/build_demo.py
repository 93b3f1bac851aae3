"""Builds the demo experiment of the bundled 1C Code Bench workspace:
results/experiment_1c_demo_20261207_090000.json — three fictional answerers, one answer per task.

The answers are made from each task's own files, so that the figures show what Compile Rate and
Success Rate tell apart; no model wrote them:

    demo/reference   the reference function of every task (compiles, solves)
    demo/mixed       the reference on базовый tasks, variants/wrong.bsl on средний (compiles, does
                     not solve), the reference without its КонецФункции on сложный (does not compile)
    demo/wrong       variants/wrong.bsl on server tasks; on client tasks the answer holds only a
                     function of another name (no function of the task's name: not compiled)

    python benchmarks/1c-code-bench/demo/build_demo.py
"""

from __future__ import annotations

import sys
from pathlib import Path

DEMO_DIR = Path(__file__).resolve().parent
WORKSPACE = DEMO_DIR.parent
REPO = WORKSPACE.parents[1]
sys.path.insert(0, str(REPO))

from prism_desktop.scoring.hashing import response_hash  # noqa: E402
from prism_desktop.services.onec_level1 import reference_code  # noqa: E402
from prism_desktop.workspace.atomic import write_json_atomic  # noqa: E402
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace, OneCTask  # noqa: E402

EXPERIMENT = "experiment_1c_demo_20261207_090000"
MODELS = (("demo/reference", "Demo reference"), ("demo/mixed", "Demo mixed"), ("demo/wrong", "Demo wrong"))


def not_compiling(task: OneCTask) -> str:
    """The reference with its closing КонецФункции dropped."""
    code = reference_code(task).rstrip()
    return code[: code.rindex("КонецФункции")].rstrip() + "\n"


def answer(task: OneCTask, model: str) -> str:
    if model == "demo/reference":
        return reference_code(task)
    if model == "demo/mixed":
        by_level = {"базовый": reference_code(task), "средний": task.variants["wrong.bsl"]}
        return by_level.get(task.level) or not_compiling(task)
    if task.context == "сервер":
        return task.variants["wrong.bsl"]
    return reference_code(task).replace(task.entry, task.entry + "Решение")


def build() -> dict:
    workspace = OneCBenchWorkspace.open(WORKSPACE)
    groups = []
    for task in workspace.tasks:
        for model_id, model_name in MODELS:
            response = f"Решение:\n\n```bsl\n{answer(task, model_id)}```\n"
            run = {
                "run_index": 0, "seed": None, "temperature": 0.0, "response": response,
                "response_hash": response_hash(response), "success": True, "tokens_input": 0,
                "tokens_output": 0, "elapsed_time": 0.0, "cost_total": 0.0,
            }  # fmt: skip
            groups.append(
                {"task_id": task.id, "task_name": task.name, "model_id": model_id, "model_name": model_name,
                 "runs": [run]}
            )  # fmt: skip
    return {
        "experiment_name": EXPERIMENT,
        "category": "",
        "timestamp": "2026-12-07T09:00:00",
        "models_used": [name for _, name in MODELS],
        "tasks_count": len(workspace.tasks),
        "runs_per_task": 1,
        "task_results": groups,
    }


def main() -> int:
    out = WORKSPACE / "results" / f"{EXPERIMENT}.json"
    write_json_atomic(out, build())
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
