"""Execution limits of the engine: a step budget, a wall-clock deadline, call depth and size caps.

Compiled code counts down a module-level counter at every method entry and a function-local one at
every iteration of Пока and Для Каждого (synchronised with the module's around the loop), and calls
`LimitState.tick` when it runs out; tick hands out the next chunk of steps after checking the
deadline and the budget, so the common path costs a decrement and a comparison. A Для loop over
whole numbers is charged in chunks of CHUNK iterations by its iterator (`charge`), at no cost per
iteration. A limit raises
ExecutionLimit, which Попытка cannot catch.
"""

from __future__ import annotations

import time

from prism_desktop.bsl.values.base import ExecutionLimit

CHUNK = 2048  # steps between deadline checks (about 0.1 ms of BSL code)


class RunLimits:
    # a plain class, not a dataclass: made at import, a dataclass costs start-up time (≈1 ms each)
    __slots__ = ("max_collection_items", "max_output_chars", "max_steps", "max_string_chars",
                 "recursion_depth", "timeout_s")

    def __init__(self, timeout_s: float | None = 15.0, max_steps: int | None = None,
                 recursion_depth: int = 1000, max_collection_items: int = 5_000_000,
                 max_string_chars: int = 50_000_000, max_output_chars: int = 1_000_000) -> None:
        self.timeout_s = timeout_s  # per call (None: no deadline)
        self.max_steps = max_steps  # method entries + loop iterations per call (None: unlimited)
        self.recursion_depth = recursion_depth  # BSL call depth
        self.max_collection_items = max_collection_items
        self.max_string_chars = max_string_chars
        self.max_output_chars = max_output_chars

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"RunLimits({shown})"


class LimitState:
    """The running budget of one call into the engine."""

    __slots__ = ("deadline", "handed_out", "max_steps", "pending", "timeout_s")

    def __init__(self) -> None:
        self.deadline: float | None = None
        self.timeout_s: float | None = None
        self.max_steps: int | None = None
        self.handed_out = 0
        self.pending = 0  # steps charged in bulk (Для loops) left before the next check

    def start(self, timeout_s: float | None, max_steps: int | None) -> None:
        self.timeout_s = timeout_s
        self.deadline = None if timeout_s is None else time.monotonic() + timeout_s
        self.max_steps = max_steps
        self.handed_out = 0
        self.pending = 0

    def tick(self) -> int:
        """Called when the counter of a module went below zero: check, then hand out a new chunk."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise ExecutionLimit("timeout", f"превышено время исполнения ({self.timeout_s:g} с)")
        chunk = CHUNK
        if self.max_steps is not None:
            remaining = self.max_steps - self.handed_out
            if remaining <= 0:
                raise ExecutionLimit("statements", f"превышен предел шагов исполнения ({self.max_steps})")
            chunk = min(chunk, remaining)
        self.handed_out += chunk
        return chunk - 1  # this call itself consumed one step


    def charge(self, steps: int) -> None:
        """Account `steps` iterations of a Для loop about to run (a whole short loop, or one chunk of
        a long one), so that its body needs no per-iteration counter; checks as tick() does."""
        self.pending -= steps
        while self.pending < 0:
            self.pending += self.tick() + 1


def recursion_limit(depth: int | None) -> ExecutionLimit:
    limit = f" ({depth})" if depth is not None else ""
    return ExecutionLimit("recursion", f"превышена глубина вызовов{limit}")
