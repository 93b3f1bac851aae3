"""The per-run directory on the host: the spec going in, the result envelope coming out.

    <private tmp dir, 0700>/in/spec.json   mounted read-only into the sandbox
    <private tmp dir, 0700>/out/           the only writable place the worker shares with the host

The outer directory keeps other local users out; `out/` is writable by the sandbox user (65534 in a
container: chowned when the host runs as root, else opened up, which the private parent makes safe).
"""

from __future__ import annotations

import contextlib
import math
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from prism_desktop.runs.onec import RunSpec, spec_to_json
from prism_desktop.sandbox.envelope import SPEC_FILE

SANDBOX_UID = 65534  # "nobody": the container user


@dataclass(frozen=True)
class RunDir:
    root: Path
    in_dir: Path
    out_dir: Path
    spec: RunSpec  # the spec as written, nonce included

    @property
    def spec_path(self) -> Path:
        return self.in_dir / SPEC_FILE


def new_nonce() -> str:
    return secrets.token_hex(16)


def wall_deadline(spec: RunSpec) -> float:
    """Seconds the whole run may take: the legs' own timeouts plus slack (Limits.wall_slack_s)."""
    limits = spec.limits
    seconds = limits.wall_slack_s
    if "tests" in spec.legs:
        seconds += limits.test_timeout_s
    if "perf" in spec.legs:
        sizes = (spec.task.perf or {}).get("sizes") or []
        rungs = max(1, len(sizes)) * (2 if spec.task.reference else 1)  # the reference runs beside
        seconds += limits.size_timeout_s * rungs
    return seconds


def cpu_seconds(spec: RunSpec) -> int:
    """A CPU-time rlimit that never fires before the wall-clock deadline."""
    return math.ceil(wall_deadline(spec)) + 1


@contextlib.contextmanager
def prepared_run_dir(spec: RunSpec) -> Iterator[RunDir]:
    """A fresh run directory holding the spec with a new nonce; removed afterwards, whatever happens."""
    root = Path(tempfile.mkdtemp(prefix="prism-sandbox-"))
    try:
        in_dir, out_dir = root / "in", root / "out"
        in_dir.mkdir(mode=0o755)
        out_dir.mkdir(mode=0o700)
        if os.geteuid() == 0:
            os.chown(out_dir, SANDBOX_UID, SANDBOX_UID)
        else:
            out_dir.chmod(0o777)
        in_dir.chmod(0o755)
        written = replace(spec, nonce=new_nonce())
        (in_dir / SPEC_FILE).write_text(spec_to_json(written), encoding="utf-8")
        (in_dir / SPEC_FILE).chmod(0o644)
        yield RunDir(root=root, in_dir=in_dir, out_dir=out_dir, spec=written)
    finally:
        shutil.rmtree(root, ignore_errors=True)
