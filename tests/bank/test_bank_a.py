"""The bundled category-A task bank (tasks/category_a): every task loads through the workspace
loader, carries the five files with enough hidden tests, names its entry point consistently and
has a perf ladder that only uses PRISM's placeholders; its canonical passes every hidden test, and
(slow) both reference solutions hold PRISM's two anchors under the in-process engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prism_desktop.bsl.parser import parse_module
from prism_desktop.runs.onec import Limits, RunSpec
from prism_desktop.sandbox.harness_a import run_legs
from prism_desktop.scoring.entry_points import detect_entry_point_a
from prism_desktop.scoring.meaning import score_meaning_a
from prism_desktop.scoring.optimization import score_exec_a
from prism_desktop.services.level1 import task_data
from prism_desktop.workspace.perf import placeholders
from prism_desktop.workspace.protocol_loader import load_protocols
from prism_desktop.workspace.tags import load_tag_vocabulary
from prism_desktop.workspace.task_loader import load_task_bank
from prism_desktop.workspace.tasks import Task

ROOT = Path(__file__).resolve().parents[2]
TASKS_DIR = ROOT / "tasks"
BANK_FILES = ("task.yaml", "tests.yaml", "canonical.bsl", "perf.yaml", "perf_baseline.bsl")
MIN_TASKS = 15
MIN_TESTS = 8
LEHMER = ("12345", "48271", "2147483647")  # seed, multiplier, modulus (PRISM_FORMAT §1.5)
_DIRECTORY = re.compile(r"(A\d+)_[a-z0-9_]+")


def _bank() -> tuple[Task, ...]:
    vocabulary = load_tag_vocabulary(TASKS_DIR / "tags.yaml")
    return tuple(t for t in load_task_bank(TASKS_DIR, vocabulary) if t.category == "A")


BANK = _bank()


def _ids(task: Task) -> str:
    return task.id


def test_bank_has_enough_tasks_with_sequential_ids() -> None:
    assert len(BANK) >= MIN_TASKS
    numbers = sorted(int(t.id[1:]) for t in BANK)
    assert numbers == list(range(1, len(BANK) + 1))


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_task_files_and_directory(task: Task) -> None:
    for name in BANK_FILES:
        assert (task.directory / name).is_file(), f"{task.directory.name}: {name} missing"
    match = _DIRECTORY.fullmatch(task.directory.name)
    assert match is not None and match.group(1) == task.id
    assert task.difficulty in ("easy", "medium", "hard")
    assert task.tags.get("skill"), f"{task.id}: no skill tag"


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_task_has_enough_hidden_tests(task: Task) -> None:
    assert task.testable
    assert len(task.tests) >= MIN_TESTS
    assert len({repr(case.args) for case in task.tests}) == len(task.tests), "duplicate test args"


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_entry_point_is_consistent(task: Task) -> None:
    assert task.entry_point is not None and task.signature is not None
    assert task.signature.startswith(f"Функция {task.entry_point}(")
    assert task.entry_point in task.prompt, "the prompt must name the function to write"
    assert re.fullmatch(task.entry_point_patterns[0], task.entry_point, re.IGNORECASE)
    for label, code in (("canonical", task.canonical), ("perf_baseline", task.perf_baseline)):
        assert code is not None
        assert detect_entry_point_a(code, task.entry_point_patterns) == task.entry_point, label


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_reference_code_parses(task: Task) -> None:
    for label, code in (("canonical", task.canonical), ("perf_baseline", task.perf_baseline)):
        assert code is not None
        result = parse_module(code, f"{task.id}/{label}")
        assert result.ok, [f"{d.line}: {d.message}" for d in result.diagnostics]


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_perf_ladder_and_placeholders(task: Task) -> None:
    perf = task.perf
    assert perf is not None
    assert len(perf.sizes) == 4
    assert all(b == 2 * a for a, b in zip(perf.sizes, perf.sizes[1:], strict=False)), perf.sizes
    assert perf.p_opt in (0.0, 1.0, 1.1, 2.0)
    assert set(placeholders(perf.gen)) <= {"{n}"}, "gen may only use {n}"
    assert "{entry}" in placeholders(perf.call)
    assert set(placeholders(perf.call)) <= {"{n}", "{entry}"}
    if "Зерно" in perf.gen:
        assert all(constant in perf.gen for constant in LEHMER), "gen must use PRISM's Lehmer generator"


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_measured_script_parses(task: Task) -> None:
    """Program + gen + call for the smallest size is what O-exec runs; it must be valid BSL."""
    perf = task.perf
    assert perf is not None and task.canonical is not None
    size = str(perf.sizes[0])
    script = "\n".join(
        (task.canonical, perf.gen.replace("{n}", size),
         perf.call.replace("{n}", size).replace("{entry}", task.entry_point or ""))
    )
    result = parse_module(script, f"{task.id}/perf")
    assert result.ok, [f"{d.line}: {d.message}" for d in result.diagnostics]


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_canonical_passes_every_hidden_test(task: Task) -> None:
    assert task.canonical is not None
    result = run_legs(RunSpec(run_id=f"{task.id}-canonical", code=task.canonical,
                              task=task_data(task), legs=["tests"]))
    assert result.tests is not None and result.tests.status == "ok", result.tests
    failures = [(c.index, c.status, c.expected, c.actual, c.error)
                for c in result.tests.cases if c.status != "pass"]
    assert not failures
    assert len(result.tests.cases) == len(task.tests)


@pytest.mark.slow
@pytest.mark.parametrize("file", ["canonical.bsl", "perf_baseline.bsl"])
@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_reference_anchor(task: Task, file: str) -> None:
    """PRISM_FORMAT §1.6: canonical M = 10 and O ≥ 8; perf_baseline M = 10 and O ≤ 4, the baseline
    measured with the protocol's shorter per-size timeout."""
    l1 = load_protocols(ROOT / "metrics").l1
    canonical = file == "canonical.bsl"
    code = task.canonical if canonical else task.perf_baseline
    assert code is not None and task.perf is not None
    timeout = l1.runtime.o_size_timeout_s if canonical else l1.runtime.o_baseline_timeout_s
    result = run_legs(RunSpec(run_id=f"{task.id}-{file}", code=code, task=task_data(task),
                              legs=["tests", "perf"],
                              limits=Limits(test_timeout_s=l1.runtime.m_timeout_s, size_timeout_s=timeout)))
    assert result.tests is not None and result.perf is not None
    m = score_meaning_a(result.tests, len(task.tests), result.tests.entry_point, l1.axes["M"], l1.runtime)
    o = score_exec_a(result.perf, task.perf, code, task.entry_point_patterns, l1.axes["O"], l1.runtime)
    assert m.score == 10, m.detail
    assert o.score is not None, o.detail
    assert (o.score >= 8) if canonical else (o.score <= 4), o.detail
