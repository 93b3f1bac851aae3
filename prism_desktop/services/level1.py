"""Level 1 as the app runs it: a task and a model answer become a sandbox run spec, the sandbox
returns measurements, the pure scoring core turns them into a PRISM auto-file run object.

Used by the `score` and `check` commands and by the GUI (background scoring and debug mode).
Category A runs on the BSL engine; category B on the BSL engine plus the synthetic infobase.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from prism_desktop import __version__
from prism_desktop.runs.onec import Limits, RunResult, RunSpec, TaskData
from prism_desktop.sandbox.backend import (
    CancelToken,
    SandboxBackend,
    SandboxUnavailable,
    cancel_token,
)
from prism_desktop.sandbox.backend_choice import open_backend
from prism_desktop.sandbox.pool import SandboxPool
from prism_desktop.scoring.extraction import extract_code
from prism_desktop.scoring.level1 import score_run
from prism_desktop.workspace.results import Generation
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.values import jsonable
from prism_desktop.workspace.workspace import Workspace

ENGINE_INSTRUMENT = f"prism-bsl {__version__}"
INFRA_RETRIES = 2  # an infra_error run is run again this many times before it is reported N/A

# (generation, measurements or None, auto-file run object)
Scored = tuple[Generation, RunResult | None, dict[str, Any]]
OnScored = Callable[[Generation, RunResult | None, dict[str, Any]], None]


def task_data(task: Task) -> TaskData:
    """What the in-sandbox worker needs of a task, as JSON-safe values."""
    perf = None
    if task.perf is not None:
        perf = {"p_opt": task.perf.p_opt, "sizes": list(task.perf.sizes), "call": task.perf.call}
        if task.category == "A":
            perf["gen"] = task.perf.gen
        else:
            perf.update(grow=jsonable(task.perf.grow), count=task.perf.count)
    return TaskData(
        category=task.category,
        task_id=task.id,
        entry_point_patterns=list(task.entry_point_patterns),
        tests=[{"args": jsonable(list(c.args)), "expected": jsonable(c.expected)} for c in task.tests],
        perf=perf,
        config_spec=jsonable(task.config_spec) if task.config_spec is not None else None,
        fixtures=jsonable(task.fixtures) if task.fixtures is not None else None,
        tests_bsl=task.tests_bsl,
        reference=task.canonical if task.perf is not None else None,
    )


def run_spec(
    workspace: Workspace, task: Task, code: str, run_id: str, *, size_timeout_s: float | None = None
) -> RunSpec:
    """A sandbox spec with the protocol's time limits (`check` shortens the O ladder for baselines)."""
    runtime = workspace.protocols.l1.runtime
    if task.category == "B":
        tests_timeout, ladder_timeout = runtime.b_run_timeout_s, runtime.b_perf_timeout_s
    else:
        tests_timeout, ladder_timeout = runtime.m_timeout_s, runtime.o_size_timeout_s
    limits = Limits(
        test_timeout_s=tests_timeout,
        size_timeout_s=size_timeout_s if size_timeout_s is not None else ladder_timeout,
    )
    legs = ["syntax", "tests"] + (["perf"] if task.perf is not None else [])
    return RunSpec(run_id=run_id, code=code, task=task_data(task), legs=legs, limits=limits)


def sandbox_label(sandbox: SandboxBackend | str) -> str:
    """How results are labelled for the user: isolation is never implied when it is absent.
    Given a mode ("auto", "docker", "local"), says what that mode would use right now."""
    if isinstance(sandbox, str):
        try:
            sandbox = open_backend(sandbox)
        except SandboxUnavailable:
            return "no sandbox available"
    return "Docker — isolated" if sandbox.isolated else "local — NOT isolated"


