"""The first step of a local-fallback process: confine itself, then become the worker (or a probe).

    python -m prism_desktop.sandbox.local_launch --rlimits JSON [--netns] -m MODULE ARGS...
    python -m prism_desktop.sandbox.local_launch --rlimits JSON [--netns] -c CODE

Done in the child itself rather than in a preexec_fn: the host runs many runs from threads, where
work between fork and exec may deadlock. The process is single-threaded here, which the user
namespace route of unshare needs. Pure standard library.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import runpy
import sys

from prism_desktop.sandbox.rlimits import apply_rlimits

CLONE_NEWNET = 0x40000000
CLONE_NEWUSER = 0x10000000


def unshare_network() -> bool:
    """Enter a fresh network namespace (loopback only): directly when privileged, through a user
    namespace otherwise. False when the kernel refuses both; the worker reports what it sees."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    libc = ctypes.CDLL(name, use_errno=True)
    return any(libc.unshare(flags) == 0 for flags in (CLONE_NEWNET, CLONE_NEWUSER | CLONE_NEWNET))


def main(argv: list[str]) -> None:
    usage = "usage: local_launch --rlimits JSON [--netns] (-m MODULE ARGS... | -c CODE)"
    if len(argv) < 4 or argv[0] != "--rlimits":
        raise SystemExit(usage)
    rlimits = json.loads(argv[1])
    rest = argv[2:]
    if rest[0] == "--netns":
        unshare_network()
        rest = rest[1:]
    apply_rlimits(rlimits)
    if len(rest) >= 2 and rest[0] == "-m":
        sys.argv = [rest[1], *rest[2:]]
        runpy.run_module(rest[1], run_name="__main__", alter_sys=True)
    elif len(rest) == 2 and rest[0] == "-c":
        sys.argv = ["-c"]
        exec(compile(rest[1], "<probe>", "exec"), {"__name__": "__main__"})
    else:
        raise SystemExit(usage)


if __name__ == "__main__":
    main(sys.argv[1:])
