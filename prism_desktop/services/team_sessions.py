"""Team calibration on one shared store: who the experts are, which runs each one grades, how far
each has got, where they disagree, and the adjudicated consensus.

* `name_expert(store, name, display_name)`: an expert is named once per store (`name` is the stable
  id written into expert files, `display_name` what the team reads).
* `assign_runs(store, session_id, experts, overlap, seed)`: every run of the session is dealt to
  `overlap` experts (2 or 3 for agreement; 1 splits the work), balanced so that each expert gets
  the same number of runs (±1) and a similar share of every task and every model. Each expert's
  queue keeps the session's presentation order (`expert_queue`).
* `team_progress(store, session_id)`: per expert and overall — graded, incomplete, remaining, flagged.
* `disagreements(store, session_id, distance)`: the run axes whose experts' steps lie more than
  `distance` scale steps apart, with every expert's grade and comment and any adjudication.
* `adjudicate(...)`: the adjudicator's consensus step and rationale for one run axis (version-checked:
  two adjudicators never overwrite each other silently).
* `change_marker(store, session_id)`: a cheap value that changes whenever anyone grades, flags,
  comments or adjudicates — windows poll it to refresh without restarting.

The consensus of a run axis is the adjudicated step where one exists, else the rule of the
agreement report (median by default): CONSENSUS_RULE_TEXT says so in reports.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from prism_desktop.errors import InputError
from prism_desktop.review.scale import STEP_INDEX
from prism_desktop.services.grading import applicable_axes, fully_graded
from prism_desktop.services.visibility import run_visibility
from prism_desktop.store import EditConflict, Store
from prism_desktop.store.models import (
    OVERLAPS,
    Adjudication,
    Expert,
    Grade,
    GradeHistory,
    ReviewSession,
    Run,
    RunComment,
    RunFlag,
    SessionAssignment,
    SessionItem,
)
from prism_desktop.vocabulary import AXES, GRADE_STEPS
from prism_desktop.workspace.protocol import L2Protocol

CONSENSUS_RULE_TEXT = "{rule} of the experts' steps; the adjudicated step where an adjudicator settled it"
SelectT = TypeVar("SelectT", bound=Select)


class TeamError(InputError, ValueError):
    """A team operation that cannot be done as asked; the message says what was expected."""


# ---------------------------------------------------------------------------------------------
# Experts


@dataclass(frozen=True)
class ExpertInfo:
    id: int
    name: str
    display_name: str | None

    @property
    def label(self) -> str:
        return self.display_name or self.name


def name_expert(store: Store, name: str, display_name: str | None = None) -> int:
    """The id of the expert `name`, created on first use; `display_name` (when given) replaces the
    stored one. Concurrent first uses of one name from several processes give one expert."""
    name = name.strip()
    if not name:
        raise TeamError("expert name: empty; expected the id the expert is known by (e.g. olga.s)")

    def work(session: Session) -> int:
        expert = expert_named(session, name)
        if display_name is not None and display_name.strip():
            expert.display_name = display_name.strip()
        session.flush()
        return expert.id

    return store.run(work, what=f"naming expert {name}")


def expert_named(session: Session, name: str) -> Expert:
    """The expert `name` inside a unit of work, added on first use (a concurrent first use of the
    same name makes the unit of work run again, Store.run)."""
    expert = session.scalars(select(Expert).filter_by(name=name)).one_or_none()
    if expert is None:
        expert = Expert(name=name)
        session.add(expert)
        session.flush()
    return expert


def list_experts(store: Store) -> list[ExpertInfo]:
    with store.session() as session:
        rows = session.scalars(select(Expert).order_by(Expert.name))
        return [ExpertInfo(e.id, e.name, e.display_name) for e in rows]


def expert_id_of(store: Store, name: str) -> int | None:
    """The id of the expert called `name`, None when the store has none (nothing is created)."""
    with store.session() as session:
        return session.scalars(select(Expert.id).filter_by(name=name.strip())).one_or_none()


def _expert_ids(session: Session, names: Sequence[str]) -> list[int]:
    found = dict(session.execute(select(Expert.name, Expert.id).where(Expert.name.in_(list(names)))).all())
    missing = [n for n in names if n not in found]
    if missing:
        known = ", ".join(session.scalars(select(Expert.name).order_by(Expert.name))) or "none yet"
        raise TeamError(f"experts not in the store: {', '.join(missing)} (known: {known}); name them first")
    return [found[n] for n in names]


def set_owner(store: Store, session_id: int, expert_id: int) -> None:
    """The expert who owns the session (creates it, deals it, adjudicates by default)."""

    def work(session: Session) -> None:
        review = session.get(ReviewSession, session_id)
        if review is None:
            raise TeamError(f"session {session_id}: no such review session in {store.url}")
        review.owner_id = expert_id

    store.run(work, what=f"setting the owner of session {session_id}")


# ---------------------------------------------------------------------------------------------
# Assignment


@dataclass(frozen=True)
class _Item:
    run_id: int
    task_id: str
    model_id: str
    position: int


def deal(items: Sequence[_Item], experts: Sequence[int], overlap: int, seed: int) -> dict[int, list[int]]:
    """expert id -> run ids in presentation order. Each run goes to `overlap` distinct experts: the
    least loaded overall, then the least loaded on the run's task, then on its model, ties broken
    by the seeded rng. Runs are dealt task by task, so every task spreads over the whole team."""
    rng = random.Random(seed)
    load: Counter[int] = Counter()
    per_task: Counter[tuple[int, str]] = Counter()
    per_model: Counter[tuple[int, str]] = Counter()
    queues: dict[int, list[_Item]] = {e: [] for e in experts}
    for item in sorted(items, key=lambda i: (i.task_id, i.model_id, i.position)):
        tie = {e: rng.random() for e in experts}
        chosen = sorted(
            experts,
            key=lambda e: (load[e], per_task[(e, item.task_id)], per_model[(e, item.model_id)], tie[e]),
        )[:overlap]
        for expert in chosen:
            load[expert] += 1
            per_task[(expert, item.task_id)] += 1
            per_model[(expert, item.model_id)] += 1
            queues[expert].append(item)
    return {e: [i.run_id for i in sorted(q, key=lambda i: i.position)] for e, q in queues.items()}


def assign_runs(
    store: Store, session_id: int, experts: Sequence[str], overlap: int, seed: int | None = None
) -> dict[str, list[int]]:
    """Deal the session's runs to the named experts, `overlap` experts per run; returns each
    expert's queue. A session is dealt once: its assignments are the contract of the team."""
    if overlap not in OVERLAPS:
        raise TeamError(f"overlap: found {overlap}, expected one of {', '.join(map(str, OVERLAPS))}")
    names = list(dict.fromkeys(n.strip() for n in experts if n.strip()))
    if len(names) < overlap:
        raise TeamError(f"experts: found {len(names)} ({', '.join(names)}), expected at least {overlap}")

    def work(session: Session) -> dict[str, list[int]]:
        review = session.get(ReviewSession, session_id)
        if review is None:
            raise TeamError(f"session {session_id}: no such review session in {store.url}")
        if session.scalar(
            select(func.count()).select_from(SessionAssignment).filter_by(session_id=session_id)
        ):
            raise TeamError(f"session {session_id} ({review.name}) is already assigned; create a new session")
        ids = _expert_ids(session, names)
        items = [
            _Item(run_id, task, model, position)
            for run_id, task, model, position in session.execute(
                select(Run.id, Run.task_id, Run.model_id, SessionItem.position)
                .join(SessionItem, SessionItem.run_id == Run.id)
                .where(SessionItem.session_id == session_id)
            )
        ]
        if not items:
            raise TeamError(f"session {session_id} ({review.name}) has no runs to assign")
        queues = deal(items, ids, overlap, (review.seed or 0) if seed is None else seed)
        for expert_id, run_ids in queues.items():
            session.add_all(
                SessionAssignment(session_id=session_id, run_id=r, expert_id=expert_id, position=i)
                for i, r in enumerate(run_ids)
            )
        review.overlap = overlap
        by_id = dict(zip(ids, names, strict=True))
        return {by_id[e]: q for e, q in queues.items()}

    return store.run(work, what=f"assigning session {session_id}")


