"""A team session over a 1C Code Bench: its expert protocol grades P on every level, so a run is
fully graded only with P too (grading.fully_graded, by the L2 protocol) — in `session status` and
`session adjudicate` when --workspace names the bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.cli.main import main
from prism_desktop.services.benchmark_kinds import open_workspace as open_any_workspace
from prism_desktop.services.grading import save_grade
from prism_desktop.services.importing import import_results
from prism_desktop.services.team_sessions import expert_queue, name_expert
from prism_desktop.store import open_store
from tests.onec_bench.conftest import BUNDLED


def _overall(db: str, capsys: pytest.CaptureFixture[str], *workspace: str) -> dict[str, int]:
    assert main(["--db", db, *workspace, "session", "status", "1", "--json"]) == 0
    return json.loads(capsys.readouterr().out)["overall"]


def test_a_run_graded_on_s_m_o_is_not_done_until_p_is_graded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'prism.db'}"
    bench = open_any_workspace(BUNDLED)
    with open_store(db) as store:
        import_results(store, bench)
        expert = name_expert(store, "ivan")
    create = ["session", "create", "s1", "--size", "2", "--experts", "ivan", "--overlap", "1"]
    assert main(["--db", db, *create]) == 0
    with open_store(db) as store:
        run_id = expert_queue(store, 1, expert)[0]
        for axis in ("S", "M", "O"):
            save_grade(store, expert_id=expert, run_id=run_id, axis=axis, step=8, session_id=1)
    capsys.readouterr()
    on_the_bench = ["--workspace", str(BUNDLED)]

    # Without the bench's protocol the constitution's rule (P for category B only) counts it done.
    assert _overall(db, capsys)["graded"] == 1
    figures = _overall(db, capsys, *on_the_bench)
    assert (figures["graded"], figures["incomplete"], figures["remaining"]) == (0, 1, 1)

    with open_store(db) as store:
        l2 = bench.protocols.l2
        save_grade(store, expert_id=expert, run_id=run_id, axis="P", step=6, session_id=1, l2=l2)
    assert _overall(db, capsys, *on_the_bench)["graded"] == 1

    settle = ["session", "adjudicate", "1", "--run", str(run_id), "--axis", "P", "--step", "6"]
    settle += ["--rationale", "запрос в цикле", "--as", "ivan"]
    assert main(["--db", db, *settle]) == 1  # by the constitution's rule P is not this level's axis
    assert "axis P is not graded there" in capsys.readouterr().err
    assert main(["--db", db, *on_the_bench, *settle]) == 0
    assert "consensus 6 by ivan" in capsys.readouterr().out
