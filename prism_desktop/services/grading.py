"""Level-2 grading against the store: what an expert sees of one run, and every change they make to
their grades. Each change is its own committed unit of work, so a killed app loses no saved grade.

Grades are scoped by (expert, run, axis, session); `session_id=None` means standalone grading outside
any calibration session. Every change also writes grade_history rows; the rows written by one user
action share their `changed_at`, which is what `undo_last` undoes as one step.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, and_, case, func, or_, select
from sqlalchemy.orm import Session

from prism_desktop import vocabulary
from prism_desktop.errors import InputError
from prism_desktop.review.dataset import machine_step
from prism_desktop.review.store_input import BAND_COLUMNS, SCORE_COLUMNS, SOURCE_PREFERENCE
from prism_desktop.runs.onec import RunResult
from prism_desktop.services.benchmark_kinds import kind_named
from prism_desktop.store import EditConflict, Store
from prism_desktop.store.models import (
    Experiment,
    Expert,
    Grade,
    GradeHistory,
    Level1Result,
    Run,
    SessionAssignment,
    SessionItem,
    WorkspaceSnapshot,
    utcnow,
)
from prism_desktop.vocabulary import AXES, GRADE_STEPS
from prism_desktop.workspace.protocol import L2Protocol

# Our own scoring is newer than an imported auto file of the same run, so it is shown first.
_UNDOABLE = ("create", "update", "delete")
SelectT = TypeVar("SelectT", bound=Select)


class GradingError(InputError, ValueError):
    """A grade the protocol does not allow (unknown axis, a step off the scale, P on category A)."""


class GradeConflict(EditConflict):
    """The grade was changed elsewhere after the user saw it; nothing was saved. Beside the
    message, what a window needs to say it in the user's language: the stored step now (None: the
    grade was removed), who changed it last and when (None when unknown)."""

    def __init__(
        self,
        message: str,
        *,
        run_id: int,
        axis: str,
        step: int | None,
        changed_by: str | None,
        changed_at: datetime | None,
        version: int,
    ):
        super().__init__(message)
        self.run_id, self.axis, self.step = run_id, axis, step
        self.changed_by, self.changed_at, self.version = changed_by, changed_at, version


# ---------------------------------------------------------------------------------------------
# Which axes an expert grades


def applicable_axes(category: str, l2: L2Protocol | None = None) -> tuple[str, ...]:
    """The axes an expert grades for a task category: from the L2 protocol's `applies_to` when
    given, else the constitution's rule (S, M, O for all; P for category B only)."""
    return vocabulary.applicable_axes(category, l2.axes if l2 is not None else None)


def fully_graded(category: str, graded_axes: Collection[str], l2: L2Protocol | None = None) -> bool:
    """The one meaning of "fully graded": the expert has graded every axis they grade for the run's
    category — the L2 protocol's `applies_to` (it is the expert's protocol; a 1C Code Bench grades
    P on every level), the constitution's rule only when no protocol is at hand."""
    return set(applicable_axes(category, l2)) <= set(graded_axes)


def ensure_expert(store: Store, name: str) -> int:
    """The id of the expert called `name`, created on first use (experts identify themselves by name)."""
    name = name.strip()
    if not name:
        raise GradingError("expert name: empty; expected the name the expert identifies themself by")
    with store.session(write=True) as session:
        expert_id = session.scalars(select(Expert.id).filter_by(name=name)).one_or_none()
        if expert_id is None:
            expert = Expert(name=name)
            session.add(expert)
            session.flush()
            expert_id = expert.id
        return expert_id


# ---------------------------------------------------------------------------------------------
# What the reviewer sees of one run


@dataclass(frozen=True)
class MachineAxis:
    """The machine's verdict on one axis. `state`: "measured", "na" (measured nothing: `reason`
    says why), "not_applicable" (the axis does not apply to the category) or "not_scored" (no
    Level-1 result for the run yet). `score` is the fine score, `step` the projected step."""

    axis: str
    state: str
    score: float | None = None
    step: int | None = None
    instrument: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class RunReview:
    run_id: int
    experiment: str
    task_id: str
    task_name: str | None
    category: str
    model_id: str
    model_name: str | None
    run_index: int
    response: str
    candidate_code: str  # the extracted code the machine measured; diagnostics' lines refer to it
    success: bool | None
    error: str | None
    level1_source: str | None = None  # SOURCE_* of the shown Level-1 result, None when unscored
    auto_run: dict[str, Any] | None = None  # {scores, bands, detail} in the auto file's shape
    run_result: RunResult | None = None  # the raw measurements, when our own pipeline kept them
    raw_logs: str | None = None  # Level1Result.logs when it is not a stored RunResult
    runner: str | None = None
    isolated: bool | None = None
    timings: dict[str, Any] | None = None
    instruments: dict[str, Any] | None = None
    protocol_version: str | None = None

    @property
    def machine_axes(self) -> list[MachineAxis]:
        return machine_axes(self)


