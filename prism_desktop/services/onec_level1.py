"""Level 1 for 1C Code Bench tasks as the app runs it: the answer's code goes to the sandbox (Docker,
or the local fallback as for category B) with the task's object module and our infobase, scoring
turns the measurement into a PRISM auto-file run object. Used by `score` and `check` on a 1C Code
Bench workspace."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.runs.onec import Limits, RunResult, RunSpec, TaskData
from prism_desktop.sandbox.backend import SandboxBackend, cancel_token
from prism_desktop.sandbox.backend_choice import open_backend
from prism_desktop.sandbox.pool import SandboxPool
from prism_desktop.scoring.extraction import extract_code
from prism_desktop.scoring.level1 import EDITION, EVALUATOR_ID, LEADERBOARD_VIEW, group_runs
from prism_desktop.scoring.onec_level1 import score_onec_run
from prism_desktop.services.level1 import ENGINE_INSTRUMENT
from prism_desktop.services.score_experiment import score_with_checkpoint
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace, OneCTask
from prism_desktop.workspace.results import Experiment, Generation
from prism_desktop.workspace.values import jsonable

PROTOCOL_VERSION = "1c-code-bench-l1/1"  # the S/M rules of scoring/onec_level1.py
RUN_TIMEOUT_S = 30.0  # the engine's limit on each of ЗапуститьРешение and ЗадачаРешена
# The container's deadline is RUN_TIMEOUT_S plus this: room for its start, the compile and the
# infobase's data on a loaded machine, so that the engine's own limit ends an endless answer first.
WALL_SLACK_S = 30.0
Scored = tuple[Generation, RunResult | None, dict[str, Any]]
OnScored = Callable[[Generation, RunResult | None, dict[str, Any]], None]


def task_data(workspace: OneCBenchWorkspace, task: OneCTask) -> TaskData:
    """What the in-sandbox harness (sandbox/harness_1c.py) needs, as JSON-safe values."""
    return TaskData(
        category="1C",
        task_id=task.processing,
        entry_point_patterns=[task.entry],
        config_spec=jsonable(workspace.config_spec),
        fixtures=jsonable(workspace.fixtures),
        tests_bsl=task.object_module,
        context=task.context,
    )


def run_spec(workspace: OneCBenchWorkspace, task: OneCTask, code: str, run_id: str) -> RunSpec:
    return RunSpec(
        run_id=run_id,
        code=code,
        task=task_data(workspace, task),
        legs=["tests"],
        limits=Limits(test_timeout_s=RUN_TIMEOUT_S, wall_slack_s=WALL_SLACK_S),
    )


@dataclass
class OneCLevel1Runner:
    workspace: OneCBenchWorkspace
    backend: SandboxBackend
    jobs: int | None = None

    @classmethod
    def open(
        cls, workspace: OneCBenchWorkspace, sandbox: str = "auto", jobs: int | None = None
    ) -> OneCLevel1Runner:
        """Raises SandboxUnavailable when --sandbox docker is asked for and Docker cannot run."""
        return cls(workspace, open_backend(sandbox), jobs)

    @property
    def runner(self) -> str:
        """ "docker" or "local": what the auto file's `runner` says."""
        return self.backend.name

    def score(
        self,
        generations: Sequence[Generation],
        *,
        on_scored: OnScored | None = None,
        cancel: threading.Event | None = None,
    ) -> list[Scored]:
        """Each answer's code extracted (PRISM's first-fence rule) and run once; a failed
        generation is not run."""
        token = cancel_token(cancel)
        runnable = [(n, g) for n, g in enumerate(generations) if g.success is not False]
        specs = [
            run_spec(self.workspace, self.workspace.task(g.task_id), extract_code(g.response), str(n))
            for n, g in runnable
        ]
        results: dict[int, RunResult] = {}
        if specs:
            pool = SandboxPool(self.backend, self.jobs)
            for (n, _), measured in zip(runnable, pool.run_batch(specs, cancel=token), strict=True):
                results[n] = measured
        scored: list[Scored] = []
        for n, generation in enumerate(generations):
            result = results.get(n)
            auto_run = score_onec_run(generation, result)
            if on_scored is not None:
                on_scored(generation, result, auto_run)
            scored.append((generation, result, auto_run))
        return scored


def onec_auto_file(experiment_id: str, groups: list[dict[str, Any]], runner: str) -> dict[str, Any]:
    return {
        "experiment_id": experiment_id,
        "evaluator_id": EVALUATOR_ID,
        "edition": EDITION,
        "leaderboard_view": LEADERBOARD_VIEW,
        "runner": runner,
        "syntax_analyzer": "prism-platform (1C Code Bench)",
        "protocol_version": PROTOCOL_VERSION,
        "constitution_version": PROTOCOL_VERSION,
        "tasks": groups,
    }


