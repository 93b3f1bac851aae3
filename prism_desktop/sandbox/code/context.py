"""The places and process helpers of one code run inside the container (used by the language
adapters and the test loop). Pure standard library."""

from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from prism_desktop.runs.code import CodeLimits
from prism_desktop.sandbox.code.events import EVENTS_FD_ENV, SECRET_FD_ENV, SKIP_ENV, EventLog
from prism_desktop.sandbox.code.processes import kill_candidates, reap, start_candidate

WORK_DIR = Path("/tmp/prism-work")  # tests and candidate files: the runner's, read-only to the candidate
SCRATCH_DIR = Path("/tmp/prism-scratch")  # the candidate's writable space (HOME, caches, build output)
PRIVATE_DIR = Path("/run/prism/private")  # runner-only tmpfs: captured output
TESTS_DIR = Path("/tmp/prism-tests")  # compiled tests (TypeScript): the runner's, read-only to the candidate
# the runner's folder of the writable copies of the work folder that Python tests run in (one per start)
COPIES_DIR = Path("/tmp/prism-copies")
BASE_PATH = "/usr/local/bin:/usr/bin:/bin"


@dataclass
class ProcessRun:
    exit_code: int | None
    output: str
    seconds: float
    timed_out: bool = False


@dataclass
class StreamRun:
    log: EventLog
    exit_code: int | None
    output: str
    stopped: str | None  # None | "test_timeout" | "silence" | "deadline"


class RunContext:
    def __init__(
        self,
        limits: CodeLimits,
        work: Path = WORK_DIR,
        scratch: Path = SCRATCH_DIR,
        private: Path = PRIVATE_DIR,
        tests: Path = TESTS_DIR,
        copies: Path = COPIES_DIR,
    ):
        self.limits = limits
        self.work = work
        self.scratch = scratch
        self.private = private
        self.tests = tests
        self.copies = copies
        self._outputs = 0
        self._copies = 0

    def writable_copy(self, source: Path) -> Path:
        """A fresh copy of `source` the tests may add files to (tests that write into their working
        folder): the runner's files, read-only to the candidate user, in folders it may create in but where
        the sticky bit keeps it from deleting or renaming what is not its own. Each process start gets a
        new copy in the runner's folder, so nothing a former process left there is read again; the copy is
        not on the import path when the process starts (only collection adds it, after our plugin)."""
        self._copies += 1
        target = self.copies / str(self._copies)
        shutil.copytree(source, target, symlinks=True)
        for folder, _dirs, _files in os.walk(target):
            os.chmod(folder, 0o1777)
        return target

    def env(self, **extra: str) -> dict[str, str]:
        base = {
            "PATH": BASE_PATH,
            "HOME": str(self.scratch),
            "LANG": "C.UTF-8",
            "TMPDIR": str(self.scratch / "tmp"),
        }
        return {**base, **extra}

    def _output_file(self) -> tuple[int, Path]:
        self._outputs += 1
        path = self.private / f"output-{self._outputs}.txt"
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), path

    def _read_output(self, path: Path) -> str:
        limit = self.limits.output_bytes
        with path.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - limit))
            data = handle.read(limit)
        path.unlink(missing_ok=True)
        text = data.decode("utf-8", "replace")
        return text if size <= limit else f"[… {size - limit} bytes cut]\n{text}"

    def run(self, argv: list[str], *, cwd: Path, env: dict[str, str], timeout_s: float) -> ProcessRun:
        """One candidate-user process to its end or `timeout_s`, whatever it leaves behind killed."""
        fd, path = self._output_file()
        started = time.monotonic()
        try:
            process = start_candidate(argv, cwd=cwd, env=env, output=fd, file_bytes=self._file_bytes())
        finally:
            os.close(fd)
        timed_out = False
        try:
            process.wait(timeout=max(0.1, timeout_s))
        except subprocess.TimeoutExpired:
            timed_out = True
        kill_candidates()  # children it left running, or the process itself after a timeout
        exit_code = reap(process)
        return ProcessRun(exit_code, self._read_output(path), time.monotonic() - started, timed_out)

    def stream(
        self,
        argv: list[str],
        *,
        cwd: Path,
        env: dict[str, str],
        skip: list[str],
        deadline: float,
        select_test: str | None = None,
    ) -> StreamRun:
        """A test process reporting through the event pipe; killed when one test runs past the
        per-test timeout, when nothing starts within it, or at `deadline` (time.monotonic()). Its
        secret (and `select_test`) wait in a second pipe, for our harness to take before the
        candidate's code loads; only events proven by that secret are read."""
        secret = secrets.token_hex(32)
        secret_read, secret_write = os.pipe()
        os.write(secret_write, f"{secret}\n{select_test or ''}\n".encode())  # far below the pipe's buffer
        os.close(secret_write)
        read_end, write_end = os.pipe()
        fd, path = self._output_file()
        env = {
            **env,
            EVENTS_FD_ENV: str(write_end),
            SECRET_FD_ENV: str(secret_read),
            SKIP_ENV: json.dumps(skip),
        }
        try:
            process = start_candidate(
                argv,
                cwd=cwd,
                env=env,
                output=fd,
                file_bytes=self._file_bytes(),
                pass_fds=(write_end, secret_read),
            )
        finally:
            os.close(fd)
            os.close(write_end)
            os.close(secret_read)
        log = EventLog(secret)
        allowed = self.limits.load_timeout_s  # until the first test starts, then per test
        clock = time.monotonic()  # when the current test (or the loading phase) began
        stopped: str | None = None
        try:
            while True:
                now = time.monotonic()
                wait = min(deadline - now, clock + allowed - now)
                if wait <= 0:
                    stopped = (
                        "deadline" if deadline <= now else ("test_timeout" if log.current else "silence")
                    )
                    break
                ready, _, _ = select.select([read_end], [], [], wait)
                if not ready:
                    continue
                data = os.read(read_end, 65536)
                if not data:
                    break  # every writer is gone: the test process ended
                for event in log.feed(data):
                    if event.get("e") in ("start", "end", "live"):
                        clock, allowed = time.monotonic(), self.limits.per_test_timeout_s
        finally:
            os.close(read_end)
        kill_candidates()
        exit_code = reap(process)
        return StreamRun(log, exit_code, self._read_output(path), stopped)

    def _file_bytes(self) -> int:
        return self.limits.tmpfs_mb * 1024 * 1024