def _parse_run_result(logs: str | None) -> RunResult | None:
    """Our pipeline may keep the sandbox's RunResult JSON in Level1Result.logs; anything else is
    plain log text."""
    if not logs or not logs.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(logs)
    except ValueError:
        return None
    if not isinstance(data, dict) or "run_id" not in data or "runner" not in data:
        return None
    try:
        return RunResult.from_json(logs)
    except (TypeError, ValueError):
        return None


def _candidate_code(run: Run, snapshot: WorkspaceSnapshot | None) -> str:
    """The code the machine measured, as the run's benchmark kind reads it from the stored answer: a
    1C module, or in a coding workspace the block in the task's language (the snapshot records it)."""
    languages = (snapshot.task_languages if snapshot is not None else None) or {}
    language = languages.get(run.task_id)
    kind = kind_named(snapshot.kind if snapshot is not None else None)
    return kind.measured_code(run.response or "", run.category, str(language) if language else None)


def _auto_run(result: Level1Result) -> dict[str, Any]:
    return {
        "scores": {axis: getattr(result, column) for axis, column in SCORE_COLUMNS.items()},
        "bands": {axis: getattr(result, column) for axis, column in BAND_COLUMNS.items()},
        "detail": dict(result.detail or {}),
    }


def preferred_level1(session: Session, run_id: int) -> Level1Result | None:
    results = {r.source: r for r in session.scalars(select(Level1Result).filter_by(run_id=run_id))}
    return next((results[s] for s in SOURCE_PREFERENCE if s in results), None)


def load_run_review(store: Store, run_id: int) -> RunReview:
    """Everything the review view shows of a run; KeyError naming the id when there is none."""
    with store.session() as session:
        run = session.get(Run, run_id)
        if run is None:
            raise KeyError(f"no run with id {run_id} in {store.url}")
        experiment = session.get(Experiment, run.experiment_id)
        fields: dict[str, Any] = {
            "run_id": run.id,
            "experiment": experiment.name if experiment else "",
            "task_id": run.task_id,
            "task_name": run.task_name,
            "category": run.category,
            "model_id": run.model_id,
            "model_name": run.model_name,
            "run_index": run.run_index,
            "response": run.response,
            "candidate_code": _candidate_code(run, experiment.snapshot if experiment else None),
            "success": run.success,
            "error": run.error,
        }
        result = preferred_level1(session, run_id)
        if result is not None:
            run_result = _parse_run_result(result.logs)
            fields.update(
                level1_source=result.source,
                auto_run=_auto_run(result),
                run_result=run_result,
                raw_logs=None if run_result is not None else result.logs,
                runner=result.runner,
                isolated=result.isolated,
                timings=result.timings,
                instruments=dict(result.instruments or {}),
                protocol_version=result.protocol_version,
            )
        return RunReview(**fields)


def machine_steps(auto_run: dict[str, Any] | None) -> dict[str, int | None]:
    """The machine's step per axis as it is compared with an expert: S and O as stored, M and P
    from `bands`. None where not measured."""
    if auto_run is None:
        return dict.fromkeys(AXES)
    scores, bands = auto_run.get("scores") or {}, auto_run.get("bands") or {}
    return {axis: machine_step(scores, bands, axis) for axis in AXES}


def _instrument(review: RunReview, axis: str, detail: dict[str, Any]) -> str | None:
    named = detail.get("instrument")
    if isinstance(named, str) and named:
        return named
    stored = (review.instruments or {}).get(axis)
    return stored if isinstance(stored, str) and stored else None


