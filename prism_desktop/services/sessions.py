"""Calibration sessions: a stratified, seeded sample of stored runs that several experts grade
blind, plus a seeded calibration/validation split of the sampled tasks (agreement is headlined on
the validation tasks only).

Strata are task × model × machine score band (the Q band of the constitution's thresholds, or
"unscored"). Allocation is proportional to stratum size, with at least one run per stratum whenever
the sample is at least as large as the number of strata. The same candidates, size and seed always
give the same sample.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from prism_desktop.errors import InputError
from prism_desktop.services.grading import SOURCE_PREFERENCE, fully_graded
from prism_desktop.store import Store
from prism_desktop.store.models import Grade, Level1Result, ReviewSession, Run, SessionItem, SessionTask
from prism_desktop.workspace.protocol import L2Protocol

DEFAULT_THRESHOLDS: Mapping[str, float] = {"high": 8.0, "acceptable": 5.0}
UNSCORED = "unscored"


class SessionError(InputError, ValueError):
    """A session that cannot be created as asked (no runs, a size out of range, a bad share)."""


# ---------------------------------------------------------------------------------------------
# Pure sampling


@dataclass(frozen=True)
class SampleCandidate:
    run_id: int
    task_id: str
    model_id: str
    quality: float | None  # machine Q; None when unscored or not measured


def score_band(quality: float | None, thresholds: Mapping[str, float] = DEFAULT_THRESHOLDS) -> str:
    """The constitution's Q band: high (≥ high), acceptable (≥ acceptable), low; or unscored."""
    if quality is None:
        return UNSCORED
    if quality >= thresholds["high"]:
        return "high"
    if quality >= thresholds["acceptable"]:
        return "acceptable"
    return "low"


Stratum = tuple[str, str, str]


def flat_dimensions(
    candidates: Sequence[SampleCandidate], thresholds: Mapping[str, float] = DEFAULT_THRESHOLDS
) -> list[str]:
    """The stratification's dimensions ("task", "model", "band") along which these candidates do
    not differ, so the sample cannot be stratified by them (e.g. no run is scored yet: one band)."""
    values = {
        "task": {c.task_id for c in candidates},
        "model": {c.model_id for c in candidates},
        "band": {score_band(c.quality, thresholds) for c in candidates},
    }
    return [name for name, seen in values.items() if candidates and len(seen) < 2]


def stratify(
    candidates: Sequence[SampleCandidate], thresholds: Mapping[str, float] = DEFAULT_THRESHOLDS
) -> dict[Stratum, list[SampleCandidate]]:
    """(task, model, band) -> its candidates, each list sorted by run id (so order of input never
    changes the sample)."""
    strata: dict[Stratum, list[SampleCandidate]] = defaultdict(list)
    for candidate in candidates:
        strata[(candidate.task_id, candidate.model_id, score_band(candidate.quality, thresholds))].append(
            candidate
        )
    return {key: sorted(members, key=lambda c: c.run_id) for key, members in sorted(strata.items())}


def allocate(sizes: Mapping[Stratum, int], total: int, rng: random.Random) -> dict[Stratum, int]:
    """How many runs each stratum gives. With room for all strata: one each, the rest proportional
    to what is left in each stratum (largest remainders, ties broken by the seeded rng). Without:
    `total` distinct strata drawn with probability proportional to their size."""
    keys = sorted(sizes)
    if total >= len(keys):
        counts = dict.fromkeys(keys, 1)
        rest = {key: sizes[key] - 1 for key in keys}
        remaining = total - len(keys)
        pool = sum(rest.values())
        if remaining and pool:
            quotas = {key: remaining * rest[key] / pool for key in keys}
            for key in keys:
                counts[key] += math.floor(quotas[key])
            left = total - sum(counts.values())
            tie = {key: rng.random() for key in keys}
            by_remainder = sorted(
                (key for key in keys if counts[key] < sizes[key]),
                key=lambda k: (-(quotas[k] - math.floor(quotas[k])), tie[k]),
            )
            for key in by_remainder[:left]:
                counts[key] += 1
        return counts
    # Weighted sampling without replacement (Efraimidis–Spirakis keys u^(1/w)).
    weighted = sorted(keys, key=lambda k: rng.random() ** (1.0 / sizes[k]), reverse=True)
    return {key: (1 if key in weighted[:total] else 0) for key in keys}


def stratified_sample(
    candidates: Sequence[SampleCandidate],
    size: int,
    seed: int,
    thresholds: Mapping[str, float] = DEFAULT_THRESHOLDS,
) -> list[int]:
    """`size` run ids drawn by stratified sampling, sorted by id; deterministic for a seed."""
    if size < 1:
        raise SessionError(f"session size: found {size}, expected at least 1")
    if size > len(candidates):
        raise SessionError(
            f"session size: found {size}, expected at most {len(candidates)} (the runs available)"
        )
    rng = random.Random(seed)
    strata = stratify(candidates, thresholds)
    counts = allocate({key: len(members) for key, members in strata.items()}, size, rng)
    chosen: list[int] = []
    for key, members in strata.items():
        chosen += [c.run_id for c in rng.sample(members, counts[key])]
    return sorted(chosen)


def split_tasks(task_ids: Sequence[str], seed: int, validation_share: float = 0.5) -> dict[str, str]:
    """A seeded calibration/validation split of the tasks. With two tasks or more, both sets are
    non-empty."""
    if not 0.0 < validation_share < 1.0:
        raise SessionError(f"validation share: found {validation_share}, expected a number between 0 and 1")
    tasks = sorted(set(task_ids))
    random.Random(seed).shuffle(tasks)
    n_validation = round(len(tasks) * validation_share)
    if len(tasks) >= 2:
        n_validation = min(max(n_validation, 1), len(tasks) - 1)
    return {task: ("validation" if i < n_validation else "calibration") for i, task in enumerate(tasks)}


