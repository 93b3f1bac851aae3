"""The module that runs `check`, `score` and `report` on a --workspace folder of a kind other than
PRISM's own, keyed by the kind's name in the registry of benchmark kinds (services/benchmark_kinds.py),
which also recognises the folder. A PRISM workspace (metrics/ and tasks/) has no entry: the commands'
own code serves it. The handlers are imported when used, so a command pays only for the kind it runs."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from prism_desktop.services.benchmark_kinds import detect_kind

Handler = Callable[..., int]


@dataclass(frozen=True)
class KindHandlers:
    module: str  # prism_desktop.cli.<module> with the three handlers
    handlers: dict[str, str]  # command -> function(root, args[, on_progress]) -> exit code

    def handler(self, command: str) -> Handler:
        function: Handler = getattr(importlib.import_module(self.module), self.handlers[command])
        return function


HANDLERS = {  # by benchmark kind name
    "coding": KindHandlers(
        "prism_desktop.cli.coding_cli",
        {"check": "check_coding", "score": "score_coding", "report": "report_coding"},
    ),
    "1c-code-bench": KindHandlers(
        "prism_desktop.cli.onec_bench_cli",
        {"check": "check_onec", "score": "score_onec", "report": "report_onec"},
    ),
}


def workspace_handlers(root: Path) -> KindHandlers | None:
    """The handlers of the workspace at `root`; None for a PRISM workspace (the commands' own)."""
    kind = detect_kind(root)
    return HANDLERS.get(kind.name) if kind is not None else None


def run_for_kind(command: str, root: Path, args: argparse.Namespace, *extra: object) -> int | None:
    """`command` run by the kind's handler; None when `root` is a PRISM workspace."""
    handlers = workspace_handlers(root)
    if handlers is None:
        return None
    return handlers.handler(command)(root, args, *extra)
