"""The container a candidate runs in: every confinement option in one place, used for candidate runs
and for probes alike, so what doctor and the tests check is what candidates get."""

from __future__ import annotations

import math
import os
import socket
from pathlib import Path
from typing import Any

from docker.types import LogConfig, Mount, Ulimit

from prism_desktop.runs.onec import Limits
from prism_desktop.sandbox.bytecode_cache import CACHE_MOUNT, WARM_UP
from prism_desktop.sandbox.rlimits import common_rlimits
from prism_desktop.sandbox.run_dir import SANDBOX_UID, RunDir

LABEL = "prism-desktop.sandbox"  # every sandbox container carries LABEL=1
OWNER_LABEL = "prism-desktop.sandbox.owner"  # host/pid/start of the process that created it
RUN_LABEL = "prism-desktop.sandbox.run"
CODE_ROOT = "/opt/prism"  # the installed package is mounted at CODE_ROOT/prism_desktop
VOLUME_PYCACHE = f"{CODE_ROOT}/pycache"  # bytecode inside the code volume of a remote engine
RUN_ROOT = "/run/prism"
IN_DIR = f"{RUN_ROOT}/in"
OUT_DIR = f"{RUN_ROOT}/out"
PYTHON = "python3"
WORKER_MODULE = "prism_desktop.sandbox.worker"


def process_start_time(pid: int) -> str:
    """The kernel's start time of `pid` (tells a live owner from a reused pid); "" if unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[1].split()[19]


def owner_tag() -> str:
    return f"{socket.gethostname()}/{os.getpid()}/{process_start_time(os.getpid())}"


def owner_alive(tag: str) -> bool:
    """Whether the process that created a container still runs (containers of other hosts count as
    alive: they are not ours to sweep)."""
    host, _, rest = tag.partition("/")
    pid_text, _, started = rest.partition("/")
    if host != socket.gethostname():
        return True
    try:
        pid = int(pid_text)
        os.kill(pid, 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        pass  # exists, owned by someone else
    return not started or process_start_time(pid) == started


def confinement(
    limits: Limits, package_dir: Path, bytecode_dir: Path | None = None, code_volume: str | None = None
) -> dict[str, Any]:
    """docker-py `containers.create` keyword arguments shared by runs and probes. `bytecode_dir`
    (bytecode_cache.py) is mounted read-only as python's bytecode prefix. `code_volume`: on an
    engine that cannot see this machine's folders, the engine's volume holding the package
    (engine_files.py), mounted read-only instead of `package_dir`."""
    memory = f"{limits.memory_mb}m"
    log_kib = max(1, math.ceil(limits.output_bytes / 1024))
    options: dict[str, Any] = {
        "user": f"{SANDBOX_UID}:{SANDBOX_UID}",
        "network_mode": "none",
        # no network endpoint at all: the container still gets its own namespace with only loopback,
        # and start-up skips the network sandbox set-up (about 0.2 s per run here)
        "network_disabled": True,
        "read_only": True,
        "tmpfs": {"/tmp": f"size={limits.tmpfs_mb}m,mode=1777,nosuid,nodev"},
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges"],
        "ipc_mode": "none",
        "pids_limit": limits.pids,
        "mem_limit": memory,
        "memswap_limit": memory,  # no swap: memory + swap = memory
        "nano_cpus": int(limits.cpus * 1e9),
        "ulimits": [
            Ulimit(name=name, soft=value, hard=value) for name, value in common_rlimits(limits).items()
        ],
        # the worker captures candidate output itself; this only bounds what the engine keeps on disk
        "log_config": LogConfig(type="json-file", config={"max-size": f"{log_kib}k", "max-file": "1"}),
        "volumes": {str(package_dir): {"bind": f"{CODE_ROOT}/prism_desktop", "mode": "ro"}},
        "mounts": [],
        "environment": {
            "PYTHONPATH": CODE_ROOT,
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONHASHSEED": "0",
            "HOME": "/tmp",
            "LANG": "C.UTF-8",
        },
        "working_dir": "/tmp",
        "hostname": "sandbox",
        "labels": {LABEL: "1", OWNER_LABEL: owner_tag()},
        "detach": True,
    }
    if code_volume is not None:
        options["volumes"] = {}
        options["mounts"] = [Mount(CODE_ROOT, code_volume, type="volume", read_only=True)]
        options["environment"]["PYTHONPYCACHEPREFIX"] = VOLUME_PYCACHE  # filled by engine_files._warm_up
    if bytecode_dir is not None:
        options["volumes"][str(bytecode_dir)] = {"bind": CACHE_MOUNT, "mode": "ro"}
        options["environment"]["PYTHONPYCACHEPREFIX"] = CACHE_MOUNT
    return options


def attach_run_folder(options: dict[str, Any], in_dir: Path, out_dir: Path, *, copied: bool) -> None:
    """The run's in/ (read-only) and out/ at RUN_ROOT: bind mounts of the host's folders, or, when
    files are copied (an engine elsewhere, engine_files.py), an anonymous volume filled before the
    start and read after the end."""
    if copied:
        options["mounts"] = [*options["mounts"], Mount(RUN_ROOT, None, type="volume")]
    else:
        options["volumes"] = {
            **options["volumes"],
            str(in_dir): {"bind": IN_DIR, "mode": "ro"},
            str(out_dir): {"bind": OUT_DIR, "mode": "rw"},
        }


def run_options(
    limits: Limits,
    package_dir: Path,
    run_dir: RunDir,
    bytecode_dir: Path | None = None,
    code_volume: str | None = None,
) -> dict[str, Any]:
    """A candidate run: the worker, the spec read-only, the result directory writable — bind
    mounts of the host's run folder, or (with `code_volume`: a remote engine) an anonymous volume
    at RUN_ROOT that engine_files.py fills before the start and reads after the end."""
    options = confinement(limits, package_dir, bytecode_dir, code_volume)
    attach_run_folder(options, run_dir.in_dir, run_dir.out_dir, copied=code_volume is not None)
    options["labels"] = {**options["labels"], RUN_LABEL: run_dir.spec.run_id[:200]}
    options["command"] = [
        PYTHON,
        "-s",
        "-B",
        "-m",
        WORKER_MODULE,
        "--spec",
        f"{IN_DIR}/{run_dir.spec_path.name}",
        "--out",
        OUT_DIR,
    ]
    return options


def probe_options(
    limits: Limits,
    package_dir: Path,
    code: str,
    bytecode_dir: Path | None = None,
    code_volume: str | None = None,
) -> dict[str, Any]:
    options = confinement(limits, package_dir, bytecode_dir, code_volume)
    options["command"] = [PYTHON, "-s", "-B", "-c", code]
    return options


def warm_up_options(package_dir: Path, bytecode_dir: Path) -> dict[str, Any]:
    """The one container that may write the bytecode cache: it compiles our package and the
    standard library with the image's python3, and runs no candidate code."""
    options = confinement(Limits(), package_dir)
    options["volumes"][str(bytecode_dir)] = {"bind": CACHE_MOUNT, "mode": "rw"}
    options["environment"]["PYTHONPYCACHEPREFIX"] = CACHE_MOUNT
    options["command"] = [PYTHON, "-s", "-c", WARM_UP]
    return options
