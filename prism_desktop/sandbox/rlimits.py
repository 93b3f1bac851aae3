"""The per-process resource limits of a candidate run, shared by the Docker backend (container ulimits)
and the local fallback (setrlimit in the child), so both confine the worker the same way."""

from __future__ import annotations

import resource

from prism_desktop.runs.onec import Limits

OPEN_FILES = 128  # the worker needs a handful; a candidate needs none
STACK_BYTES = 64 * 1024 * 1024  # deep BSL recursion runs deep Python frames

RESOURCES: dict[str, int] = {  # Docker's ulimit names -> resource.RLIMIT_*
    "nofile": resource.RLIMIT_NOFILE,
    "fsize": resource.RLIMIT_FSIZE,
    "stack": resource.RLIMIT_STACK,
    "cpu": resource.RLIMIT_CPU,
    "nproc": resource.RLIMIT_NPROC,
    "as": resource.RLIMIT_AS,
}


def common_rlimits(limits: Limits) -> dict[str, int]:
    """What both backends set: open files, file size, stack."""
    return {"nofile": OPEN_FILES, "fsize": limits.tmpfs_mb * 1024 * 1024, "stack": STACK_BYTES}


def local_rlimits(limits: Limits, cpu_seconds: int) -> dict[str, int]:
    """The local fallback has no cgroup: CPU time, processes and address space come from rlimits too
    (the worker lowers the address space again itself, in both backends)."""
    return {
        **common_rlimits(limits),
        "cpu": cpu_seconds,
        "nproc": limits.pids,
        "as": limits.memory_mb * 1024 * 1024,
    }


def apply_rlimits(rlimits: dict[str, int]) -> None:
    """setrlimit each value (never above the current hard limit, which only root could raise)."""
    for name, value in rlimits.items():
        resource_id = RESOURCES[name]
        _soft, hard = resource.getrlimit(resource_id)
        wanted = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(resource_id, (wanted, wanted))
