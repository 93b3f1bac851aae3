"""Names from input that become paths (issue 20 item 7): an experiment name, a task id or an
evaluator id is one plain file-name component, and a workspace's files stay inside the workspace
(a symlink pointing outside it is refused), so no input can make us read or write elsewhere."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import Problem

_COMPONENT = re.compile(r"[\w][\w.+-]{0,199}", re.UNICODE)
COMPONENT_RULE = "letters, digits and _ . + - (it names a file or folder), not starting with . or -"


def is_safe_component(name: str) -> bool:
    """One file-name component that cannot climb (`..`), separate (`/`, `\\`) or hide (`.x`)."""
    return _COMPONENT.fullmatch(name) is not None


def safe_component(name: str, what: str) -> str:
    """`name` itself, or ValueError naming `what` and the rule."""
    if not is_safe_component(name):
        raise ValueError(f"{what} {name!r} cannot name a file: expected {COMPONENT_RULE}")
    return name


def path_inside(folder: Path, name: str, what: str) -> Path:
    """folder/name, refused unless it stays directly inside `folder` once resolved."""
    path = folder / safe_component(name, what)
    if path.resolve().parent != folder.resolve():
        raise ValueError(f"{what} {name!r}: {path} resolves outside {folder}")
    return path


def links_leaving(root: Path, folders: tuple[str, ...]) -> list[Problem]:
    """Every symlink at or under root/<folder> that resolves outside `root` (not followed further)."""
    base = root.resolve()
    problems = []

    def check(path: Path) -> bool:
        """False (and a problem recorded) for a link leaving the workspace."""
        if not path.is_symlink():
            return True
        target = path.resolve()
        if target.is_relative_to(base):
            return True
        problems.append(
            Problem(
                path,
                message="a symbolic link pointing outside the workspace is refused",
                found=str(target),
                expected=f"a file or folder inside {base}",
            )
        )
        return False

    for folder in folders:
        if not check(root / folder):
            continue  # never walk into a folder outside the workspace
        for current, directories, files in os.walk(root / folder):
            for name in [*directories, *files]:
                check(Path(current) / name)
    return problems
