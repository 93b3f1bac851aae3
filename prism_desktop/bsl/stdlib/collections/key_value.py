"""КлючИЗначение (KeyAndValue): what Для Каждого yields over Структура and Соответствие."""

from __future__ import annotations

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
