"""Which benchmark kind a --workspace folder is, and the module that runs `check`, `score` and
`report` on it. A PRISM workspace (metrics/ and tasks/) is the default and is not listed: the other
kinds are looked up here, each by its one detection function, instead of an `if` per kind in every
command. The handlers are imported when used, so a command pays only for the kind it runs."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from prism_desktop.workspace.coding import is_coding_workspace
from prism_desktop.workspace.onec_bench import is_onec_bench_workspace

Handler = Callable[..., int]


@dataclass(frozen=True)
class WorkspaceKind:
    name: str
    detect: Callable[[Path], bool]
    module: str  # prism_desktop.cli.<module> with the three handlers
    handlers: dict[str, str]  # command -> function(root, args[, on_progress]) -> exit code

    def handler(self, command: str) -> Handler:
        function: Handler = getattr(importlib.import_module(self.module), self.handlers[command])
        return function


KINDS = (
    WorkspaceKind(
        "coding",
        is_coding_workspace,
        "prism_desktop.cli.coding_cli",
        {"check": "check_coding", "score": "score_coding", "report": "report_coding"},
    ),
    WorkspaceKind(
        "1c-code-bench",
        is_onec_bench_workspace,
        "prism_desktop.cli.onec_bench_cli",
        {"check": "check_onec", "score": "score_onec", "report": "report_onec"},
    ),
)


def workspace_kind(root: Path) -> WorkspaceKind | None:
    """The kind of the workspace at `root`; None for a PRISM workspace (the default)."""
    return next((kind for kind in KINDS if kind.detect(root)), None)


def run_for_kind(command: str, root: Path, args: argparse.Namespace, *extra: object) -> int | None:
    """`command` run by the kind's handler; None when `root` is a PRISM workspace."""
    kind = workspace_kind(root)
    if kind is None:
        return None
    return kind.handler(command)(root, args, *extra)
