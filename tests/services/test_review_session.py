"""services/review_session.py without Qt, against a real SQLite store: the write queue, the retry
policy on a store that refuses writes, conflict detection by version, and undo."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

sys.path.insert(0, str(Path(__file__).resolve().parent))
from grading_data import Seeded, seed_store

from prism_desktop.services.grading import (
    GradeConflict,
    GradingError,
    ensure_expert,
    grades_for_run,
    save_grade,
)
from prism_desktop.services.review_session import (
    ConflictNotice,
    Edit,
    Outcome,
    ReviewSession,
    SaveFailure,
    failure_outcome,
)
from prism_desktop.store import Store


class QueuedLane:
    """The store lane's contract (in order, callbacks after the work) without a thread: writes wait
    until the test lets them through, as they wait while another program holds the store."""

    def __init__(self) -> None:
        self.queue: list[tuple[Callable[[], Any], Any, Any]] = []

    def store_write(self, work: Callable[[], Any], on_finished: Any = None, on_failed: Any = None) -> None:
        self.queue.append((work, on_finished, on_failed))

    def run(self) -> None:
        while self.queue:
            work, on_finished, on_failed = self.queue.pop(0)
            try:
                result = work()
            except Exception as error:
                on_failed(error)
            else:
                on_finished(result)


class Recorder:
    """Every event of a session, in order, as (name, arguments)."""

    def __init__(self, session: ReviewSession) -> None:
        self.seen: list[tuple[str, tuple[Any, ...]]] = []
        for name in ("save_state", "grades_saved", "flag_saved", "undone", "failed"):
            getattr(session.events, name).connect(lambda *args, name=name: self.seen.append((name, args)))

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [args for seen, args in self.seen if seen == name]

    def failures(self) -> list[SaveFailure]:
        return [args[0] for args in self.named("failed")]


@contextmanager
def read_only(store: Store) -> Iterator[None]:
    """Every connection of the store refuses writes (as a read-only file does) until the block ends."""

    def apply(connection: Any, _record: Any) -> None:
        connection.execute("PRAGMA query_only = ON")

    event.listen(store.engine, "connect", apply)
    store.engine.dispose()
    try:
        yield
    finally:
        event.remove(store.engine, "connect", apply)
        store.engine.dispose()


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[Seeded]:
    data = seed_store(tmp_path / "prism.db")
    yield data
    data.store.close()


def review_session(seeded: Seeded, expert: str | None = "Иванов", lane: Any = None) -> ReviewSession:
    session = ReviewSession(seeded.store, seeded.workspace.protocols.l2, lane)
    session.set_expert(expert)
    return session


def stored(seeded: Seeded, run_id: int, expert: str = "Иванов") -> dict[str, int]:
    expert_id = ensure_expert(seeded.store, expert)
    return {g.axis: g.step for g in grades_for_run(seeded.store, run_id) if g.expert_id == expert_id}


def grade(session: ReviewSession, run_id: int, axis: str, step: int) -> None:
    session.grade(run_id, axis, step, comment=None, approach=None, reason=None)


# -- the write queue -------------------------------------------------------------------------------


def test_edits_wait_in_order_and_are_announced_when_the_store_has_them(seeded: Seeded) -> None:
    lane = QueuedLane()
    session = review_session(seeded, lane=lane)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")
    grade(session, run, "S", 8)
    grade(session, run, "M", 6)
    assert session.pending == [Edit("grade", run, "S", 8), Edit("grade", run, "M", 6)]
    assert events.named("save_state") == [("saving", 1), ("saving", 2)]
    assert stored(seeded, run) == {}  # nothing reached the store yet
    session.report_busy()
    assert events.named("save_state")[-1] == ("busy", 2)
    lane.run()
    assert stored(seeded, run) == {"S": 8, "M": 6}
    assert session.unsaved() == []
    assert events.named("grades_saved") == [(run, True), (run, True)]
    assert events.named("save_state")[-1] == ("saved", 0)
    states = len(events.named("save_state"))
    session.report_busy()  # nothing waits: no busy notice
    assert len(events.named("save_state")) == states


def test_a_grade_that_changes_nothing_is_announced_as_unchanged(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")
    grade(session, run, "S", 8)
    grade(session, run, "S", 8)
    assert events.named("grades_saved") == [(run, True), (run, False)]


def test_two_edits_of_one_axis_queued_together_both_land(seeded: Seeded) -> None:
    """The second save expects the version the first one makes, read when it runs, not when queued."""
    lane = QueuedLane()
    session = review_session(seeded, lane=lane)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")
    session.read_grades(run, "A")
    grade(session, run, "S", 8)
    grade(session, run, "S", 6)
    session.clear(run, "M", reason=None)  # no grade on M: clearing it is no change, and no conflict
    lane.run()
    assert events.failures() == []
    assert stored(seeded, run) == {"S": 6}
    assert session.expected_version(run, "S") == 2
    grade(session, run, "S", 4)  # the window's version is still the store's
    lane.run()
    assert events.failures() == [] and stored(seeded, run) == {"S": 4}


def test_reading_a_run_does_not_reset_versions_while_its_writes_wait(seeded: Seeded) -> None:
    lane = QueuedLane()
    session = review_session(seeded, lane=lane)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")
    grade(session, run, "S", 8)
    lane.run()
    grade(session, run, "S", 6)
    session.read_grades(run, "A")  # a refresh while S = 6 waits keeps the version the write expects
    grade(session, run, "S", 4)
    lane.run()
    assert events.failures() == [] and stored(seeded, run) == {"S": 4}


def test_the_note_is_saved_only_when_it_changed(seeded: Seeded) -> None:
    session = review_session(seeded)
    run = seeded.run("vendor/alpha", "linear")
    grade(session, run, "S", 8)
    assert session.save_note(run, "цикл без выхода", "alternative")
    assert not session.save_note(run, "цикл без выхода", "alternative")
    grades = session.read_grades(run, "A")
    assert (grades.comment, grades.approach) == ("цикл без выхода", "alternative")
    assert not session.save_note(run, "цикл без выхода", "alternative")  # what the store holds
    assert session.save_note(run, None, "alternative")


def test_the_unsure_flag_is_saved_and_announced(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    run = seeded.run("vendor/beta", "broken")
    session.set_flag(run, True)
    assert session.read_grades(run, "A").flagged
    session.set_flag(run, False)
    assert not session.read_grades(run, "A").flagged
    assert events.named("flag_saved") == [(run, True), (run, False)]


def test_nobody_cannot_grade(seeded: Seeded) -> None:
    session = review_session(seeded, expert="  ")
    assert session.expert_id is None and session.next_ungraded(None) is None
    with pytest.raises(GradingError, match="identify yourself"):
        grade(session, seeded.run("vendor/alpha", "linear"), "S", 8)
    assert session.unsaved() == []


# -- failures: retry, refusal, conflict ------------------------------------------------------------


def test_failure_outcomes() -> None:
    conflict = GradeConflict(
        "changed", run_id=1, axis="S", step=4, changed_by="x", changed_at=None, version=2
    )
    assert failure_outcome(conflict) is Outcome.CONFLICT
    assert failure_outcome(GradingError("P on category A")) is Outcome.REFUSED
    assert failure_outcome(OSError(28, "No space left on device")) is Outcome.RETRY


def test_a_store_that_refuses_writes_keeps_every_edit_for_retry_in_order(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")
    grade(session, run, "S", 8)
    with read_only(seeded.store):
        grade(session, run, "M", 6)
        grade(session, run, "O", 4)
        failures = events.failures()
        assert [f.outcome for f in failures] == [Outcome.RETRY, Outcome.RETRY]
        assert [f.waiting for f in failures] == [1, 2]
        assert "query_only" in str(failures[0].error) or "readonly" in str(failures[0].error).lower()
        assert session.failed == [Edit("grade", run, "M", 6), Edit("grade", run, "O", 4)]
        assert events.named("save_state")[-1] == ("failed", 2)
        session.retry_failed()  # still refused: still kept, nothing lost
        assert session.failed == [Edit("grade", run, "M", 6), Edit("grade", run, "O", 4)]
    assert stored(seeded, run) == {"S": 8}
    session.retry_failed()
    assert session.unsaved() == []
    assert stored(seeded, run) == {"S": 8, "M": 6, "O": 4}
    assert events.named("save_state")[-1] == ("saved", 0)


def test_a_value_the_protocol_refuses_is_not_kept(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")  # category A: P does not apply
    grade(session, run, "P", 8)
    [failure] = events.failures()
    assert failure.outcome is Outcome.REFUSED and failure.waiting == 0
    assert session.unsaved() == [] and events.named("save_state")[-1] == ("saved", 0)


def test_a_grade_changed_in_another_window_is_not_overwritten(seeded: Seeded) -> None:
    mine, other_window = review_session(seeded), review_session(seeded)
    events = Recorder(mine)
    run = seeded.run("vendor/alpha", "linear")
    grade(mine, run, "S", 8)
    other_window.read_grades(run, "A")
    grade(other_window, run, "S", 4)
    grade(mine, run, "S", 10)  # this window still saw S = 8
    [failure] = events.failures()
    assert failure.outcome is Outcome.CONFLICT and failure.waiting == 0
    assert failure.edit == Edit("grade", run, "S", 10)
    assert failure.conflict is not None and failure.conflict.by_me and failure.conflict.step == 4
    assert failure.conflict.changed_at is not None
    assert stored(seeded, run) == {"S": 4} and mine.unsaved() == []  # never retried over theirs
    mine.read_grades(run, "A")  # the window shows theirs; grading again is a change of it
    grade(mine, run, "S", 10)
    assert stored(seeded, run) == {"S": 10} and len(events.failures()) == 1


def test_a_grade_changed_by_someone_else_names_them(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "linear")
    grade(session, run, "M", 8)
    expert, adjudicator = ensure_expert(seeded.store, "Иванов"), ensure_expert(seeded.store, "Сидорова")
    save_grade(seeded.store, expert_id=expert, run_id=run, axis="M", step=2, changed_by_id=adjudicator)
    session.clear(run, "M", reason="передумал")
    [failure] = events.failures()
    assert failure.edit == Edit("clear", run, "M")
    assert failure.conflict == ConflictNotice("Сидорова", False, 2, failure.conflict.changed_at)
    assert stored(seeded, run) == {"M": 2}


# -- undo ------------------------------------------------------------------------------------------


def test_undo_restores_the_last_change_and_the_versions_follow(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    first, second = seeded.run("vendor/alpha", "linear"), seeded.run("vendor/beta", "linear")
    grade(session, first, "S", 8)
    grade(session, first, "S", 6)
    grade(session, second, "M", 4)
    session.undo(first)  # the last change was on another run: undone there
    session.undo(first)
    [(on_second,), (on_first,)] = events.named("undone")
    assert (on_second.run_id, on_second.axes) == (second, ("M",))
    assert (on_first.run_id, on_first.axes) == (first, ("S",))
    assert stored(seeded, first) == {"S": 8} and stored(seeded, second) == {}
    grade(session, first, "S", 10)  # the undo's version is the one the next save expects
    grade(session, second, "M", 2)
    assert events.failures() == []
    assert stored(seeded, first) == {"S": 10} and stored(seeded, second) == {"M": 2}


def test_undo_with_nothing_to_undo_says_so(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    session.undo(None)
    assert events.named("undone") == [(None,)]
    assert review_session(seeded, expert=None).unsaved() == []


def test_after_writes_waits_for_the_queue(seeded: Seeded) -> None:
    lane = QueuedLane()
    session = review_session(seeded, lane=lane)
    run = seeded.run("vendor/alpha", "linear")
    seen: list[dict[str, int]] = []
    grade(session, run, "S", 8)
    session.after_writes(lambda: seen.append(stored(seeded, run)))
    assert seen == []
    lane.run()
    assert seen == [{"S": 8}]


def test_grading_again_after_a_clear_or_a_note_expects_the_versions_they_left(seeded: Seeded) -> None:
    session = review_session(seeded)
    events = Recorder(session)
    run = seeded.run("vendor/alpha", "any_match")
    grade(session, run, "S", 8)
    session.clear(run, "S", reason=None)  # no grade left: the next S is a first grade again
    grade(session, run, "S", 6)
    grade(session, run, "M", 4)
    session.save_note(run, "двоичный поиск", None)  # rewrites both grades: each version moves on
    grade(session, run, "S", 8)
    grade(session, run, "M", 6)
    assert events.failures() == []
    assert stored(seeded, run) == {"S": 8, "M": 6}
