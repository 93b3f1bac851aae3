"""What a new user stumbled on at the command line (issue 30.10): filters naming nothing, a closed
pipe, a PostgreSQL URL in libpq's spelling, `sandbox build --code` as the error message prints it,
the screenshot's messages, and the README's command table."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from prism_desktop.cli import main as cli_main
from prism_desktop.cli.main import main
from tests.cli.conftest import REPO, build_workspace

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles

CLI = [sys.executable, "-m", "prism_desktop.cli.main"]


def _import(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(workspace.root), "import"]) == 0
    capsys.readouterr()


def test_runs_of_a_missing_workspace_folder_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["runs", "--workspace", str(tmp_path / "nope")]) == 2
    assert f"--workspace {tmp_path / 'nope'}: no such folder" in capsys.readouterr().err


def test_runs_of_a_workspace_lists_only_its_runs(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _import(workspace, capsys)
    assert main(["runs", "--workspace", str(workspace.root)]) == 0
    listed = capsys.readouterr().out
    assert "4 run(s)" in listed and workspace.experiment_name in listed
    other = build_workspace(tmp_path / "other").root  # same files, never imported
    assert main(["runs", "--workspace", str(other)]) == 0
    out = capsys.readouterr().out
    assert f"no runs of the workspace {other.resolve()} in the store" in out
    assert f"prism-desktop --workspace {other.resolve()} import" in out


def test_runs_of_an_unknown_task_or_model_names_what_the_store_holds(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["runs", "--task", "ZZ9"]) == 1
    assert "--task ZZ9: the store holds no runs yet" in capsys.readouterr().err
    _import(workspace, capsys)
    assert main(["runs", "--task", "ZZ9"]) == 1
    err = capsys.readouterr().err
    assert "--task ZZ9: no run has it; the runs listed hold A1" in err and "import" not in err
    assert main(["runs", "--model", "vendor/gamma"]) == 1
    assert "vendor/alpha" in capsys.readouterr().err
    assert main(["runs", "--task", "A1", "--model", "Beta"]) == 0
    assert "2 run(s)" in capsys.readouterr().out


def test_a_closed_pipe_ends_the_listing_quietly(workspace: WorkspaceFiles) -> None:
    """`prism-desktop runs | head`: the reader is gone before the listing is written."""
    assert main(["--workspace", str(workspace.root), "import"]) == 0
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before the first line
    try:
        completed = subprocess.run(
            [*CLI, "runs"], stdout=writer, stderr=subprocess.PIPE, text=True, timeout=120, check=False
        )
    finally:
        os.close(writer)
    assert completed.stderr == ""
    assert completed.returncode == cli_main.EXIT_BROKEN_PIPE


def test_a_postgres_url_says_how_to_write_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", "postgres://grader:secret@127.0.0.1:1/prism", "runs"]) == 1
    err = capsys.readouterr().err
    assert "driver not available" in err and "postgresql+psycopg://" in err and "secret" not in err


def test_a_file_path_as_db_says_how_to_write_the_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--db", str(tmp_path / "store.db"), "runs"]) == 1
    assert f"for a SQLite file write sqlite:///{tmp_path / 'store.db'}" in capsys.readouterr().err


def test_sandbox_build_code_alone_builds_the_missing_images() -> None:
    """The missing-image error says `prism-desktop sandbox build --code`: that must parse."""
    from prism_desktop.cli.coding_cli import code_languages

    [command] = [c for c in cli_main.COMMANDS if c.words == ("sandbox",)]
    parser, _offered = cli_main.build_parser(command)
    args = parser.parse_args(["sandbox", "build", "--code"])
    assert args.code == []
    present = {"python"}
    assert code_languages(args.code, lambda language: language in present) == ["typescript", "go"]
    assert code_languages(["all"], lambda language: True) == ["python", "typescript", "go"]
    assert code_languages(["go", "python"], lambda language: True) == ["python", "go"]


@pytest.mark.gui
def test_screenshot_names_the_users_store_and_prints_no_qt_noise(
    workspace: WorkspaceFiles, db_url: str, tmp_path: Path
) -> None:
    environment = {**os.environ, "PRISM_DESKTOP_LOG_DIR": str(tmp_path / "logs")}
    environment.pop("QT_QPA_PLATFORM", None)  # --screenshot chooses offscreen itself
    missing = subprocess.run(
        [*CLI, "--workspace", str(workspace.root), "gui", "--run", "999999", "--screenshot",
         str(tmp_path / "run.png")],
        capture_output=True, text=True, env=environment, timeout=300, check=False,
    )  # fmt: skip
    assert missing.returncode == 2
    assert f"--run 999999: no such run in the store {db_url}" in missing.stderr
    assert "prism-screenshot-" not in missing.stderr
    shot = subprocess.run(
        [*CLI, "--workspace", str(workspace.root), "gui", "--screenshot", str(tmp_path / "window.png")],
        capture_output=True, text=True, env=environment, timeout=300, check=False,
    )
    assert shot.returncode == 0, shot.stderr
    assert (tmp_path / "window.png").stat().st_size > 0
    assert "propagateSizeHints" not in shot.stderr, shot.stderr


def test_readme_command_table_lists_every_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z][a-z0-9]*(?: [a-z]+)?)", readme, re.M)
    listed = {row.split()[0] if row.split()[0] != "bsl" else row for row in rows}
    for command in cli_main.COMMANDS:
        assert " ".join(command.words) in listed, f"README's command table lacks `{command.words}`"
