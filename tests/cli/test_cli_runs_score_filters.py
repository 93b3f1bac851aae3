"""`runs` lists the store's runs with their ids; `score --task/--model/--run` scores only those."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from prism_desktop.cli.common import CliError
from prism_desktop.cli.main import main
from prism_desktop.cli.run_filters import pick_runs
from prism_desktop.workspace.workspace import Workspace

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles


def test_runs_lists_ids_and_filters(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'store.db'}"
    assert main(["--db", db, "--workspace", str(workspace.root), "import"]) == 0
    capsys.readouterr()
    assert main(["--db", db, "runs", "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert runs and all(isinstance(run["id"], int) for run in runs)
    task, model = runs[0]["task_id"], runs[0]["model_id"]
    assert main(["--db", db, "runs", "--task", task, "--model", model, "--json"]) == 0
    picked = json.loads(capsys.readouterr().out)
    assert picked and {(r["task_id"], r["model_id"]) for r in picked} == {(task, model)}
    assert main(["--db", db, "runs", "--experiment", f"{workspace.experiment_name}.json"]) == 0
    table = capsys.readouterr().out
    assert "gui --run ID" in table and str(runs[0]["id"]) in table
    assert main(["--db", db, "runs", "--experiment", "nope"]) == 1
    assert workspace.experiment_name in capsys.readouterr().err


def test_score_filters_pick_runs(workspace: WorkspaceFiles) -> None:
    experiment = Workspace.open(workspace.root).experiment(workspace.experiment)
    first = experiment.generations[0]
    picked = pick_runs(experiment, [first.task_id], [first.model_id], [first.run_index])
    assert [(g.task_id, g.model_id, g.run_index) for g in picked.generations] == [
        (first.task_id, first.model_id, first.run_index)
    ]
    assert pick_runs(experiment, None, None, None).generations == experiment.generations
    with pytest.raises(CliError, match=r"--task Z9: not in .* it holds"):
        pick_runs(experiment, ["Z9"], None, None)


def _options_of(words: list[str]) -> dict[str, argparse.Action]:
    """The options of one sub-command as its real parser declares them."""
    from prism_desktop.cli.main import COMMANDS, build_parser

    command = next(c for c in COMMANDS if list(c.words) == words)
    parser, _ = build_parser(command)
    sub = parser
    for word in words:
        choices = next(a for a in sub._actions if isinstance(a, argparse._SubParsersAction)).choices
        sub = choices[word]
    return {option: action for action in sub._actions for option in action.option_strings}


def test_sandbox_and_jobs_are_declared_once_for_every_command_that_runs_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`score` and `check` take --sandbox and --jobs from cli/common.add_sandbox_options: the same
    choices, default and help, and --jobs 0 is refused (score once let 0 through)."""
    score, check = _options_of(["score"]), _options_of(["check"])
    for option in ("--sandbox", "--jobs"):
        assert (score[option].choices, score[option].default, score[option].help, score[option].type) == (
            check[option].choices,
            check[option].default,
            check[option].help,
            check[option].type,
        )
    with pytest.raises(SystemExit) as stopped:
        main(["score", "--experiment", "e.json", "--out", "o.json", "--jobs", "0"])
    assert stopped.value.code == 2
    assert "expected a positive whole number, found '0'" in capsys.readouterr().err