def machine_axes(review: RunReview, l2: L2Protocol | None = None) -> list[MachineAxis]:
    """The machine's verdict on every grade axis of the run, N/A always with its reason."""
    applicable = applicable_axes(review.category, l2)
    steps = machine_steps(review.auto_run)
    scores = (review.auto_run or {}).get("scores") or {}
    details = (review.auto_run or {}).get("detail") or {}
    verdicts: list[MachineAxis] = []
    for axis in AXES:
        raw = details.get(axis)
        detail: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if axis not in applicable:
            # The machine's own words when it gave them (code tasks: "P is not scored for …").
            verdicts.append(MachineAxis(axis, "not_applicable", reason=detail.get("reason")))
            continue
        if review.auto_run is None:
            verdicts.append(MachineAxis(axis, "not_scored"))
            continue
        instrument = _instrument(review, axis, detail)
        score = scores.get(axis)
        if score is None:
            reason = detail.get("reason") or detail.get("note")
            verdicts.append(MachineAxis(axis, "na", instrument=instrument, reason=reason))
        else:
            verdicts.append(MachineAxis(axis, "measured", float(score), steps[axis], instrument))
    return verdicts


# ---------------------------------------------------------------------------------------------
# Reading grades


@dataclass(frozen=True)
class GradeRecord:
    expert_id: int
    expert: str
    axis: str
    step: int
    comment: str | None
    approach: str | None
    updated_at: datetime
    version: int = 1  # pass as save_grade(expected_version=…) to refuse overwriting someone else's change


def scoped_to_session(statement: SelectT, column: Any, session_id: int | None) -> SelectT:
    """Rows of the review session, or the standalone ones (column NULL) when there is none."""
    return statement.where(column.is_(None) if session_id is None else column == session_id)


def grades_for_run(store: Store, run_id: int, session_id: int | None = None) -> list[GradeRecord]:
    """Every expert's grades of the run in the session (or standalone), by expert then axis."""
    with store.session() as session:
        statement = scoped_to_session(
            select(Grade, Expert.name)
            .join(Expert, Grade.expert_id == Expert.id)
            .where(Grade.run_id == run_id),
            Grade.session_id,
            session_id,
        ).order_by(Expert.name, Grade.axis)
        return [
            GradeRecord(g.expert_id, name, g.axis, g.step, g.comment, g.approach, g.updated_at, g.version)
            for g, name in session.execute(statement)
        ]


def is_fully_graded(
    store: Store, expert_id: int, run_id: int, session_id: int | None = None, l2: L2Protocol | None = None
) -> bool:
    """Has the expert graded every applicable axis of the run (the blind-mode reveal condition)?"""
    with store.session() as session:
        run = session.get(Run, run_id)
        if run is None:
            raise KeyError(f"no run with id {run_id} in {store.url}")
        graded = set(
            session.scalars(
                scoped_to_session(
                    select(Grade.axis).filter_by(expert_id=expert_id, run_id=run_id),
                    Grade.session_id,
                    session_id,
                )
            )
        )
    return fully_graded(run.category, graded, l2)


@dataclass(frozen=True)
class HistoryEntry:
    id: int
    run_id: int
    axis: str
    action: str
    old_step: int | None
    new_step: int | None
    old_comment: str | None
    new_comment: str | None
    old_approach: str | None
    new_approach: str | None
    undone: bool
    changed_at: datetime
    reason: str | None = None  # why, in the changer's words
    changed_by: str | None = None  # who, when not the grade's expert (an import, an adjudicator)


def history(
    store: Store, expert_id: int, session_id: int | None = None, run_id: int | None = None
) -> list[HistoryEntry]:
    """The expert's changes in the session (or standalone), oldest first, optionally for one run."""
    with store.session() as session:
        statement = scoped_to_session(
            select(GradeHistory).filter_by(expert_id=expert_id), GradeHistory.session_id, session_id
        )
        if run_id is not None:
            statement = statement.filter_by(run_id=run_id)
        rows = session.scalars(statement.order_by(GradeHistory.changed_at, GradeHistory.id)).all()
        names = dict(session.execute(select(Expert.id, Expert.name)).all())
        return [
            HistoryEntry(
                h.id,
                h.run_id,
                h.axis,
                h.action,
                h.old_step,
                h.new_step,
                h.old_comment,
                h.new_comment,
                h.old_approach,
                h.new_approach,
                h.undone,
                h.changed_at,
                h.reason,
                names.get(h.changed_by_id) if h.changed_by_id is not None else None,
            )
            for h in rows
        ]


# ---------------------------------------------------------------------------------------------
# Changing grades


