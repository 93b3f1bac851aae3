"""A three-expert team session on one store (PostgreSQL and SQLite): assignment with overlap,
grading, flags and comments, progress, disagreements, adjudication, the agreement report and the
Verified export of the command line, and an exact export → import round trip of an expert file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import func, select

from prism_desktop.cli.main import main as cli
from prism_desktop.services import annotations, team_sessions
from prism_desktop.services.grading import applicable_axes, save_grade
from prism_desktop.services.importing import import_results
from prism_desktop.services.sessions import create_session
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import Expert, Grade, Run
from prism_desktop.workspace.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
EXPERTS = ("olga.s", "ivan", "petr")


def _grade_queue(store: Store, session_id: int, name: str, expert_id: int) -> None:
    """ivan and petr give 2 on M, olga 10 (they disagree by 4 scale steps); 6 on every other axis."""
    with store.session() as session:
        category = dict(session.execute(select(Run.id, Run.category)).all())
    for run_id in team_sessions.expert_queue(store, session_id, expert_id):
        for axis in applicable_axes(category[run_id]):
            step = (10 if name == "olga.s" else 2) if axis == "M" else 6
            save_grade(store, expert_id=expert_id, run_id=run_id, axis=axis, step=step, session_id=session_id)


def test_three_experts_from_assignment_to_adjudicated_consensus(
    store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_store(store_url) as store:
        import_results(store, Workspace.open(REPO))
        ids = {name: team_sessions.name_expert(store, name) for name in EXPERTS}
        team_sessions.name_expert(store, "olga.s", "Ольга Смирнова")  # named once: same id
        assert team_sessions.name_expert(store, "olga.s") == ids["olga.s"]
        session_id = create_session(store, name="team-1", size=12, seed=5)
        queues = team_sessions.assign_runs(store, session_id, list(EXPERTS), overlap=2)

        # Every run has exactly two experts; the load is even.
        per_run = Counter(run for queue in queues.values() for run in queue)
        assert len(per_run) == 12 and set(per_run.values()) == {2}
        assert sorted(len(q) for q in queues.values()) == [8, 8, 8]
        with pytest.raises(team_sessions.TeamError, match="already assigned"):
            team_sessions.assign_runs(store, session_id, list(EXPERTS), overlap=2)

        for name in EXPERTS:
            _grade_queue(store, session_id, name, ids[name])
        olga_run = queues["olga.s"][0]
        annotations.toggle_flag(store, expert_id=ids["olga.s"], run_id=olga_run, session_id=session_id)
        annotations.save_comment(
            store,
            expert_id=ids["olga.s"],
            run_id=olga_run,
            axis="M",
            session_id=session_id,
            text="Все тесты проходят.\nОстатки считаются верно.",
        )

        progress = team_sessions.team_progress(store, session_id)
        assert progress.complete_runs == 12 and progress.remaining == 0 and progress.graded == 24
        assert [(e.name, e.graded, e.flagged) for e in progress.experts] == [
            ("ivan", 8, 0),
            ("olga.s", 8, 1),
            ("petr", 8, 0),
        ]
        assert progress.experts[1].label == "Ольга Смирнова"

        apart = team_sessions.disagreements(store, session_id, distance=1)
        olga_runs = set(queues["olga.s"])
        assert {d.run_id for d in apart} == olga_runs and {d.axis for d in apart} == {"M"}
        first = next(d for d in apart if d.run_id == olga_run)
        assert [(e.name, e.step) for e in first.experts if e.name == "olga.s"] == [("olga.s", 10)]
        assert next(e.comment for e in first.experts if e.name == "olga.s").startswith("Все тесты")
        assert team_sessions.disagreements(store, session_id, distance=4) == []

        for d in apart:
            team_sessions.adjudicate(
                store,
                session_id=session_id,
                run_id=d.run_id,
                axis="M",
                step=6,
                rationale="одна ветка не проверяет пустую выборку",
                adjudicator_id=ids["petr"],
                expected_version=0,
            )
        assert team_sessions.disagreements(store, session_id, distance=1, include_settled=False) == []
        assert team_sessions.team_progress(store, session_id).adjudicated_axes == len(olga_runs)
        grades_before = _grade_rows(store)

    db = ["--db", store_url, "--workspace", str(REPO)]
    report = tmp_path / "agreement.json"
    assert (
        cli(["agreement", *db, "--session", str(session_id), "--json", str(report), "--bootstrap", "0"]) == 0
    )
    settings = json.loads(report.read_text(encoding="utf-8"))["settings"]
    assert settings["consensus_rule"].startswith("median of the experts' steps; the adjudicated step")
    assert settings["adjudicated_axes"] == len(olga_runs)

    verified = tmp_path / "verified.jsonl"
    assert (
        cli(
            [
                "export",
                "verified",
                *db,
                "--session",
                str(session_id),
                "--jsonl",
                str(verified),
                "--bootstrap",
                "0",
            ]
        )
        == 0
    )
    assert verified.is_file()

    capsys.readouterr()
    assert cli(["session", "status", "--db", store_url, str(session_id), "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["overall"] == {
        "graded": 24,
        "remaining": 0,
        "incomplete": 0,
        "flagged_runs": 1,
        "complete_runs": 12,
        "adjudicated_axes": len(olga_runs),
    }

    # Export olga's session grades and import them back: same expert, no duplicate, no change.
    out = tmp_path / "files"
    assert (
        cli(["export", "expert", *db, "--expert", "olga.s", "--session", str(session_id), "--out", str(out)])
        == 0
    )
    files = sorted(out.glob("*.json"))
    document = json.loads(files[0].read_text(encoding="utf-8"))
    assert document["evaluator_id"] == "expert_olga.s"
    assert document["expert"] == {"name": "olga.s", "display_name": "Ольга Смирнова"}
    assert {h["by"] for h in document["history"]} == {"olga.s"} and document["history"][0]["from"] is None
    for _ in range(2):  # a re-import is a no-op as well
        assert cli(["import", *db, *map(str, files)]) == 0
        with open_store(store_url) as store:
            assert _grade_rows(store) == grades_before
            with store.session() as session:
                assert sorted(session.scalars(select(Expert.name))) == sorted(EXPERTS)


def _grade_rows(store: Store) -> list[tuple[int, int, str, int | None, int, int]]:
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(Grade)) is not None
        return sorted(
            session.execute(
                select(Grade.expert_id, Grade.run_id, Grade.axis, Grade.session_id, Grade.step, Grade.version)
            ).all()
        )
