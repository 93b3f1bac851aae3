"""What every sub-command shares: the global options, where the bundled workspace is, user-facing
errors with their exit codes, aligned tables and atomic JSON output."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from prism_desktop.errors import PrismError
from prism_desktop.locations import package_dir, shipped_root

if TYPE_CHECKING:  # imported where used: every command imports this module, few need these
    from prism_desktop.store import Store
    from prism_desktop.workspace.workspace import Workspace

# Exit codes of every sub-command.
EXIT_OK = 0
EXIT_PROBLEMS = 1  # bad input, a failed check, a store that cannot be used
EXIT_USAGE = 2  # wrong arguments or a named file that does not exist (argparse uses 2 as well)


class CliError(PrismError):
    """A user-facing failure: main() prints the message (no traceback) and exits with `exit_code`."""

    def __init__(self, message: str, exit_code: int = EXIT_PROBLEMS):
        super().__init__(message)
        self.exit_code = exit_code


def bundled_workspace() -> Path:
    """The task bank shipped with PRISM Desktop: the repository root of a source checkout, or the data
    folder installed beside the package (locations.py)."""
    root = shipped_root()
    if root is None:
        raise CliError(
            f"no bundled workspace beside {package_dir()}: this installation lacks tasks/ and metrics/; "
            "pass --workspace DIR",
            EXIT_USAGE,
        )
    return root


def workspace_root(args: argparse.Namespace) -> Path:
    """The workspace folder chosen with --workspace, else the bundled one."""
    given: str | None = getattr(args, "workspace", None)
    if given is None:
        return bundled_workspace()
    root = Path(given).expanduser()
    if not root.is_dir():
        raise CliError(f"--workspace {given}: no such folder", EXIT_USAGE)
    return root.resolve()


def open_workspace(args: argparse.Namespace) -> Workspace:
    """The workspace chosen with --workspace (else the bundled one), read whole or WorkspaceError:
    a PRISM workspace, a coding bench (dataset/, libraries/) or a 1C Code Bench of the same interface."""
    # imported here for start-up: the benchmark kinds' readers only for commands that open a workspace
    from prism_desktop.services.benchmark_kinds import open_workspace as open_of_its_kind

    return open_of_its_kind(workspace_root(args))


def open_store_from_args(args: argparse.Namespace) -> Store:
    """The store named by --db, else $PRISM_DESKTOP_DB, else the per-user default; migrated."""
    # imported here for start-up: SQLAlchemy only for commands that open the store
    from prism_desktop.store import open_store

    return open_store(getattr(args, "db", None))


def add_global_options(parser: argparse.ArgumentParser, *, in_subcommand: bool) -> None:
    """--db and --workspace, accepted before the sub-command and after it.

    In a sub-parser they default to SUPPRESS: argparse would otherwise overwrite a value given before
    the sub-command with the sub-parser's default."""
    default: Any = argparse.SUPPRESS if in_subcommand else None
    parser.add_argument(
        "--db",
        metavar="URL",
        default=default,
        help="SQLAlchemy URL of the results store (default: $PRISM_DESKTOP_DB, else a SQLite file "
        "in the user data folder)",
    )
    parser.add_argument(
        "--workspace",
        metavar="DIR",
        default=default,
        help="PRISM workspace holding tasks/, metrics/ and results/, a coding bench holding dataset/ "
        "(and tests/, libraries/, results/), or a 1C Code Bench holding config_spec.yaml and tasks/<id>/ "
        "(default: the bundled PRISM one)",
    )


def add_command(
    subparsers: argparse._SubParsersAction,
    name: str,
    handler: Callable[[argparse.Namespace], int],
    help: str,
    description: str | None = None,
) -> argparse.ArgumentParser:
    """A sub-command parser that also accepts the global options after the command name."""
    # `help` is %-formatted by argparse (a percent sign is written %%); the description is printed as is.
    shown = description or help.replace("%%", "%")
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=help, description=shown)
    add_global_options(parser, in_subcommand=True)
    parser.set_defaults(handler=handler)
    return parser


def add_sandbox_options(parser: argparse.ArgumentParser) -> None:
    """--sandbox and --jobs, for every command that runs candidate code."""
    # imported here for start-up: the sandbox package only for commands that take --sandbox
    from prism_desktop.sandbox.backend import SANDBOX_MODES

    parser.add_argument(
        "--sandbox",
        choices=SANDBOX_MODES,
        default="auto",
        help="docker: isolated containers only; local: restricted subprocess, NOT isolated; "
        "auto: Docker when an engine and the image are there (default)",
    )
    parser.add_argument(
        "--jobs", type=positive_int, default=None, metavar="N", help="runs at once (default: CPU cores)"
    )


def positive_int(text: str) -> int:
    """argparse type: an integer ≥ 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, found {text!r}")
    return value


def positive_number(text: str) -> float:
    """argparse type: a finite number > 0."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a number greater than 0, found {text!r}")
    return value


def existing_files(paths: Sequence[str]) -> list[Path]:
    """Files named on the command line; a missing one is a usage error naming it."""
    files = [Path(p).expanduser() for p in paths]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise CliError(f"no such file: {', '.join(missing)}", EXIT_USAGE)
    return files


def format_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    align: Sequence[Literal["<", ">"]] | None = None,
) -> str:
    """Rows as aligned text columns; None shows as "—" (not measured), floats with two decimals."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, text in enumerate(row):
            widths[i] = max(widths[i], len(text))
    aligns = list(align) if align is not None else ["<"] * len(headers)

    def line(values: Sequence[str]) -> str:
        return "  ".join(f"{v:{aligns[i]}{widths[i]}}" for i, v in enumerate(values)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in cells)])


def _cell(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON atomically (see workspace/atomic.py); a failure is a user-facing error."""
    from prism_desktop.workspace import atomic  # tempfile and shutil: only commands that write pay

    try:
        atomic.write_json_atomic(path, data)
    except OSError as exc:
        raise CliError(f"{path}: cannot write ({exc.strerror or exc})") from exc


def print_error(message: str) -> None:
    print(f"prism-desktop: error: {message}", file=sys.stderr)
