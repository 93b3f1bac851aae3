"""What the measurement-trap tests share: the tasks, a measured run through a backend, trap answers
built from bundled references, and the worst-O assertion."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from prism_desktop.runs.onec import RunResult
from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.scoring.level1 import score_run
from prism_desktop.scoring.tables import evaluate
from prism_desktop.services.level1 import candidate_generation, run_spec
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

WORKSPACE = Workspace.open(Path(__file__).resolve().parents[2])
RUNTIME = WORKSPACE.protocols.l1.runtime
A_TASK = WORKSPACE.task("A11")  # sizes 200, 400, 800, 1600; the hidden tests use a handful of elements
B_TASK = WORKSPACE.task("B10")  # sizes 20, 80; the hidden tests' group holds fewer than 20 counterparties
UNINTERRUPTIBLE = "Х = Pow(10, 200000); " + "Х = Х * Х; " * 8  # one multiplication no deadline check can stop
ENGINE_BUG_TEXT = "Внутренняя ошибка исполнителя PRISM Desktop (KeyError: 1)"  # forged by the candidate


def worst_o(category: str) -> int:
    rules = WORKSPACE.protocols.l1.axes["O"]
    table = rules.b_exec_table if category == "B" else rules.exec_table
    assert table is not None
    return int(evaluate(table, RUNTIME.o_timeout_signal))


def measured(
    backend: SandboxBackend, task: Task, code: str, **limits: float
) -> tuple[RunResult, dict[str, Any]]:
    spec = run_spec(WORKSPACE, task, code, "measure")
    spec.limits = dataclasses.replace(spec.limits, **limits)
    result = backend.run(spec)
    return result, score_run(task, WORKSPACE.protocols, candidate_generation(task, code), result)


def with_trap(code: str, after: str, trap: str) -> str:
    """`trap` inserted on its own line after the first line matching `after`."""
    lines = code.split("\n")
    at = next(i for i, line in enumerate(lines) if re.search(after, line))
    return "\n".join([*lines[: at + 1], trap, *lines[at + 1 :]])


def a_trapped(size: int, action: str) -> str:
    """A11's reference, which does `action` once the input has `size` elements or more."""
    return with_trap(
        A_TASK.canonical or "", r"^Функция", f"Если Элементы.Количество() >= {size} Тогда {action} КонецЕсли;"
    )


def b_loop_answer() -> str:
    return (B_TASK.directory / "loop_variant.bsl").read_text(encoding="utf-8-sig")


def b_trapped(size: int, action: str) -> str:
    """B10's correct loop answer, which does `action` once the group holds `size` counterparties."""
    return with_trap(
        b_loop_answer(),
        r"Элементы = Запрос\.Выполнить",
        f"Если Элементы.Количество() >= {size} Тогда {action} КонецЕсли;",
    )


def assert_worst_o(run: dict[str, Any], category: str, honest: dict[str, Any]) -> None:
    scores = run["scores"]
    assert scores["M"] == 10.0, run["detail"].get("M")  # the hidden tests passed
    assert scores["O"] == worst_o(category), run["detail"].get("O")
    assert scores["Q"] is not None and scores["Q"] < honest["scores"]["Q"], (scores, honest["scores"])
