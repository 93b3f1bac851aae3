"""From a model's answer to a library task's files: one fenced ```diff block applied to the stub, or
fenced files each headed by its path (in the fence's info string or on the line before it). A patch
that does not apply is the candidate's fault and says where. Pure standard library."""

from __future__ import annotations

import re

from prism_desktop.sandbox.code.candidate import FENCE

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
PATH_TOKEN = re.compile(r"[\w./-]+\.(?:py|pyi|txt|toml|cfg|json)\b")
MAX_OFFSET = 200  # how far a hunk may have moved from where it says it starts


class PatchError(ValueError):
    """The patch or the headed files cannot be turned into the library's files."""


def _clean_path(path: str) -> str:
    path = path.strip().split("\t")[0].strip()
    for prefix in ("a/", "b/", "./"):
        if path.startswith(prefix):
            path = path[len(prefix) :]
    return path


def _check_path(path: str, package: str) -> str:
    if path.startswith("/") or ".." in path.split("/") or not path.startswith(f"{package}/"):
        raise PatchError(f"{path!r} is not a file of the package {package}/")
    return path


def apply_unified_diff(files: dict[str, str], patch: str, package: str) -> dict[str, str]:
    """`files` with `patch` applied (a new dict); PatchError names the file and hunk that failed."""
    result = dict(files)
    lines = patch.splitlines()
    index, touched = 0, 0
    while index < len(lines):
        if not (
            lines[index].startswith("--- ") and index + 1 < len(lines) and lines[index + 1].startswith("+++ ")
        ):
            index += 1
            continue
        old_path, new_path = _clean_path(lines[index][4:]), _clean_path(lines[index + 1][4:])
        index += 2
        target = _check_path(old_path if new_path == "/dev/null" else new_path, package)
        source = "" if old_path == "/dev/null" else result.get(target)
        if source is None:
            raise PatchError(f"the patch changes {target}, which the stub does not have")
        current = source.splitlines()
        hunks: list[tuple[int, list[str]]] = []
        while index < len(lines) and not lines[index].startswith("--- "):
            match = HUNK.match(lines[index])
            if not match:
                index += 1
                continue
            start, body = int(match[1]), []
            index += 1
            while (
                index < len(lines)
                and lines[index][:1] in (" ", "+", "-", "\\", "")
                and not lines[index].startswith(("--- ", "@@"))
            ):
                body.append(lines[index])
                index += 1
            hunks.append((start, body))
        if not hunks:
            raise PatchError(f"the patch for {target} has no hunk")
        offset = 0
        for number, (start, body) in enumerate(hunks, 1):
            old = [line[1:] for line in body if line[:1] in (" ", "-") or line == ""]
            new = [line[1:] for line in body if line[:1] in (" ", "+") or line == ""]
            at = _find(current, old, max(0, start - 1 + offset))
            if at is None:
                raise PatchError(f"hunk {number} of {target} (at line {start}) does not match the stub")
            current[at : at + len(old)] = new
            offset += len(new) - len(old)
        if new_path == "/dev/null":
            result.pop(target, None)
        else:
            result[target] = "\n".join(current) + "\n"
        touched += 1
    if not touched:
        raise PatchError("no file header (--- a/… / +++ b/…) in the diff")
    return result


def _find(lines: list[str], block: list[str], expected: int) -> int | None:
    if not block:
        return min(expected, len(lines))
    for distance in range(MAX_OFFSET + 1):
        for at in (expected - distance, expected + distance):
            if 0 <= at <= len(lines) - len(block) and lines[at : at + len(block)] == block:
                return at
    return None


def library_files(response: str, stub: dict[str, str], package: str) -> dict[str, str]:
    """The package's files after the candidate's answer; PatchError when none can be built."""
    blocks = list(FENCE.finditer(response))
    for match in blocks:
        info = match["info"].strip().lower().split()
        body = match["body"]
        if (info and info[0] in ("diff", "patch")) or body.lstrip().startswith(("--- ", "diff --git")):
            return apply_unified_diff(stub, body, package)
    files: dict[str, str] = {}
    for match in blocks:
        path = _heading(response, match)
        if path is not None:
            files[_check_path(path, package)] = match["body"]
    if not files:
        raise PatchError("no ```diff block and no fenced file headed by its path (e.g. `pkg/module.py`)")
    return {**stub, **files}


def _heading(response: str, match: re.Match[str]) -> str | None:
    """The path a fenced file is headed by: in its info string, else on the last non-empty line before it."""
    info = match["info"].strip()
    for word in info.split()[1:] + ([info] if " " not in info else []):
        found = PATH_TOKEN.search(word.removeprefix("path=").removeprefix("title="))
        if found and "/" in found.group(0):
            return _clean_path(found.group(0))
    before = response[: match.start()].rstrip().splitlines()
    if before:
        found = PATH_TOKEN.search(before[-1])
        if found:
            return _clean_path(found.group(0))
    return None