@dataclass
class Level1Runner:
    """Scores generations of one workspace on one sandbox backend, `jobs` runs at a time."""

    workspace: Workspace
    backend: SandboxBackend
    jobs: int | None = None

    @classmethod
    def open(cls, workspace: Workspace, sandbox: str = "auto", jobs: int | None = None) -> Level1Runner:
        """Raises SandboxUnavailable (with a plain-words reason) when `sandbox="docker"` cannot be had."""
        return cls(workspace, open_backend(sandbox), jobs)

    @property
    def label(self) -> str:
        return sandbox_label(self.backend)

    def score(
        self,
        generations: Sequence[Generation],
        *,
        on_scored: OnScored | None = None,
        cancel: threading.Event | CancelToken | None = None,
        size_timeout_s: float | None = None,
    ) -> list[Scored]:
        """Scores every generation; failed generations are scored without a sandbox run. Results
        come back in input order; `on_scored` fires as each one finishes (from a pool thread). A
        cancelled run is returned with status "cancelled" and N/A axes."""
        token = cancel_token(cancel)
        by_id: dict[str, Generation] = {}
        code_of: dict[str, str] = {}  # extracted once: the sandbox runs it, scoring reads it
        specs: list[RunSpec] = []
        done: dict[str, Scored] = {}
        for number, generation in enumerate(generations):
            run_id = str(number)
            task = self.workspace.task(generation.task_id)
            if generation.success is False:
                done[run_id] = self._finish(task, generation, None, on_scored)
                continue
            by_id[run_id] = generation
            code = code_of[run_id] = extract_code(generation.response)
            specs.append(run_spec(self.workspace, task, code, run_id, size_timeout_s=size_timeout_s))

        spec_of = {spec.run_id: spec for spec in specs}
        attempts: dict[str, int] = {}
        again: list[RunSpec] = []

        def finished(result: RunResult) -> None:
            if result.status == "infra_error" and not token.cancelled:
                tried = attempts.get(result.run_id, 0)
                if tried < INFRA_RETRIES:  # our failure is retried, a few times, never hidden
                    attempts[result.run_id] = tried + 1
                    again.append(spec_of[result.run_id])
                    return
                result = dataclasses.replace(
                    result, infra_detail=f"{result.infra_detail or ''} (после {tried} повторов)".strip()
                )
            generation = by_id[result.run_id]
            task = self.workspace.task(generation.task_id)
            done[result.run_id] = self._finish(task, generation, result, on_scored, code_of[result.run_id])

        batch = specs
        while batch:
            again.clear()
            SandboxPool(self.backend, self.jobs).run_batch(batch, on_result=finished, cancel=token)
            batch = list(again)
        return [done[str(n)] for n in range(len(generations))]

    def _finish(
        self,
        task: Task,
        generation: Generation,
        result: RunResult | None,
        on_scored: OnScored | None,
        code: str | None = None,
    ) -> Scored:
        auto_run = score_run(task, self.workspace.protocols, generation, result, code=code)
        if on_scored is not None:
            on_scored(generation, result, auto_run)
        return generation, result, auto_run


def candidate_generation(task: Task, code: str, *, model_id: str = "debug", run_index: int = 0) -> Generation:
    """A hand-written or pasted candidate (debug mode, reference checks) as a generation record."""
    return Generation(
        task_id=task.id,
        task_name=task.name,
        model_id=model_id,
        model_name=model_id,
        run_index=run_index,
        response=code,
        response_hash="",
        success=True,
    )


def score_candidate(
    workspace: Workspace,
    task_id: str,
    code: str,
    *,
    sandbox: str = "auto",
    size_timeout_s: float | None = None,
) -> tuple[RunResult | None, dict[str, Any]]:
    """Level 1 on one candidate text (debug mode): the measurements and the auto-file run object."""
    runner = Level1Runner.open(workspace, sandbox, jobs=1)
    task = workspace.task(task_id)
    ((_, result, auto_run),) = runner.score([candidate_generation(task, code)], size_timeout_s=size_timeout_s)
    return result, auto_run


def sandbox_available(mode: str) -> tuple[bool, str]:
    """(usable, plain-words description) for status bars and `sandbox status`."""
    try:
        backend = open_backend(mode)
    except SandboxUnavailable as error:
        return False, str(error)
    return True, f"{sandbox_label(backend)}: {backend.describe()}"


def generations_of(items: Iterable[Scored]) -> list[Generation]:
    return [generation for generation, _, _ in items]
