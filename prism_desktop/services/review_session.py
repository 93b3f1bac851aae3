"""The state of one expert's review, without Qt: who grades in which session, the edits on their way
to the store and those that failed, the grade versions the window last saw, what happens when a
save fails, and undo. The review widget (gui/review_view.py) only observes it, napari's way
(`components/dims.py` model, `_qt/widgets/qt_dims.py` view): the session announces outcomes through
plain-Python `Event`s and the widget turns them into pixels and words.

Writes go through a lane (the GUI's store lane, one thread, in order; `ImmediateWrites` on the
calling thread elsewhere). Every save carries the version of the grade the window last showed, so a
grade changed elsewhere meanwhile is refused, not overwritten. Edits are data (`Edit`), never
sentences: the window words them in the user's language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, Literal, Protocol

from prism_desktop.services.annotations import is_flagged, set_flag
from prism_desktop.services.events import Event
from prism_desktop.services.grading import (
    GradeConflict,
    GradeRecord,
    GradingError,
    UndoneChange,
    applicable_axes,
    clear_grade,
    ensure_expert,
    grades_for_run,
    next_ungraded_run,
    save_grade,
    save_note,
    undo_last,
)
from prism_desktop.services.sessions import SessionSummary, session_info
from prism_desktop.services.team_sessions import Change, run_history
from prism_desktop.services.visibility import Visibility, run_visibility
from prism_desktop.store import Store
from prism_desktop.vocabulary import AXES
from prism_desktop.workspace.protocol import L2Protocol

EditKind = Literal["grade", "clear", "note", "flag", "unflag", "undo"]
SaveState = Literal["saving", "busy", "saved", "failed"]  # the grading panel's status words


@dataclass(frozen=True)
class Edit:
    """One change the expert made, as data: the window says it in the user's language."""

    kind: EditKind
    run_id: int  # 0 for an undo asked with no run shown
    axis: str | None = None  # grade, clear
    step: int | None = None  # grade


@dataclass
class PendingWrite:
    """An edit on its way to the store, or failed and kept for Retry."""

    edit: Edit
    work: Callable[[], Any]  # runs on the write lane
    done: Callable[[Any], None]  # the session's own bookkeeping once the store answered


class Outcome(Enum):
    """What a failed save leads to (the conflict and retry policy)."""

    RETRY = "retry"  # the store could not take it (busy, full, read-only): kept, offered again
    REFUSED = "refused"  # the protocol refuses the value: retrying cannot help, nothing is kept
    CONFLICT = "conflict"  # someone else's change won: never retried over it, their grade is shown


def failure_outcome(error: BaseException) -> Outcome:
    if isinstance(error, GradingError):
        return Outcome.REFUSED
    if isinstance(error, GradeConflict):
        return Outcome.CONFLICT
    return Outcome.RETRY


@dataclass(frozen=True)
class ConflictNotice:
    """Whose change won over an edit, to what and when (None: not known)."""

    changed_by: str | None
    by_me: bool  # the same expert, in another window or process
    step: int | None  # their grade now; None when they removed it
    changed_at: datetime | None


@dataclass(frozen=True)
class SaveFailure:
    edit: Edit
    outcome: Outcome
    error: BaseException
    waiting: int  # edits kept for Retry, this one included when it is kept
    conflict: ConflictNotice | None = None


@dataclass(frozen=True)
class RunGrades:
    """What the grading column shows of one run, as the store holds it now."""

    everyone: list[GradeRecord]
    mine: list[GradeRecord]
    comment: str | None
    approach: str | None
    flagged: bool
    visible: Visibility
    history: list[Change]

    @property
    def steps(self) -> dict[str, int]:
        return {g.axis: g.step for g in self.mine}

    @property
    def shown(self) -> list[GradeRecord]:
        """The grades the expert may see: everyone's once the blind rule allows, else their own."""
        return self.everyone if self.visible.other_experts else self.mine


class WriteLane(Protocol):
    def store_write(
        self,
        work: Callable[[], Any],
        on_finished: Callable[[Any], None] | None = None,
        on_failed: Callable[[BaseException], None] | None = None,
    ) -> object: ...


