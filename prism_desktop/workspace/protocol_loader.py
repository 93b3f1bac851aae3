"""The metric protocols in `metrics/` (PRISM_FORMAT §2): the constitution (smop.yaml), the expert
protocol (smop_l2_expert.yaml), the error taxonomy, and `load_protocols` for the whole folder.
The machine protocol has its own module, l1_loader."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from .errors import ProblemCollector, WorkspaceError
from .l1_loader import load_l1_protocol
from .protocol import (
    AXES,
    Axis,
    AxisDefinition,
    Constitution,
    ErrorTaxonomy,
    L2Axis,
    L2Protocol,
    Protocols,
    TaxonomyRule,
)
from .schema import INT, MAPPING, MISSING, NUMBER, STR, TEXT, FileCheck, describe, one_of
from .tags import CATEGORIES
from .yamlio import KeyPath, load_yaml

CONSTITUTION_FILE = "smop.yaml"
L1_FILE = "smop_l1_auto.yaml"
L2_FILE = "smop_l2_expert.yaml"
TAXONOMY_FILE = "error_taxonomy.yaml"
QUALITY_FORMULAS = ("mean_of_applicable",)
THRESHOLD_KEYS = ("high", "acceptable", "low")
TAXONOMY_DEFAULTS = ("parse", "run", "noentry", "wrong", "meta")


def load_protocols(metrics_dir: Path) -> Protocols:
    """All four protocol files; raises WorkspaceError with the problems of every file. The L1 and
    L2 protocols are checked against the constitution, so they are read only when it is valid."""
    collector = ProblemCollector()
    attempt = collector.attempt
    constitution = attempt(lambda: load_constitution(metrics_dir / CONSTITUTION_FILE))
    taxonomy = attempt(lambda: load_error_taxonomy(metrics_dir / TAXONOMY_FILE))
    l1 = l2 = None
    if constitution is not None:
        l1 = attempt(lambda: load_l1_protocol(metrics_dir / L1_FILE, constitution))
        l2 = attempt(lambda: load_l2_protocol(metrics_dir / L2_FILE, constitution))
    collector.raise_if_any()
    if constitution is None or l1 is None or l2 is None or taxonomy is None:
        raise WorkspaceError(collector.problems)  # unreachable: a None always comes with problems
    return Protocols(constitution=constitution, l1=l1, l2=l2, taxonomy=taxonomy)


def _categories(check: FileCheck, value: Any, key: KeyPath) -> tuple[str, ...]:
    categories = check.strings(value, key)
    for index, category in enumerate(categories):
        if category not in CATEGORIES:
            check.add((*key, index), found=describe(category), expected=one_of(CATEGORIES))
    return categories


def _version(check: FileCheck, root: dict[str, Any]) -> str:
    meta = check.get(root, ("meta",), MAPPING, default={})
    return check.get(meta, ("meta", "version"), TEXT, default="")


def _protocol_header(check: FileCheck, root: dict[str, Any], level: int) -> None:
    header = check.get(root, ("protocol",), MAPPING, default={})
    found = check.get(header, ("protocol", "level"), INT, default=level)
    if found != level:
        check.add(("protocol", "level"), found=describe(found), expected=str(level))


def load_constitution(path: Path) -> Constitution:
    """smop.yaml (§2.1)."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    scale = check.get(root, ("scale",), MAPPING, default={})
    valid_scores = []
    for index, score in enumerate(check.items(scale.get("valid_scores", MISSING), ("scale", "valid_scores"))):
        if check.check(score, ("scale", "valid_scores", index), INT):
            valid_scores.append(score)
    if len(set(valid_scores)) != len(valid_scores):
        check.add(("scale", "valid_scores"), found=str(valid_scores), expected="distinct scores")
    axes: dict[str, AxisDefinition] = {}
    raw_axes = check.get(root, ("smop",), MAPPING, default={})
    for axis in AXES:
        if raw_axes and axis not in raw_axes:
            check.add(("smop", axis), message="missing axis", expected=f"the definition of axis {axis}")
    for name, spec in raw_axes.items():
        key: KeyPath = ("smop", name)
        if name not in AXES:
            check.add(key, message="unknown axis", found=describe(name), expected=one_of(AXES))
            continue
        spec = check.mapping(spec, key)
        axes[name] = AxisDefinition(
            axis=cast(Axis, name),
            name=check.get(spec, (*key, "name"), TEXT, default=""),
            name_en=check.get(spec, (*key, "name_en"), TEXT, default=""),
            applies_to=_categories(check, spec.get("applies_to", MISSING), (*key, "applies_to")),
            measures=check.get(spec, (*key, "measures"), STR, required=False, default=""),
        )
    quality = check.get(root, ("quality_score",), MAPPING, required=False, default={})
    formula = check.get(
        quality, ("quality_score", "formula"), STR, required=False, default=QUALITY_FORMULAS[0]
    )
    if formula not in QUALITY_FORMULAS:
        check.add(("quality_score", "formula"), found=describe(formula), expected=one_of(QUALITY_FORMULAS))
    thresholds = {"high": 8.0, "acceptable": 5.0, "low": 0.0}
    raw_thresholds = check.get(root, ("quality_thresholds",), MAPPING, required=False, default={})
    check.only_keys(raw_thresholds, ("quality_thresholds",), THRESHOLD_KEYS)
    for name in THRESHOLD_KEYS:
        value = check.get(raw_thresholds, ("quality_thresholds", name), NUMBER, required=False)
        if value is not None:
            thresholds[name] = float(value)
    if not thresholds["low"] <= thresholds["acceptable"] <= thresholds["high"]:
        check.add(("quality_thresholds",), found=str(thresholds), expected="low ≤ acceptable ≤ high")
    version = _version(check, root)
    check.raise_if_problems()
    return Constitution(
        version=version,
        valid_scores=tuple(valid_scores),
        axes=axes,
        quality_formula=formula,
        thresholds=thresholds,
    )


