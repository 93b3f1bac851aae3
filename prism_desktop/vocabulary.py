"""The domain's words, once, at the bottom floor: every layer (the store, the BSL engine inside the
sandbox, the GUI) may import this module, and it imports nothing of PRISM Desktop.

- the four axes and which of them apply to a category (P is about the platform: category B only),
  one function: applicable_axes;
- the task categories;
- the expert's six-step scale.

How a 1C name is folded for comparison is not one rule: BSL identifiers (bsl/names.canonical)
and metadata names (platform/metadata.norm, where ё is not е) differ, so each keeps its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, Protocol

Axis = Literal["S", "M", "O", "P"]
AXES: tuple[Axis, ...] = ("S", "M", "O", "P")  # syntax, meaning, optimality, platform
CATEGORIES: tuple[str, ...] = ("A", "B")  # A: the language alone; B: against a 1C infobase
GRADE_STEPS: tuple[int, ...] = (0, 2, 4, 6, 8, 10)
# The constitution's rule when no protocol says otherwise: P applies to category B only.
DEFAULT_APPLICABLE: dict[str, tuple[Axis, ...]] = {"A": ("S", "M", "O"), "B": ("S", "M", "O", "P")}


class _AxisScope(Protocol):
    """What a protocol says of one axis, as far as applicability goes (the constitution's
    AxisDefinition, the L2 protocol's L2Axis)."""

    @property
    def applies_to(self) -> tuple[str, ...]: ...


def applicable_axes(category: str, protocol_axes: Mapping[str, _AxisScope] | None = None) -> tuple[Axis, ...]:
    """The axes that apply to a task category, in AXES order. With a protocol's axes (the
    constitution's, the L2 protocol's): those whose `applies_to` names the category. Without: the
    constitution's rule, S, M and O always and P for category B only (so not for a coding bench's
    dataset folders either)."""
    if protocol_axes is None:
        return DEFAULT_APPLICABLE["B"] if category == "B" else DEFAULT_APPLICABLE["A"]
    return tuple(a for a in AXES if a in protocol_axes and category in protocol_axes[a].applies_to)


def axis_applies(axis: str, category: str, protocol_axes: Mapping[str, _AxisScope] | None = None) -> bool:
    """Whether `axis` applies to `category` (applicable_axes)."""
    return axis in applicable_axes(category, protocol_axes)