class ImmediateWrites:
    """A lane that writes on the calling thread, with the same callbacks: for a view used on its own
    (tests, embedding) where no task runner exists. The main window gives its `Background`."""

    def store_write(
        self,
        work: Callable[[], Any],
        on_finished: Callable[[Any], None] | None = None,
        on_failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        try:
            result = work()
        except Exception as error:  # reported to the session, which keeps it for Retry or says why not
            if on_failed is not None:
                on_failed(error)
        else:
            if on_finished is not None:
                on_finished(result)


class ReviewEvents:
    """What a ReviewSession announces; callbacks run on the thread the lane reports on."""

    def __init__(self) -> None:
        self.save_state: Event[[SaveState, int]] = Event()  # state, edits pending (or failed)
        self.grades_saved: Event[[int, bool]] = Event()  # run id, whether anything changed
        self.flag_saved: Event[[int, bool]] = Event()  # run id, flagged
        self.undone: Event[[UndoneChange | None]] = Event()  # None: nothing left to undo
        self.failed: Event[[SaveFailure]] = Event()


class ReviewSession:
    """One expert's review in one window, as long as the window lives. Not the store's ReviewSession
    row (a calibration session): `session_id` names the one graded in, if any."""

    def __init__(self, store: Store, l2: L2Protocol | None, lane: WriteLane | None = None):
        self.store = store
        self.l2 = l2
        self.lane: WriteLane = lane or ImmediateWrites()
        self.events = ReviewEvents()
        self.expert_name: str | None = None
        self.expert_id: int | None = None
        self.session_id: int | None = None
        self.summary: SessionSummary | None = None  # the calibration session graded in, if any
        self._pending: list[PendingWrite] = []
        self._failed: list[PendingWrite] = []
        self._saved_note: tuple[str | None, str | None] = (None, None)
        # (run, axis) -> the version of the expert's grade this window last saw (0: no grade). The
        # lane's writes read and advance it in order (on the lane's thread: one item at a time);
        # reading a run sets it from the store only when none of that run's writes is on its way.
        self._versions: dict[tuple[int, str], int] = {}

    # -- who grades where -----------------------------------------------------------------------

    def set_expert(self, name: str | None) -> None:
        """None or blank: nobody, and nothing can be saved until someone identifies themself."""
        self.expert_name = (name or "").strip() or None
        self.expert_id = ensure_expert(self.store, self.expert_name) if self.expert_name else None

    def set_session(self, session_id: int | None) -> None:
        self.session_id = session_id
        self.summary = session_info(self.store, session_id) if session_id is not None else None

    @property
    def blind(self) -> bool:
        return bool(self.summary and self.summary.blind)

    def _expert(self) -> int:
        if self.expert_id is None:
            raise GradingError("no expert: identify yourself before grading")
        return self.expert_id

    # -- reading --------------------------------------------------------------------------------

    def read_grades(self, run_id: int, category: str) -> RunGrades:
        """The run's grades as stored; the versions they carry become the ones the next saves expect."""
        expert_id, session_id = self.expert_id, self.session_id
        everyone = grades_for_run(self.store, run_id, session_id)
        mine = [g for g in everyone if g.expert_id == expert_id]
        if not any(w.edit.run_id == run_id for w in self._pending):
            shown = {g.axis: g.version for g in mine}
            for axis in AXES:
                self._versions[(run_id, axis)] = shown.get(axis, 0)
        note = next((g for g in mine if g.comment or g.approach), None)
        self._saved_note = (note.comment, note.approach) if note else (None, None)
        flagged = expert_id is not None and is_flagged(self.store, expert_id, run_id, session_id)
        visible = run_visibility(
            blind=self.blind, needed_axes=applicable_axes(category, self.l2), my_axes={g.axis for g in mine}
        )
        history = run_history(self.store, run_id, session_id, expert_id, blind=self.blind, l2=self.l2)
        return RunGrades(everyone, mine, *self._saved_note, flagged, visible, history)

    def expected_version(self, run_id: int, axis: str) -> int:
        return self._versions.get((run_id, axis), 0)

    def next_ungraded(self, after_run_id: int | None) -> int | None:
        """The next run the expert has not fully graded, in session order (or by id)."""
        if self.expert_id is None:
            return None
        return next_ungraded_run(
            self.store,
            expert_id=self.expert_id,
            session_id=self.session_id,
            after_run_id=after_run_id,
            l2=self.l2,
        )

    # -- edits ----------------------------------------------------------------------------------

    def grade(
        self,
        run_id: int,
        axis: str,
        step: int,
        *,
        comment: str | None,
        approach: str | None,
        reason: str | None,
    ) -> None:
        expert_id, session_id, l2, key = self._expert(), self.session_id, self.l2, (run_id, axis)

        def work() -> bool:
            expected = self._versions.get(key, 0)
            changed = save_grade(
                self.store,
                expert_id=expert_id,
                run_id=run_id,
                axis=axis,
                step=step,
                session_id=session_id,
                comment=comment,
                approach=approach,
                l2=l2,
                expected_version=expected,
                reason=reason,
            )
            if changed:  # the version counter moved by one: an insert gives 1, an update v + 1
                self._versions[key] = expected + 1
            return changed

        self._write(Edit("grade", run_id, axis, step), work, self._grades_done(run_id))

    def clear(self, run_id: int, axis: str, *, reason: str | None) -> None:
        expert_id, session_id, key = self._expert(), self.session_id, (run_id, axis)

        def work() -> bool:
            changed = clear_grade(
                self.store,
                expert_id=expert_id,
                run_id=run_id,
                axis=axis,
                session_id=session_id,
                expected_version=self._versions.get(key, 0),
                reason=reason,
            )
            self._versions[key] = 0
            return changed

        self._write(Edit("clear", run_id, axis), work, self._grades_done(run_id))

    def save_note(self, run_id: int, comment: str | None, approach: str | None) -> bool:
        """The run's comment and approach; False (nothing queued) when they are what the store holds."""
        if (comment, approach) == self._saved_note:
            return False
        self._saved_note = (comment, approach)
        expert_id, session_id = self._expert(), self.session_id

        def work() -> dict[str, int]:
            changed = save_note(
                self.store,
                expert_id=expert_id,
                run_id=run_id,
                session_id=session_id,
                comment=comment,
                approach=approach,
            )
            self._versions.update({(run_id, axis): version for axis, version in changed.items()})
            return changed

        self._write(Edit("note", run_id), work, self._grades_done(run_id))
        return True

    def set_flag(self, run_id: int, flagged: bool) -> None:
        """The "unsure" flag, saved like a grade (services.annotations, the team's flag store)."""
        expert_id, session_id = self._expert(), self.session_id
        self._write(
            Edit("flag" if flagged else "unflag", run_id),
            lambda: set_flag(
                self.store, expert_id=expert_id, run_id=run_id, session_id=session_id, flagged=flagged
            ),
            lambda _result: self.events.flag_saved.emit(run_id, flagged),
        )

    def undo(self, shown_run_id: int | None) -> None:
        """Undo the expert's most recent action in this session (or standalone), wherever it was."""
        if self.expert_id is None:
            return
        expert_id, session_id = self.expert_id, self.session_id

        def work() -> UndoneChange | None:
            change = undo_last(self.store, expert_id=expert_id, session_id=session_id)
            if change is not None:
                self._versions.update({(change.run_id, axis): v for axis, v in change.versions.items()})
            return change

        self._write(Edit("undo", shown_run_id or 0), work, self.events.undone.emit)

    def _grades_done(self, run_id: int) -> Callable[[Any], None]:
        return lambda changed: self.events.grades_saved.emit(run_id, bool(changed))

    # -- the write queue ------------------------------------------------------------------------

    def _write(self, edit: Edit, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        write = PendingWrite(edit, work, done)
        self._pending.append(write)
        self.events.save_state.emit("saving", len(self._pending))
        self.lane.store_write(
            work,
            on_finished=lambda result: self._written(write, result),
            on_failed=lambda error: self._write_failed(write, error),
        )

    def _written(self, write: PendingWrite, result: Any) -> None:
        self._pending.remove(write)
        write.done(result)
        self._settle()

    def _write_failed(self, write: PendingWrite, error: BaseException) -> None:
        self._pending.remove(write)
        outcome = failure_outcome(error)
        if outcome is Outcome.RETRY:
            self._failed.append(write)
        notice = None
        if isinstance(error, GradeConflict):
            by_me = error.changed_by is not None and error.changed_by == self.expert_name
            notice = ConflictNotice(error.changed_by, by_me, error.step, error.changed_at)
        self.events.failed.emit(SaveFailure(write.edit, outcome, error, len(self._failed), notice))
        self._settle()

    def _settle(self) -> None:
        """Once nothing is on its way: saved, or failed with how many edits wait for Retry."""
        if not self._pending:
            self.events.save_state.emit("failed" if self._failed else "saved", len(self._failed))

    def report_busy(self) -> None:
        """Called when a save has waited long enough to tell the expert the store is busy."""
        if self._pending:
            self.events.save_state.emit("busy", len(self._pending))

    def retry_failed(self) -> None:
        """Send every edit that failed again, in the order it was made."""
        failed, self._failed = self._failed, []
        for write in failed:
            self._write(write.edit, write.work, write.done)

    def after_writes(self, then: Callable[[], None]) -> None:
        """Run `then` once every write queued so far has reached the store (or failed)."""
        self.lane.store_write(lambda: None, on_finished=lambda _r: then(), on_failed=lambda _e: then())

    @property
    def pending(self) -> list[Edit]:
        return [w.edit for w in self._pending]

    @property
    def failed(self) -> list[Edit]:
        return [w.edit for w in self._failed]

    def unsaved(self) -> list[Edit]:
        """What the expert did that is not (yet) in the store: pending, then failed edits."""
        return self.pending + self.failed
