"""The domain's words, once, at the bottom floor: every layer (the store, the BSL engine inside the
sandbox, the GUI) may import this module, and it imports nothing of PRISM Desktop.

- the four axes and which of them an expert grades (P is about the platform: category B only);
- the task categories;
- the expert's six-step scale.

How a 1C name is folded for comparison is not one rule: BSL identifiers (bsl/names.canonical)
and metadata names (platform/metadata.norm, where ё is not е) differ, so each keeps its own.
"""

from __future__ import annotations

from typing import Literal

Axis = Literal["S", "M", "O", "P"]
AXES: tuple[Axis, ...] = ("S", "M", "O", "P")  # syntax, meaning, optimality, platform
CATEGORIES: tuple[str, ...] = ("A", "B")  # A: the language alone; B: against a 1C infobase
GRADE_STEPS: tuple[int, ...] = (0, 2, 4, 6, 8, 10)
# The constitution's rule when no protocol says otherwise: P applies to category B only.
DEFAULT_APPLICABLE: dict[str, tuple[str, ...]] = {"A": ("S", "M", "O"), "B": ("S", "M", "O", "P")}

