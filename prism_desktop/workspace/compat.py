"""compat_hash: the fingerprint `prism submit` puts in a submission (PRISM_FORMAT §5), so two
checkouts can tell whether they score the same bank under the same protocol.

The hash is SHA-256 (lower-case hex) of the UTF-8 bytes of these lines joined with "\\n"
(no trailing newline, no other normalisation):

    constitution=<constitution version>
    protocol=<L1 protocol version>
    <task id>|<file>:<sha256 of file text>,<file>:<sha256>,…     one line per task, sorted by id
                                                                 as a string ("A10" < "A2")

Only files that exist are listed, in the order of COMPAT_FILES. A file's text is read with the
BOM stripped and universal newlines, then hashed as UTF-8. canonical.bsl is not part of it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from .yamlio import read_text

COMPAT_FILES = ("task.yaml", "tests.yaml", "tests.bsl", "config_spec.yaml", "fixtures.yaml")


class _TaskLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def directory(self) -> Path: ...


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def compat_lines(tasks: Iterable[_TaskLike], constitution_version: str, protocol_version: str) -> list[str]:
    """The lines the hash is taken over, for display and debugging."""
    lines = [f"constitution={constitution_version}", f"protocol={protocol_version}"]
    for task in sorted(tasks, key=lambda t: str(t.id)):
        parts = [
            f"{name}:{_sha256(read_text(task.directory / name))}"
            for name in COMPAT_FILES
            if (task.directory / name).is_file()
        ]
        lines.append(f"{task.id}|{','.join(parts)}")
    return lines


def compat_hash(tasks: Iterable[_TaskLike], constitution_version: str, protocol_version: str) -> str:
    """SHA-256 hex of compat_lines(...) joined with "\\n"."""
    return _sha256("\n".join(compat_lines(tasks, constitution_version, protocol_version)))
