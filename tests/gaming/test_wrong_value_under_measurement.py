"""Issue 25 item 4, the last gap: an answer that passes the hidden tests but returns a WRONG value once
the input reaches a measurement size (a cheap path taken only under measurement) gets the worst O, in
category A and in category B. At each rung the harness runs the task's reference on the same generated
input and compares the two results as the task's checks compare them; an honest answer keeps its O.

Through the real Docker sandbox, as the other measurement traps (test_breaking_under_measurement.py)."""

from __future__ import annotations

from typing import Any

import pytest

from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.sandbox.measured_result import IS_REFERENCE
from prism_desktop.scoring.tables import evaluate
from tests.gaming.measurement_traps import (
    A_TASK,
    B_TASK,
    WORKSPACE,
    a_trapped,
    assert_worst_o,
    b_trapped,
    measured,
)

pytestmark = [pytest.mark.docker, pytest.mark.slow]
DIFFERS = "отличается от результата эталона"
A_WRONG = "Возврат Новый Массив;"  # the list without repeats of ≥ 200 numbers is never empty
B_WRONG = "Лишняя = Новый Массив; Лишняя.Добавить(Новый Массив); Возврат Лишняя;"  # one invented group


def fitted_o(run: dict[str, Any], category: str) -> int:
    """The O the measured growth gives on the task's exec table (what an honest answer must keep)."""
    rules = WORKSPACE.protocols.l1.axes["O"]
    table = rules.b_exec_table if category == "B" else rules.exec_table
    task = B_TASK if category == "B" else A_TASK
    assert table is not None and task.perf is not None
    return int(evaluate(table, run["detail"]["O"]["growth"] - task.perf.p_opt))


@pytest.mark.parametrize("size", [200, 800], ids=["first-size", "later-size"])
def test_a_wrong_value_at_a_measurement_size_is_the_worst_o(
    docker_backend: SandboxBackend, a_honest: dict[str, Any], size: int
) -> None:
    _, run = measured(docker_backend, A_TASK, a_trapped(size, A_WRONG))
    assert_worst_o(run, "A", a_honest)
    note = run["detail"]["O"]["note"]
    assert f"размере {size}" in note and DIFFERS in note, note


@pytest.mark.parametrize("size", [20, 80], ids=["first-size", "last-size"])
def test_b_wrong_value_at_a_measurement_size_is_the_worst_o(
    docker_backend: SandboxBackend, b_honest: dict[str, Any], size: int
) -> None:
    result, run = measured(docker_backend, B_TASK, b_trapped(size, B_WRONG))
    assert result.b_run is not None and result.b_run.status == "ok"
    assert_worst_o(run, "B", b_honest)
    note = run["detail"]["O"]["note"]
    assert f"размере {size}" in note and DIFFERS in note, note


def test_honest_answers_keep_their_o_and_say_what_was_compared(
    docker_backend: SandboxBackend, a_honest: dict[str, Any], b_honest: dict[str, Any]
) -> None:
    """The slow anchors (A11's baseline, B10's loop answer) return the reference's value at every
    size: O is what their growth gives, and the detail says the results were compared."""
    for run, category in ((a_honest, "A"), (b_honest, "B")):
        detail = run["detail"]["O"]
        assert run["scores"]["O"] == fitted_o(run, category), detail
        assert detail["result_check"].startswith("совпал с эталоном"), detail


def test_a_reference_keeps_its_o_and_is_not_run_twice(docker_backend: SandboxBackend) -> None:
    _, run = measured(docker_backend, A_TASK, A_TASK.canonical or "")
    assert run["scores"]["O"] == fitted_o(run, "A"), run["detail"]["O"]
    assert run["detail"]["O"]["result_check"] == IS_REFERENCE


def test_b_procedure_has_no_result_to_compare_and_says_so(docker_backend: SandboxBackend) -> None:
    """B13's entry is a procedure: nothing is returned, so nothing is compared — the detail says so,
    and O is scored on the counts as before."""
    task = WORKSPACE.task("B13")
    _, run = measured(
        docker_backend, task, (task.directory / "loop_variant.bsl").read_text(encoding="utf-8-sig")
    )
    detail = run["detail"]["O"]
    assert run["scores"]["O"] is not None, detail
    assert "процедура" in detail["result_check"], detail
