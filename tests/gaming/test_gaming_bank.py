"""The "gaming" suite (issue 20): for every task of our banks, cheats must never out-score the task's
honest slow anchor, and wrong answers that crash or stall the harness must score M = 0 (never N/A)
and never above an honest wrong answer.

Runs the real in-process harnesses (the same code the sandbox worker runs) and the real scoring;
the hostile candidates go through Docker and the local sandbox in test_gaming_sandbox.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.bsl.candidate_text import detect_entry_point
from prism_desktop.runs.onec import RunResult
from prism_desktop.sandbox.worker import harness_for
from prism_desktop.scoring.level1 import score_run
from prism_desktop.scoring.optimization import growth_exponent
from prism_desktop.scoring.tables import evaluate
from prism_desktop.services.level1 import candidate_generation, run_spec
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
WORKSPACE = Workspace.open(ROOT)
A_TASKS = [t for t in WORKSPACE.tasks if t.category == "A" and t.perf is not None and t.perf_baseline]
B_TASKS = [t for t in WORKSPACE.tasks if t.category == "B" and t.canonical]
FOOLED: dict[str, bool] = {}  # task id -> PRISM's end-point exponent would have rewarded the ballast


def measure(task: Task, code: str, legs: list[str] | None = None) -> tuple[RunResult, dict[str, Any]]:
    spec = run_spec(WORKSPACE, task, code, "gaming", size_timeout_s=30.0)
    if legs is not None:
        spec.legs = legs
    result = harness_for(task.category)(spec)
    return result, score_run(task, WORKSPACE.protocols, candidate_generation(task, code), result)


def entry_signature(task: Task, code: str) -> tuple[str, str]:
    """(entry name, its parameter list as written) of a reference solution."""
    entry = detect_entry_point(code, list(task.entry_point_patterns), include_procedures=task.category == "B")
    assert entry is not None, task.id
    found = re.search(rf"(?im)^\s*Функция\s+{re.escape(entry)}\s*\(([^)]*)\)", code)
    assert found is not None, task.id
    return entry, found.group(1)


def returning(task: Task, *body: str) -> str:
    """A candidate with the task's entry signature whose body is `body`."""
    entry, params = entry_signature(task, task.canonical or "")
    return "\n".join([f"Функция {entry}({params})", *body, "КонецФункции"])


HOSTILE_RETURNS = {
    "self-containing": ("ХакМ = Новый Массив;", "ХакМ.Добавить(ХакМ);", "Возврат ХакМ;"),
    "deep-nesting": (
        "ХакМ = Новый Массив;",
        "Для ХакИ = 1 По 5000 Цикл ХакН = Новый Массив; ХакН.Добавить(ХакМ); ХакМ = ХакН; КонецЦикла;",
        "Возврат ХакМ;",
    ),
    "lone-surrogate": ("Возврат Символ(55296);",),
    "huge-number": ("Возврат Pow(10, 100000000);",),
}


def scores(run: dict[str, Any]) -> dict[str, Any]:
    return run["scores"]


# --- category A -------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=A_TASKS, ids=lambda t: t.id)
def a_task(request: pytest.FixtureRequest) -> Task:
    return request.param


@pytest.fixture(scope="module")
def baseline(a_task: Task) -> tuple[RunResult, dict[str, Any]]:
    return measure(a_task, a_task.perf_baseline or "")


@pytest.fixture(scope="module")
def honest_wrong(a_task: Task) -> dict[str, Any]:
    return scores(measure(a_task, returning(a_task, "Возврат Неопределено;"), ["syntax", "tests"])[1])


@pytest.mark.parametrize("hostile", sorted(HOSTILE_RETURNS))
def test_a_return_value_the_harness_cannot_describe_is_m_zero(
    a_task: Task, hostile: str, honest_wrong: dict[str, Any]
) -> None:
    result, run = measure(a_task, returning(a_task, *HOSTILE_RETURNS[hostile]), ["syntax", "tests"])
    assert result.status == "ok"
    assert scores(run)["M"] == 0.0, run["detail"].get("M")
    assert scores(run)["Q"] is not None and scores(run)["Q"] <= honest_wrong["Q"]