def _grade(session: Session, expert_id: int, run_id: int, axis: str, session_id: int | None) -> Grade | None:
    statement = scoped_to_session(
        select(Grade).filter_by(expert_id=expert_id, run_id=run_id, axis=axis), Grade.session_id, session_id
    )
    return session.scalars(statement).one_or_none()


def _check_axis(session: Session, run_id: int, axis: str, l2: L2Protocol | None) -> None:
    run = session.get(Run, run_id)
    if run is None:
        raise KeyError(f"no run with id {run_id}")
    allowed = applicable_axes(run.category, l2)
    if axis not in allowed:
        raise GradingError(
            f"run {run_id} (task {run.task_id}, category {run.category}): axis {axis!r} cannot be graded; "
            f"expected one of {', '.join(allowed)}"
        )


def _record(
    session: Session,
    grade: Grade | None,
    old: tuple[int | None, str | None, str | None],
    new: tuple[int | None, str | None, str | None],
    *,
    expert_id: int,
    run_id: int,
    axis: str,
    session_id: int | None,
    changed_at: datetime,
    reason: str | None = None,
    changed_by_id: int | None = None,
) -> None:
    action = "create" if old[0] is None else "delete" if new[0] is None else "update"
    session.add(
        GradeHistory(
            grade_id=grade.id if grade is not None else None,
            expert_id=expert_id,
            run_id=run_id,
            session_id=session_id,
            axis=axis,
            action=action,
            old_step=old[0],
            new_step=new[0],
            old_comment=old[1],
            new_comment=new[1],
            old_approach=old[2],
            new_approach=new[2],
            changed_at=changed_at,
            reason=reason or None,
            changed_by_id=changed_by_id if changed_by_id != expert_id else None,
        )
    )


def save_grade(
    store: Store,
    *,
    expert_id: int,
    run_id: int,
    axis: str,
    step: int,
    session_id: int | None = None,
    comment: str | None = None,
    approach: str | None = None,
    l2: L2Protocol | None = None,
    expected_version: int | None = None,
    reason: str | None = None,
    changed_by_id: int | None = None,
) -> bool:
    """Set the expert's step on one axis (with the run's current comment and approach) and commit.
    False when nothing changed.

    `expected_version`: the GradeRecord.version the user saw (0: no grade yet). When the stored
    grade is no longer that version — another window or process changed it — EditConflict says who
    changed it to what and when, and nothing is overwritten. None: no check. `reason` (why) and
    `changed_by_id` (who, when not the expert themself) go to the grade's history."""
    if step not in GRADE_STEPS:
        raise GradingError(f"grade step: found {step!r}, expected one of {', '.join(map(str, GRADE_STEPS))}")

    def work(session: Session) -> bool:
        _check_axis(session, run_id, axis, l2)
        grade = _grade(session, expert_id, run_id, axis, session_id)
        if expected_version is not None:
            _check_version(session, grade, expected_version, expert_id, run_id, axis, session_id)
        new = (step, comment or None, approach or None)
        old = (grade.step, grade.comment, grade.approach) if grade else (None, None, None)
        if old == new:
            return False
        if grade is None:
            grade = Grade(expert_id=expert_id, run_id=run_id, axis=axis, session_id=session_id)
            session.add(grade)
        grade.step, grade.comment, grade.approach = new
        session.flush()
        _record(
            session,
            grade,
            old,
            new,
            expert_id=expert_id,
            run_id=run_id,
            axis=axis,
            session_id=session_id,
            changed_at=utcnow(),
            reason=reason,
            changed_by_id=changed_by_id,
        )
        return True

    return store.run(work, what=f"saving the {axis} grade of run {run_id}")


def _check_version(
    session: Session,
    grade: Grade | None,
    expected: int,
    expert_id: int,
    run_id: int,
    axis: str,
    session_id: int | None,
) -> None:
    conflict = grade_conflict(
        session,
        grade,
        expert_id=expert_id,
        run_id=run_id,
        axis=axis,
        session_id=session_id,
        expected_version=expected,
    )
    if conflict is not None:
        raise conflict


