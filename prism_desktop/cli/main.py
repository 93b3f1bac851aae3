"""`prism-desktop`: the command line, with a lazy command registry so that a command starts at once.

Only the module of the command the user chose is imported: `bsl run` never pays for the store,
SQLAlchemy, Alembic, Qt, docker or httpx. `prism-desktop --help` (and `bsl --help`) list every command
with its one-line help from the `COMMANDS` table below, without importing any command module.

How a new command registers itself
----------------------------------
1. Write `prism_desktop/cli/<name>_command.py` with `register(subparsers) -> None`, which adds its
   parser (usually through `common.add_command`, which also sets `handler=run` and accepts the global
   options after the command) and `run(args) -> int`. Import what the command needs at the top of that
   module: it is imported only when the command is chosen. Keep `cli/common.py` light (no store, no Qt).
2. Add one `Command(...)` line to `COMMANDS`: the words typed on the command line (`("generate",)`, or
   `("bsl", "run")` for a command inside a group), the module's name, and the one-line help that the
   listing shows — the same text the module passes as `help=` (tests/cli checks that they agree).
   A new group (like `bsl`) also needs a line in `GROUPS`.

A command whose module is absent is not offered; one whose module fails to import (a missing optional
dependency such as PySide6) or whose `register` fails is offered as a command that explains why it is
unavailable.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import os
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from prism_desktop import __version__
from prism_desktop.cli.common import (
    EXIT_PROBLEMS,
    EXIT_USAGE,
    CliError,
    add_global_options,
    print_error,
)
from prism_desktop.errors import InputError, PrismError

PROG = "prism-desktop"
PACKAGE = "prism_desktop.cli"


@dataclass(frozen=True)
class Command:
    """One sub-command: the words that choose it, its module under `prism_desktop.cli`, its listing."""

    words: tuple[str, ...]
    module: str
    help: str


COMMANDS: tuple[Command, ...] = (
    Command(("import",), "import_command", "import a workspace and its PRISM result files into the store"),
    Command(
        ("report",),
        "report_command",
        "summarise auto_l1 files per model and category: means, 95%% CI, failure funnel",
    ),
    Command(
        ("check",),
        "check_command",
        "validate the workspace: protocols, tags, tasks, result files and reference solutions",
    ),
    Command(
        ("score",),
        "score_command",
        "score every run of an experiment file at Level 1 and write a PRISM auto file",
    ),
    Command(
        ("generate",),
        "generate_command",
        "generate candidate answers with the models of generation/ and write a PRISM experiment file",
    ),
    Command(
        ("query",),
        "query_command",
        "run a 1C query (ВЫБРАТЬ …) against a synthetic infobase and print the result",
    ),
    Command(
        ("sandbox",), "sandbox_command", "the Docker sandbox where candidate code runs: status, build, doctor"
    ),
    Command(("commit0",), "commit0_command", "import Commit-0 libraries and build their images"),
    Command(
        ("agreement",),
        "agreement_command",
        "agreement of the machine with experts (kappa, CI), Verified marks, threshold proposals",
    ),
    Command(
        ("export",),
        "export_command",
        "export Verified annotations, an expert's grades as expert files, or the agreement report",
    ),
    Command(
        ("session",),
        "session_command",
        "team calibration sessions: experts, assignment with overlap, progress, adjudication",
    ),
    Command(("gui",), "gui_command", "open the desktop window (the default without a command)"),
    Command(
        ("runs",),
        "runs_command",
        "list the runs in the store with their ids (for gui --run ID), filtered by experiment, task, model",
    ),
    Command(("bsl", "check"), "bsl_check_command", "list the syntax and compile-time errors of BSL modules"),
    Command(("bsl", "run"), "bsl_run_command", "execute a BSL module (its body) with the built-in engine"),
)
GROUPS = {"bsl": "the built-in BSL engine: check or run 1C code"}
GUI_COMMAND = ("gui",)
DEBUG_ENV_VAR = "PRISM_DESKTOP_DEBUG"  # set to show tracebacks of internal errors
EXIT_INTERNAL = 70  # sysexits EX_SOFTWARE: a bug, not the user's input
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell shows for a tool whose reader went away

Handler = Callable[[argparse.Namespace], int]
Subparsers = argparse._SubParsersAction


def _module_exists(qualified: str) -> bool:
    """Whether a command module is installed, found without importing it."""
    if qualified in sys.modules:
        return sys.modules[qualified] is not None
    try:
        return importlib.util.find_spec(qualified) is not None
    except (ImportError, ValueError):
        return False


def offered_commands() -> list[Command]:
    """The commands of `COMMANDS` whose module is installed."""
    return [c for c in COMMANDS if _module_exists(f"{PACKAGE}.{c.module}")]


def _import(command: Command) -> ModuleType | BaseException:
    """The command's module, or why it cannot be imported (any failure stays with this command)."""
    try:
        return importlib.import_module(f"{PACKAGE}.{command.module}")
    except Exception as exc:
        return exc


def _register_unavailable(subparsers: Subparsers, name: str, error: BaseException) -> None:
    reason = f"{type(error).__name__}: {error}"
    parser = subparsers.add_parser(name, help=f"(unavailable: {reason})", add_help=False)

    def unavailable(_args: argparse.Namespace) -> int:
        raise CliError(f"the `{name}` command is unavailable in this installation ({reason})")

    # Any arguments are accepted, so the user reads why the command is missing, not a usage error.
    parser.set_defaults(handler=unavailable, accepts_any_arguments=True)


