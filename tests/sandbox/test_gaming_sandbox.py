"""Issue 20 item 1 through the real sandboxes (Docker and the local fallback): hostile return values
and a run past the wall-clock deadline come back as measurements that score M = 0 — never N/A, never
above an honest wrong answer — and the run is never an infra_error."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from prism_desktop.bsl.candidate_text import detect_entry_point
from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.scoring.level1 import score_run
from prism_desktop.services.level1 import candidate_generation, run_spec
from prism_desktop.workspace.workspace import Workspace
from tests.sandbox.test_sandbox_engine_runs import BACKENDS, real_backend

WORKSPACE = Workspace.open(Path(__file__).resolve().parents[2])
TASK = WORKSPACE.task("A11")
backend = pytest.fixture(params=BACKENDS)(real_backend)  # Docker and the local fallback


def candidate(*body: str) -> str:
    canonical = TASK.canonical or ""
    entry = detect_entry_point(canonical, list(TASK.entry_point_patterns))
    assert entry is not None
    found = re.search(rf"(?im)^\s*Функция\s+{re.escape(entry)}\s*\(([^)]*)\)", canonical)
    assert found is not None
    return "\n".join([f"Функция {entry}({found.group(1)})", *body, "КонецФункции"])


def scored(backend: SandboxBackend, code: str, **limits: float) -> tuple[str, dict]:  # type: ignore[type-arg]
    spec = run_spec(WORKSPACE, TASK, code, "gaming")
    spec.legs = ["syntax", "tests"]
    spec.limits = dataclasses.replace(spec.limits, test_timeout_s=3.0, wall_slack_s=3.0, **limits)
    result = backend.run(spec)
    return result.status, score_run(TASK, WORKSPACE.protocols, candidate_generation(TASK, code), result)


HOSTILE = {
    "self-containing": ("М = Новый Массив;", "М.Добавить(М);", "Возврат М;"),
    "deep-nesting": (
        "М = Новый Массив;",
        "Для И = 1 По 5000 Цикл Н = Новый Массив; Н.Добавить(М); М = Н; КонецЦикла;",
        "Возврат М;",
    ),
    "lone-surrogate": ("Возврат Символ(55296);",),
    "100-mb": (
        'С = "0123456789";',
        "Для И = 1 По 13 Цикл С = С + С; КонецЦикла;",  # 80 KB
        "М = Новый Массив;",
        "Для И = 1 По 1300 Цикл М.Добавить(С + И); КонецЦикла;",  # 1,300 distinct strings ≈ 100 MB
        "Возврат М;",
    ),
    "huge-number": ("Возврат Pow(10, 100000000);",),
}


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_hostile_return_values_score_zero_not_na(backend: SandboxBackend, hostile: str) -> None:
    _, honest_wrong = scored(backend, candidate("Возврат Неопределено;"))
    status, run = scored(backend, candidate(*HOSTILE[hostile]), memory_mb=768)
    assert status != "infra_error", run["detail"]
    assert run["scores"]["M"] == 0.0, run["detail"].get("M")
    assert run["scores"]["Q"] is not None and run["scores"]["Q"] <= honest_wrong["scores"]["Q"]


def test_a_run_past_the_wall_clock_deadline_scores_zero(backend: SandboxBackend) -> None:
    """Straight-line squarings of a 664,000-bit number reach a 170-million-bit one: each is one
    multiplication no deadline check can interrupt (the engine checks between loop iterations and
    calls), so the sandbox kills the run at its wall-clock deadline — the candidate's failure."""
    squarings = ["Х = Х * Х;"] * 8
    status, run = scored(backend, candidate("Х = Pow(10, 200000);", *squarings, "Возврат Х;"))
    assert status == "timeout"
    assert run["scores"]["M"] == 0.0 and run["detail"]["M"]["errors"] == ["таймаут исполнения"]
    assert run["scores"]["Q"] is not None


def test_breaking_only_under_measurement_is_the_worst_o(backend: SandboxBackend) -> None:
    code = (TASK.canonical or "") + '\nВызватьИсключение "только под замером";\n'
    spec = run_spec(WORKSPACE, TASK, code, "gaming")
    result = backend.run(spec)
    run = score_run(TASK, WORKSPACE.protocols, candidate_generation(TASK, code), result)
    assert result.status == "ok"
    assert run["scores"]["M"] == 10.0 and run["scores"]["O"] == 2, run["detail"]["O"]


B_TASK = WORKSPACE.task("B11")


@pytest.mark.parametrize(
    ("insert", "status"),
    [("    Перейти ~Конец;\n~Конец:", "ok"), ("    Ответ² = 1;", "candidate_error")],
    ids=["label", "superscript-name"],
)
def test_b_candidates_cannot_opt_out(backend: SandboxBackend, insert: str, status: str) -> None:
    lines = (B_TASK.canonical or "").split("\n")
    last_return = max(i for i, line in enumerate(lines) if re.match(r"(?i)\s*Возврат\b", line))
    code = "\n".join([*lines[:last_return], insert, *lines[last_return:]])
    spec = run_spec(WORKSPACE, B_TASK, code, "gaming")
    spec.legs = ["syntax", "tests"]
    result = backend.run(spec)
    run = score_run(B_TASK, WORKSPACE.protocols, candidate_generation(B_TASK, code), result)
    assert result.status == "ok" and result.b_run is not None and result.b_run.status == status
    assert (
        run["scores"]["S"] is not None and run["scores"]["M"] is not None and run["scores"]["Q"] is not None
    )
    if status == "ok":
        assert run["scores"]["M"] == 10.0
