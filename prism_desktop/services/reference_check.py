"""The reference gate of `check`: each task's own solutions through Level 1.

canonical.bsl must reach M = 10 and O ≥ 8 (and P = 10 in category B). The deliberately slow anchor
must reach M = 10 and O ≤ 4 (or its scale's `anchor_max`: 6 for counted rows under PRISM 1.3.0):
perf_baseline.bsl in category A, measured with the protocol's shorter
baseline timeout (PRISM_FORMAT §1.6), and in category B the task's perf_baseline.bsl when it has one
(PRISM's later B tasks do), else our loop_variant.bsl (the canonical with a query or a dereference in
a loop). The two anchors show that the cost model has no blind spot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from prism_desktop.scoring.optimization import FAILED_MEASUREMENT, anchor_max
from prism_desktop.services.level1 import Level1Runner, candidate_generation
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

CANONICAL, BASELINE, LOOP_VARIANT = "canonical.bsl", "perf_baseline.bsl", "loop_variant.bsl"


@dataclass(frozen=True)
class ReferenceOutcome:
    task_id: str
    file: str
    status: str  # "ok" | "failed"
    scores: dict[str, Any]
    message: str

    def __str__(self) -> str:
        return f"{self.task_id} {self.file}: {self.status}: {self.message}"


@dataclass(frozen=True)
class _Anchor:
    task: Task
    file: str
    code: str | None

    @property
    def fast(self) -> bool:
        return self.file == CANONICAL


def _anchors(task: Task) -> list[_Anchor]:
    anchors = [_Anchor(task, CANONICAL, task.canonical)]
    if task.perf is None:
        return anchors
    if task.category == "A" or task.perf_baseline is not None:
        anchors.append(_Anchor(task, BASELINE, task.perf_baseline))
    else:
        loop = task.directory / LOOP_VARIANT
        if loop.is_file():
            anchors.append(_Anchor(task, LOOP_VARIANT, loop.read_text(encoding="utf-8-sig")))
    return anchors


def _why_m(detail: dict[str, Any]) -> str:
    """The first failing test (and how many more), or the reason M was not measured."""
    errors = detail.get("errors") or []
    if errors:
        more = f"; {len(errors) - 1} more" if len(errors) > 1 else ""
        return f" ({errors[0]}{more})"
    if detail.get("log"):
        return f" ({detail['log'][:300]})"
    return f" ({detail['reason']})" if detail.get("reason") else ""


def _verdict(anchor: _Anchor, auto_run: dict[str, Any], slow_max: int) -> ReferenceOutcome:
    """`slow_max`: the highest O the slow anchor may reach (the task's scale's anchor_max)."""
    task, scores, detail = anchor.task, auto_run["scores"], auto_run["detail"]
    needs, problems = ["M = 10"], []
    m = scores.get("M")
    if m != 10:
        problems.append(f"M = {m if m is not None else 'N/A'}{_why_m(detail.get('M', {}))}")
    if task.category == "B" and anchor.fast:
        needs.append("P = 10")
        if scores.get("P") != 10:
            p_detail = detail.get("P", {})
            why = p_detail.get("platform_errors") or p_detail.get("reason") or ""
            problems.append(f"P = {scores.get('P') if scores.get('P') is not None else 'N/A'} ({why})")
    if task.perf is not None:
        o = scores.get("O")
        needs.append("O ≥ 8" if anchor.fast else f"O ≤ {slow_max}")
        note = detail.get("O", {})
        # The worst O a broken measured run gets is no anchor: the reference must run at every size,
        # and the slow anchor return the reference's value there.
        broke = str(note.get("note") or "").startswith(FAILED_MEASUREMENT)
        if o is None or broke or (o < 8 if anchor.fast else o > slow_max):
            why = note.get("note") or note.get("reason") or f"growth {note.get('growth')}"
            problems.append(f"O = {o if o is not None else 'N/A'} ({why})")
    summary = ", ".join(
        f"{axis}={scores.get(axis)}" for axis in ("S", "M", "O", "P") if scores.get(axis) is not None
    )
    if problems:
        message = f"needs {', '.join(needs)}; got {'; '.join(problems)}"
        return ReferenceOutcome(task.id, anchor.file, "failed", scores, message)
    return ReferenceOutcome(task.id, anchor.file, "ok", scores, summary)


def check_references(
    workspace: Workspace,
    task_ids: Sequence[str] | None = None,
    *,
    sandbox: str = "auto",
    jobs: int | None = None,
) -> list[ReferenceOutcome]:
    tasks = [workspace.task(t) for t in task_ids] if task_ids else list(workspace.tasks)
    anchors = [anchor for task in tasks for anchor in _anchors(task)]
    outcomes = [
        ReferenceOutcome(a.task.id, a.file, "failed", {}, f"{a.file} is missing")
        for a in anchors
        if a.code is None
    ]
    runner = Level1Runner.open(workspace, sandbox, jobs)
    baseline_timeout = workspace.protocols.l1.runtime.o_baseline_timeout_s
    o_rules = workspace.protocols.l1.axes.get("O")
    # The slow anchors of category A run with PRISM's shorter per-size timeout; everything else as scored.
    for group, timeout in (
        ([a for a in anchors if a.code is not None and (a.fast or a.task.category == "B")], None),
        (
            [a for a in anchors if a.code is not None and not a.fast and a.task.category == "A"],
            baseline_timeout,
        ),
    ):
        scored = runner.score(
            [candidate_generation(a.task, a.code or "") for a in group], size_timeout_s=timeout
        )
        outcomes += [
            _verdict(a, auto_run, anchor_max(a.task, o_rules))
            for a, (_, _, auto_run) in zip(group, scored, strict=True)
        ]
    order = {task.id: n for n, task in enumerate(tasks)}
    files = (CANONICAL, BASELINE, LOOP_VARIANT)
    return sorted(outcomes, key=lambda o: (order[o.task_id], files.index(o.file)))
