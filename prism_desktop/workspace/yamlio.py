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
# Input bombs (docs/gaming.md): the largest YAML of a PRISM checkout is ~15 KB, fixtures a few hundred KB.
MAX_YAML_BYTES = 4 * 1024 * 1024
MAX_YAML_VALUES = 500_000  # values once every alias is expanded ("billion laughs" stops here)
MAX_YAML_DEPTH = 100  # nesting levels, aliases followed


class _Bomb(Exception):
    def __init__(self, node: yaml.Node, message: str):
        super().__init__(message)
        self.node = node
        self.message = message


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
    _check_size(path)
    text = read_text(path)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        lines: dict[KeyPath, int] = {}
        problems: list[Problem] = []
        if node is not None:
            _expanded_size(node, 0, {}, set())
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
    except _Bomb as bomb:
        raise WorkspaceError(
            Problem(path, line=bomb.node.start_mark.line + 1, message=f"YAML refused: {bomb.message}")
        ) from None
    except RecursionError:
        raise WorkspaceError(
            Problem(path, message=f"YAML refused: nested deeper than {MAX_YAML_DEPTH} levels")
        ) from None
    finally:
        loader.dispose()
    if problems:
        raise WorkspaceError(problems)
    return YamlDocument(path, data, lines)


def _check_size(path: Path) -> None:
    try:
        size = path.stat().st_size
    except OSError:
        return  # read_text names the problem
    if size > MAX_YAML_BYTES:
        raise WorkspaceError(
            Problem(
                path,
                found=f"{size:,} bytes",
                expected=f"a YAML file of at most {MAX_YAML_BYTES:,} bytes",
            )
        )


def _expanded_size(
    node: yaml.Node, depth: int, memo: dict[int, tuple[int, int]], path: set[int]
) -> tuple[int, int]:
    """(values, height) of `node` with every alias expanded; raises _Bomb past the bounds. Each
    distinct node is walked once (memo), so an alias bomb is refused in time linear in the file."""
    if not isinstance(node, yaml.CollectionNode):
        return 1, 0
    if id(node) in path:
        raise _Bomb(node, "an alias refers to a collection that contains it")
    known = memo.get(id(node))
    if known is None:
        path.add(id(node))
        children = (
            node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
        )
        values, height = 1, 0
        for child in children:
            if depth + 1 > MAX_YAML_DEPTH:
                raise _Bomb(child, f"nested deeper than {MAX_YAML_DEPTH} levels")
            child_values, child_height = _expanded_size(child, depth + 1, memo, path)
            values, height = values + child_values, max(height, child_height + 1)
            if values > MAX_YAML_VALUES:
                raise _Bomb(node, f"more than {MAX_YAML_VALUES:,} values once its aliases are expanded")
        path.discard(id(node))
        known = memo[id(node)] = (values, height)
    if depth + known[1] > MAX_YAML_DEPTH:
        raise _Bomb(node, f"nested deeper than {MAX_YAML_DEPTH} levels")
    return known


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
