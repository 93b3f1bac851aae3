"""`prism-desktop`: the command line. Each sub-command lives in `cli/<name>_command.py` with
`register(subparsers) -> None` (adds its parser and `set_defaults(handler=run)`) and
`run(args) -> int`. A module that is absent is simply not offered; one that fails to import is
offered as a command that explains why it is unavailable."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from types import ModuleType

from prism_desktop import __version__
from prism_desktop.cli.common import (
    EXIT_PROBLEMS,
    EXIT_USAGE,
    CliError,
    add_global_options,
    print_error,
)
from prism_desktop.store.errors import StoreError
from prism_desktop.workspace.errors import WorkspaceError

PROG = "prism-desktop"
TOP_LEVEL_COMMANDS = (
    "import_command",
    "report_command",
    "check_command",
    "score_command",
    "generate_command",
    "query_command",
    "sandbox_command",
    "agreement_command",
    "export_command",
    "gui_command",
)
BSL_COMMANDS = ("bsl_check_command", "bsl_run_command")  # under `prism-desktop bsl`
GUI_COMMAND = "gui"
DEBUG_ENV_VAR = "PRISM_DESKTOP_DEBUG"  # set to show tracebacks of internal errors
EXIT_INTERNAL = 70  # sysexits EX_SOFTWARE: a bug, not the user's input
EXIT_INTERRUPTED = 130

Handler = Callable[[argparse.Namespace], int]


class _Loaded:
    """The outcome of importing one sub-command module."""

    def __init__(self, name: str, module: ModuleType | None = None, error: BaseException | None = None):
        self.name = name
        self.module = module
        self.error = error


def _load(name: str) -> _Loaded | None:
    """Import `prism_desktop.cli.<name>`; None when the module does not exist at all."""
    qualified = f"prism_desktop.cli.{name}"
    try:
        return _Loaded(name, module=importlib.import_module(qualified))
    except ModuleNotFoundError as exc:
        if exc.name == qualified:
            return None
        return _Loaded(name, error=exc)
    except Exception as exc:  # any failure in an optional module must not take the others down
        return _Loaded(name, error=exc)


def _command_name(module_name: str, prefix: str = "") -> str:
    return module_name.removeprefix(prefix).removesuffix("_command").replace("_", "-")


def _register_unavailable(subparsers: argparse._SubParsersAction, name: str, error: BaseException) -> None:
    reason = f"{type(error).__name__}: {error}"
    parser = subparsers.add_parser(name, help=f"(unavailable: {reason})", add_help=False)

    def unavailable(_args: argparse.Namespace) -> int:
        raise CliError(f"the `{name}` command is unavailable in this installation ({reason})")

    # Any arguments are accepted, so the user reads why the command is missing, not a usage error.
    parser.set_defaults(handler=unavailable, accepts_any_arguments=True)


def _register(subparsers: argparse._SubParsersAction, loaded: _Loaded, command: str) -> None:
    if loaded.module is not None:
        try:
            loaded.module.register(subparsers)
            return
        except Exception as exc:
            loaded.error = exc
    assert loaded.error is not None
    _register_unavailable(subparsers, command, loaded.error)


def build_parser() -> tuple[argparse.ArgumentParser, set[str]]:
    """The full parser and the names of the top-level commands it offers."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Expert workbench for PRISM, the executable benchmark of LLM-generated "
        "1C:Enterprise (BSL) code. Without a command, opens the desktop window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    add_global_options(parser, in_subcommand=False)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")

    offered: set[str] = set()
    for module_name in TOP_LEVEL_COMMANDS:
        loaded = _load(module_name)
        if loaded is not None:
            _register(subparsers, loaded, _command_name(module_name))
            offered.add(_command_name(module_name))

    bsl_modules = [(m, loaded) for m in BSL_COMMANDS if (loaded := _load(m)) is not None]
    if bsl_modules:
        bsl = subparsers.add_parser("bsl", help="the built-in BSL engine: check or run 1C code")
        bsl_subparsers = bsl.add_subparsers(title="bsl commands", metavar="COMMAND", required=True)
        for module_name, loaded in bsl_modules:
            _register(bsl_subparsers, loaded, _command_name(module_name, prefix="bsl_"))
        offered.add("bsl")
    return parser, offered


def _run(handler: Handler, args: argparse.Namespace) -> int:
    """Call a sub-command, turning every user-facing failure into a message and an exit code."""
    try:
        return int(handler(args))
    except CliError as exc:
        print_error(str(exc))
        return exc.exit_code
    except WorkspaceError as exc:
        problems = exc.problems
        print_error(f"{len(problems)} problem(s) in the workspace input:")
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return EXIT_PROBLEMS
    except StoreError as exc:
        print_error(str(exc))
        return EXIT_PROBLEMS
    except FileNotFoundError as exc:
        print_error(f"no such file: {exc.filename}")
        return EXIT_USAGE
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print_error(f"{where}{exc.strerror or exc}")
        return EXIT_PROBLEMS
    except KeyboardInterrupt:
        print_error("interrupted")
        return EXIT_INTERRUPTED
    except Exception as exc:
        if os.environ.get(DEBUG_ENV_VAR):
            traceback.print_exc()
        else:
            print_error(
                f"internal error ({type(exc).__name__}: {exc}); this is a bug in PRISM Desktop. "
                f"Set {DEBUG_ENV_VAR}=1 to see the traceback."
            )
        return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser, offered = build_parser()
    args, unknown = parser.parse_known_args(arguments)
    if unknown and not getattr(args, "accepts_any_arguments", False):
        parser.parse_args(arguments)  # prints the usage error for the unknown arguments and exits 2
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        if GUI_COMMAND not in offered:
            parser.print_help()
            return 0
        args = parser.parse_args([*arguments, GUI_COMMAND])
        handler = args.handler
    return _run(handler, args)


if __name__ == "__main__":
    sys.exit(main())