def expert_queue(store: Store, session_id: int, expert_id: int) -> list[int]:
    """The runs the expert grades in the session, in order: their assignments, or every run of
    the session when it was not dealt to a team."""
    with store.session() as session:
        return _queue(session, session_id, expert_id)


def _queue(session: Session, session_id: int, expert_id: int) -> list[int]:
    assigned = list(
        session.scalars(
            select(SessionAssignment.run_id)
            .filter_by(session_id=session_id, expert_id=expert_id)
            .order_by(SessionAssignment.position)
        )
    )
    if assigned or _is_assigned(session, session_id):
        return assigned
    return list(
        session.scalars(
            select(SessionItem.run_id).filter_by(session_id=session_id).order_by(SessionItem.position)
        )
    )


def _is_assigned(session: Session, session_id: int) -> bool:
    return bool(
        session.scalar(select(func.count()).select_from(SessionAssignment).filter_by(session_id=session_id))
    )


# ---------------------------------------------------------------------------------------------
# Progress


@dataclass(frozen=True)
class ExpertProgress:
    expert_id: int
    name: str
    label: str
    assigned: int
    graded: int  # every applicable axis graded
    incomplete: int  # some axes graded
    remaining: int  # nothing graded yet
    flagged: int


@dataclass(frozen=True)
class TeamProgress:
    session_id: int
    name: str
    overlap: int | None
    runs: int
    experts: tuple[ExpertProgress, ...]
    complete_runs: int  # every expert the run is assigned to has graded it fully
    flagged_runs: int  # flagged by anyone
    adjudicated_axes: int
    graded: int = field(init=False)
    incomplete: int = field(init=False)
    remaining: int = field(init=False)

    def __post_init__(self) -> None:
        # Overall counts are over (expert, run) assignments: what the team still has to do.
        object.__setattr__(self, "graded", sum(e.graded for e in self.experts))
        object.__setattr__(self, "incomplete", sum(e.incomplete for e in self.experts))
        object.__setattr__(self, "remaining", sum(e.remaining for e in self.experts))


