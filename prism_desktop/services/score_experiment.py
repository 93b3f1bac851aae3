"""`score`: Level 1 for every run of a PRISM experiment file, written as a PRISM-shaped auto file.

Resumable: each finished run is appended to a checkpoint (`<out>.partial.jsonl`, one JSON object a
line, flushed) before the next one is awaited, so an interrupted batch restarts where it stopped.
Runs that ended in an infrastructure error are written to the auto file as N/A but not
checkpointed, so a resume retries them; the checkpoint is removed once nothing is left to retry.
Each checkpointed run records its provenance (sandbox runner, engine, protocol fingerprint): a run
recorded under another provenance is scored again on resume, so one file never mixes them.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.scoring.level1 import auto_file, group_runs
from prism_desktop.services.level1 import ENGINE_INSTRUMENT, Level1Runner
from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.results import Experiment, Generation
from prism_desktop.workspace.workspace import Workspace

RunKey = tuple[str, str, int, str]
OnProgress = Callable[[int, int, Generation], None]  # (done, total, the generation just scored)
INFRA_STATUSES = ("infra_error", "cancelled")


@dataclass
class ScoreSummary:
    out: Path
    total: int
    scored_now: int
    resumed: int
    infra_errors: int
    runner: str
    unknown_tasks: list[str] = field(default_factory=list)
    rescored: int = 0  # checkpointed runs scored again: recorded under another runner, engine or protocol


def run_key(generation: Generation) -> RunKey:
    return (generation.task_id, generation.model_id, generation.run_index, generation.response_hash)


def checkpoint_path(out: Path) -> Path:
    return out.with_name(out.name + ".partial.jsonl")


def protocol_fingerprint(workspace: Workspace) -> str:
    """Changes whenever anything scoring reads from metrics/ changes, version bumped or not."""
    return hashlib.sha256(repr(workspace.protocols).encode("utf-8")).hexdigest()[:16]


def provenance(workspace: Workspace, runner: str) -> dict[str, str]:
    return {"runner": runner, "engine": ENGINE_INSTRUMENT, "protocol": protocol_fingerprint(workspace)}


def _read_checkpoint(path: Path, current: dict[str, str]) -> tuple[dict[RunKey, dict[str, Any]], int]:
    """(runs already scored under the current provenance, how many others were dropped to be
    scored again). A torn last line (the process died mid-write) is ignored."""
    done: dict[RunKey, dict[str, Any]] = {}
    stale: set[RunKey] = set()
    if not path.exists():
        return done, 0
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
            key = tuple(record["key"])
            if record.get("provenance") == current:
                done[key] = record["run"]
                stale.discard(key)
            else:
                stale.add(key)
        except (json.JSONDecodeError, KeyError, TypeError):
            continue
    return done, len(stale - done.keys())


@dataclass
class CheckpointedBatch:
    total: int
    scored_now: int
    resumed: int
    infra_errors: int
    rescored: int


# (the runs still to score, the callback to call as each one is scored); what it returns is ignored
ScorePending = Callable[[list[Generation], Callable[[Generation, Any, dict[str, Any]], None]], object]


def score_with_checkpoint(
    generations: list[Generation],
    out: Path,
    current: dict[str, str],
    score_pending: ScorePending,
    document: Callable[[list[tuple[Generation, dict[str, Any]]]], dict[str, Any]],
    on_progress: OnProgress | None = None,
) -> CheckpointedBatch:
    """The resumable batch shared by `score` on PRISM and on coding workspaces: runs checkpointed under
    the `current` provenance are taken as they are, the others scored through `score_pending` and
    journaled as each one ends (infra failures are not, so a resume retries them), and `document`
    (the runs in input order) is written to `out`."""
    checkpoint = checkpoint_path(out)
    done, rescored = _read_checkpoint(checkpoint, current)
    pending = [g for g in generations if run_key(g) not in done]
    lock = threading.Lock()
    fresh: dict[RunKey, dict[str, Any]] = {}
    infra = 0
    finished = len(generations) - len(pending)
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    with checkpoint.open("a", encoding="utf-8") as journal:

        def scored(generation: Generation, result: Any, auto_run: dict[str, Any]) -> None:
            nonlocal infra, finished
            key = run_key(generation)
            with lock:
                fresh[key] = auto_run
                finished += 1
                if result is not None and result.status in INFRA_STATUSES:
                    infra += 1
                else:
                    record = {"key": list(key), "run": auto_run, "provenance": current}
                    journal.write(json.dumps(record, ensure_ascii=False) + "\n")
                    journal.flush()
                if on_progress is not None:
                    on_progress(finished, len(generations), generation)

        score_pending(pending, scored)

    runs = [(g, fresh.get(run_key(g)) or done[run_key(g)]) for g in generations]
    write_json_atomic(out, document(runs))
    if infra == 0:
        checkpoint.unlink(missing_ok=True)
    return CheckpointedBatch(len(generations), len(pending), len(generations) - len(pending), infra, rescored)


def score_experiment(
    workspace: Workspace,
    experiment: Experiment,
    out: Path,
    *,
    sandbox: str = "auto",
    jobs: int | None = None,
    on_progress: OnProgress | None = None,
    cancel: threading.Event | None = None,
) -> ScoreSummary:
    known = {task.id for task in workspace.tasks}
    generations = [g for g in experiment.generations if g.task_id in known]
    unknown = sorted({g.task_id for g in experiment.generations if g.task_id not in known})
    runner = Level1Runner.open(workspace, sandbox, jobs)
    batch = score_with_checkpoint(
        generations,
        out,
        provenance(workspace, runner.backend.name),
        lambda pending, scored: runner.score(pending, on_scored=scored, cancel=cancel),
        lambda runs: auto_file(
            experiment.name, runner.backend.name, group_runs(runs), workspace.protocols, ENGINE_INSTRUMENT
        ),
        on_progress,
    )
    return ScoreSummary(
        out=out,
        total=batch.total,
        scored_now=batch.scored_now,
        resumed=batch.resumed,
        infra_errors=batch.infra_errors,
        runner=runner.backend.name,
        unknown_tasks=unknown,
        rescored=batch.rescored,
    )
