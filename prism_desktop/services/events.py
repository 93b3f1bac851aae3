"""Plain-Python events for Qt-free models (napari's `components/dims.py` way): a model announces what
changed through an `Event`, and a Qt view connects its own slots to it. The model never imports Qt,
so it can be driven and tested without an application."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


class Event(Generic[P]):
    """A list of callbacks called in the order they were connected."""

    def __init__(self) -> None:
        self._callbacks: list[Callable[P, object]] = []

    def connect(self, callback: Callable[P, object]) -> None:
        self._callbacks.append(callback)

    def disconnect(self, callback: Callable[P, object]) -> None:
        self._callbacks.remove(callback)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for callback in list(self._callbacks):  # a callback may connect or disconnect others
            callback(*args, **kwargs)
