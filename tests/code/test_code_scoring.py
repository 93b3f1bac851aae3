"""S and M of a code task from the sandbox's measurements (pure): compiles → S, share of passing tests
→ M, a run killed at its deadline says timeout, O and P are N/A with a reason, never 0."""

from __future__ import annotations

from prism_desktop.runs.code import (
    CodeDiagnostic,
    CodeRunResult,
    CodeTestOutcome,
    CompileMeasurement,
    GateCheck,
)
from prism_desktop.scoring.code_level1 import score_code_run
from prism_desktop.workspace.coding import CodingWorkspace
from prism_desktop.workspace.results import Generation
from tests.code.conftest import BUNDLED

TASK = CodingWorkspace.open(BUNDLED).task("algo_py_001")  # 7 tests
GENERATION = Generation("algo_py_001", "", "m", "m", 0, "```python\nx = 1\n```", "", success=True)


def result(tests: list[CodeTestOutcome] | None, ok: bool = True, status: str = "ok") -> CodeRunResult:
    warnings = [] if ok else [CodeDiagnostic("solution.py", 1, 5, "error", "SyntaxError: bad")]
    return CodeRunResult(
        "0", status, "python", toolchain="python 3.11.2, pytest 7.2.1",
        compile=CompileMeasurement(ok=ok, tool="py_compile", diagnostics=warnings), tests=tests,
    )  # fmt: skip


def test_share_of_passing_tests_with_per_test_detail() -> None:
    tests = [CodeTestOutcome(f"t{i}", "pass") for i in range(5)] + [
        CodeTestOutcome("t5", "fail", "assert 1 == 2"),
        CodeTestOutcome("t6", "timeout", "no verdict within 10 s"),
    ]
    run = score_code_run(TASK, GENERATION, None, result(tests))
    assert (
        run["scores"]["S"] == 10
        and run["scores"]["M"] == round(50 / 7, 2)
        and run["scores"]["Q"] == run["scores"]["M"]
    )
    meaning = run["detail"]["M"]
    assert (meaning["passed"], meaning["total"], meaning["status"]) == (5, 7, "timeout")
    assert meaning["tests"][5] == {"name": "t5", "status": "fail", "message": "assert 1 == 2"}
    assert meaning["instrument"].startswith("prism-code-runner") and "pytest 7.2.1" in meaning["instrument"]
    assert run["scores"]["O"] is None and "не оценивается" in run["detail"]["O"]["reason"]
    assert run["scores"]["P"] is None


def test_not_compiling_is_s_below_10_and_m_zero() -> None:
    run = score_code_run(TASK, GENERATION, None, result(None, ok=False))
    assert run["scores"]["S"] < 10 and run["scores"]["M"] == 0
    assert run["detail"]["S"]["diagnostics"][0]["message"] == "SyntaxError: bad"


def test_fewer_tests_than_declared_count_against_the_candidate() -> None:
    run = score_code_run(TASK, GENERATION, None, result([CodeTestOutcome("t0", "pass")]))
    assert run["scores"]["M"] == round(10 / 7, 2)


def test_run_killed_at_its_deadline_says_timeout() -> None:
    run = score_code_run(TASK, GENERATION, None, result(None, status="timeout"))
    assert run["scores"]["M"] == 0 and run["detail"]["M"]["status"] == "timeout"


def test_sandbox_failure_and_failed_generation_are_not_measured() -> None:
    broken = CodeRunResult("0", "infra_error", "python", infra_detail="engine gone")
    run = score_code_run(TASK, GENERATION, None, broken)
    assert run["scores"]["S"] is None and "infra_error" in run["detail"]["S"]["reason"]
    failed = Generation("algo_py_001", "", "m", "m", 1, "", "", success=False, error="HTTP 500")
    assert score_code_run(TASK, failed, None, None)["scores"]["M"] is None


def test_no_code_in_the_language_is_the_models_fault() -> None:
    run = score_code_run(TASK, GENERATION, "no fenced block in python", None)
    assert run["scores"]["S"] == 0 and run["scores"]["M"] == 0 and run["detail"]["S"]["status"] == "no_code"


def test_the_lint_gate_is_reported_beside_s_and_changes_no_score() -> None:
    library = CodingWorkspace.open(BUNDLED).task("lib_textkit")
    answer = Generation("lib_textkit", "", "m", "m", 0, "```diff\n```", "", success=True)
    measured = result([CodeTestOutcome(f"t{i}", "pass") for i in range(library.test_count)])
    finding = CodeDiagnostic("textkit/slug.py", 3, 1, "warning", "`os` imported but unused", "F401")
    measured.gate = [
        GateCheck("ruff", "fail", [finding]),
        GateCheck("mypy", "unavailable", output="the sandbox image carries no mypy"),
    ]
    run = score_code_run(library, answer, None, measured)
    assert run["scores"]["S"] == 10 and run["scores"]["M"] == 10
    gate = run["detail"]["S"]["gate"]
    assert gate["ruff"]["status"] == "fail" and gate["ruff"]["findings"] == 1
    assert gate["ruff"]["diagnostics"][0]["code"] == "F401"
    assert gate["mypy"] == {
        "status": "unavailable", "findings": None, "diagnostics": [],
        "output": "the sandbox image carries no mypy",
    }  # fmt: skip
    assert "gate" not in score_code_run(TASK, GENERATION, None, result(None))["detail"]["S"]