def grade_conflict(
    session: Session,
    grade: Grade | None,
    *,
    expert_id: int,
    run_id: int,
    axis: str,
    session_id: int | None,
    expected_version: int | None = None,
    seen_at: datetime | None = None,
) -> GradeConflict | None:
    """The one rule for every writer that saw a grade earlier (the grading window, an expert file
    being imported): the stored grade moved on when its version is no longer `expected_version`
    (0: there was none), or when it was changed after `seen_at` (naive UTC; for a writer that knows
    only when it looked). The conflict says who changed it last, to what and when; None: no conflict."""
    current = grade.version if grade is not None else 0
    if seen_at is None and (expected_version is None or current == expected_version):
        return None
    last = session.scalars(
        scoped_to_session(
            select(GradeHistory).filter_by(run_id=run_id, axis=axis, expert_id=expert_id),
            GradeHistory.session_id,
            session_id,
        )
        .order_by(GradeHistory.id.desc())
        .limit(1)
    ).first()
    stale_version = expected_version is not None and current != expected_version
    changed_after = seen_at is not None and last is not None and last.changed_at > seen_at
    if not (stale_version or changed_after):
        return None
    who, changer_name = "", None
    if last is not None:
        changer = session.get(Expert, last.changed_by_id or last.expert_id)
        changer_name = changer.name if changer else None
        who = f" by {changer_name or 'someone'} at {last.changed_at:%Y-%m-%d %H:%M:%S} UTC"
    now = f"now {grade.step}" if grade is not None else "now removed"
    seen = (
        f"you edited version {expected_version}, the store holds version {current}"
        if stale_version
        else f"after {seen_at:%Y-%m-%d %H:%M:%S} UTC, when it was read"
    )
    return GradeConflict(
        f"run {run_id}, axis {axis}: the grade was changed elsewhere{who} ({now}; {seen}); "
        "reload the run and grade again, nothing was saved",
        run_id=run_id,
        axis=axis,
        step=grade.step if grade is not None else None,
        changed_by=changer_name,
        changed_at=last.changed_at if last is not None else None,
        version=current,
    )


def clear_grade(
    store: Store,
    *,
    expert_id: int,
    run_id: int,
    axis: str,
    session_id: int | None = None,
    expected_version: int | None = None,
    reason: str | None = None,
) -> bool:
    """Remove the expert's grade on one axis; False when there was none. `expected_version` and
    `reason` as for save_grade: a grade someone else changed meanwhile is not removed."""

    def work(session: Session) -> bool:
        grade = _grade(session, expert_id, run_id, axis, session_id)
        if expected_version is not None:
            _check_version(session, grade, expected_version, expert_id, run_id, axis, session_id)
        if grade is None:
            return False
        old = (grade.step, grade.comment, grade.approach)
        _record(
            session,
            grade,
            old,
            (None, None, None),
            expert_id=expert_id,
            run_id=run_id,
            axis=axis,
            session_id=session_id,
            changed_at=utcnow(),
            reason=reason,
        )
        session.delete(grade)
        return True

    return store.run(work, what=f"clearing the {axis} grade of run {run_id}")


def save_note(
    store: Store,
    *,
    expert_id: int,
    run_id: int,
    session_id: int | None = None,
    comment: str | None,
    approach: str | None,
) -> dict[str, int]:
    """The comment and the approach judgement belong to the run as a whole: they are kept on every
    axis grade the expert has given it. Returns the grades that changed, axis -> their new version
    (empty before the first grade; the next save_grade carries them)."""
    comment, approach = comment or None, approach or None
    with store.session(write=True) as session:
        grades = session.scalars(
            scoped_to_session(
                select(Grade).filter_by(expert_id=expert_id, run_id=run_id), Grade.session_id, session_id
            )
        ).all()
        changed_at = utcnow()
        changed: list[Grade] = []
        for grade in grades:
            old = (grade.step, grade.comment, grade.approach)
            new = (grade.step, comment, approach)
            if old == new:
                continue
            grade.comment, grade.approach = comment, approach
            _record(
                session,
                grade,
                old,
                new,
                expert_id=expert_id,
                run_id=run_id,
                axis=grade.axis,
                session_id=session_id,
                changed_at=changed_at,
            )
            changed.append(grade)
        session.flush()  # the version counter moves on flush
        return {grade.axis: grade.version for grade in changed}


@dataclass(frozen=True)
class UndoneChange:
    run_id: int
    axes: tuple[str, ...]
    versions: dict[str, int] = field(default_factory=dict)  # axis -> the grade's version now (0: none)


