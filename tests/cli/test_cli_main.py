from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

import prism_desktop
from prism_desktop.cli import main as cli_main
from prism_desktop.cli.common import CliError, add_command, bundled_workspace, format_table, workspace_root
from prism_desktop.cli.main import main
from prism_desktop.errors import GenerationError, PrismError, StoreError
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.services.team_sessions import TeamError
from prism_desktop.workspace.errors import Problem, WorkspaceError

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles

Run = Callable[[argparse.Namespace], int]


def _fake_command(
    monkeypatch: pytest.MonkeyPatch, module_name: str, run: Run, *, raises: bool = False
) -> None:
    """Install prism_desktop.cli.<module_name> with the sub-command convention (register + run)."""
    command = module_name.removeprefix("bsl_").removesuffix("_command")
    module = ModuleType(f"prism_desktop.cli.{module_name}")

    def register(subparsers: argparse._SubParsersAction) -> None:
        if raises:
            raise RuntimeError("register blew up")
        add_command(subparsers, command, run, help=f"the {command} command")

    module.register = register  # type: ignore[attr-defined]
    module.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)


def _only_commands(monkeypatch: pytest.MonkeyPatch, *names: str, bsl: tuple[str, ...] = ()) -> None:
    """The registry holds exactly these modules (top-level `<x>_command`, and `bsl_<x>_command`)."""
    commands = [cli_main.Command((_word(n),), n, f"the {_word(n)} command") for n in names]
    commands += [cli_main.Command(("bsl", _word(n)), n, f"the {_word(n)} command") for n in bsl]
    monkeypatch.setattr(cli_main, "COMMANDS", tuple(commands))


def _word(module_name: str) -> str:
    return module_name.removeprefix("bsl_").removesuffix("_command").replace("_", "-")


def _recording(calls: list[argparse.Namespace], code: int = 0) -> Run:
    def run(args: argparse.Namespace) -> int:
        calls.append(args)
        return code

    return run


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"prism-desktop {prism_desktop.__version__}"


def test_without_a_command_and_without_gui_help_is_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "prism_desktop.cli.gui_command", None)  # as if not installed
    _only_commands(monkeypatch, "import_command", "gui_command")
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: prism-desktop") and "import" in out and " gui " not in out


def test_without_a_command_the_gui_starts_with_the_global_options(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[argparse.Namespace] = []
    _fake_command(monkeypatch, "gui_command", _recording(calls))
    _only_commands(monkeypatch, "import_command", "gui_command")
    assert main(["--db", "sqlite:///x.db"]) == 0
    [args] = calls
    assert args.db == "sqlite:///x.db" and args.workspace is None


@pytest.mark.parametrize(
    ("argv", "db"),
    [
        (["--db", "before", "probe"], "before"),
        (["probe", "--db", "after"], "after"),
        (["--db", "before", "probe", "--db", "after"], "after"),
        (["probe"], None),
    ],
)
def test_global_options_before_or_after_the_command(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], db: str | None
) -> None:
    calls: list[argparse.Namespace] = []
    _fake_command(monkeypatch, "probe_command", _recording(calls))
    _only_commands(monkeypatch, "probe_command")
    assert main(argv) == 0
    assert calls[0].db == db


def test_missing_modules_are_skipped_and_broken_ones_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = importlib.import_module
    real_exists = cli_main._module_exists

    def import_module(name: str, package: str | None = None) -> ModuleType:
        if name == "prism_desktop.cli.needs_qt_command":
            raise ModuleNotFoundError("No module named 'PySide6'", name="PySide6")
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", import_module)
    monkeypatch.setattr(
        cli_main, "_module_exists", lambda name: name.endswith("needs_qt_command") or real_exists(name)
    )
    _fake_command(monkeypatch, "exploding_command", _recording([]), raises=True)
    _only_commands(monkeypatch, "no_such_command", "needs_qt_command", "exploding_command", "import_command")
    _parser, offered = cli_main.build_parser()
    assert offered == {"needs-qt", "exploding", "import"}
    assert main(["needs-qt", "--any", "args"]) == 1
    reason = "(ModuleNotFoundError: No module named 'PySide6')"
    assert f"the `needs-qt` command is unavailable in this installation {reason}" in capsys.readouterr().err
    assert main(["exploding"]) == 1
    assert "RuntimeError: register blew up" in capsys.readouterr().err


