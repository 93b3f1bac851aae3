from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from prism_desktop.store import Store, StoreError
from prism_desktop.store.models import (
    Experiment,
    Expert,
    Grade,
    Level1Result,
    ReviewSession,
    Run,
    SessionItem,
    SessionTask,
)


@pytest.mark.parametrize("step", [0, 2, 4, 6, 8, 10])
def test_grade_accepts_the_six_steps(store: Store, seeded: tuple[int, int], step: int) -> None:
    run_id, expert_id = seeded
    with store.session() as session:
        session.add(Grade(expert_id=expert_id, run_id=run_id, axis="M", step=step))
    with store.session() as session:
        assert session.scalar(select(Grade.step)) == step


@pytest.mark.parametrize("step", [-2, 1, 5, 7, 11, 12])
def test_grade_step_outside_the_scale_is_rejected(store: Store, seeded: tuple[int, int], step: int) -> None:
    run_id, expert_id = seeded
    with pytest.raises(IntegrityError, match="ck_grades_step"), store.session() as session:
        session.add(Grade(expert_id=expert_id, run_id=run_id, axis="M", step=step))
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(Grade)) == 0


def test_grade_axis_must_be_one_of_smop(store: Store, seeded: tuple[int, int]) -> None:
    run_id, expert_id = seeded
    with pytest.raises(IntegrityError, match="ck_grades_axis"), store.session() as session:
        session.add(Grade(expert_id=expert_id, run_id=run_id, axis="Q", step=8))


def test_one_standalone_grade_per_expert_run_axis(store: Store, seeded: tuple[int, int]) -> None:
    run_id, expert_id = seeded
    with store.session() as session:
        session.add(Grade(expert_id=expert_id, run_id=run_id, axis="S", step=10))
    # session_id NULL twice: a plain unique constraint would let this through.
    with pytest.raises(IntegrityError), store.session() as session:
        session.add(Grade(expert_id=expert_id, run_id=run_id, axis="S", step=8))


def test_same_axis_may_be_graded_once_per_session(store: Store, seeded: tuple[int, int]) -> None:
    run_id, expert_id = seeded
    with store.session() as session:
        first = ReviewSession(name="calibration 1", kind="calibration")
        second = ReviewSession(name="debug", kind="debug", blind=False)
        session.add_all([first, second])
        session.flush()
        session.add_all(
            [
                Grade(expert_id=expert_id, run_id=run_id, axis="O", step=6),
                Grade(session_id=first.id, expert_id=expert_id, run_id=run_id, axis="O", step=4),
                Grade(session_id=second.id, expert_id=expert_id, run_id=run_id, axis="O", step=8),
            ]
        )
        first_id = first.id
    with pytest.raises(IntegrityError), store.session() as session:
        session.add(Grade(session_id=first_id, expert_id=expert_id, run_id=run_id, axis="O", step=2))


def test_session_kind_and_split_are_checked(store: Store) -> None:
    with pytest.raises(IntegrityError, match="ck_review_sessions_kind"), store.session() as session:
        session.add(ReviewSession(name="x", kind="party"))
    with pytest.raises(IntegrityError, match="ck_session_tasks_split"), store.session() as session:
        review = ReviewSession(name="x", kind="calibration")
        review.tasks.append(SessionTask(task_id="A1", split="training"))
        session.add(review)


def test_run_natural_key_is_unique(
    store: Store, seeded: tuple[int, int], make_run: Callable[..., Run]
) -> None:
    with pytest.raises(IntegrityError, match="runs"), store.session() as session:
        experiment = session.scalars(select(Experiment)).one()
        session.add(make_run(experiment))


def test_level1_result_unique_per_run_and_source(store: Store, seeded: tuple[int, int]) -> None:
    run_id, _ = seeded
    with store.session() as session:
        session.add(Level1Result(run_id=run_id, source="auto_file", evaluator="auto_l1", score_m=10.0))
        session.add(Level1Result(run_id=run_id, source="scored_here", evaluator="prism-desktop"))
    with pytest.raises(IntegrityError), store.session() as session:
        session.add(Level1Result(run_id=run_id, source="auto_file", evaluator="auto_l1"))
    with pytest.raises(IntegrityError, match="ck_level1_results_source"), store.session() as session:
        session.add(Level1Result(run_id=run_id, source="guessed", evaluator="auto_l1"))


def test_foreign_keys_are_enforced_and_cascade(store: Store, seeded: tuple[int, int]) -> None:
    run_id, expert_id = seeded
    with pytest.raises(IntegrityError, match="FOREIGN KEY"), store.session() as session:
        session.add(Grade(expert_id=expert_id, run_id=run_id + 1000, axis="S", step=10))
    with store.session() as session:
        review = ReviewSession(name="c", kind="calibration")
        review.items.append(SessionItem(run_id=run_id, position=0))
        session.add_all([review, Grade(expert_id=expert_id, run_id=run_id, axis="S", step=10)])
        session.add(Level1Result(run_id=run_id, source="auto_file", evaluator="auto_l1"))
    with store.session() as session:
        session.delete(session.scalars(select(Experiment)).one())
    with store.session() as session:
        for model in (Run, Grade, Level1Result, SessionItem):
            assert session.scalar(select(func.count()).select_from(model)) == 0, model.__name__
        assert session.scalar(select(func.count()).select_from(ReviewSession)) == 1


def test_unit_of_work_rolls_back_on_error(store: Store) -> None:
    with pytest.raises(RuntimeError), store.session() as session:
        session.add(Expert(name="expert_02"))
        session.flush()
        raise RuntimeError("boom")
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(Expert)) == 0


def test_a_session_refuses_to_be_used_from_another_thread(store: Store) -> None:
    errors: list[BaseException] = []
    with store.session() as session:
        session.add(Expert(name="expert_03"))

        def misuse() -> None:
            try:
                session.scalars(select(Expert)).all()
            except StoreError as exc:
                errors.append(exc)

        worker = threading.Thread(target=misuse)
        worker.start()
        worker.join()
        assert session.scalars(select(Expert.name)).all() == ["expert_03"]  # fine on its own thread
    assert len(errors) == 1 and "another thread" in str(errors[0])
