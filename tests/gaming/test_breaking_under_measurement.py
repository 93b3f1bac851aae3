"""Issue 25 item 4: an answer that passes the hidden tests but breaks at a measurement size — an
exception, a stall past the size's deadline, a stall the sandbox has to kill, a memory bomb — gets the
worst O the protocol gives (exec table at `o_timeout_signal`: 2), in category A and in category B, never
N/A (N/A would drop O from Q and reward the trap). N/A stays for our own failures.

Through the real Docker sandbox: the worker, its envelope and the deadline kill are part of the path."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import docker
import pytest

from prism_desktop.runs.onec import RunResult
from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.scoring.level1 import score_run
from prism_desktop.scoring.tables import evaluate
from prism_desktop.services.level1 import candidate_generation, run_spec
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

pytestmark = [pytest.mark.docker, pytest.mark.slow]
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


@pytest.fixture(scope="module")
def docker_backend(docker_client: docker.DockerClient) -> SandboxBackend:
    """The real Docker backend, shared by the module's tests (the honest runs are measured once)."""
    return DockerBackend(docker_client, sweep_orphans=False)


@pytest.fixture(scope="module")
def b_honest(docker_backend: SandboxBackend) -> dict[str, Any]:
    _, run = measured(docker_backend, B_TASK, b_loop_answer())
    assert run["scores"]["M"] == 10.0 and run["scores"]["O"] is not None, run["detail"]
    return run


@pytest.fixture(scope="module")
def a_honest(docker_backend: SandboxBackend) -> dict[str, Any]:
    _, run = measured(docker_backend, A_TASK, A_TASK.perf_baseline or "")
    assert run["scores"]["M"] == 10.0 and run["scores"]["O"] is not None, run["detail"]
    return run


# --- category B -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [20, 80], ids=["first-size", "last-size"])
def test_b_exception_at_a_measurement_size_is_the_worst_o(
    docker_backend: SandboxBackend, b_honest: dict[str, Any], size: int
) -> None:
    result, run = measured(docker_backend, B_TASK, b_trapped(size, 'ВызватьИсключение "только под замером";'))
    assert result.status == "ok" and result.b_run is not None and result.b_run.status == "ok"
    assert_worst_o(run, "B", b_honest)
    assert "только под замером" in run["detail"]["O"]["note"]


def test_b_stall_past_the_size_deadline_is_the_worst_o(
    docker_backend: SandboxBackend, b_honest: dict[str, Any]
) -> None:
    code = b_trapped(20, "Пока Истина Цикл КонецЦикла;")
    result, run = measured(docker_backend, B_TASK, code, size_timeout_s=3.0)
    assert result.status == "ok"
    assert_worst_o(run, "B", b_honest)


def test_b_stall_the_sandbox_kills_is_the_worst_o(
    docker_backend: SandboxBackend, b_honest: dict[str, Any]
) -> None:
    result, run = measured(
        docker_backend,
        B_TASK,
        b_trapped(20, UNINTERRUPTIBLE),
        test_timeout_s=20.0,
        size_timeout_s=2.0,
        wall_slack_s=3.0,
    )
    assert result.status == "timeout", result.infra_detail
    assert_worst_o(run, "B", b_honest)


def test_b_engine_failure_named_by_the_candidate_is_still_the_worst_o(
    docker_backend: SandboxBackend, b_honest: dict[str, Any]
) -> None:
    _, run = measured(docker_backend, B_TASK, b_trapped(20, f'ВызватьИсключение "{ENGINE_BUG_TEXT}";'))
    assert_worst_o(run, "B", b_honest)


def test_b_our_own_failure_under_measurement_stays_na(docker_backend: SandboxBackend) -> None:
    """A `call` snippet our emulator cannot compile is the task's (our) fault: O is N/A with the reason."""
    code = b_loop_answer()
    spec = run_spec(WORKSPACE, B_TASK, code, "measure")
    assert spec.task.perf is not None
    spec.task.perf["call"] = "КодКандидата.{{ENTRY}}(((;"
    result = docker_backend.run(spec)
    run = score_run(B_TASK, WORKSPACE.protocols, candidate_generation(B_TASK, code), result)
    assert run["scores"]["M"] == 10.0
    assert run["scores"]["O"] is None and "Тесты" in run["detail"]["O"]["note"], run["detail"]["O"]


# --- category A -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [200, 800], ids=["first-size", "later-size"])
def test_a_exception_at_a_measurement_size_is_the_worst_o(
    docker_backend: SandboxBackend, a_honest: dict[str, Any], size: int
) -> None:
    _, run = measured(docker_backend, A_TASK, a_trapped(size, 'ВызватьИсключение "только под замером";'))
    assert_worst_o(run, "A", a_honest)


def test_a_engine_failure_named_by_the_candidate_is_still_the_worst_o(
    docker_backend: SandboxBackend, a_honest: dict[str, Any]
) -> None:
    _, run = measured(docker_backend, A_TASK, a_trapped(400, f'ВызватьИсключение "{ENGINE_BUG_TEXT}";'))
    assert_worst_o(run, "A", a_honest)


@pytest.mark.parametrize("size", [200, 800], ids=["first-size", "later-size"])
def test_a_stall_past_the_size_deadline_is_the_worst_o(
    docker_backend: SandboxBackend, a_honest: dict[str, Any], size: int
) -> None:
    _, run = measured(
        docker_backend, A_TASK, a_trapped(size, "Пока Истина Цикл КонецЦикла;"), size_timeout_s=2.0
    )
    assert_worst_o(run, "A", a_honest)


def test_a_stall_the_sandbox_kills_is_the_worst_o(
    docker_backend: SandboxBackend, a_honest: dict[str, Any]
) -> None:
    result, run = measured(
        docker_backend, A_TASK, a_trapped(400, UNINTERRUPTIBLE), size_timeout_s=2.0, wall_slack_s=3.0
    )
    assert result.status == "timeout", result.infra_detail
    assert_worst_o(run, "A", a_honest)


def test_a_memory_bomb_under_measurement_is_the_worst_o(
    docker_backend: SandboxBackend, a_honest: dict[str, Any]
) -> None:
    bomb = 'С = "0123456789"; Для Ш = 1 По 40 Цикл С = С + С; КонецЦикла;'
    _, run = measured(docker_backend, A_TASK, a_trapped(400, bomb))
    assert_worst_o(run, "A", a_honest)
