"""The by-reference argument convention between the executor and built-in methods.

A built-in class lists, in its class attribute `bsl_byref_args`, the normalised method names (lower
case, ё→е, both languages) whose arguments at the given zero-based positions are passed by reference.
For those positions the executor passes, instead of the value, an object with a `set(value)` method
that assigns the caller's variable, field or element (a `ValueRef`). When the caller wrote an
expression that is not assignable, or omitted the argument, the executor passes the plain value or
None, and the method just does not write back.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ValueRef(Protocol):
    def set(self, value: Any) -> None: ...


class Cell:
    """The simplest ValueRef: a box. Used by the Python API and tests."""

    __slots__ = ("value",)

    def __init__(self, value: Any = None) -> None:
        self.value = value

    def set(self, value: Any) -> None:
        self.value = value


def write_back(target: Any, value: Any) -> None:
    """Assign through a by-reference argument when the caller gave an assignable one."""
    if isinstance(target, ValueRef):
        target.set(value)
