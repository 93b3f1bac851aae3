"""Reading workspace text and YAML the way PRISM does (UTF-8, BOM tolerated, universal newlines,
safe loader), while keeping the source line of every key and item so errors can point at it."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Problem, WorkspaceError

KeyPath = tuple[Hashable, ...]  # mapping keys and list indexes from the document root

# The C parser is much faster on big fixtures; both give the same values and marks.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE_TAG = "tag:yaml.org,2002:merge"


def read_text(path: Path) -> str:
    """A text file as PRISM reads it: UTF-8 with the BOM stripped and newlines made `\\n`."""
    try:
        with open(path, encoding="utf-8-sig", newline=None) as handle:
            return handle.read()
    except FileNotFoundError:
        raise WorkspaceError(Problem(path, message="file not found")) from None
    except UnicodeDecodeError as exc:
        line = _line_of_offset(path, exc.start)
        raise WorkspaceError(
            Problem(path, line=line, found=f"byte 0x{exc.object[exc.start]:02x}", expected="UTF-8 text")
        ) from None
    except OSError as exc:
        raise WorkspaceError(Problem(path, message=f"cannot read the file: {exc.strerror}")) from None


def _line_of_offset(path: Path, offset: int) -> int | None:
    try:
        return path.read_bytes()[:offset].count(b"\n") + 1
    except OSError:
        return None


def key_text(key: KeyPath) -> str:
    """`("tests", 3, "expected")` -> `tests[3].expected`."""
    text = ""
    for part in key:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass(frozen=True)
class YamlDocument:
    """A parsed YAML file: the plain Python value plus the 1-based line of every node."""

    path: Path
    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict, repr=False)

    def line(self, key: KeyPath) -> int | None:
        """The line of `key`, or of its nearest ancestor present in the file (for missing keys)."""
        for end in range(len(key), -1, -1):
            found = self.lines.get(key[:end])
            if found is not None:
                return found
        return None


def load_yaml(path: Path) -> YamlDocument:
    """Parse one YAML file with a safe loader. Raises WorkspaceError naming the line on bad YAML
    and on duplicate mapping keys (which a plain safe loader would silently overwrite)."""
    text = read_text(path)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        lines: dict[KeyPath, int] = {}
        problems: list[Problem] = []
        if node is not None:
            # Walk before constructing: construction flattens merge keys (`<<`) into the mapping,
            # after which an intended override would look like a duplicate key.
            _record_lines(loader, node, (), lines, problems, path, set())
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        detail = " ".join(part for part in (exc.context, exc.problem) if part)
        raise WorkspaceError(
            Problem(path, line=mark.line + 1 if mark else None, message=f"invalid YAML: {detail}")
        ) from None
    except yaml.YAMLError as exc:
        raise WorkspaceError(Problem(path, message=f"invalid YAML: {exc}")) from None
    finally:
        loader.dispose()
    if problems:
        raise WorkspaceError(problems)
    return YamlDocument(path, data, lines)


def _record_lines(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    key: KeyPath,
    lines: dict[KeyPath, int],
    problems: list[Problem],
    path: Path,
    seen: set[int],
) -> None:
    lines.setdefault(key, node.start_mark.line + 1)
    if not isinstance(node, yaml.CollectionNode):
        return
    # An aliased collection is walked once: enough for line numbers, and an alias bomb stays cheap.
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(loader, item, (*key, index), lines, problems, path, seen)
        return
    names: set[Hashable] = set()
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE_TAG:
            continue  # merged entries keep the line of the mapping that merges them
        name = loader.construct_object(key_node, deep=True)
        if not isinstance(name, Hashable):
            continue  # construct_document reports the unhashable key with its position
        if name in names:
            problems.append(
                Problem(
                    path,
                    key=key_text((*key, name)),
                    line=key_node.start_mark.line + 1,
                    message="duplicate key",
                    expected="each key once per mapping",
                )
            )
        names.add(name)
        lines.setdefault((*key, name), key_node.start_mark.line + 1)
        _record_lines(loader, value_node, (*key, name), lines, problems, path, seen)
