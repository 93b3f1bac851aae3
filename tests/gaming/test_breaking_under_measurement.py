"""Issue 25 item 4: an answer that passes the hidden tests but breaks at a measurement size — an
exception, a stall past the size's deadline, a stall the sandbox has to kill, a memory bomb — gets the
worst O the protocol gives (exec table at `o_timeout_signal`: 2), in category A and in category B, never
N/A (N/A would drop O from Q and reward the trap). N/A stays for our own failures.

Through the real Docker sandbox: the worker, its envelope and the deadline kill are part of the path."""

from __future__ import annotations

from typing import Any

import pytest

from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.scoring.level1 import score_run
from prism_desktop.services.level1 import candidate_generation, run_spec
from tests.gaming.measurement_traps import (
    A_TASK,
    B_TASK,
    ENGINE_BUG_TEXT,
    UNINTERRUPTIBLE,
    WORKSPACE,
    a_trapped,
    assert_worst_o,
    b_loop_answer,
    b_trapped,
    measured,
)

pytestmark = [pytest.mark.docker, pytest.mark.slow]


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
