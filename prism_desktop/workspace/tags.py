"""The closed tag vocabulary (`tasks/tags.yaml`) and the check of a task's `tags` against it,
with exactly the four errors of PRISM_FORMAT §1.3."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prism_desktop.vocabulary import CATEGORIES

from .schema import BOOL, MAPPING, MISSING, STR, TEXT, FileCheck, describe, one_of
from .tasks import TagDimension, TagVocabulary
from .yamlio import KeyPath, load_yaml


def load_tag_vocabulary(path: Path) -> TagVocabulary:
    """Parse tasks/tags.yaml; raises WorkspaceError with every problem found."""
    doc = load_yaml(path)
    check = FileCheck(path, doc)
    root = check.mapping(doc.data, ())
    meta = check.mapping(root.get("meta", {}), ("meta",))
    version = check.get(meta, ("meta", "version"), TEXT, default="")
    description = check.get(meta, ("meta", "description"), STR, required=False, default="")
    dimensions: dict[str, TagDimension] = {}
    raw_dimensions = check.get(root, ("dimensions",), MAPPING, default={})
    for name, spec in raw_dimensions.items():
        key: KeyPath = ("dimensions", name)
        if not check.check(name, key, STR):
            continue
        spec = check.mapping(spec, key)
        multi = check.get(spec, (*key, "multi"), BOOL, default=False)
        values = check.strings(spec.get("values", MISSING), (*key, "values"))
        applies_to = None
        if "applies_to" in spec:
            applies_to = check.strings(spec["applies_to"], (*key, "applies_to"))
            for index, category in enumerate(applies_to):
                if category not in CATEGORIES:
                    check.add(
                        (*key, "applies_to", index), found=describe(category), expected=one_of(CATEGORIES)
                    )
        if len(set(values)) != len(values):
            check.add((*key, "values"), message="a value is listed twice", expected="distinct values")
        dimensions[name] = TagDimension(name, multi, values, applies_to)
    check.raise_if_problems()
    return TagVocabulary(version, dimensions, description)


def check_task_tags(
    check: FileCheck, value: Any, key: KeyPath, category: str, vocabulary: TagVocabulary | None
) -> dict[str, tuple[str, ...]]:
    """The task's `tags` as {dimension: values}; problems go to `check` (the task.yaml check).
    Without a vocabulary (tags.yaml itself is broken) only the shape is checked."""
    tags: dict[str, tuple[str, ...]] = {}
    for dimension_name, raw_values in check.mapping(value, key).items():
        dim_key = (*key, dimension_name)
        if vocabulary is None:
            tags[dimension_name] = check.strings(raw_values, dim_key)
            continue
        dimension = vocabulary.dimensions.get(dimension_name)
        if dimension is None:
            check.add(
                dim_key,
                message="unknown tag dimension",
                found=describe(dimension_name),
                expected=one_of(vocabulary.dimensions),
            )
            continue
        if not dimension.applies(category):
            check.add(
                dim_key,
                message=f"tag dimension not applicable to category {category}",
                expected=f"only in categories {', '.join(dimension.applies_to or ())}",
            )
            continue
        values = check.strings(raw_values, dim_key)
        if not dimension.multi and len(values) > 1:
            check.add(
                dim_key,
                message="more than one value in a single-value dimension",
                found=f"{len(values)} values",
                expected="at most one value",
            )
        for index, tag in enumerate(values):
            if tag not in dimension.values:
                check.add(
                    (*dim_key, index),
                    message="tag outside the vocabulary",
                    found=describe(tag),
                    expected=one_of(dimension.values),
                )
        tags[dimension_name] = values
    return tags
