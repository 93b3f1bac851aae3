"""The Level-1 machine protocol, smop_l1_auto.yaml (PRISM_FORMAT §2.2), into an L1Protocol.

Prose keys (measures, signal, coverage, why, …) are PRISM's and ours to write freely and are not
read. Everything the scorer acts on is checked: tables, directions, bounds, scores against the
constitution's scale, and our optional `runtime:` block, whose absence gives PRISM's values."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, cast

from .protocol import (
    Axis,
    AxisRules,
    Constitution,
    Direction,
    L1Protocol,
    RuntimeConstants,
    ScoringTable,
    TableRow,
)
from .schema import (
    BOOL,
    INT,
    MAPPING,
    MISSING,
    NUMBER,
    STR,
    TEXT,
    FileCheck,
    Kind,
    describe,
    one_of,
)
from .tags import CATEGORIES
from .yamlio import KeyPath, load_yaml

DIRECTIONS = ("lower_is_better", "higher_is_better")
ROW_KEYS = ("bound", "score", "exclusive", "else")
NAMED_TABLES = ("scoring", "exec_scoring", "b_exec_scoring")
_INSTRUMENT = Kind(
    "a string or a mapping {A: …, B: …}",
    lambda v: isinstance(v, dict) or (isinstance(v, str) and v.strip() != ""),
)


def load_l1_protocol(path: Path, constitution: Constitution) -> L1Protocol:
    """Parse smop_l1_auto.yaml, checked against `constitution`; raises WorkspaceError."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    header = check.get(root, ("protocol",), MAPPING, default={})
    level = check.get(header, ("protocol", "level"), INT, default=1)
    if level != 1:
        check.add(("protocol", "level"), found=describe(level), expected="1 (the machine protocol)")
    constitution_ref = check.get(header, ("protocol", "constitution"), TEXT, default="")
    meta = check.get(root, ("meta",), MAPPING, default={})
    version = check.get(meta, ("meta", "version"), TEXT, default="")
    axes: dict[str, AxisRules] = {}
    raw_axes = check.get(root, ("axes",), MAPPING, default={})
    for name in constitution.axes:
        if name not in raw_axes and raw_axes:
            check.add(("axes", name), message="missing axis", expected=f"rules for axis {name}")
    for name, spec in raw_axes.items():
        if name not in constitution.axes:
            check.add(
                ("axes", name),
                message="axis not in the constitution",
                found=describe(name),
                expected=one_of(constitution.axes),
            )
            continue
        rules = _axis(check, name, check.mapping(spec, ("axes", name)), constitution)
        if rules is not None:
            axes[name] = rules
    runtime = _runtime(check, root.get("runtime", MISSING))
    check.raise_if_problems()
    return L1Protocol(version=version, constitution=constitution_ref, axes=axes, runtime=runtime)


def _axis(check: FileCheck, name: str, spec: dict[str, Any], constitution: Constitution) -> AxisRules | None:
    key: KeyPath = ("axes", name)
    defined = constitution.axes[name].applies_to
    applies_to = defined
    if "applies_to" in spec:
        applies_to = check.strings(spec["applies_to"], (*key, "applies_to"))
        for index, category in enumerate(applies_to):
            if category not in defined:
                check.add(
                    (*key, "applies_to", index),
                    found=describe(category),
                    expected=f"a category the constitution gives axis {name}: {', '.join(defined)}",
                )
    instrument = _instrument(check, spec.get("instrument", MISSING), (*key, "instrument"))
    tables: dict[str, ScoringTable] = {}
    extra_tables: dict[str, ScoringTable] = {}
    for table_name, value in spec.items():
        is_named = table_name in NAMED_TABLES
        if not is_named and not (str(table_name).endswith("_scoring") and isinstance(value, dict)):
            continue
        table = parse_table(check, value, (*key, table_name), constitution.valid_scores)
        if table is not None:
            (tables if is_named else extra_tables)[table_name] = table
    if "scoring" not in spec:
        check.add((*key, "scoring"), message="missing key", expected="the axis scoring table")
    pre_check = _pre_check(check, spec.get("pre_check", MISSING), (*key, "pre_check"))
    cluster_gap = check.get(spec, (*key, "cluster_gap"), INT, required=False)
    if cluster_gap is not None and cluster_gap < 0:
        check.add((*key, "cluster_gap"), found=describe(cluster_gap), expected="a line count ≥ 0")
    blockers = check.strings(spec.get("compile_blocker_codes", []), (*key, "compile_blocker_codes"))
    white_list = _white_list(check, spec.get("white_list", {}), (*key, "white_list"))
    if "scoring" not in tables:
        return None
    return AxisRules(
        axis=cast(Axis, name),
        applies_to=tuple(applies_to),
        instrument=instrument,
        table=tables["scoring"],
        pre_check=pre_check,
        cluster_gap=cluster_gap,
        compile_blocker_codes=blockers,
        white_list=white_list,
        exec_table=tables.get("exec_scoring"),
        b_exec_table=tables.get("b_exec_scoring"),
        extra_tables=extra_tables,
    )


