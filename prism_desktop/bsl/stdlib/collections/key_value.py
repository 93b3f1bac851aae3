"""КлючИЗначение (KeyAndValue): what Для Каждого yields over Структура and Соответствие."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import starmap
from typing import Any

from prism_desktop.bsl.values.base import BslObject, prop


class BslKeyAndValue(BslObject):
    TYPE_RU = "КлючИЗначение"
    TYPE_EN = "KeyAndValue"
    __slots__ = ("key", "value")

    def __init__(self, key: Any, value: Any) -> None:
        self.key = key
        self.value = value

    @prop("Ключ", "Key")
    def get_key(self) -> Any:
        return self.key

    @prop("Значение", "Value")
    def get_value(self) -> Any:
        return self.value


def iterate_pairs(pairs: Iterable[tuple[Any, Any]]) -> Iterator[BslKeyAndValue]:
    """Для Каждого over a keyed collection: КлючИЗначение of a snapshot of its pairs, so that
    changing the collection inside the loop does not break the loop. Each КлючИЗначение is made as
    the loop reaches it: made all at once, 300,000 of them kept the cycle collector busy re-scanning
    them for half the loop's time; made one at a time, each is freed when the next replaces it."""
    return starmap(BslKeyAndValue, list(pairs))
