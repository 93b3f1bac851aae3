"""Flags and comments an expert leaves on a run, beside the grades.

The whole API (each call is its own committed unit of work, safe from any thread and from several
processes sharing one store; `session_id=None` means standalone grading outside a session):

* `toggle_flag(store, expert_id=, run_id=, session_id=)` -> bool: flip the expert's "unsure / needs a
  senior look" flag on the run and return the new state (the `F` key).
* `set_flag(store, expert_id=, run_id=, session_id=, flagged=, note=)` -> bool: set it explicitly
  (True when anything changed).
* `is_flagged(store, expert_id, run_id, session_id)` -> bool; `flagged_runs(store, session_id,
  expert_id=None)` -> {run_id: [expert names]} (the filter "flagged" of the runs list).
* `save_comment(store, expert_id=, run_id=, axis=, text=, session_id=, expected_version=)` -> Comment:
  the expert's multi-line comment on one axis ("S", "M", "O", "P") or on the run as a whole
  (RUN_AXIS, "*"); empty text deletes it. Pass the `version` of the Comment you showed the user as
  `expected_version` (0 when there was none): if someone else changed it meanwhile, EditConflict
  says who and when, and nothing is overwritten.
* `comments_for_run(store, run_id, session_id, expert_id=None)` -> [Comment]: every expert's (or
  one expert's) comments on the run, by expert then axis. What an expert may see of the others'
  comments in a blind session is the caller's blind rule, as for grades.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from prism_desktop.errors import InputError
from prism_desktop.services.grading import scoped_to_session
from prism_desktop.store import EditConflict, Store
from prism_desktop.store.models import COMMENT_AXES, RUN_AXIS, Expert, Run, RunComment, RunFlag

__all__ = [
    "RUN_AXIS",
    "AnnotationError",
    "Comment",
    "EditConflict",
    "comments_for_run",
    "flagged_runs",
    "is_flagged",
    "save_comment",
    "set_flag",
    "toggle_flag",
]


class AnnotationError(InputError, ValueError):
    """A comment or flag the store cannot take (unknown run, unknown axis)."""


@dataclass(frozen=True)
class Comment:
    expert_id: int
    expert: str
    run_id: int
    axis: str
    text: str
    version: int
    updated_at: datetime


def _check_run(session: Session, run_id: int) -> None:
    if session.get(Run, run_id) is None:
        raise AnnotationError(f"run {run_id}: no such run in the store")


def _flag(session: Session, expert_id: int, run_id: int, session_id: int | None) -> RunFlag | None:
    statement = scoped_to_session(
        select(RunFlag).filter_by(expert_id=expert_id, run_id=run_id), RunFlag.session_id, session_id
    )
    return session.scalars(statement).one_or_none()


def set_flag(
    store: Store,
    *,
    expert_id: int,
    run_id: int,
    session_id: int | None = None,
    flagged: bool = True,
    note: str | None = None,
) -> bool:
    """Flag or unflag the run for the expert; True when the state (or the note) changed."""

    def work(session: Session) -> bool:
        _check_run(session, run_id)
        flag = _flag(session, expert_id, run_id, session_id)
        if not flagged:
            if flag is None:
                return False
            session.delete(flag)
            return True
        if flag is not None:
            if flag.note == (note or None):
                return False
            flag.note = note or None
            return True
        session.add(RunFlag(expert_id=expert_id, run_id=run_id, session_id=session_id, note=note or None))
        session.flush()
        return True

    return store.run(work, what=f"flagging run {run_id}")


def toggle_flag(store: Store, *, expert_id: int, run_id: int, session_id: int | None = None) -> bool:
    """Flip the expert's flag on the run; the new state."""

    def work(session: Session) -> bool:
        _check_run(session, run_id)
        flag = _flag(session, expert_id, run_id, session_id)
        if flag is not None:
            session.delete(flag)
            return False
        session.add(RunFlag(expert_id=expert_id, run_id=run_id, session_id=session_id))
        session.flush()
        return True

    return store.run(work, what=f"flagging run {run_id}")


