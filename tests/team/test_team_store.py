"""The store on PostgreSQL and on SQLite: migrations, the schema diff, flags, comments and version
checks."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import func, select

from prism_desktop.services import annotations
from prism_desktop.services.grading import grades_for_run, history, save_grade
from prism_desktop.store import EditConflict, Store, open_store
from prism_desktop.store.migrate import current_revision, head_revision
from prism_desktop.store.models import Base, Experiment, Expert, Grade, Run, RunFlag


def _seed(store: Store) -> tuple[int, int, int]:
    """One category-B run and two experts: (run id, olga, ivan)."""
    with store.session(write=True) as session:
        experiment = Experiment(name="experiment_B_team", category="B")
        run = Run(
            experiment=experiment,
            task_id="B1",
            category="B",
            model_id="m/one",
            run_index=0,
            response="Функция Ф() Возврат 1; КонецФункции",
            response_hash="ab" * 32,
            success=True,
        )
        olga, ivan = Expert(name="olga", display_name="Ольга С."), Expert(name="ivan")
        session.add_all([experiment, run, olga, ivan])
        session.flush()
        return run.id, olga.id, ivan.id


def test_migrations_reach_head_and_match_the_orm(store_url: str) -> None:
    with open_store(store_url) as store:
        assert current_revision(store.engine) == head_revision()
        with store.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []


def test_diff_is_detected_on_postgresql_too(pg_url: str) -> None:
    with open_store(pg_url) as store:
        with store.engine.begin() as connection:
            connection.exec_driver_sql("DROP INDEX ix_run_flags_session_id_run_id")
        with store.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert [entry[0] for entry in diff] == ["add_index"]


def test_flag_toggles_and_is_unique_per_expert_run_and_session(store_url: str) -> None:
    with open_store(store_url) as store:
        run_id, olga, ivan = _seed(store)
        assert annotations.toggle_flag(store, expert_id=olga, run_id=run_id) is True
        assert annotations.is_flagged(store, olga, run_id)
        assert annotations.set_flag(store, expert_id=ivan, run_id=run_id, note="O: no idea") is True
        assert annotations.flagged_runs(store, None) == {run_id: ["ivan", "olga"]}
        assert annotations.toggle_flag(store, expert_id=olga, run_id=run_id) is False
        assert annotations.flagged_runs(store, None) == {run_id: ["ivan"]}
        assert annotations.set_flag(store, expert_id=ivan, run_id=run_id, note="O: no idea") is False
        with store.session() as session:
            assert session.scalar(select(func.count()).select_from(RunFlag)) == 1


def test_comment_version_check_refuses_a_stale_edit(store_url: str) -> None:
    with open_store(store_url) as store:
        run_id, olga, _ = _seed(store)
        first = annotations.save_comment(
            store,
            expert_id=olga,
            run_id=run_id,
            axis="O",
            text="Цикл в цикле.\nЗапрос в цикле.",
            expected_version=0,
        )
        assert first is not None and first.version == 1 and first.text.count("\n") == 1
        second = annotations.save_comment(
            store, expert_id=olga, run_id=run_id, axis="O", text="Запрос в цикле.", expected_version=1
        )
        assert second is not None and second.version == 2
        # A second window still showing version 1 must not overwrite version 2.
        with pytest.raises(EditConflict, match=r"run \d+, comment on axis O: changed elsewhere .*version 2"):
            annotations.save_comment(
                store, expert_id=olga, run_id=run_id, axis="O", text="stale", expected_version=1
            )
        [kept] = annotations.comments_for_run(store, run_id)
        assert kept.text == "Запрос в цикле." and kept.expert == "olga"
        annotations.save_comment(store, expert_id=olga, run_id=run_id, axis="*", text="Весь прогон: ок")
        assert [c.axis for c in annotations.comments_for_run(store, run_id)] == ["*", "O"]
        assert (
            annotations.save_comment(
                store, expert_id=olga, run_id=run_id, axis="*", text="  ", expected_version=1
            )
            is None
        )
        with pytest.raises(annotations.AnnotationError, match="expected one of S, M, O, P, \\*"):
            annotations.save_comment(store, expert_id=olga, run_id=run_id, axis="Q", text="x")


def test_grade_edit_conflict_names_who_changed_it(store_url: str) -> None:
    with open_store(store_url) as store:
        run_id, olga, ivan = _seed(store)
        assert save_grade(store, expert_id=olga, run_id=run_id, axis="M", step=6, expected_version=0)
        [seen] = grades_for_run(store, run_id)
        # The adjudicator (ivan) corrects olga's grade with a reason; olga's window still shows v1.
        assert save_grade(
            store,
            expert_id=olga,
            run_id=run_id,
            axis="M",
            step=8,
            expected_version=seen.version,
            reason="test 3 passes after all",
            changed_by_id=ivan,
        )
        with pytest.raises(EditConflict, match=r"axis M: the grade was changed elsewhere by ivan .*now 8"):
            save_grade(store, expert_id=olga, run_id=run_id, axis="M", step=4, expected_version=seen.version)
        [now] = grades_for_run(store, run_id)
        assert (now.step, now.version) == (8, 2)
        changes = history(store, olga, run_id=run_id)
        assert [(h.old_step, h.new_step, h.reason, h.changed_by) for h in changes] == [
            (None, 6, None, None),
            (6, 8, "test 3 passes after all", "ivan"),
        ]
        with store.session() as session:
            assert session.scalar(select(func.count()).select_from(Grade)) == 1


def test_change_marker_moves_for_every_kind_of_team_write(store_url: str) -> None:
    """What every window polls: two connections (two windows), one writes, the other sees it move."""
    from prism_desktop.services import team_sessions
    from prism_desktop.services.grading import undo_last
    from prism_desktop.services.sessions import create_session

    with open_store(store_url) as mine, open_store(store_url) as theirs:
        run_id, olga, ivan = _seed(mine)
        session_id = create_session(mine, name="s", size=1, seed=1)
        seen = [team_sessions.change_marker(mine, session_id)]

        def moved() -> bool:
            now = team_sessions.change_marker(mine, session_id)
            changed = now != seen[-1]
            seen.append(now)
            return changed

        assert not moved()
        save_grade(theirs, expert_id=ivan, run_id=run_id, axis="M", step=4, session_id=session_id)
        assert moved()
        annotations.toggle_flag(theirs, expert_id=ivan, run_id=run_id, session_id=session_id)
        assert moved()
        annotations.save_comment(
            theirs, expert_id=ivan, run_id=run_id, axis="M", text="a", session_id=session_id
        )
        assert moved()
        annotations.save_comment(
            theirs, expert_id=ivan, run_id=run_id, axis="M", text="b", session_id=session_id
        )
        assert moved()
        team_sessions.assign_runs(theirs, session_id, ["olga", "ivan"], overlap=2)
        assert moved()
        save_grade(theirs, expert_id=olga, run_id=run_id, axis="M", step=10, session_id=session_id)
        assert moved()
        team_sessions.adjudicate(
            theirs, session_id=session_id, run_id=run_id, axis="M", step=6, rationale="r", adjudicator_id=olga
        )
        assert moved()
        assert undo_last(theirs, expert_id=olga, session_id=session_id) is not None
        assert moved()
        assert not moved()
        # Standalone grading elsewhere does not disturb the session's marker.
        save_grade(theirs, expert_id=olga, run_id=run_id, axis="S", step=8)
        assert not moved()
