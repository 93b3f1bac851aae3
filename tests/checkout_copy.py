"""A git checkout of the repository's tracked files (as they are in the work tree) in a temporary
folder: what a fresh clone holds, for the tests of packaging and setup scripts."""

from __future__ import annotations

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def fresh_checkout(target: Path) -> Path:
    """The tracked files of this checkout under `target`, committed in a new repository."""
    for name in git(REPO, "ls-files", "-z").split("\0"):
        source = REPO / name
        if name and source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_bytes(source.read_bytes())
            (target / name).chmod(source.stat().st_mode)
    git(target, "init", "-q")
    git(target, "add", "-A")
    git(target, "commit", "-q", "-m", "tracked")
    return target
