"""N/A reasons (issue 30.12): auto files keep PRISM's Russian sentence, byte for byte; every reason the
scorers write is one sentence of scoring/reasons.py, so the interface can show it in its language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prism_desktop.runs.code import CodeRunResult, CompileMeasurement
from prism_desktop.runs.onec import RunResult
from prism_desktop.scoring import code_level1, level1, reasons
from prism_desktop.services.benchmark_kinds import open_workspace
from prism_desktop.workspace.results import Generation

REPO = Path(__file__).resolve().parents[2]
FIELD = re.compile(r"\{(\w+)\}")


def _generation(**changes: object) -> Generation:
    values: dict[str, object] = {
        "task_id": "algo_py_001", "task_name": "", "model_id": "m", "model_name": "m", "run_index": 0,
        "response": "```python\nprint(1)\n```", "response_hash": "h", "success": True,
    }  # fmt: skip
    values.update(changes)
    return Generation(**values)  # type: ignore[arg-type]


def _reason(run: dict[str, object], axis: str) -> str:
    detail = run["detail"]
    assert isinstance(detail, dict)
    return str(detail[axis]["reason"])


def test_every_sentence_reads_back_with_its_fields() -> None:
    assert len({r.key for r in reasons.REASONS}) == len(reasons.REASONS)
    for reason in reasons.REASONS:
        fields = {name: f"<{name} value 1>" for name in FIELD.findall(reason.stored)}
        assert sorted(FIELD.findall(reason.english)) == sorted(fields), reason.key
        assert reasons.parse(reason.text(**fields)) == (reason, fields), reason.key
    assert reasons.parse("a sentence nobody wrote") is None


def test_code_runs_store_the_same_russian_sentences() -> None:
    """What earlier auto files hold stays what is written: stable files, PRISM's language."""
    workspace = open_workspace(REPO / "benchmarks" / "coding")
    task = next(t for t in workspace.tasks if t.id == "algo_py_001")
    ended = CodeRunResult("r", "infra_error", "python", infra_detail="engine gone")
    killed = CodeRunResult("r", "killed", "python", compile=CompileMeasurement(ok=True, tool="py_compile"))
    failed = _generation(success=False, error="HTTP 500")
    runs = {
        "not applicable": (code_level1.score_code_run(task, _generation(), None, None), "O"),
        "not run": (code_level1.score_code_run(task, _generation(), None, None), "S"),
        "failed call": (code_level1.score_code_run(task, failed, None, None), "M"),
        "sandbox ended": (code_level1.score_code_run(task, _generation(), None, ended), "S"),
        "killed": (code_level1.score_code_run(task, _generation(), None, killed), "M"),
    }  # fmt: skip
    stored = {name: _reason(run, axis) for name, (run, axis) in runs.items()}
    assert stored["not applicable"] == (
        "ось O не оценивается для задач на Python, TypeScript и Go (только S и M)"
    )
    assert stored["not run"] == "не измерено: кандидат не запускался в песочнице"
    assert stored["failed call"] == "генерация не удалась: HTTP 500"
    assert stored["sandbox ended"] == (
        "не измерено: песочница завершилась со статусом infra_error: engine gone"
    )
    assert stored["killed"] == "не измерено: песочница завершилась со статусом killed"
    for name, text in stored.items():
        assert reasons.parse(text) is not None, f"{name}: {text!r} is no sentence of reasons.py"


def _result(status: str, **extra: object) -> RunResult:
    return RunResult("r", status, "local", False, "test", **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize("leg", ["syntax", "tests", "perf", "b_run"])
def test_1c_missing_measurements_are_known_sentences(leg: str) -> None:
    instruments = level1.Instruments()
    texts = [
        level1._missing_reason(leg, None, instruments),
        level1._missing_reason(leg, _result("infra_error", infra_detail="no engine"), instruments),
        level1._missing_reason(leg, _result("timeout"), instruments),
        level1._missing_reason(leg, _result("ok"), instruments),
    ]
    for text in texts:
        assert reasons.parse(text) is not None, text


def test_1c_code_bench_runs_store_known_sentences() -> None:
    """The 1C Code Bench scorer writes the same kind of reasons from the same table, so the interface
    shows them in its language (it showed the Russian sentence in the English window)."""
    from prism_desktop.runs.onec import BRunMeasurement
    from prism_desktop.scoring import onec_level1

    setup_failed = _result("ok", b_run=BRunMeasurement(status="infra_error", infra_detail="bad fixtures"))
    engine_gone = _result("infra_error", infra_detail="x")
    runs = {
        "not applicable": (onec_level1.score_onec_run(_generation(), _result("ok")), "O"),
        "failed call": (onec_level1.score_onec_run(_generation(success=False, error="HTTP 500"), None), "S"),
        "sandbox ended": (onec_level1.score_onec_run(_generation(), engine_gone), "M"),
        "not run": (onec_level1.score_onec_run(_generation(), None), "S"),
        "stopped": (onec_level1.score_onec_run(_generation(), _result("timeout")), "S"),
        "setup failed": (onec_level1.score_onec_run(_generation(), setup_failed), "M"),
    }  # fmt: skip
    stored = {name: _reason(run, axis) for name, (run, axis) in runs.items()}
    assert stored["not applicable"] == "ось O не оценивается для задач 1C Code Bench (только S и M)"
    assert stored["failed call"] == "генерация не удалась: HTTP 500"
    assert stored["sandbox ended"] == "не измерено: песочница завершилась со статусом infra_error: x"
    assert stored["setup failed"] == "не измерено: задача или эмулятор не подготовили запуск: bad fixtures"
    for name, text in stored.items():
        assert reasons.parse(text) is not None, f"{name}: {text!r} is no sentence of reasons.py"
