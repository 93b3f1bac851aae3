"""How the app is started: options shared by `prism-desktop gui` and gui.app.main. Qt-free, so the
command line can offer the `gui` command without loading Qt until it is used."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

PARTS = ("window", "runs", "review", "debug", "generate")  # what --screenshot renders


class LaunchError(Exception):
    """A start that cannot go ahead (a bad option value): shown as a message, exit code 2."""


@dataclass(frozen=True)
class LaunchOptions:
    db: str | None = None  # SQLAlchemy URL; None: $PRISM_DESKTOP_DB, else the per-user SQLite file
    workspace: Path | None = None  # chosen explicitly; wins over the last one and the bundled one
    bundled_workspace: Path | None = None  # the task bank shipped with the app, if there is one
    language: str | None = None  # "ru" / "en" for this start; None: the setting (system by default)
    expert: str | None = None  # the expert's name for this start (stored like the menu's choice)
    screenshot: Path | None = None  # render offscreen to this PNG and exit
    part: str = "window"
    run_id: int | None = None  # the run to open (in the screenshot, its review)
    size: tuple[int, int] = (1600, 960)


def add_gui_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the window itself (the store and workspace options are the CLI's globals)."""
    parser.add_argument("--screenshot", metavar="PATH", type=Path,
                        help="render the main window offscreen to a PNG file and exit")
    parser.add_argument("--part", choices=PARTS, default="window",
                        help="with --screenshot: the whole window (default), the runs table, the review "
                        "of --run, or the debug tab")
    parser.add_argument("--run", metavar="ID", type=int, dest="run_id",
                        help="open this run (its id in the store) in the review view")
    parser.add_argument("--lang", choices=("ru", "en"), dest="language",
                        help="interface language for this start (default: the setting, else the system's)")
    parser.add_argument("--expert", metavar="NAME", help="grade as this expert (remembered)")
    parser.add_argument("--size", metavar="WxH", default="1600x960", type=_size,
                        help="window size in pixels for --screenshot (default 1600x960)")


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 400 or int(height) < 300:
        raise argparse.ArgumentTypeError(f"{text!r}: expected WIDTHxHEIGHT in pixels, at least 400x300")
    return int(width), int(height)


def options_from_args(args: argparse.Namespace, bundled_workspace: Path | None = None) -> LaunchOptions:
    workspace = getattr(args, "workspace", None)
    return LaunchOptions(
        db=getattr(args, "db", None),
        workspace=Path(workspace).expanduser().resolve() if workspace else None,
        bundled_workspace=bundled_workspace,
        language=args.language,
        expert=args.expert,
        screenshot=args.screenshot,
        part=args.part,
        run_id=args.run_id,
        size=args.size,
    )