def undo_last(store: Store, *, expert_id: int, session_id: int | None = None) -> UndoneChange | None:
    """Undo the expert's most recent action in the session (or standalone): restore the old values
    of its history rows and mark them undone. None when there is nothing left to undo."""
    with store.session(write=True) as session:
        scope = scoped_to_session(
            select(GradeHistory)
            .filter_by(expert_id=expert_id, undone=False)
            .where(GradeHistory.action.in_(_UNDOABLE)),
            GradeHistory.session_id,
            session_id,
        )
        last = session.scalars(scope.order_by(GradeHistory.changed_at.desc(), GradeHistory.id.desc())).first()
        if last is None:
            return None
        batch = session.scalars(
            scope.filter_by(changed_at=last.changed_at, run_id=last.run_id).order_by(GradeHistory.id.desc())
        ).all()
        for entry in batch:
            grade = _grade(session, expert_id, entry.run_id, entry.axis, session_id)
            if entry.old_step is None:
                if grade is not None:
                    session.delete(grade)
            else:
                if grade is None:
                    grade = Grade(
                        expert_id=expert_id, run_id=entry.run_id, axis=entry.axis, session_id=session_id
                    )
                    session.add(grade)
                grade.step = entry.old_step
                grade.comment, grade.approach = entry.old_comment, entry.old_approach
            entry.undone = True
            session.flush()
        axes = tuple(sorted({e.axis for e in batch}))
        versions = {}
        for axis in axes:
            grade = _grade(session, expert_id, last.run_id, axis, session_id)
            versions[axis] = grade.version if grade is not None else 0
        return UndoneChange(last.run_id, axes, versions)


# ---------------------------------------------------------------------------------------------
# Moving on


def _needed_axes_case(l2: L2Protocol | None) -> Any:
    """SQL: how many axes a run of its category needs graded (a coding workspace's protocol names
    its dataset's categories; anything else counts as category A)."""
    named = {c for axis in l2.axes.values() for c in axis.applies_to} if l2 is not None else set()
    return case(
        *((Run.category == c, len(applicable_axes(c, l2))) for c in sorted(named | {"B"})),
        else_=len(applicable_axes("A", l2)),
    )


def next_ungraded_run(
    store: Store,
    *,
    expert_id: int,
    session_id: int | None = None,
    after_run_id: int | None = None,
    l2: L2Protocol | None = None,
) -> int | None:
    """The next run the expert has not fully graded: in session order (by position) when in a
    session, else by run id; starting after `after_run_id` and wrapping around. None when all done."""
    graded = scoped_to_session(
        select(Grade.run_id, func.count(Grade.id).label("n"))
        .where(Grade.expert_id == expert_id)
        .group_by(Grade.run_id),
        Grade.session_id,
        session_id,
    ).subquery()
    with store.session() as session:
        statement = (
            select(Run.id)
            .outerjoin(graded, graded.c.run_id == Run.id)
            .where(func.coalesce(graded.c.n, 0) < _needed_axes_case(l2))
            .where(Run.success.is_not(False))  # a failed call has no code to grade
        )
        if session_id is None:
            order: tuple[Any, ...] = (Run.id,)
            later_than: Any = Run.id > after_run_id if after_run_id is not None else None
        else:
            statement = statement.join(SessionItem, SessionItem.run_id == Run.id).where(
                SessionItem.session_id == session_id
            )
            if session.scalar(
                select(func.count()).select_from(SessionAssignment).filter_by(session_id=session_id)
            ):
                # A session dealt to a team: the expert's own queue only (services/team_sessions.py).
                statement = statement.where(
                    Run.id.in_(
                        select(SessionAssignment.run_id).filter_by(session_id=session_id, expert_id=expert_id)
                    )
                )
            order = (SessionItem.position, SessionItem.id)
            later_than = None
            current = session.execute(
                select(SessionItem.position, SessionItem.id).where(
                    SessionItem.session_id == session_id, SessionItem.run_id == after_run_id
                )
            ).first()
            if current is not None:
                position, item_id = current
                later_than = or_(
                    SessionItem.position > position,
                    and_(SessionItem.position == position, SessionItem.id > item_id),
                )
        statement = statement.order_by(*order).limit(1)
        if later_than is not None:
            later = session.scalars(statement.where(later_than)).first()
            if later is not None:
                return later
        # Wrap around: the first ungraded run from the start (possibly the current one).
        return session.scalars(statement).first()
