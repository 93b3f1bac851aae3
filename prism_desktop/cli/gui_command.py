"""`prism-desktop gui` (also what `prism-desktop` alone runs): the desktop window, or with
--screenshot a PNG of it rendered offscreen. Qt is imported only when the command runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from prism_desktop.cli.common import EXIT_USAGE, CliError, add_command, bundled_workspace, workspace_root
from prism_desktop.gui.app_options import LaunchError, add_gui_arguments, options_from_args


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "gui",
        run,
        help="open the desktop window (the default without a command)",
        description="Open PRISM Desktop: the runs table, the review and grading of each run, background "
        "Level 1 and debug mode. Without --workspace it opens the workspace used last, else the bundled "
        "one. With --screenshot it renders the window offscreen to a PNG and exits.",
    )
    add_gui_arguments(parser)


def _bundled() -> Path | None:
    try:
        return bundled_workspace()
    except CliError:
        return None  # the window then asks for a workspace


def run(args: argparse.Namespace) -> int:
    if getattr(args, "workspace", None) is not None:
        workspace_root(args)  # a missing folder is a usage error before any window appears
    options = options_from_args(args, bundled_workspace=_bundled())
    from prism_desktop.gui.app import launch  # Qt loads only now

    try:
        return launch(options)
    except LaunchError as error:
        raise CliError(str(error), EXIT_USAGE) from error