def team_progress(store: Store, session_id: int, l2: L2Protocol | None = None) -> TeamProgress:
    """KeyError naming the session when there is none. `l2`: the workspace's expert protocol, which
    says what a fully graded run is (grading.fully_graded)."""
    with store.session() as session:
        review = session.get(ReviewSession, session_id)
        if review is None:
            raise KeyError(f"no review session with id {session_id} in {store.url}")
        category = dict(
            session.execute(
                select(Run.id, Run.category)
                .join(SessionItem, SessionItem.run_id == Run.id)
                .where(SessionItem.session_id == session_id)
            ).all()
        )
        axes: dict[tuple[int, int], set[str]] = defaultdict(set)
        for expert_id, run_id, axis in session.execute(
            select(Grade.expert_id, Grade.run_id, Grade.axis).filter_by(session_id=session_id)
        ):
            axes[(expert_id, run_id)].add(axis)
        flags = set(
            session.execute(select(RunFlag.expert_id, RunFlag.run_id).filter_by(session_id=session_id))
        )
        assigned: dict[int, list[int]] = defaultdict(list)
        for expert_id, run_id in session.execute(
            select(SessionAssignment.expert_id, SessionAssignment.run_id).filter_by(session_id=session_id)
        ):
            assigned[expert_id].append(run_id)
        if not assigned:  # not dealt: everyone who took part grades every run
            for expert_id in {e for e, _ in axes} | {e for e, _ in flags}:
                assigned[expert_id] = list(category)
        experts = {e.id: e for e in session.scalars(select(Expert).where(Expert.id.in_(list(assigned))))}
        adjudicated = session.scalar(
            select(func.count()).select_from(Adjudication).filter_by(session_id=session_id)
        )
        rows = []
        complete: dict[int, bool] = dict.fromkeys(category, True)
        for expert_id in sorted(assigned, key=lambda e: experts[e].name):
            graded = incomplete = remaining = 0
            for run_id in assigned[expert_id]:
                done = axes.get((expert_id, run_id), set())
                if fully_graded(category[run_id], done, l2):
                    graded += 1
                else:
                    complete[run_id] = False
                    if done:
                        incomplete += 1
                    else:
                        remaining += 1
            expert = experts[expert_id]
            flagged = sum(1 for e, _ in flags if e == expert_id)
            rows.append(
                ExpertProgress(
                    expert_id,
                    expert.name,
                    expert.display_name or expert.name,
                    len(assigned[expert_id]),
                    graded,
                    incomplete,
                    remaining,
                    flagged,
                )
            )
        return TeamProgress(
            session_id,
            review.name,
            review.overlap,
            len(category),
            tuple(rows),
            sum(1 for ok in complete.values() if ok) if rows else 0,
            len({run for _, run in flags}),
            int(adjudicated or 0),
        )


# ---------------------------------------------------------------------------------------------
# Disagreements and adjudication


@dataclass(frozen=True)
class ExpertView:
    name: str
    label: str
    step: int
    comment: str | None  # the expert's comment on this axis (and on the run as a whole, after it)


@dataclass(frozen=True)
class AdjudicationRecord:
    step: int
    rationale: str
    adjudicator: str | None
    decided_at: datetime
    version: int


@dataclass(frozen=True)
class Disagreement:
    run_id: int
    task_id: str
    model_id: str
    axis: str
    spread: int  # scale steps between the lowest and the highest grade (0…5)
    experts: tuple[ExpertView, ...]
    adjudication: AdjudicationRecord | None


