"""The local fallback when no container engine is reachable: the same worker in a subprocess with
rlimits, its own session (the whole process group is killed on timeout or cancel) and, where the
kernel allows it, a private network namespace (local_launch.py). Results say runner "local",
isolated False."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from prism_desktop.runs.onec import Limits, RunResult, RunSpec, Timings
from prism_desktop.sandbox.backend import CancelToken, ProbeResult, installed_package_dir
from prism_desktop.sandbox.bytecode_cache import local_cache_dir
from prism_desktop.sandbox.container_options import WORKER_MODULE
from prism_desktop.sandbox.outcome import ProcessEnd, build_result
from prism_desktop.sandbox.output_cap import CappedBuffer
from prism_desktop.sandbox.rlimits import local_rlimits
from prism_desktop.sandbox.run_dir import cpu_seconds, prepared_run_dir, wall_deadline

LAUNCH_MODULE = "prism_desktop.sandbox.local_launch"
READ_CHUNK = 65536
PROBE_OUTPUT_BYTES = 65536


def _drain(stream: IO[bytes], into: CappedBuffer) -> None:
    """Read a pipe to its end, keeping only the capped part (the child never blocks on a full pipe)."""
    while chunk := os.read(stream.fileno(), READ_CHUNK):
        into.add(chunk)


class LocalBackend:
    name = "local"
    isolated = False

    def __init__(
        self,
        package_dir: Path | None = None,
        python: str | None = None,
        network_namespace: bool = True,
        bytecode_root: Path | None = None,
    ):
        """`bytecode_root`: where the workers cache compiled bytecode (default: the user's cache
        folder; see bytecode_cache.py)."""
        self.package_dir = package_dir or installed_package_dir()
        self.python = python or sys.executable
        self.network_namespace = network_namespace
        try:
            self.bytecode_dir: Path | None = local_cache_dir(bytecode_root)
        except OSError:
            self.bytecode_dir = None  # no cache: workers compile from source, slower, same results
        self.netns_applied: bool | None = None  # what the last worker saw: loopback only or not

    def describe(self) -> str:
        network = {
            True: "private network namespace applied",
            False: "host network (no private namespace)",
            None: "network namespace not yet checked",
        }[self.netns_applied]
        return f"local subprocess, not isolated ({network}), {self.python}"

    def _argv(self, rlimits: dict[str, int], target: list[str]) -> list[str]:
        netns = ["--netns"] if self.network_namespace else []
        return [self.python, "-s", "-m", LAUNCH_MODULE, "--rlimits", json.dumps(rlimits), *netns, *target]

    def _environment(self) -> dict[str, str]:
        environment = {
            "PYTHONPATH": str(self.package_dir.parent),
            "PYTHONHASHSEED": "0",
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        }
        if self.bytecode_dir is not None:
            environment["PYTHONPYCACHEPREFIX"] = str(self.bytecode_dir)
        else:
            environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return environment

    def _spawn(self, argv: list[str], cwd: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=self._environment(),
            start_new_session=True,  # its own process group: one killpg ends everything it started
        )

    def _wait(
        self, process: subprocess.Popen[bytes], timeout_s: float, limit: int, cancel: CancelToken
    ) -> tuple[int | None, bool, str, str]:
        """Wait with a deadline; returns (exit code or None when killed at the deadline, deadline hit,
        stdout, stderr)."""
        out, err = CappedBuffer(limit), CappedBuffer(limit)
        assert process.stdout is not None and process.stderr is not None
        readers = [
            threading.Thread(target=_drain, args=(process.stdout, out), daemon=True),
            threading.Thread(target=_drain, args=(process.stderr, err), daemon=True),
        ]
        for reader in readers:
            reader.start()

        def kill_group() -> None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)

        deadline_hit = False
        with cancel.on_cancel(kill_group):
            try:
                process.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                deadline_hit = True
                kill_group()
                process.wait()
        kill_group()  # anything the worker left behind in its group
        for reader in readers:
            reader.join(timeout=5)
        process.stdout.close()
        process.stderr.close()
        return (None if deadline_hit else process.returncode), deadline_hit, out.text(), err.text()

    def run(self, spec: RunSpec, cancel: CancelToken | None = None) -> RunResult:
        cancel = cancel or CancelToken()
        timings = Timings()
        with prepared_run_dir(spec) as run_dir:
            target = ["-m", WORKER_MODULE, "--spec", str(run_dir.spec_path), "--out", str(run_dir.out_dir)]
            mark = time.perf_counter()
            process = self._spawn(
                self._argv(local_rlimits(spec.limits, cpu_seconds(spec)), target), run_dir.out_dir
            )
            timings.start = time.perf_counter() - mark
            mark = time.perf_counter()
            exit_code, deadline_hit, stdout, stderr = self._wait(
                process, wall_deadline(spec), spec.limits.output_bytes, cancel
            )
            timings.run = time.perf_counter() - mark
            mark = time.perf_counter()
            end = ProcessEnd(
                exit_code=exit_code,
                stdout=stdout,
                stderr=stderr,
                deadline_hit=deadline_hit,
                cancelled=cancel.cancelled,
            )
            outcome = build_result(run_dir, end, runner=self.name, isolated=self.isolated, timings=timings)
            if outcome.net_isolated is not None:
                self.netns_applied = outcome.net_isolated
            timings.collect = time.perf_counter() - mark
        return outcome.result

    def probe(self, code: str, limits: Limits | None = None, timeout_s: float = 30.0) -> ProbeResult:
        limits = limits or Limits()
        rlimits = local_rlimits(limits, math.ceil(timeout_s) + 1)
        process = self._spawn(self._argv(rlimits, ["-c", code]), Path("/"))
        exit_code, timed_out, stdout, stderr = self._wait(
            process, timeout_s, PROBE_OUTPUT_BYTES, CancelToken()
        )
        return ProbeResult(exit_code=exit_code, stdout=stdout, stderr=stderr, timed_out=timed_out)
