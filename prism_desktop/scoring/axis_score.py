"""The outcome of scoring one axis of one run: the value stored in `scores`, the projected step
stored in `bands` (M and P only) and the `detail` object of the auto file."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class AxisScore:
    """`score` None means "not measured" (N/A), never 0. `detail` None means the axis has no
    detail key at all (not applicable or not requested)."""

    score: float | int | None
    detail: dict[str, Any] | None = field(default=None)
    band: int | None = None  # the step compared with experts (M and P); S and O are steps already

    @classmethod
    def not_measured(cls, reason: str, **extra: Any) -> AxisScore:
        return cls(None, {"reason": reason, **extra})

    def with_detail(self, **extra: Any) -> AxisScore:
        """A copy whose detail gains (or overrides) the given keys."""
        return replace(self, detail={**(self.detail or {}), **extra})

    def measured_by(self, instrument: str) -> AxisScore:
        """Every detail computed from a measurement names the instrument (name and version) that
        produced it; an extra key PRISM's readers ignore."""
        if self.detail is None or not instrument:
            return self
        return self.with_detail(instrument=instrument)


NOT_APPLICABLE = AxisScore(None, None)