def disagreements(
    store: Store, session_id: int, distance: int = 1, *, include_settled: bool = True
) -> list[Disagreement]:
    """Run axes graded by two or more experts whose steps lie more than `distance` scale steps
    apart (distance 0: any difference), in session order. `include_settled=False` leaves out the
    ones already adjudicated."""
    if distance < 0:
        raise TeamError(f"distance: found {distance}, expected 0 or more scale steps")
    with store.session() as session:
        order = dict(
            session.execute(
                select(SessionItem.run_id, SessionItem.position).filter_by(session_id=session_id)
            ).all()
        )
        runs = {r.id: r for r in session.scalars(select(Run).where(Run.id.in_(list(order))))}
        experts = {e.id: e for e in session.scalars(select(Expert))}
        grades: dict[tuple[int, str], list[Grade]] = defaultdict(list)
        for grade in session.scalars(select(Grade).filter_by(session_id=session_id)):
            grades[(grade.run_id, grade.axis)].append(grade)
        comments: dict[tuple[int, int, str], str] = {
            (c.expert_id, c.run_id, c.axis): c.body
            for c in session.scalars(select(RunComment).filter_by(session_id=session_id))
        }
        settled = {
            (a.run_id, a.axis): a
            for a in session.scalars(select(Adjudication).filter_by(session_id=session_id))
        }
        found = []
        for (run_id, axis), given in grades.items():
            if len(given) < 2 or run_id not in runs:
                continue
            indexes = [STEP_INDEX[g.step] for g in given]
            spread = max(indexes) - min(indexes)
            adjudication = settled.get((run_id, axis))
            if spread <= distance or (adjudication is not None and not include_settled):
                continue
            views = tuple(
                ExpertView(
                    experts[g.expert_id].name,
                    experts[g.expert_id].display_name or experts[g.expert_id].name,
                    g.step,
                    _comment_text(comments, g.expert_id, run_id, axis),
                )
                for g in sorted(given, key=lambda g: experts[g.expert_id].name)
            )
            found.append(
                Disagreement(
                    run_id,
                    runs[run_id].task_id,
                    runs[run_id].model_id,
                    axis,
                    spread,
                    views,
                    _adjudication_record(adjudication, experts),
                )
            )
        return sorted(found, key=lambda d: (order[d.run_id], AXES.index(d.axis)))


def _comment_text(
    comments: dict[tuple[int, int, str], str], expert_id: int, run_id: int, axis: str
) -> str | None:
    parts = [
        text for key in ((expert_id, run_id, axis), (expert_id, run_id, "*")) if (text := comments.get(key))
    ]
    return "\n".join(parts) or None


def _adjudication_record(row: Adjudication | None, experts: dict[int, Expert]) -> AdjudicationRecord | None:
    if row is None:
        return None
    who = experts.get(row.adjudicator_id) if row.adjudicator_id is not None else None
    return AdjudicationRecord(row.step, row.rationale, who.name if who else None, row.decided_at, row.version)


def adjudicate(
    store: Store,
    *,
    session_id: int,
    run_id: int,
    axis: str,
    step: int,
    rationale: str,
    adjudicator_id: int,
    expected_version: int | None = None,
    l2: L2Protocol | None = None,
) -> AdjudicationRecord:
    """Record the consensus step of one run axis with its rationale. `expected_version`: the
    version of the adjudication the adjudicator saw (0: none); if another adjudicator settled it
    differently meanwhile, EditConflict says who and nothing is overwritten. `l2`: the expert
    protocol, which says which axes a run's category has."""
    if axis not in AXES:
        raise TeamError(f"axis: found {axis!r}, expected one of {', '.join(AXES)}")
    if step not in GRADE_STEPS:
        raise TeamError(f"step: found {step!r}, expected one of {', '.join(map(str, GRADE_STEPS))}")
    if not rationale.strip():
        raise TeamError("rationale: empty; expected why this step is the consensus")

    def work(session: Session) -> AdjudicationRecord:
        run = session.get(Run, run_id)
        if (
            run is None
            or session.scalar(
                select(func.count()).select_from(SessionItem).filter_by(session_id=session_id, run_id=run_id)
            )
            == 0
        ):
            raise TeamError(f"run {run_id}: not in session {session_id}")
        if axis not in applicable_axes(run.category, l2):
            raise TeamError(f"run {run_id} (category {run.category}): axis {axis} is not graded there")
        row = session.scalars(
            select(Adjudication).filter_by(session_id=session_id, run_id=run_id, axis=axis)
        ).one_or_none()
        current = row.version if row is not None else 0
        if expected_version is not None and current != expected_version:
            assert row is not None  # a version above 0 exists
            who = session.get(Expert, row.adjudicator_id) if row.adjudicator_id else None
            raise EditConflict(
                f"run {run_id}, axis {axis}: {who.name if who else 'someone'} settled it at step {row.step} "
                f"at {row.decided_at:%Y-%m-%d %H:%M:%S} UTC after you opened it; reload, nothing was saved"
            )
        if row is None:
            row = Adjudication(session_id=session_id, run_id=run_id, axis=axis)
            session.add(row)
        row.step, row.rationale, row.adjudicator_id = step, rationale.strip(), adjudicator_id
        session.flush()
        adjudicator = session.get(Expert, adjudicator_id)
        return AdjudicationRecord(
            row.step, row.rationale, adjudicator.name if adjudicator else None, row.decided_at, row.version
        )

    return store.run(work, what=f"adjudicating run {run_id} axis {axis}")


