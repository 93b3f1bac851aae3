"""Timing whole processes for the bench scripts: wall-clock and CPU (user + system) time of one child
process, start-up included, and the command that runs `prism-desktop` as a user would.

CPU time is what the ratios use by default: on a machine shared with other work, wall-clock time
measures the neighbours as much as the program, while a process's own CPU time barely moves.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

CLOCKS = ("cpu", "wall")


@dataclass(frozen=True)
class ProcessRun:
    wall_s: float
    cpu_s: float  # user + system time of the child
    returncode: int
    stdout: str
    stderr: str

    def seconds(self, clock: str) -> float:
        return self.cpu_s if clock == "cpu" else self.wall_s


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def child_environment() -> dict[str, str]:
    """The environment of a user's shell: Python caches compiled modules (a session that sets
    PYTHONDONTWRITEBYTECODE would make every run recompile every module it imports)."""
    environment = dict(os.environ)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    return environment


def run_process(command: list[str], cwd: Path | None = None) -> ProcessRun:
    """Run `command` to completion with its output captured. Its CPU time is the growth of this
    process's waited-for children totals, exact as long as the bench runs one child at a time."""
    cpu_before = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        command, cwd=cwd, env=child_environment(), capture_output=True, stdin=subprocess.DEVNULL, check=False
    )
    wall = time.perf_counter() - started
    cpu = _children_cpu() - cpu_before
    return ProcessRun(
        wall,
        cpu,
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def prism_desktop_command() -> list[str]:
    """`prism-desktop` as installed beside this Python (the console script), else `python -m`."""
    script = Path(sys.executable).with_name("prism-desktop")
    if script.is_file() and os.access(script, os.X_OK):
        return [sys.executable, str(script)]
    return [sys.executable, "-m", "prism_desktop.cli.main"]
