"""`check` on a coding workspace: each task's hidden tests are collected with its reference (the test
list every run of the task counts) and must hold as many tests as the task's `test_count` says; then the
reference runs through the same extraction, sandbox and scoring as a model's answer and must pass every
one of them (M = 10, S = 10) and the lint/type gate the task asks for (a tool the image lacks is
reported, not failed)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from prism_desktop.services.code_candidates import reference_answer
from prism_desktop.services.code_level1 import CodeLevel1Runner
from prism_desktop.services.code_test_ids import TestListError
from prism_desktop.workspace.coding import CodingTask, CodingWorkspace
from prism_desktop.workspace.results import Generation


@dataclass
class CodeReferenceOutcome:
    task_id: str
    ok: bool
    message: str

    def __str__(self) -> str:
        return f"{self.task_id}: {'ok' if self.ok else 'FAILED'} — {self.message}"


def check_code_references(
    workspace: CodingWorkspace, task_ids: Sequence[str] | None = None, jobs: int | None = None
) -> list[CodeReferenceOutcome]:
    tasks = [t for t in workspace.tasks if task_ids is None or t.id in task_ids]
    outcomes: dict[str, CodeReferenceOutcome] = {}
    generations = []
    runner = CodeLevel1Runner.open(workspace, jobs, tasks)
    for task in tasks:
        answer = reference_answer(task)
        if answer is None:
            outcomes[task.id] = CodeReferenceOutcome(task.id, False, "no reference solution file")
            continue
        problem = _test_list_problem(runner, task)
        if problem is not None:
            outcomes[task.id] = CodeReferenceOutcome(task.id, False, problem)
            continue
        generations.append(
            Generation(task.id, task.id, "reference", "reference", 0, answer, "", success=True)
        )
    for generation, result, auto_run in runner.score(generations):
        task = workspace.task(generation.task_id)
        scores, detail = auto_run["scores"], auto_run["detail"]
        meaning = detail.get("M", {})
        passed, total = meaning.get("passed"), meaning.get("total")
        ran = len(meaning.get("tests", []))
        gate = detail.get("S", {}).get("gate", {})
        gate_text = ", ".join(f"{tool} {entry['status']}" for tool, entry in gate.items())
        gate_ok = all(entry["status"] in ("pass", "unavailable") for entry in gate.values())
        if scores["M"] == 10 and scores["S"] == 10 and ran == task.test_count and gate_ok:
            message = f"{passed}/{total} tests pass" + (f"; gate: {gate_text}" if gate else "")
            outcomes[task.id] = CodeReferenceOutcome(task.id, True, message)
            continue
        failing = [t for t in meaning.get("tests", []) if t["status"] not in ("pass", "xfail")]
        why = meaning.get("reason") or detail.get("S", {}).get("reason") or meaning.get("note") or ""
        if ran != task.test_count and scores["M"] == 10:
            why = f"{ran} tests ran, but test_count says {task.test_count}"
        elif failing:
            first = failing[0]
            why = f"{first['name']}: {first['status']} {first['message'][:300]}"
        elif scores["S"] != 10:
            syntax = detail.get("S", {})
            first = (syntax.get("diagnostics") or [{}])[0]
            timed_out = syntax.get("status") == "timeout"
            why = "compiler timed out" if timed_out else str(first.get("message", ""))[:300]
        elif not gate_ok:
            found = [d for entry in gate.values() for d in entry["diagnostics"]][:1]
            first_finding = f" ({found[0]['code']} {found[0]['file']}:{found[0]['line']})" if found else ""
            why = f"the lint/type gate: {gate_text}{first_finding}"
        elif result is not None and result.infra_detail:
            why = result.infra_detail[:300]
        outcomes[task.id] = CodeReferenceOutcome(
            task.id, False, f"S={scores['S']} M={scores['M']} ({passed}/{total} tests pass) {why}".strip()
        )
    return [outcomes[t.id] for t in tasks]


def _test_list_problem(runner: CodeLevel1Runner, task: CodingTask) -> str | None:
    """Why the task's hidden tests cannot be its test list: not collectable, or not `test_count` of them."""
    assert runner.test_ids is not None
    try:
        ids = runner.test_ids.ids(task)
    except TestListError as error:
        return str(error)
    published = task.extra.get("test_ids")
    if published:  # Commit-0's ids are the list (scoring.counted_tests); the files may hold more
        if len(published) != task.test_count:
            return f"test_count says {task.test_count}, but the task publishes {len(published)} test ids"
        return None
    if len(ids) != task.test_count:
        return (
            f"test_count says {task.test_count}, but its hidden test files hold {len(ids)} tests: "
            + ", ".join(ids)[:500]
        )
    return None