def test_a_constant_ballast_does_not_beat_the_slow_anchor(a_task: Task, baseline: Any) -> None:
    result, honest = baseline
    assert scores(honest)["M"] == 10.0 and scores(honest)["O"] is not None
    first = result.perf.sizes[0].ops if result.perf else None
    assert first
    ballast = f"\nДля ХакИ = 1 По {3 * first} Цикл\nКонецЦикла;\n"  # module body: run by the O ladder only
    cheat_result, cheat = measure(a_task, (a_task.perf_baseline or "") + ballast)
    assert scores(cheat)["M"] == 10.0
    assert scores(cheat)["O"] <= scores(honest)["O"], cheat["detail"]["O"]
    assert scores(cheat)["Q"] <= scores(honest)["Q"]
    ops = [s.ops or 0 for s in cheat_result.perf.sizes] if cheat_result.perf else []
    sizes = [s.size for s in cheat_result.perf.sizes] if cheat_result.perf else []
    two_point = growth_exponent(ops, sizes)
    assert a_task.perf is not None and two_point is not None
    table = WORKSPACE.protocols.l1.axes["O"].exec_table
    assert table is not None
    FOOLED[a_task.id] = evaluate(table, two_point - a_task.perf.p_opt) > scores(honest)["O"]


def test_a_breaking_only_under_measurement_is_the_worst_o(a_task: Task, baseline: Any) -> None:
    _, honest = baseline
    code = (a_task.perf_baseline or "") + '\nВызватьИсключение "только под замером";\n'
    _, cheat = measure(a_task, code)
    assert scores(cheat)["M"] == 10.0  # the tests strip the trailing body
    assert scores(cheat)["O"] == 2, cheat["detail"]["O"]
    assert scores(cheat)["Q"] <= scores(honest)["Q"]


def test_the_ballast_cheat_would_have_fooled_prisms_end_point_fit() -> None:
    """The suite can fail: on most tasks PRISM's own fit rewards the ballast above the anchor."""
    if len(FOOLED) < len(A_TASKS):
        pytest.skip("run with the per-task ballast tests")
    assert sum(FOOLED.values()) >= len(A_TASKS) // 2, FOOLED


# --- category B -------------------------------------------------------------------------------


def loop_variant(task: Task) -> str:
    return (task.directory / "loop_variant.bsl").read_text(encoding="utf-8-sig")


def before_last_return(code: str, text: str) -> str:
    """`text` inserted in the last method, before its last Возврат (or its end when it has none)."""
    lines = code.split("\n")
    header = max(i for i, line in enumerate(lines) if re.match(r"(?i)\s*(Функция|Процедура)\b", line))
    returns = [i for i, line in enumerate(lines) if i > header and re.match(r"(?i)\s*Возврат\b", line)]
    ends = [i for i, line in enumerate(lines) if re.match(r"(?i)\s*Конец(Функции|Процедуры)\b", line)]
    lines.insert(returns[-1] if returns else ends[-1], text)
    return "\n".join(lines)


@pytest.fixture(scope="module", params=B_TASKS, ids=lambda t: t.id)
def b_task(request: pytest.FixtureRequest) -> Task:
    return request.param


@pytest.fixture(scope="module")
def b_anchor(b_task: Task) -> dict[str, Any]:
    _, run = measure(b_task, loop_variant(b_task), ["syntax", "tests"])
    assert scores(run)["M"] == 10.0
    return run


def test_b_labels_run_like_the_code_without_them(b_task: Task, b_anchor: dict[str, Any]) -> None:
    code = before_last_return(loop_variant(b_task), "    Перейти ~Конец;\n~Конец:")
    result, run = measure(b_task, code, ["syntax", "tests"])
    assert result.b_run is not None and result.b_run.status == "ok", result.b_run
    assert scores(run) == scores(b_anchor)


def test_b_an_identifier_our_loader_rejects_is_the_candidates_compile_error(
    b_task: Task, b_anchor: dict[str, Any]
) -> None:
    code = before_last_return(loop_variant(b_task), "    Ответ² = 1;")
    result, run = measure(b_task, code, ["syntax", "tests"])
    assert result.b_run is not None and result.b_run.status == "candidate_error"
    assert scores(run)["S"] is not None and scores(run)["M"] == 0.0
    assert scores(run)["Q"] is not None and scores(run)["Q"] < scores(b_anchor)["Q"]