def parse_table(
    check: FileCheck, value: Any, key: KeyPath, valid_scores: tuple[int, ...]
) -> ScoringTable | None:
    """A `{direction, table: [rows]}` block (§2.2 "How a table is evaluated")."""
    if not check.check(value, key, MAPPING):
        return None
    direction = check.get(value, (*key, "direction"), STR, default="")
    if direction and direction not in DIRECTIONS:
        check.add((*key, "direction"), found=describe(direction), expected=one_of(DIRECTIONS))
    rows: list[TableRow] = []
    raw_rows = check.items(value.get("table", MISSING), (*key, "table"))
    if "table" in value and isinstance(value["table"], list) and not raw_rows:
        check.add((*key, "table"), found="an empty list", expected="at least one row")
    for index, raw in enumerate(raw_rows):
        row = _row(check, raw, (*key, "table", index), valid_scores)
        if row is None:
            continue
        if rows and rows[-1].is_else:
            check.add(
                (*key, "table", index),
                message="row after an else row can never match",
                expected="the else row last",
            )
        elif rows and direction in DIRECTIONS and _shadowed(rows[-1], row, direction):
            check.add(
                (*key, "table", index),
                message="row can never match: the row above takes every signal it would",
                found=f"bound {row.bound} after {rows[-1].bound}",
                expected="bounds ordered in the table's direction",
            )
        rows.append(row)
    anchor_max = check.get(value, (*key, "anchor_max"), INT, required=False)
    if anchor_max is not None and anchor_max not in valid_scores:
        check.add((*key, "anchor_max"), found=describe(anchor_max), expected=f"one of {list(valid_scores)}")
        anchor_max = None
    if direction not in DIRECTIONS or not rows or len(rows) != len(raw_rows):
        return None
    return ScoringTable(direction=cast(Direction, direction), rows=tuple(rows), anchor_max=anchor_max)


def _shadowed(above: TableRow, row: TableRow, direction: str) -> bool:
    """True when every signal matching `row` is already taken by the row above it."""
    if above.bound is None or row.bound is None:
        return False  # an else row is never shadowed; one above it is reported separately
    if direction == "lower_is_better":
        wider = row.bound < above.bound
    else:
        wider = row.bound > above.bound
    same_bound_covered = row.bound == above.bound and (row.exclusive or not above.exclusive)
    return wider or same_bound_covered


def _row(check: FileCheck, raw: Any, key: KeyPath, valid_scores: tuple[int, ...]) -> TableRow | None:
    if not check.check(raw, key, MAPPING):
        return None
    before = len(check.problems)
    check.only_keys(raw, key, ROW_KEYS)
    score = check.get(raw, (*key, "score"), INT, default=None)
    if score is not None and score not in valid_scores:
        check.add(
            (*key, "score"),
            found=describe(score),
            expected=f"a score of the constitution's scale: {', '.join(map(str, valid_scores))}",
        )
    is_else = check.get(raw, (*key, "else"), BOOL, required=False, default=False)
    exclusive = check.get(raw, (*key, "exclusive"), BOOL, required=False, default=False)
    bound = None
    if is_else:
        for name in ("bound", "exclusive"):
            if name in raw:
                check.add(
                    (*key, name),
                    message="an else row matches every signal",
                    expected=f"no {name} in an else row",
                )
    else:
        bound = check.get(raw, (*key, "bound"), NUMBER)
    if len(check.problems) != before or score is None:
        return None
    return TableRow(
        score=score, bound=float(bound) if bound is not None else None, exclusive=exclusive, is_else=is_else
    )


def _instrument(check: FileCheck, value: Any, key: KeyPath) -> dict[str, str]:
    if isinstance(value, str) and value.strip():
        return {"*": value}
    if not isinstance(value, dict):
        check.check(value, key, _INSTRUMENT)
        return {}
    result = {}
    for category, text in value.items():
        if category not in CATEGORIES:
            check.add(
                (*key, category),
                message="unknown category",
                found=describe(category),
                expected=one_of(CATEGORIES),
            )
        elif check.check(text, (*key, category), TEXT):
            result[category] = text
    return result


def _pre_check(check: FileCheck, value: Any, key: KeyPath) -> str | None:
    if value is MISSING:
        return None
    if isinstance(value, str) and value.strip():
        return value
    if check.check(value, key, MAPPING):
        return check.get(value, (*key, "rule"), TEXT)
    return None


def _white_list(check: FileCheck, value: Any, key: KeyPath) -> dict[str, float]:
    weights = {}
    for code, weight in check.mapping(value, key).items():
        if not check.check(code, (*key, code), STR) or not check.check(weight, (*key, code), NUMBER):
            continue
        if weight < 0:
            check.add((*key, code), found=describe(weight), expected="a weight ≥ 0")
        weights[code] = float(weight)
    return weights


def _runtime(check: FileCheck, value: Any) -> RuntimeConstants:
    """Our `runtime:` block: every key is a RuntimeConstants field; absent keys keep the default."""
    if value is MISSING:
        return RuntimeConstants()
    key: KeyPath = ("runtime",)
    block = check.mapping(value, key)
    fields = {f.name: f for f in dataclasses.fields(RuntimeConstants)}
    check.only_keys(block, key, fields)
    values: dict[str, Any] = {}
    defaults = RuntimeConstants()
    for name, raw in block.items():
        if name not in fields:
            continue
        default = getattr(defaults, name)
        item_key = (*key, name)
        if isinstance(default, tuple):
            markers = check.strings(raw, item_key)
            if isinstance(raw, list) and len(markers) == len(raw):
                values[name] = markers
        elif isinstance(default, int):
            if check.check(raw, item_key, INT):
                if raw < 0:
                    check.add(item_key, found=describe(raw), expected="an integer ≥ 0")
                values[name] = raw
        elif check.check(raw, item_key, NUMBER):
            if raw <= 0:
                check.add(item_key, found=describe(raw), expected="a number > 0")
            values[name] = float(raw)
    return dataclasses.replace(defaults, **values)
