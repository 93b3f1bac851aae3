"""Typed tasks of a PRISM task bank (`tasks/category_a/*`, `tasks/category_b/*`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class TestCase:
    """One hidden test of a category-A task; values stay in their YAML form (see PRISM_FORMAT §1.4)."""

    __test__ = False  # not a pytest class
    args: tuple[Any, ...]
    expected: Any


@dataclass(frozen=True)
class PerfSpec:
    p_opt: float
    sizes: tuple[int, ...]
    call: str
    gen: str = ""  # category A
    grow: dict[str, Any] | None = None  # category B
    count: str = "sdbl"  # category B: "sdbl" | "register"


@dataclass(frozen=True)
class Task:
    id: str
    name: str
    category: str  # "A" | "B"
    difficulty: str
    prompt: str
    directory: Path
    tags: dict[str, tuple[str, ...]]
    entry_point_patterns: tuple[str, ...]  # A: from tests.yaml; B: from task.yaml
    entry_point: str | None = None  # A only; documentation, never sent to the model
    signature: str | None = None  # A only
    expected_objects: tuple[str, ...] = ()  # B only
    m_testing: str | None = None
    tests: tuple[TestCase, ...] = ()  # A
    perf: PerfSpec | None = None
    canonical: str | None = None  # canonical.bsl text, BOM stripped
    perf_baseline: str | None = None  # A: perf_baseline.bsl text
    config_spec: dict[str, Any] | None = None  # B: parsed config_spec.yaml
    fixtures: dict[str, Any] | None = None  # B: parsed fixtures.yaml
    tests_bsl: str | None = None  # B: tests.bsl text
    extra: dict[str, Any] = field(default_factory=dict)  # unknown task.yaml keys, kept verbatim

    @property
    def testable(self) -> bool:
        if self.category == "A":
            return bool(self.tests)
        return self.config_spec is not None and self.fixtures is not None and self.tests_bsl is not None


@dataclass(frozen=True)
class TagDimension:
    """One dimension of the closed tag vocabulary (`tasks/tags.yaml`, PRISM_FORMAT §1.3)."""

    name: str
    multi: bool
    values: tuple[str, ...]
    applies_to: tuple[str, ...] | None = None  # None: every category

    def applies(self, category: str) -> bool:
        return self.applies_to is None or category in self.applies_to


@dataclass(frozen=True)
class TagVocabulary:
    version: str
    dimensions: dict[str, TagDimension]
    description: str = ""
