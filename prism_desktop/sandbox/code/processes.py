"""Candidate processes inside the code sandbox, started and killed by the runner.

The container starts as root holding only CAP_SETUID, CAP_SETGID and CAP_KILL (no file-access
capability).
The runner works with the effective uid of the run directory's owner (the host user, who alone can
read the spec and write the result), and every candidate process — compiler, tests, candidate
code — runs as CANDIDATE_UID with no capabilities left, so it can neither read the spec (its nonce)
nor write the result, the tests or the runner's private files. Pure standard library."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path

CANDIDATE_UID = 65534  # "nobody"


def drop_to_owner_of(path: Path) -> tuple[int, int]:
    """Work as the owner of `path` from now on (file access only: real and saved uid stay 0, so
    candidate processes can still be started as CANDIDATE_UID). Returns (uid, gid)."""
    info = path.stat()
    if os.geteuid() == 0 and info.st_uid != 0:
        os.setegid(info.st_gid)
        os.seteuid(info.st_uid)
    return info.st_uid, info.st_gid


def can_switch_users() -> bool:
    return os.getuid() == 0


def _become_candidate(file_bytes: int) -> None:
    """In the child between fork and exec: leave the runner's identity for good. Processes are bounded
    by the container's pids limit, not RLIMIT_NPROC: that one counts every process of the uid on the
    whole host (other sandboxes included), so it would fail a candidate for what others run."""
    os.seteuid(0)  # allowed: the real and saved uid are 0; brings the capabilities back for a moment
    os.setgroups([])
    os.setresgid(CANDIDATE_UID, CANDIDATE_UID, CANDIDATE_UID)
    os.setresuid(CANDIDATE_UID, CANDIDATE_UID, CANDIDATE_UID)  # every capability is gone after this
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    os.umask(0o022)


def start_candidate(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: dict[str, str],
    output: int,
    file_bytes: int,
    pass_fds: Sequence[int] = (),
) -> subprocess.Popen[bytes]:
    """`argv` as the candidate user in its own session; stdout and stderr both go to `output`."""
    return subprocess.Popen(
        list(argv),
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=output,
        stderr=subprocess.STDOUT,
        pass_fds=tuple(pass_fds),
        start_new_session=True,
        preexec_fn=lambda: _become_candidate(file_bytes),
    )


def kill_candidates() -> None:
    """SIGKILL every process but the runner (forks, daemons, a fork bomb's children). The runner is the
    container's pid 1, which kill(-1) spares along with the caller; CAP_KILL, effective only for this
    moment, lets it reach the candidate's user. No fork is needed, so a full pids limit cannot stop it."""
    previous = os.geteuid()
    try:
        if previous != 0:
            os.seteuid(0)
        for _round in range(20):  # a bomb may fork between rounds
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                break  # nothing left to kill
    finally:
        if previous != 0:
            os.seteuid(previous)


def reap(process: subprocess.Popen[bytes], grace_s: float = 5.0) -> int | None:
    """The exit code of `process` after its candidate group was killed or it ended."""
    try:
        return process.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        kill_candidates()
        try:
            return process.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            return None
