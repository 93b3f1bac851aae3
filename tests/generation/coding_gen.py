"""A copy of the bundled coding bench for generation tests: its generation/ folder points at the fake
server, which answers every task with its reference solution (as `check` sends it)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prism_desktop.generation.prompts import user_message
from prism_desktop.services.code_candidates import reference_answer
from prism_desktop.workspace.coding_bench import CodingBenchWorkspace

from .fake_openai import default_answer
from .gen_files import REPO, write_coding_prompts, write_generation

BUNDLED_CODING = REPO / "benchmarks" / "coding"
ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 2
  model_params:
    chatty: { temperature: 0.1, runs: 1 }
"""


def copy_coding_bench(root: Path) -> Path:
    """The bundled bench's tasks (no results, no generation/) at `root`."""
    for part in ("dataset", "tests", "libraries"):
        shutil.copytree(BUNDLED_CODING / part, root / part)
    return root


def write_coding_generation(root: Path, endpoint: str) -> None:
    write_generation(root, endpoint, params=ONE_RUN)
    write_coding_prompts(root)


def reference_answers(root: Path) -> Callable[[dict[str, Any]], str]:
    """The fake server's answer: the reference of the task whose user message was sent."""
    workspace = CodingBenchWorkspace.open(root)
    by_message = {}
    for task in workspace.tasks:
        code_task = workspace.code_task(task.id)
        assert code_task is not None
        by_message[user_message(task)] = reference_answer(code_task) or ""

    def answer(body: dict[str, Any]) -> str:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return by_message.get(user) or default_answer(body)

    return answer