def load_l2_protocol(path: Path, constitution: Constitution) -> L2Protocol:
    """smop_l2_expert.yaml (§2.3): per axis, one criterion text per step of the scale."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    _protocol_header(check, root, 2)
    axes: dict[str, L2Axis] = {}
    for name, spec in check.get(root, ("axes",), MAPPING, default={}).items():
        key: KeyPath = ("axes", name)
        if name not in constitution.axes:
            check.add(
                key,
                message="axis not in the constitution",
                found=describe(name),
                expected=one_of(constitution.axes),
            )
            continue
        spec = check.mapping(spec, key)
        criteria: dict[int, str] = {}
        for step, text in check.get(spec, (*key, "criteria"), MAPPING, default={}).items():
            step_key = (*key, "criteria", step)
            if not check.check(step, step_key, INT):
                continue
            if step not in constitution.valid_scores:
                check.add(
                    step_key,
                    message="criterion for a step outside the scale",
                    found=describe(step),
                    expected=one_of(constitution.valid_scores),
                )
            if check.check(text, step_key, TEXT):
                criteria[step] = text
        applies_to = constitution.axes[name].applies_to
        if "applies_to" in spec:
            applies_to = _categories(check, spec["applies_to"], (*key, "applies_to"))
        axes[name] = L2Axis(
            axis=cast(Axis, name),
            criteria=dict(sorted(criteria.items(), reverse=True)),
            applies_to=tuple(applies_to),
        )
    rules = check.strings(root.get("rules", []), ("rules",))
    version = _version(check, root)
    check.raise_if_problems()
    return L2Protocol(version=version, axes=axes, rules=rules)


def load_error_taxonomy(path: Path) -> ErrorTaxonomy:
    """error_taxonomy.yaml (§2.4): ordered substring rules and the five default buckets."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    version = check.get(root, ("version",), TEXT, default="")
    rules = []
    for index, raw in enumerate(check.items(root.get("rules", MISSING), ("rules",))):
        key: KeyPath = ("rules", index)
        rule = _taxonomy_rule(check, raw, key)
        match = check.strings(raw.get("match", MISSING) if isinstance(raw, dict) else [], (*key, "match"))
        if isinstance(raw, dict) and isinstance(raw.get("match"), list) and not match:
            check.add((*key, "match"), found="an empty list", expected="at least one substring")
        if rule is not None:
            rules.append(TaxonomyRule(rule.code, rule.axis, rule.label, match))
    defaults: dict[str, TaxonomyRule] = {}
    raw_defaults = check.get(root, ("defaults",), MAPPING, default={})
    check.only_keys(raw_defaults, ("defaults",), TAXONOMY_DEFAULTS)
    for name in TAXONOMY_DEFAULTS:
        if name not in raw_defaults:
            if "defaults" in root:
                check.add(("defaults", name), message="missing key", expected="{code, axis, label}")
            continue
        rule = _taxonomy_rule(check, raw_defaults[name], ("defaults", name))
        if rule is not None:
            defaults[name] = rule
    check.raise_if_problems()
    return ErrorTaxonomy(version=version, rules=tuple(rules), defaults=defaults)


def _taxonomy_rule(check: FileCheck, raw: Any, key: KeyPath) -> TaxonomyRule | None:
    if not check.check(raw, key, MAPPING):
        return None
    code = check.get(raw, (*key, "code"), TEXT, default="")
    axis = check.get(raw, (*key, "axis"), STR, default="")
    if axis and axis not in AXES:
        check.add((*key, "axis"), found=describe(axis), expected=one_of(AXES))
    label = check.get(raw, (*key, "label"), TEXT, default="")
    return TaxonomyRule(code=code, axis=axis, label=label)