def is_flagged(store: Store, expert_id: int, run_id: int, session_id: int | None = None) -> bool:
    with store.session() as session:
        return _flag(session, expert_id, run_id, session_id) is not None


def flagged_runs(store: Store, session_id: int | None, expert_id: int | None = None) -> dict[int, list[str]]:
    """run id -> the names of the experts who flagged it (in the session, or standalone)."""
    with store.session() as session:
        statement = scoped_to_session(
            select(RunFlag.run_id, Expert.name).join(Expert, Expert.id == RunFlag.expert_id),
            RunFlag.session_id,
            session_id,
        )
        if expert_id is not None:
            statement = statement.where(RunFlag.expert_id == expert_id)
        found: dict[int, list[str]] = defaultdict(list)
        for run_id, name in session.execute(statement.order_by(RunFlag.run_id, Expert.name)):
            found[run_id].append(name)
        return dict(found)


def _comment_row(
    session: Session, expert_id: int, run_id: int, axis: str, session_id: int | None
) -> RunComment | None:
    statement = scoped_to_session(
        select(RunComment).filter_by(expert_id=expert_id, run_id=run_id, axis=axis),
        RunComment.session_id,
        session_id,
    )
    return session.scalars(statement).one_or_none()


def _as_comment(row: RunComment, name: str) -> Comment:
    return Comment(row.expert_id, name, row.run_id, row.axis, row.body, row.version, row.updated_at)


def save_comment(
    store: Store,
    *,
    expert_id: int,
    run_id: int,
    axis: str,
    text: str,
    session_id: int | None = None,
    expected_version: int | None = None,
) -> Comment | None:
    """Save (or, with empty text, delete) the expert's comment on `axis` of the run. Returns the
    stored comment (None once deleted). `expected_version`: the version the user edited (0: none
    existed); a different current version raises EditConflict and saves nothing. None skips the
    check (last writer wins), for callers that showed nothing."""
    if axis not in COMMENT_AXES:
        raise AnnotationError(f"comment axis: found {axis!r}, expected one of {', '.join(COMMENT_AXES)}")
    body = text.strip("\n")

    def work(session: Session) -> Comment | None:
        _check_run(session, run_id)
        row = _comment_row(session, expert_id, run_id, axis, session_id)
        current = row.version if row is not None else 0
        if expected_version is not None and current != expected_version:
            raise EditConflict(_conflict_message(run_id, axis, row, expected_version))
        name = session.get(Expert, expert_id)
        expert_name = name.name if name is not None else str(expert_id)
        if not body.strip():
            if row is not None:
                session.delete(row)
            return None
        if row is None:
            row = RunComment(expert_id=expert_id, run_id=run_id, axis=axis, session_id=session_id, body=body)
            session.add(row)
        elif row.body != body:
            row.body = body
        session.flush()  # the version check happens here (UPDATE … WHERE version = read version)
        return _as_comment(row, expert_name)

    return store.run(work, what=f"saving a comment on run {run_id}")


def _conflict_message(run_id: int, axis: str, row: RunComment | None, expected: int) -> str:
    where = "the run" if axis == RUN_AXIS else f"axis {axis}"
    if row is None:
        return (
            f"run {run_id}, comment on {where}: it was deleted after you opened it (you edited version "
            f"{expected}); reload it, nothing was saved"
        )
    return (
        f"run {run_id}, comment on {where}: changed elsewhere at {row.updated_at:%Y-%m-%d %H:%M:%S} UTC "
        f"(now version {row.version}, you edited version {expected}); reload it and apply your "
        f"change again, nothing was saved"
    )


def comments_for_run(
    store: Store, run_id: int, session_id: int | None = None, expert_id: int | None = None
) -> list[Comment]:
    with store.session() as session:
        statement = scoped_to_session(
            select(RunComment, Expert.name)
            .join(Expert, Expert.id == RunComment.expert_id)
            .where(RunComment.run_id == run_id),
            RunComment.session_id,
            session_id,
        )
        if expert_id is not None:
            statement = statement.where(RunComment.expert_id == expert_id)
        rows = session.execute(statement.order_by(Expert.name, RunComment.axis))
        return [_as_comment(row, name) for row, name in rows]
