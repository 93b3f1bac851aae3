"""A small JSON file from a workspace (a coding task's or a library's description), read with bounds:
its size is checked before it is read and its nesting before it is parsed, so a hostile file gets a
clear error naming where it went wrong instead of a RecursionError or a parser holding gigabytes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .errors import Problem, WorkspaceError
from .yamlio import read_text

MAX_JSON_BYTES = 1024 * 1024
MAX_JSON_DEPTH = 32
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)  # strings (skipped) and brackets


def nesting_too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> tuple[int, int] | None:
    """(line, column) of the first bracket opening level `limit + 1`, brackets inside strings
    ignored; None when the text nests no deeper than `limit`."""
    depth = 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > limit:
                start = token.start()
                line = text.count("\n", 0, start) + 1
                return line, start - (text.rfind("\n", 0, start) + 1) + 1
        elif mark in "]}":
            depth -= 1
    return None


def read_json_object(
    path: Path, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_JSON_DEPTH
) -> dict[str, Any]:
    """The file's JSON object; WorkspaceError naming the file (and line and column where known)
    when it is too large, nested too deeply, not JSON or not an object."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise WorkspaceError(Problem(path, message=f"cannot read: {exc.strerror}")) from None
    if size > max_bytes:
        raise WorkspaceError(Problem(path, found=f"{size} bytes", expected=f"at most {max_bytes} bytes"))
    text = read_text(path)
    deep = nesting_too_deep(text, max_depth)
    if deep is not None:
        raise WorkspaceError(
            Problem(path, line=deep[0], column=deep[1], message="JSON nested too deeply",
                    expected=f"at most {max_depth} levels of [ ] and {{ }}")
        )  # fmt: skip
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise WorkspaceError(
            Problem(path, line=exc.lineno, column=exc.colno, message=f"not JSON: {exc.msg}")
        ) from None
    if not isinstance(data, dict):
        raise WorkspaceError(Problem(path, found=type(data).__name__, expected="a JSON object"))
    return data