# ---------------------------------------------------------------------------------------------
# Sessions in the store


def sample_candidates(
    store: Store,
    *,
    experiment_ids: Sequence[int] | None = None,
    category: str | None = None,
) -> list[SampleCandidate]:
    """Stored runs that may enter a session (successful generations), with their machine Q from
    the preferred Level-1 source."""
    with store.session() as session:
        statement = select(Run.id, Run.task_id, Run.model_id).where(Run.success.is_not(False))
        if experiment_ids is not None:
            statement = statement.where(Run.experiment_id.in_(list(experiment_ids)))
        if category is not None:
            statement = statement.where(Run.category == category)
        rows = session.execute(statement.order_by(Run.id)).all()
        quality: dict[int, float | None] = {}
        for source in reversed(SOURCE_PREFERENCE):  # the preferred source is written last, so wins
            for run_id, q in session.execute(
                select(Level1Result.run_id, Level1Result.score_q).filter_by(source=source)
            ):
                quality[run_id] = q
    return [SampleCandidate(run_id, task, model, quality.get(run_id)) for run_id, task, model in rows]


def create_session(
    store: Store,
    *,
    name: str,
    size: int,
    seed: int,
    blind: bool = True,
    validation_share: float = 0.5,
    experiment_ids: Sequence[int] | None = None,
    category: str | None = None,
    thresholds: Mapping[str, float] = DEFAULT_THRESHOLDS,
) -> int:
    """A calibration session of `size` sampled runs; returns its id. A blind session presents its
    runs in a seeded shuffled order, so neighbours do not reveal the task or model sequence."""
    name = name.strip()
    if not name:
        raise SessionError("session name: empty; expected a name for the session")
    candidates = sample_candidates(store, experiment_ids=experiment_ids, category=category)
    if not candidates:
        raise SessionError("no runs to sample: import an experiment first")
    run_ids = stratified_sample(candidates, size, seed, thresholds)
    by_id = {c.run_id: c for c in candidates}
    order = list(run_ids)
    if blind:
        random.Random(seed + 1).shuffle(order)
    else:
        order.sort(key=lambda r: (by_id[r].task_id, by_id[r].model_id, r))
    split = split_tasks([by_id[r].task_id for r in run_ids], seed, validation_share)
    with store.session(write=True) as session:
        review = ReviewSession(name=name, kind="calibration", blind=blind, seed=seed)
        review.tasks = [SessionTask(task_id=task, split=part) for task, part in split.items()]
        review.items = [SessionItem(run_id=run_id, position=i) for i, run_id in enumerate(order)]
        session.add(review)
        session.flush()
        return review.id


@dataclass(frozen=True)
class SessionSummary:
    id: int
    name: str
    kind: str
    blind: bool
    seed: int | None
    created_at: datetime
    runs: int
    calibration_tasks: int
    validation_tasks: int


def list_sessions(store: Store) -> list[SessionSummary]:
    """Every session, newest first."""
    with store.session() as session:
        items = dict(
            session.execute(
                select(SessionItem.session_id, func.count()).group_by(SessionItem.session_id)
            ).all()
        )
        splits: dict[tuple[int, str], int] = {
            (sid, part): n
            for sid, part, n in session.execute(
                select(SessionTask.session_id, SessionTask.split, func.count()).group_by(
                    SessionTask.session_id, SessionTask.split
                )
            )
        }
        rows = session.scalars(
            select(ReviewSession).order_by(ReviewSession.created_at.desc(), ReviewSession.id.desc())
        )
        return [
            SessionSummary(
                s.id,
                s.name,
                s.kind,
                s.blind,
                s.seed,
                s.created_at,
                items.get(s.id, 0),
                splits.get((s.id, "calibration"), 0),
                splits.get((s.id, "validation"), 0),
            )
            for s in rows
        ]


def session_info(store: Store, session_id: int) -> SessionSummary:
    found = next((s for s in list_sessions(store) if s.id == session_id), None)
    if found is None:
        raise KeyError(f"no review session with id {session_id} in {store.url}")
    return found


def session_runs(store: Store, session_id: int) -> list[int]:
    """The session's run ids in presentation order."""
    with store.session() as session:
        return list(
            session.scalars(
                select(SessionItem.run_id)
                .filter_by(session_id=session_id)
                .order_by(SessionItem.position, SessionItem.id)
            )
        )


def task_split(store: Store, session_id: int) -> dict[str, str]:
    """task id -> "calibration" | "validation" for the session."""
    with store.session() as session:
        return dict(
            session.execute(
                select(SessionTask.task_id, SessionTask.split).filter_by(session_id=session_id)
            ).all()
        )


def session_progress(
    store: Store, session_id: int, expert_id: int, l2: L2Protocol | None = None
) -> tuple[int, int]:
    """(runs the expert has fully graded, runs in the session); `l2`: the workspace's expert
    protocol, which says what "fully" means (grading.fully_graded)."""
    with store.session() as session:
        categories = dict(
            session.execute(
                select(Run.id, Run.category)
                .join(SessionItem, SessionItem.run_id == Run.id)
                .where(SessionItem.session_id == session_id)
            ).all()
        )
        graded: dict[int, set[str]] = defaultdict(set)
        for run_id, axis in session.execute(
            select(Grade.run_id, Grade.axis).filter_by(session_id=session_id, expert_id=expert_id)
        ):
            graded[run_id].add(axis)
    done = sum(1 for run_id, category in categories.items() if fully_graded(category, graded[run_id], l2))
    return done, len(categories)
