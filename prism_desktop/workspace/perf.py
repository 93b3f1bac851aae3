"""perf.yaml, the O-exec ladder of a task (PRISM_FORMAT §1.5 for A, §1.10 for B). The schema is
strict: unknown keys and unknown placeholders are errors, because a typo there silently changes
what is measured."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

from .schema import INT, MAPPING, MISSING, NUMBER, STR, TEXT, FileCheck, describe, one_of
from .tasks import PerfSpec
from .yamlio import KeyPath, load_yaml

A_KEYS = ("p_opt", "sizes", "gen", "call")
B_KEYS = ("p_opt", "sizes", "call", "grow", "count")
B_COUNTS = ("sdbl", "register", "rows")  # rows: PRISM after 1.8.0 (rows its queries return)
A_PLACEHOLDERS = ("{n}", "{entry}")  # plain text substitutions in gen and call
B_PLACEHOLDERS = ("{{ENTRY}}",)  # replaced by the detected entry point in call

# grow block -> (required keys, optional keys)
GROW_BLOCKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "catalog": (("name",), ("parent", "owner", "attrs")),
    "accumulation": (("register", "registrar", "record"), ()),
    "information": (("register", "record"), ()),
    "accounting": (("register", "registrar", "record"), ()),
}
GROW_KEYS = ("name_prefix", *GROW_BLOCKS)

_PLACEHOLDER = re.compile(r"\{\{\s*\w+\s*\}\}|\{\w+\}")


def placeholders(text: str) -> list[str]:
    """Every `{name}` and `{{NAME}}` in `text`, in order of appearance."""
    return [m.group(0) for m in _PLACEHOLDER.finditer(text)]


def load_perf(path: Path, category: str) -> PerfSpec:
    """Parse and validate perf.yaml for a task of `category`; raises WorkspaceError."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    allowed = A_KEYS if category == "A" else B_KEYS
    check.only_keys(root, (), allowed, why=f" for a category-{category} perf.yaml")
    p_opt = check.get(root, ("p_opt",), NUMBER, default=0.0)
    if p_opt < 0:
        check.add(("p_opt",), found=describe(p_opt), expected="a growth exponent ≥ 0")
    sizes = _sizes(check, root.get("sizes", MISSING))
    call = check.get(root, ("call",), TEXT, default="")
    gen = ""
    grow: dict[str, Any] | None = None
    count = "sdbl"
    if category == "A":
        gen = check.get(root, ("gen",), TEXT, default="")
        _placeholders(check, ("gen",), gen, A_PLACEHOLDERS)
        _placeholders(check, ("call",), call, A_PLACEHOLDERS, required="{entry}")
    else:
        _placeholders(check, ("call",), call, B_PLACEHOLDERS, required="{{ENTRY}}")
        grow = _grow(check, root.get("grow", MISSING))
        count = check.get(root, ("count",), STR, required=False, default="sdbl")
        if count not in B_COUNTS:
            check.add(("count",), found=describe(count), expected=one_of(B_COUNTS))
    check.raise_if_problems()
    return PerfSpec(p_opt=float(p_opt), sizes=sizes, call=call, gen=gen, grow=grow, count=count)


def _sizes(check: FileCheck, value: Any) -> tuple[int, ...]:
    key: KeyPath = ("sizes",)
    sizes = []
    for index, size in enumerate(check.items(value, key)):
        if not check.check(size, (*key, index), INT):
            continue
        if size <= 0:
            check.add((*key, index), found=describe(size), expected="a positive size")
        sizes.append(size)
    if value is not MISSING and isinstance(value, list):
        if len(sizes) < 2:
            check.add(key, found=describe(value), expected="at least two sizes (growth needs two ends)")
        elif any(b <= a for a, b in itertools.pairwise(sizes)):
            check.add(key, found=str(sizes), expected="strictly increasing sizes")
    return tuple(sizes)


def _placeholders(
    check: FileCheck, key: KeyPath, text: str, allowed: tuple[str, ...], required: str | None = None
) -> None:
    found = placeholders(text)
    for name in found:
        if name not in allowed:
            check.add(key, message=f"unknown placeholder {name}", found=name, expected=one_of(allowed))
    if required and text and required not in found:
        check.add(
            key, message=f"placeholder {required} missing", expected=f"the measured call through {required}"
        )


def _grow(check: FileCheck, value: Any) -> dict[str, Any]:
    key: KeyPath = ("grow",)
    if not check.check(value, key, MAPPING):
        return {}
    check.only_keys(value, key, GROW_KEYS)
    check.get(value, (*key, "name_prefix"), TEXT, required=False)
    blocks = [name for name in GROW_BLOCKS if name in value]
    if not blocks:
        check.add(key, message="no growth block", expected=f"at least one of {', '.join(GROW_BLOCKS)}")
    for name in blocks:
        block_key = (*key, name)
        block = check.mapping(value[name], block_key)
        required, optional = GROW_BLOCKS[name]
        check.only_keys(block, block_key, (*required, *optional))
        for field_name in required:
            kind = MAPPING if field_name == "record" else TEXT
            check.get(block, (*block_key, field_name), kind)
        for ref in ("parent", "owner"):  # refs of fixture items
            check.get(block, (*block_key, ref), TEXT, required=False)
        check.get(block, (*block_key, "attrs"), MAPPING, required=False)
    return value
