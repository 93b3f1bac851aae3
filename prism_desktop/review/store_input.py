"""Adapter at the edge: runs, machine scores, grades and the task split of a review session in the
store, as the plain GradedRuns the statistics use; and an expert's grades for expert-file export."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from prism_desktop.store import Store
from prism_desktop.store.models import (
    SOURCE_AUTO_FILE,
    SOURCE_SCORED_HERE,
    Adjudication,
    Experiment,
    Expert,
    Grade,
    GradeHistory,
    Level1Result,
    ReviewSession,
    Run,
    SessionItem,
    SessionTask,
    utcnow,
)

from .dataset import AXES, GradedRun, machine_step
from .expert_export import ExpertGrade
from .signals import signals_of

# Our own scoring is newer than an imported auto file of the same run, so it is the one compared.
SOURCE_PREFERENCE = (SOURCE_SCORED_HERE, SOURCE_AUTO_FILE)
SCORE_COLUMNS = {"S": "score_s", "M": "score_m", "O": "score_o", "P": "score_p", "Q": "score_q"}
BAND_COLUMNS = {"M": "band_m", "P": "band_p"}


@dataclass(frozen=True)
class SessionInput:
    runs: tuple[GradedRun, ...]  # session runs graded by at least one expert, in presentation order
    experts: tuple[str, ...]  # expert names, sorted
    split_of: dict[str, str]  # task id -> calibration | validation, as stored with the session


def session_input(store: Store, session_id: int) -> SessionInput:
    """KeyError naming the session when there is none."""
    with store.session() as session:
        if session.get(ReviewSession, session_id) is None:
            raise KeyError(f"no review session with id {session_id} in {store.url}")
        run_ids = list(
            session.scalars(
                select(SessionItem.run_id)
                .filter_by(session_id=session_id)
                .order_by(SessionItem.position, SessionItem.id)
            )
        )
        runs = {run.id: run for run in session.scalars(select(Run).where(Run.id.in_(run_ids)))}
        results: dict[int, dict[str, Level1Result]] = defaultdict(dict)
        for level1 in session.scalars(select(Level1Result).where(Level1Result.run_id.in_(run_ids))):
            results[level1.run_id][level1.source] = level1
        grades: dict[int, dict[str, dict[str, int]]] = defaultdict(dict)
        names: set[str] = set()
        for grade, name in session.execute(
            select(Grade, Expert.name)
            .join(Expert, Grade.expert_id == Expert.id)
            .filter(Grade.session_id == session_id)
        ):
            grades[grade.run_id].setdefault(name, {})[grade.axis] = grade.step
            names.add(name)
        split = dict(
            session.execute(
                select(SessionTask.task_id, SessionTask.split).filter_by(session_id=session_id)
            ).all()
        )
        adjudicated: dict[int, dict[str, int]] = defaultdict(dict)
        for run_id, axis, step in session.execute(
            select(Adjudication.run_id, Adjudication.axis, Adjudication.step).filter_by(session_id=session_id)
        ):
            adjudicated[run_id][axis] = step
        graded = []
        for run_id in run_ids:
            if run_id not in grades or run_id not in runs:
                continue
            run = runs[run_id]
            result = next((results[run_id][s] for s in SOURCE_PREFERENCE if s in results[run_id]), None)
            scores = {
                axis: getattr(result, column) if result else None for axis, column in SCORE_COLUMNS.items()
            }
            bands = {
                axis: getattr(result, column) if result else None for axis, column in BAND_COLUMNS.items()
            }
            machine = {axis: machine_step(scores, bands, axis) for axis in AXES}
            graded.append(
                GradedRun(
                    task_id=run.task_id,
                    model_id=run.model_id,
                    run_index=run.run_index,
                    category=run.category,
                    machine=machine,
                    experts=grades[run_id],
                    model_name=run.model_name or "",
                    response_hash=run.response_hash,
                    scores=scores,
                    signals=signals_of(dict(result.detail or {}), machine) if result else {},
                    protocol_version=result.protocol_version if result else None,
                    constitution_version=result.constitution_version if result else None,
                    adjudicated=adjudicated.get(run_id, {}),
                )
            )
    return SessionInput(tuple(graded), tuple(sorted(names)), split)


def expert_grades(store: Store, expert: str, session_id: int | None = None) -> dict[str, list[ExpertGrade]]:
    """Experiment name -> the expert's grades of its runs (standalone grades when `session_id` is
    None), in run order. KeyError naming the expert when there is none."""
    with store.session() as session:
        expert_id = session.scalars(select(Expert.id).filter_by(name=expert)).one_or_none()
        if expert_id is None:
            raise KeyError(f"no expert named {expert!r} in {store.url}")
        statement = (
            select(Grade, Run, Experiment.name)
            .join(Run, Grade.run_id == Run.id)
            .join(Experiment, Run.experiment_id == Experiment.id)
            .where(Grade.expert_id == expert_id)
            .order_by(Experiment.name, Run.task_id, Run.model_id, Run.run_index)
        )
        statement = statement.where(
            Grade.session_id.is_(None) if session_id is None else Grade.session_id == session_id
        )
        collected: dict[
            str, dict[int, tuple[Run, dict[str, int], dict[str, dict[str, str]], dict[str, int]]]
        ] = defaultdict(dict)
        for grade, run, experiment in session.execute(statement):
            _, steps, notes, versions = collected[experiment].setdefault(run.id, (run, {}, {}, {}))
            steps[grade.axis] = grade.step
            versions[grade.axis] = grade.version
            texts = {k: v for k, v in (("comment", grade.comment), ("approach", grade.approach)) if v}
            if texts:
                notes[grade.axis] = texts
        return {
            experiment: [
                ExpertGrade(
                    run.task_id,
                    run.model_id,
                    run.run_index,
                    steps,
                    run.model_name or "",
                    run.response_hash,
                    notes,
                    versions,
                )
                for run, steps, notes, versions in by_run.values()
            ]
            for experiment, by_run in collected.items()
        }


def expert_provenance(store: Store, expert: str, session_id: int | None = None) -> dict[str, Any]:
    """What an expert file carries besides the grades, so that importing it back is exact: who the
    expert is (id and display name), the session the grades belong to, and the audit trail of
    every change (who, when, from → to, why) per run and axis. KeyError naming the expert."""
    with store.session() as session:
        found = session.scalars(select(Expert).filter_by(name=expert)).one_or_none()
        if found is None:
            raise KeyError(f"no expert named {expert!r} in {store.url}")
        names = dict(session.execute(select(Expert.id, Expert.name)).all())
        provenance: dict[str, Any] = {
            "expert": {"name": found.name, "display_name": found.display_name},
            # when the grades were read: an import refuses to overwrite what changed after it
            "exported_at": utcnow().isoformat() + "Z",
        }
        if session_id is not None:
            review = session.get(ReviewSession, session_id)
            if review is not None:
                provenance["session"] = {
                    "name": review.name,
                    "seed": review.seed,
                    "created_at": review.created_at.isoformat(timespec="seconds"),
                }
        statement = (
            select(GradeHistory, Run)
            .join(Run, GradeHistory.run_id == Run.id)
            .where(GradeHistory.expert_id == found.id)
            .where(
                GradeHistory.session_id.is_(None)
                if session_id is None
                else GradeHistory.session_id == session_id
            )
            .order_by(GradeHistory.changed_at, GradeHistory.id)
        )
        provenance["history"] = [
            {
                "task_id": run.task_id,
                "model_id": run.model_id,
                "run_index": run.run_index,
                "axis": change.axis,
                "action": change.action,
                "from": change.old_step,
                "to": change.new_step,
                "at": change.changed_at.isoformat(timespec="seconds"),
                "by": names.get(change.changed_by_id or change.expert_id),
                "reason": change.reason,
                "undone": change.undone,
            }
            for change, run in session.execute(statement)
        ]
        return provenance


def expert_names(store: Store) -> Sequence[str]:
    with store.session() as session:
        return list(session.scalars(select(Expert.name).order_by(Expert.name)))
