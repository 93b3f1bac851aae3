"""Compiled bytecode for sandboxed workers, kept outside the package.

Every candidate run starts a fresh python3, which would otherwise compile the engine (and the parts
of the standard library it uses) from source each time: about half a second per run. The cache is a
PYTHONPYCACHEPREFIX tree on the host. For Docker it is filled once per image and package state by a
warm-up container (the image's own python3, so the bytecode always matches it) and mounted read-only
into candidate runs; the local fallback's workers fill their own tree as they import. A stale or
missing entry only costs time: python checks each .pyc against its source and falls back to the
source, so results never depend on the cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import platformdirs

CACHE_MOUNT = "/opt/prism-pycache"
STAMP = "stamp.json"
WARM_UP_TIMEOUT_S = 300
# Run inside the warm-up container: the mounted package, then the standard library.
WARM_UP = (
    "import compileall, sysconfig\n"
    "compileall.compile_dir('/opt/prism/prism_desktop', quiet=1)\n"
    "compileall.compile_dir(sysconfig.get_paths()['stdlib'], quiet=1)\n"
)


def cache_root() -> Path:
    return Path(platformdirs.user_cache_dir("prism-desktop")) / "sandbox-bytecode"


def package_fingerprint(package_dir: Path) -> str:
    """Changes whenever a source file of the package is added, removed or modified."""
    digest = hashlib.sha256()
    for path in sorted(package_dir.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(package_dir)}:{stat.st_mtime_ns}:{stat.st_size}\n".encode())
    return digest.hexdigest()[:24]


def private_dir(path: Path, sandbox_uid: int | None) -> Path:
    """Create `path` inside a 0700 parent (other local users cannot plant bytecode there) and let
    the sandbox user write into it."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.parent.chmod(0o700)
    path.mkdir(exist_ok=True)
    if sandbox_uid is not None:
        if os.geteuid() == 0:
            os.chown(path, sandbox_uid, sandbox_uid)
        else:
            path.chmod(0o777)
    return path


def read_stamp(directory: Path) -> dict[str, str]:
    try:
        data = json.loads((directory / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_stamp(directory: Path, stamp: dict[str, str]) -> None:
    temp = directory / f".{STAMP}.tmp"
    temp.write_text(json.dumps(stamp), encoding="utf-8")
    os.replace(temp, directory / STAMP)


def local_cache_dir(root: Path | None = None) -> Path:
    """Where the local fallback's workers keep their bytecode (one tree per interpreter)."""
    return private_dir((root or cache_root()) / f"local-{sys.implementation.cache_tag}", sandbox_uid=None)
