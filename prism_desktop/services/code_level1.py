"""Level 1 for code tasks (Python, TypeScript, Go, library tasks) as the app runs it: an answer
becomes the candidate's files, the language's sandbox image compiles and tests them, scoring turns
the measurements into a PRISM auto-file run object. Used by `score` and `check` on a coding workspace."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.runs.code import CodeLimits, CodeRunResult, CodeRunSpec
from prism_desktop.sandbox.backend import SandboxUnavailable, cancel_token
from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.library_images import installs_library, library_image
from prism_desktop.scoring.code_level1 import RUNNER_INSTRUMENT, score_code_run
from prism_desktop.scoring.level1 import EDITION, EVALUATOR_ID, LEADERBOARD_VIEW, group_runs
from prism_desktop.services.code_candidates import candidate_files, run_layout
from prism_desktop.services.code_test_ids import TaskTestIds, TestListError
from prism_desktop.services.score_experiment import score_with_checkpoint
from prism_desktop.workspace.coding import CodingTask, CodingWorkspace
from prism_desktop.workspace.results import Experiment, Generation

PROTOCOL_VERSION = "coding-l1/1"  # the S/M rules of scoring/code_level1.py
Scored = tuple[Generation, CodeRunResult | None, dict[str, Any]]
OnScored = Callable[[Generation, CodeRunResult | None, dict[str, Any]], None]


def run_spec(
    task: CodingTask, files: dict[str, str], candidates: list[str], run_id: str, test_ids: list[str]
) -> CodeRunSpec:
    """`test_ids`: the task's tests (TaskTestIds), the only ones the run counts."""
    limits = CodeLimits(
        per_test_timeout_s=task.timeout_s, run_timeout_s=max(60.0, task.timeout_s * task.test_count)
    )
    task_files, test_files, image = run_layout(task)
    return CodeRunSpec(
        run_id=run_id,
        language=task.language,
        files={**task_files, **files},
        candidate_files=candidates,
        limits=limits,
        gate=task.task_kind.gate(task),
        test_files=test_files,
        test_ids=list(test_ids),
        image=image,
    )


@dataclass
class CodeLevel1Runner:
    workspace: CodingWorkspace
    backend: CodeDockerBackend
    jobs: int | None = None
    test_ids: TaskTestIds | None = None  # default: collected with the references, cached on disk

    @classmethod
    def open(
        cls, workspace: CodingWorkspace, jobs: int | None = None, tasks: Sequence[CodingTask] | None = None
    ) -> CodeLevel1Runner:
        """Raises SandboxUnavailable when Docker or the image of a language of `tasks` (default: every
        task) is missing: code tasks never run outside a container."""
        chosen = workspace.tasks if tasks is None else tasks
        languages = tuple(sorted({task.language for task in chosen}))
        backend = CodeDockerBackend.connect(languages)
        missing = [
            task.id
            for task in chosen
            if installs_library(task) and not library_image(backend.client, task).present
        ]
        if missing:
            raise SandboxUnavailable(
                f"Docker sandbox unavailable: the image of library task(s) {', '.join(missing)} is not "
                "built; build it with `prism-desktop commit0 build WORKSPACE` (needs PyPI once)"
            )
        return cls(workspace, backend, jobs, TaskTestIds(backend))

    def score(
        self,
        generations: Sequence[Generation],
        *,
        on_scored: OnScored | None = None,
        cancel: threading.Event | None = None,
    ) -> list[Scored]:
        token = cancel_token(cancel)
        test_ids = self.test_ids or TaskTestIds(self.backend)
        shared: dict[str, Future[CodeRunResult]] = {}
        lock = threading.Lock()

        def measure(
            task: CodingTask, files: dict[str, str], candidates: list[str], number: int
        ) -> CodeRunResult:
            """Identical candidates of a task (the same files after extraction) run once per batch:
            answers that differ only in their prose share one measurement."""
            key = task.id + "\0" + json.dumps(files, sort_keys=True)
            with lock:
                future = shared.get(key)
                owner = future is None
                if future is None:
                    future = shared[key] = Future()
            if owner:
                try:
                    try:
                        ids = test_ids.ids(task)
                    except TestListError as error:  # the task's fault: nothing of the answer is measured
                        future.set_result(
                            CodeRunResult(str(number), "infra_error", task.language, infra_detail=str(error))
                        )
                        return future.result()
                    future.set_result(
                        self.backend.run(run_spec(task, files, candidates, str(number), ids), token)
                    )
                except BaseException as error:
                    future.set_exception(error)
                    raise
            return future.result()

        def one(number: int, generation: Generation) -> Scored:
            task = self.workspace.task(generation.task_id)
            result: CodeRunResult | None = None
            problem: str | None = None
            if generation.success is not False:
                files, candidates, problem = candidate_files(task, generation.response)
                if files is not None and not token.cancelled:
                    result = measure(task, files, candidates, number)
            auto_run = score_code_run(task, generation, problem, result)
            if on_scored is not None:
                on_scored(generation, result, auto_run)
            return generation, result, auto_run

        with ThreadPoolExecutor(max_workers=max(1, self.jobs or 2)) as pool:
            futures = [pool.submit(one, n, g) for n, g in enumerate(generations)]
            return [f.result() for f in futures]


def code_auto_file(experiment_id: str, groups: list[dict[str, Any]], toolchains: list[str]) -> dict[str, Any]:
    return {
        "experiment_id": experiment_id,
        "evaluator_id": EVALUATOR_ID,
        "edition": EDITION,
        "leaderboard_view": LEADERBOARD_VIEW,
        "runner": "docker",
        "syntax_analyzer": "; ".join([RUNNER_INSTRUMENT, *toolchains]),
        "protocol_version": PROTOCOL_VERSION,
        "constitution_version": PROTOCOL_VERSION,
        "tasks": groups,
    }


@dataclass
class CodeScoreSummary:
    out: Path
    total: int
    scored_now: int
    resumed: int
    infra_errors: int
    unknown_tasks: list[str] = field(default_factory=list)


def score_code_experiment(
    workspace: CodingWorkspace,
    experiment: Experiment,
    out: Path,
    *,
    jobs: int | None = None,
    on_progress: Callable[[int, int, Generation], None] | None = None,
) -> CodeScoreSummary:
    """Every run of `experiment` scored and written to `out`; resumable through the same checkpoint
    file as `score` on a PRISM workspace (runs that hit a sandbox failure are retried next time)."""
    known = {task.id for task in workspace.tasks}
    generations = [g for g in experiment.generations if g.task_id in known]
    unknown = sorted({g.task_id for g in experiment.generations if g.task_id not in known})
    toolchains: set[str] = set()

    def score_pending(pending: list[Generation], scored: OnScored) -> None:
        runner = CodeLevel1Runner.open(workspace, jobs, [workspace.task(g.task_id) for g in pending])

        def noted(generation: Generation, result: CodeRunResult | None, auto_run: dict[str, Any]) -> None:
            if result is not None and result.toolchain:
                toolchains.add(result.toolchain)
            scored(generation, result, auto_run)

        runner.score(pending, on_scored=noted)

    batch = score_with_checkpoint(
        generations,
        out,
        {"runner": "docker", "engine": RUNNER_INSTRUMENT, "protocol": PROTOCOL_VERSION},
        score_pending,
        lambda runs: code_auto_file(experiment.name, group_runs(runs), sorted(toolchains)),
        on_progress,
    )
    return CodeScoreSummary(out, batch.total, batch.scored_now, batch.resumed, batch.infra_errors, unknown)