def test_help_lists_every_command_without_importing_command_modules() -> None:
    code = (
        "import sys\n"
        "from prism_desktop.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "loaded = sorted(m for m in sys.modules if m.endswith('_command') or m.startswith("
        "('sqlalchemy', 'alembic', 'PySide6', 'docker', 'httpx', 'prism_desktop.bsl', 'yaml')))\n"
        "print('LOADED', loaded)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert "LOADED []" in completed.stdout
    for command in cli_main.COMMANDS:
        assert command.words[0] in completed.stdout


def test_bsl_run_imports_only_the_engine(tmp_path: Path) -> None:
    module = tmp_path / "m.bsl"
    module.write_text('Сообщить("готово");', encoding="utf-8")
    code = (
        "import sys\n"
        "from prism_desktop.cli.main import main\n"
        f"assert main(['bsl', 'run', {str(module)!r}]) == 0\n"
        "heavy = ('sqlalchemy', 'alembic', 'PySide6', 'docker', 'httpx', 'yaml', 'sqlite3', "
        "'prism_desktop.store', 'prism_desktop.platform', 'prism_desktop.sandbox', 'prism_desktop.gui')\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert completed.stdout.splitlines() == ["готово", "LOADED []"]


def test_registry_help_matches_each_modules_own_help() -> None:
    """The listing's one-line help (from COMMANDS) is the text each module registers."""
    for command in cli_main.COMMANDS:
        parser, _offered = cli_main.build_parser(command)
        subparsers = parser._subparsers._group_actions[0]  # type: ignore[union-attr]
        for word in command.words[:-1]:
            subparsers = subparsers.choices[word]._subparsers._group_actions[0]
        [listed] = [a for a in subparsers._choices_actions if a.dest == command.words[-1]]
        assert listed.help == command.help, command.module


def test_bsl_group_dispatches_to_its_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[argparse.Namespace] = []
    _fake_command(monkeypatch, "bsl_check_command", _recording(calls, code=1))
    monkeypatch.setitem(sys.modules, "prism_desktop.cli.bsl_run_command", None)
    _only_commands(monkeypatch, bsl=("bsl_check_command", "bsl_run_command"))
    assert main(["bsl", "check"]) == 1
    assert len(calls) == 1
    with pytest.raises(SystemExit) as exit_info:
        main(["bsl", "run"])
    assert exit_info.value.code == 2


def test_internal_errors_show_no_traceback_unless_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(_args: argparse.Namespace) -> int:
        raise ValueError("unexpected")

    _fake_command(monkeypatch, "buggy_command", run)
    _only_commands(monkeypatch, "buggy_command")
    monkeypatch.delenv(cli_main.DEBUG_ENV_VAR, raising=False)
    assert main(["buggy"]) == cli_main.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "internal error (ValueError: unexpected)" in err and "Traceback" not in err
    monkeypatch.setenv(cli_main.DEBUG_ENV_VAR, "1")
    assert main(["buggy"]) == cli_main.EXIT_INTERNAL
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (TeamError("rationale: empty; expected why this step is the consensus"), "rationale: empty"),
        (StoreError("sqlite:///x.db: the database is newer than this program"), "newer than this program"),
        (SandboxUnavailable("Docker is not running"), "Docker is not running"),
        (GenerationError("--runs must be at least 1, not 0"), "--runs must be at least 1"),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, Exception) else "",
)
def test_prism_errors_are_caught_by_family_and_shown_as_their_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: PrismError, shown: str
) -> None:
    """The top-level handler catches PRISM Desktop's error families (errors.py), not a list of
    classes: the message, exit 1, no traceback and no "internal error"."""

    def run(_args: argparse.Namespace) -> int:
        raise error

    _fake_command(monkeypatch, "failing_command", run)
    _only_commands(monkeypatch, "failing_command")
    assert main(["failing"]) == cli_main.EXIT_PROBLEMS
    err = capsys.readouterr().err
    assert shown in err and "internal error" not in err and "Traceback" not in err


def test_an_input_error_with_problems_lists_them_one_a_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = [
        Problem("a.json", key="runs[0]", expected="an object"),
        Problem("b.yaml", line=2, message="tab"),
    ]

    def run(_args: argparse.Namespace) -> int:
        raise WorkspaceError(problems)

    _fake_command(monkeypatch, "failing_command", run)
    _only_commands(monkeypatch, "failing_command")
    assert main(["failing"]) == cli_main.EXIT_PROBLEMS
    lines = capsys.readouterr().err.splitlines()
    assert lines[-3].endswith("2 problem(s) in the workspace input:")
    assert lines[-2:] == ["  a.json: runs[0]: expected an object", "  b.yaml:2: tab"]


def test_console_script_reports_a_broken_file_without_traceback(workspace: WorkspaceFiles) -> None:
    workspace.auto.write_text('{"experiment_id": "x", "tasks": [}', encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "prism_desktop.cli.main", "--workspace", str(workspace.root), "import"],
        capture_output=True, text=True, env=os.environ.copy(), timeout=120, check=False,
    )
    assert completed.returncode == 1, completed.stderr
    assert f"{workspace.auto}:1:" in completed.stderr and "invalid JSON" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_bundled_workspace_is_the_root_holding_tasks_and_metrics() -> None:
    root = bundled_workspace()
    assert (root / "tasks").is_dir() and (root / "metrics").is_dir()
    assert Path(prism_desktop.__file__).resolve().is_relative_to(root)
    assert workspace_root(argparse.Namespace(workspace=None)) == root


def test_workspace_option_must_name_a_folder(tmp_path: Path) -> None:
    with pytest.raises(CliError) as caught:
        workspace_root(argparse.Namespace(workspace=str(tmp_path / "absent")))
    assert caught.value.exit_code == 2


def test_format_table_aligns_and_marks_missing_values() -> None:
    rows: list[list[Any]] = [["Alpha", 1, 7.5], ["Beta-long", 12, None]]
    assert format_table(("model", "n", "M"), rows, align=("<", ">", ">")).splitlines() == [
        "model       n     M",
        "---------  --  ----",
        "Alpha       1  7.50",
        "Beta-long  12     —",
    ]