def _register_chosen(subparsers: Subparsers, command: Command) -> None:
    loaded = _import(command)
    if isinstance(loaded, ModuleType):
        try:
            loaded.register(subparsers)
            return
        except Exception as exc:
            loaded = exc
    _register_unavailable(subparsers, command.words[-1], loaded)


def _register_placeholder(subparsers: Subparsers, command: Command) -> None:
    """The command as listed in help; choosing it only records which one was chosen."""
    placeholder = subparsers.add_parser(command.words[-1], help=command.help, add_help=False)
    placeholder.set_defaults(chosen_command=command)


def build_parser(chosen: Command | None = None) -> tuple[argparse.ArgumentParser, set[str]]:
    """The parser listing every offered command, and the names of the top-level ones. Only `chosen`
    (when given) is imported and registers its real arguments; the others are placeholders."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Expert workbench for PRISM, the executable benchmark of LLM-generated "
        "1C:Enterprise (BSL) code. Without a command, opens the desktop window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    add_global_options(parser, in_subcommand=False)
    top = parser.add_subparsers(title="commands", metavar="COMMAND")
    groups: dict[str, Subparsers] = {}
    for command in offered_commands():
        subparsers = top
        if len(command.words) > 1:
            group = command.words[0]
            if group not in groups:
                group_parser = top.add_parser(group, help=GROUPS[group])
                groups[group] = group_parser.add_subparsers(
                    title=f"{group} commands", metavar="COMMAND", required=True
                )
            subparsers = groups[group]
        if command == chosen:
            _register_chosen(subparsers, command)
        else:
            _register_placeholder(subparsers, command)
    return parser, set(top.choices)


def _run(handler: Handler, args: argparse.Namespace) -> int:
    """Call a sub-command, turning every user-facing failure into a message and an exit code."""
    try:
        code = int(handler(args))
        sys.stdout.flush()  # a reader that went away (`| head`) shows here, not at interpreter exit
        return code
    except BrokenPipeError as exc:
        if not _stdout_is_pipe():
            return _report(exc)
        return _reader_gone()
    except CliError as exc:
        print_error(str(exc))
        return exc.exit_code
    except Exception as exc:
        return _report(exc)
    except KeyboardInterrupt:
        print_error("interrupted")
        return EXIT_INTERRUPTED


def _stdout_is_pipe() -> bool:
    try:
        return stat.S_ISFIFO(os.fstat(sys.stdout.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # a replaced stdout (tests) has no descriptor
        return False


def _reader_gone() -> int:
    """`prism-desktop runs | head`: the reader has what it wanted; end quietly, as other tools do.
    Output still buffered goes to /dev/null, so that Python's exit does not complain either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_BROKEN_PIPE


def _report(exc: Exception) -> int:
    """A failure as the user should see it: PRISM Desktop's own errors (errors.py, by family) as
    their message, with one line per problem when there are several; anything else as a bug."""
    if isinstance(exc, InputError) and exc.problems:
        print_error(f"{len(exc.problems)} problem(s) in the workspace input:")
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return EXIT_PROBLEMS
    if isinstance(exc, PrismError):
        print_error(str(exc))
        return EXIT_PROBLEMS
    if isinstance(exc, FileNotFoundError):
        print_error(f"no such file: {exc.filename}")
        return EXIT_USAGE
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        print_error(f"{where}{exc.strerror or exc}")
        return EXIT_PROBLEMS
    if os.environ.get(DEBUG_ENV_VAR):
        # imported here for start-up: only on a crash
        import traceback

        traceback.print_exception(exc)
    else:
        print_error(
            f"internal error ({type(exc).__name__}: {exc}); this is a bug in PRISM Desktop. "
            f"Set {DEBUG_ENV_VAR}=1 to see the traceback."
        )
    return EXIT_INTERNAL


def _named_first(arguments: list[str]) -> Command | None:
    """The command whose words open the command line (`bsl run FILE`, the everyday form): the pass
    with placeholders is not needed to find it (that pass is ≈ 10 ms of every start)."""
    for command in COMMANDS:
        if tuple(arguments[: len(command.words)]) == command.words:
            return command
    return None


def main(argv: Sequence[str] | None = None) -> int:
    # Importing the chosen command makes long-lived objects only (modules, classes, functions): the
    # cycle collector's 25-odd passes over them were ≈ 15 ms of a `bsl run`'s start. It runs again
    # before the command does.
    gc.disable()
    try:
        parsed = _parse(list(sys.argv[1:] if argv is None else argv))
    finally:
        gc.enable()
    if parsed is None:
        return 0
    handler, args = parsed
    return _run(handler, args)


def _parse(arguments: list[str]) -> tuple[Handler, argparse.Namespace] | None:
    """The chosen command's handler and its arguments; None when only the listing was printed
    (--help, --version and usage errors exit)."""
    chosen = _named_first(arguments)
    if chosen is None:
        # First pass with placeholders: which command was chosen (--help and --version end here).
        parser, offered = build_parser()
        first, _unknown = parser.parse_known_args(arguments)
        chosen = getattr(first, "chosen_command", None)
    if chosen is None:
        if GUI_COMMAND[0] not in offered:
            parser.print_help()
            return None
        arguments = [*arguments, *GUI_COMMAND]
        chosen = next(c for c in COMMANDS if c.words == GUI_COMMAND)
    # Second pass: the chosen command's own parser, its module imported now.
    parser, _offered = build_parser(chosen)
    args, unknown = parser.parse_known_args(arguments)
    if unknown and not getattr(args, "accepts_any_arguments", False):
        parser.parse_args(arguments)  # prints the usage error for the unknown arguments and exits 2
    handler: Handler = args.handler
    return handler, args


if __name__ == "__main__":
    sys.exit(main())
