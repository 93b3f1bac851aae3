"""Level 1 on runs kept in the store: score them in the sandbox and keep the results beside the
imported ones (source "scored_here"), one unit of work per finished run so a killed app keeps every
run scored before it died."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from prism_desktop.runs.code import CodeRunResult
from prism_desktop.runs.onec import RunResult
from prism_desktop.services.benchmark_kinds import Measured, kind_of
from prism_desktop.services.level1_rows import level1_columns
from prism_desktop.services.save_failures import failure_text
from prism_desktop.store import StoreError
from prism_desktop.store.database import Store
from prism_desktop.store.models import SOURCE_SCORED_HERE, Level1Result, Run
from prism_desktop.workspace.results import Generation
from prism_desktop.workspace.workspace import Workspace

OnRunScored = Callable[[int, Measured, dict[str, Any]], None]


def generation_of(run: Run) -> Generation:
    return Generation(
        task_id=run.task_id,
        task_name=run.task_name or "",
        model_id=run.model_id,
        model_name=run.model_name or run.model_id,
        run_index=run.run_index,
        response=run.response,
        response_hash=run.response_hash,
        success=run.success,
        error=run.error,
    )


def _instruments(auto_run: dict[str, Any]) -> dict[str, Any]:
    detail = auto_run.get("detail", {})
    return {
        axis: d["instrument"] for axis, d in detail.items() if isinstance(d, dict) and d.get("instrument")
    }


def _sandbox_values(result: Measured) -> dict[str, Any]:
    """Runner, isolation, logs and timings of the measurements. A code run keeps its output as plain
    text (the review shows it in the Output tab); a 1C run its whole RunResult."""
    if isinstance(result, CodeRunResult):
        output = "\n".join(part for part in (result.stdout, result.stderr) if part)
        return {
            "runner": "docker",
            "isolated": result.isolated,
            "logs": output or None,
            "timings": {"run": result.seconds} if result.seconds is not None else None,
        }
    return {
        "runner": result.runner if result else None,
        "isolated": result.isolated if result else None,
        "logs": result.to_json() if result else None,
        "timings": _timings(result),
    }


def save_result(
    store: Store, workspace: Workspace, run_id: int, result: Measured, auto_run: dict[str, Any]
) -> None:
    """Insert or replace the "scored here" result of one run."""
    protocols = workspace.protocols
    values = {
        **level1_columns(auto_run),
        "evaluator": "auto_l1",
        "source_file": None,
        "instruments": _instruments(auto_run),
        **_sandbox_values(result),
        "protocol_version": protocols.l1.version,
        "constitution_version": protocols.constitution.version,
    }

    # Two processes of a team may score the same run at once: the later insert loses the unique key
    # and Store.run runs this again, which then replaces the winner's row.
    def work(session: Session) -> None:
        row = session.scalar(
            select(Level1Result).where(
                Level1Result.run_id == run_id, Level1Result.source == SOURCE_SCORED_HERE
            )
        )
        if row is None:
            session.add(Level1Result(run_id=run_id, source=SOURCE_SCORED_HERE, **values))
            session.flush()
        else:
            for name, value in values.items():
                setattr(row, name, value)

    # Other writers (an expert grading, another process) get waited out, then StoreBusy.
    store.run(work, what=f"saving the Level-1 result of run {run_id}")


class ResultsNotSaved(StoreError):
    """Level 1 ran, but some results could not be written to the store (each run is named)."""


def _timings(result: RunResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    t = result.timings
    return {"create": t.create, "start": t.start, "run": t.run, "collect": t.collect, "remove": t.remove}


def score_stored_runs(
    store: Store,
    workspace: Workspace,
    run_ids: Sequence[int],
    *,
    sandbox: str = "auto",
    jobs: int | None = None,
    on_result: OnRunScored | None = None,
    cancel: threading.Event | None = None,
) -> int:
    """Scores the given runs and stores each result as it arrives; `on_result(run_id, result,
    auto_run)` is called from a worker thread after the result is committed. Runs of tasks the
    workspace does not have are skipped. Returns the number of runs scored."""
    with store.session() as session:
        rows = session.scalars(select(Run).where(Run.id.in_(list(run_ids)))).all()
        known = {t.id for t in workspace.tasks}
        pending = [(row.id, generation_of(row)) for row in rows if row.task_id in known]
    ids_by_generation = {id(generation): run_id for run_id, generation in pending}

    unsaved: list[str] = []

    def scored(generation: Generation, result: Measured, auto_run: dict[str, Any]) -> None:
        run_id = ids_by_generation[id(generation)]
        try:
            save_result(store, workspace, run_id, result, auto_run)
        except Exception as error:  # the batch goes on; the run is named at the end
            unsaved.append(f"run {run_id}: {failure_text(error)}")
            return
        if on_result is not None:
            on_result(run_id, result, auto_run)

    generations = [g for _, g in pending]
    kind_of(workspace).score_level1(workspace, generations, scored, sandbox, jobs, cancel)
    if unsaved:
        raise ResultsNotSaved(
            f"Level 1 scored {len(pending)} runs but {len(unsaved)} results could not be saved; score "
            f"them again when the store can be written:\n" + "\n".join(unsaved)
        )
    return len(pending)
