"""`check` on a coding workspace: each task's reference solution runs through the same extraction,
sandbox and scoring as a model's answer and must pass every one of its tests (M = 10, S = 10), with
as many tests as the task declares, and the lint/type gate the task asks for (a tool the image lacks is
reported, not failed)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from prism_desktop.services.code_level1 import CodeLevel1Runner
from prism_desktop.workspace.coding import CodingTask, CodingWorkspace
from prism_desktop.workspace.results import Generation


@dataclass
class CodeReferenceOutcome:
    task_id: str
    ok: bool
    message: str

    def __str__(self) -> str:
        return f"{self.task_id}: {'ok' if self.ok else 'FAILED'} — {self.message}"


def reference_answer(task: CodingTask) -> str | None:
    """The reference as a model would answer: one fenced block, or (library) fenced files headed by paths."""
    if task.kind == "library":
        files = task.extra["reference_files"]
        return "\n".join(f"`{path}`\n```python\n{text}```\n" for path, text in sorted(files.items()))
    if task.reference is None:
        return None
    return f"```{task.language}\n{task.reference}```\n"


def check_code_references(
    workspace: CodingWorkspace, task_ids: Sequence[str] | None = None, jobs: int | None = None
) -> list[CodeReferenceOutcome]:
    tasks = [t for t in workspace.tasks if task_ids is None or t.id in task_ids]
    outcomes: dict[str, CodeReferenceOutcome] = {}
    generations = []
    for task in tasks:
        answer = reference_answer(task)
        if answer is None:
            outcomes[task.id] = CodeReferenceOutcome(task.id, False, "no reference solution file")
            continue
        generations.append(
            Generation(task.id, task.id, "reference", "reference", 0, answer, "", success=True)
        )
    runner = CodeLevel1Runner.open(workspace, jobs, tasks)
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