@dataclass
class OneCScoreSummary:
    out: Path
    total: int
    scored_now: int
    resumed: int
    infra_errors: int
    runner: str
    unknown_tasks: list[str] = field(default_factory=list)


def score_onec_experiment(
    workspace: OneCBenchWorkspace,
    experiment: Experiment,
    out: Path,
    *,
    sandbox: str = "auto",
    jobs: int | None = None,
    on_progress: Callable[[int, int, Generation], None] | None = None,
) -> OneCScoreSummary:
    """Every run of `experiment` scored and written to `out`; resumable through the checkpoint file
    that `score` uses on the other workspaces."""
    known = {task.id for task in workspace.tasks}
    generations = [g for g in experiment.generations if g.task_id in known]
    unknown = sorted({g.task_id for g in experiment.generations if g.task_id not in known})
    runner = OneCLevel1Runner.open(workspace, sandbox, jobs)

    def score_pending(pending: list[Generation], scored: OnScored) -> None:
        runner.score(pending, on_scored=scored)

    batch = score_with_checkpoint(
        generations,
        out,
        {
            "runner": runner.runner,
            "engine": ENGINE_INSTRUMENT,
            "protocol": f"{PROTOCOL_VERSION}:{workspace.fingerprint()}",
        },
        score_pending,
        lambda runs: onec_auto_file(experiment.name, group_runs(runs), runner.runner),
        on_progress,
    )
    return OneCScoreSummary(
        out, batch.total, batch.scored_now, batch.resumed, batch.infra_errors, runner.runner, unknown
    )


@dataclass
class OneCReferenceOutcome:
    task_id: str
    ok: bool
    message: str

    def __str__(self) -> str:
        return f"{self.task_id}: {'ok' if self.ok else 'FAILED'} — {self.message}"


def _answer(task: OneCTask, code: str, model: str) -> Generation:
    return Generation(task.id, task.name, model, model, 0, f"```bsl\n{code}```\n", "", success=True)


def reference_code(task: OneCTask) -> str:
    """The reference function `entry` as written in the object module (a model's answer in its place)."""
    from prism_desktop.bsl.parser import parse_module  # the services layer may read BSL

    parsed = parse_module(task.object_module, "МодульОбъекта").module
    method = next(m for m in parsed.methods if m.name.lower() == task.entry.lower())
    lines = task.object_module.split("\n")
    return "\n".join(lines[method.line - 1 : method.end_line]) + "\n"


def check_onec_references(
    workspace: OneCBenchWorkspace,
    task_ids: Sequence[str] | None = None,
    *,
    sandbox: str = "auto",
    jobs: int | None = None,
) -> list[OneCReferenceOutcome]:
    """Each task's reference must compile and solve it (S = 10, M = 10); each of its variants must
    not solve it (M = 0): the check tells them apart."""
    tasks = [t for t in workspace.tasks if task_ids is None or t.id in task_ids]
    generations: list[Generation] = []
    for task in tasks:
        generations.append(_answer(task, reference_code(task), "reference"))
        generations += [
            _answer(task, code, f"variants/{name}") for name, code in sorted(task.variants.items())
        ]
    runner = OneCLevel1Runner.open(workspace, sandbox, jobs)
    problems: dict[str, list[str]] = {task.id: [] for task in tasks}
    told_apart: dict[str, list[str]] = {task.id: [] for task in tasks}
    for generation, _result, auto_run in runner.score(generations):
        scores, detail = auto_run["scores"], auto_run["detail"]
        what = generation.model_id
        found = problems[generation.task_id]
        if scores["M"] is None:  # our infrastructure, not the answer: says so, never "passes"
            found.append(f"{what} was not measured ({(detail.get('M') or {}).get('reason', '')})")
        elif what == "reference":
            if scores["S"] != 10 or scores["M"] != 10:
                log = (detail.get("M") or {}).get("log") or (detail.get("S") or {}).get("errors")
                found.append(f"the reference: S={scores['S']} M={scores['M']} ({log})")
        elif scores["M"] != 0:
            found.append(f"{what} passes (M={scores['M']}): the check cannot tell it apart")
        else:
            compiled = "compiles" if (detail.get("S") or {}).get("compiled") else "does not compile"
            told_apart[generation.task_id].append(f"{what} {compiled}, not solved")
    outcomes = []
    for task in tasks:
        found = problems[task.id]
        if not task.variants:
            found.append("no variants/*.bsl: nothing shows the check tells a wrong answer apart")
        message = "; ".join(found) if found else "; ".join(["reference solves it", *told_apart[task.id]])
        outcomes.append(OneCReferenceOutcome(task.id, not found, message))
    return outcomes