def adjudicated_steps(store: Store, session_id: int) -> dict[tuple[int, str], int]:
    """(run id, axis) -> the adjudicated consensus step."""
    with store.session() as session:
        return {
            (run_id, axis): step
            for run_id, axis, step in session.execute(
                select(Adjudication.run_id, Adjudication.axis, Adjudication.step).filter_by(
                    session_id=session_id
                )
            )
        }


# ---------------------------------------------------------------------------------------------
# The audit trail of a run


@dataclass(frozen=True)
class Change:
    changed_at: datetime
    expert: str  # whose grade
    axis: str
    action: str  # create | update | delete | import
    old_step: int | None
    new_step: int | None
    by: str  # who made the change (the expert, an importer, an adjudicator)
    reason: str | None
    undone: bool


def run_history(
    store: Store,
    run_id: int,
    session_id: int | None,
    viewer_id: int | None,
    *,
    blind: bool,
    l2: L2Protocol | None = None,
) -> list[Change]:
    """Every grade change of the run in the session (or standalone), oldest first. Under the blind
    rule (services/visibility.py) the viewer sees the others' changes only once they have graded
    every axis of the run."""
    with store.session() as session:
        run = session.get(Run, run_id)
        if run is None:
            return []
        names = {e.id: e.name for e in session.scalars(select(Expert))}
        statement = select(GradeHistory).filter_by(run_id=run_id)
        statement = statement.where(
            GradeHistory.session_id.is_(None) if session_id is None else GradeHistory.session_id == session_id
        )
        rows = session.scalars(statement.order_by(GradeHistory.changed_at, GradeHistory.id)).all()
        graded = set(
            session.scalars(
                select(Grade.axis)
                .filter_by(run_id=run_id, expert_id=viewer_id)
                .where(Grade.session_id.is_(None) if session_id is None else Grade.session_id == session_id)
            )
        )
        others_visible = run_visibility(
            blind=blind, needed_axes=applicable_axes(run.category, l2), my_axes=graded
        ).other_experts
        return [
            Change(
                h.changed_at,
                names.get(h.expert_id, "?"),
                h.axis,
                h.action,
                h.old_step,
                h.new_step,
                names.get(h.changed_by_id or h.expert_id, "?"),
                h.reason,
                h.undone,
            )
            for h in rows
            if others_visible or h.expert_id == viewer_id
        ]


# ---------------------------------------------------------------------------------------------
# Live refresh


def change_marker(store: Store, session_id: int | None = None) -> tuple[object, ...]:
    """A value that differs whenever anyone changed a grade, a flag, a comment, an assignment or
    an adjudication (of the session, or anywhere with None). A handful of indexed aggregates:
    cheap enough to poll every few seconds from every window."""

    def scoped(statement: SelectT, column: Any) -> SelectT:
        return statement if session_id is None else statement.where(column == session_id)

    with store.session() as session:
        return (
            session.scalar(scoped(select(func.max(GradeHistory.id)), GradeHistory.session_id)),
            *session.execute(
                scoped(select(func.count(), func.sum(Grade.version)).select_from(Grade), Grade.session_id)
            ).one(),  # undo changes grades without a new history row
            *session.execute(
                scoped(select(func.count(), func.max(RunFlag.id)).select_from(RunFlag), RunFlag.session_id)
            ).one(),
            *session.execute(
                scoped(
                    select(func.count(), func.max(RunComment.updated_at), func.sum(RunComment.version)),
                    RunComment.session_id,
                )
            ).one(),
            *session.execute(
                scoped(
                    select(func.count(), func.sum(Adjudication.version)).select_from(Adjudication),
                    Adjudication.session_id,
                )
            ).one(),
            session.scalar(
                scoped(select(func.count()).select_from(SessionAssignment), SessionAssignment.session_id)
            ),
        )
