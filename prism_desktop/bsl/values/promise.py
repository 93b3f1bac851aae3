"""Обещание (Promise): what an `Асинх` procedure or function returns when it is called.

The platform runs an `Асинх` method until its first `Ждать` of an operation still in progress and hands
the caller an Обещание that settles later. Nothing our executor offers is in progress for long — the
sandbox has no dialogs, files, network or timers to wait on — so an `Асинх` method here runs to its end
when called, and its Обещание is settled before the caller goes on: fulfilled with the value the method
returned, or rejected with the error it raised. What the caller can observe is the platform's:
- the call gives an Обещание, never the value (a synchronous caller that uses it as a value is wrong on
  the platform too);
- `Ждать Обещание` gives the value, or raises the method's error again, where Попытка can catch it;
- `Ждать` of a value that is not an Обещание gives that value;
- an error no `Ждать` received is not lost: the platform reports it to the user, and our engine raises it
  as an uncaught error when the synchronous call that started the method returns (engine.Engine).
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.values.base import BslObject, BslRuntimeError


class BslPromise(BslObject):
    """A settled Обещание. It has no methods or properties of its own, as on the platform."""

    TYPE_RU = "Обещание"
    TYPE_EN = "Promise"

    __slots__ = ("awaited", "error", "value")

    def __init__(self, value: Any = None, error: BslRuntimeError | None = None):
        self.value = value
        self.error = error
        self.awaited = False

    @property
    def unhandled(self) -> bool:
        """Rejected and never awaited: the error still has to reach someone."""
        return self.error is not None and not self.awaited


def await_value(value: Any) -> Any:
    """`Ждать Значение`."""
    if type(value) is not BslPromise:
        return value
    value.awaited = True
    if value.error is not None:
        raise value.error
    return value.value
