"""The reference gate of `check`: each task's own solutions through Level 1.

canonical.bsl must reach M = 10 and O ≥ 8; perf_baseline.bsl (category A, the deliberately slow
anchor) must reach M = 10 and O ≤ 4, measured with the protocol's shorter baseline timeout. The two
anchors show that the cost model has no blind spot (PRISM_FORMAT §1.6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from prism_desktop.services.level1 import B_NOT_BUILT, Level1Runner, candidate_generation
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

CANONICAL, BASELINE = "canonical.bsl", "perf_baseline.bsl"


@dataclass(frozen=True)
class ReferenceOutcome:
    task_id: str
    file: str
    status: str  # "ok" | "failed" | "skipped"
    scores: dict[str, Any]
    message: str

    def __str__(self) -> str:
        return f"{self.task_id} {self.file}: {self.status}: {self.message}"


def _verdict(task: Task, file: str, auto_run: dict[str, Any]) -> ReferenceOutcome:
    scores = auto_run["scores"]
    m, o = scores.get("M"), scores.get("O")
    needs = ["M = 10"]
    problems = []
    if m != 10:
        problems.append(f"M = {m if m is not None else 'N/A'}{_why_m(auto_run['detail'].get('M', {}))}")
    if task.perf is not None:
        wanted = "O ≥ 8" if file == CANONICAL else "O ≤ 4"
        needs.append(wanted)
        fine = o is not None and (o >= 8 if file == CANONICAL else o <= 4)
        if not fine:
            note = auto_run["detail"].get("O", {})
            why = note.get("note") or note.get("reason") or f"growth {note.get('growth')}"
            problems.append(f"O = {o if o is not None else 'N/A'} ({why})")
    summary = ", ".join(f"{axis}={scores.get(axis)}" for axis in ("S", "M", "O"))
    if problems:
        return ReferenceOutcome(
            task.id, file, "failed", scores, f"needs {', '.join(needs)}; got {'; '.join(problems)}"
        )
    return ReferenceOutcome(task.id, file, "ok", scores, summary)


def _why_m(detail: dict[str, Any]) -> str:
    """The first failing test (and how many more), or the reason M was not measured."""
    errors = detail.get("errors") or []
    if errors:
        more = f"; {len(errors) - 1} more" if len(errors) > 1 else ""
        return f" ({errors[0]}{more})"
    return f" ({detail['reason']})" if detail.get("reason") else ""


def check_references(
    workspace: Workspace,
    task_ids: Sequence[str] | None = None,
    *,
    sandbox: str = "auto",
    jobs: int | None = None,
) -> list[ReferenceOutcome]:
    tasks = [workspace.task(t) for t in task_ids] if task_ids else list(workspace.tasks)
    runner = Level1Runner.open(workspace, sandbox, jobs)
    outcomes: list[ReferenceOutcome] = []
    canonical = []
    for task in tasks:
        if task.category == "B":
            outcomes.append(ReferenceOutcome(task.id, CANONICAL, "skipped", {}, B_NOT_BUILT))
        elif task.canonical is None:
            outcomes.append(ReferenceOutcome(task.id, CANONICAL, "failed", {}, "canonical.bsl is missing"))
        else:
            canonical.append(task)
    for (_, _, auto_run), task in zip(
        runner.score([candidate_generation(t, t.canonical or "") for t in canonical]), canonical, strict=True
    ):
        outcomes.append(_verdict(task, CANONICAL, auto_run))

    baselines = [t for t in canonical if t.perf is not None]
    for task in baselines:
        if task.perf_baseline is None:
            outcomes.append(ReferenceOutcome(task.id, BASELINE, "failed", {}, "perf_baseline.bsl is missing"))
    with_baseline = [t for t in baselines if t.perf_baseline is not None]
    timeout = workspace.protocols.l1.runtime.o_baseline_timeout_s
    scored = runner.score(
        [candidate_generation(t, t.perf_baseline or "") for t in with_baseline], size_timeout_s=timeout
    )
    for (_, _, auto_run), task in zip(scored, with_baseline, strict=True):
        outcomes.append(_verdict(task, BASELINE, auto_run))
    order = {task.id: n for n, task in enumerate(tasks)}
    return sorted(outcomes, key=lambda o: (order[o.task_id], o.file != CANONICAL))
