"""Действие (Action): OneScript's delegate, a method of an object kept to be called later.

    Д = Новый Действие(ЭтотОбъект, "Обработать");   // or any object: Новый Действие(Массив, "Добавить")
    Результат = Д.Выполнить(1, 2);                   // calls Обработать(1, 2), returns its result

As in OneScript the method must exist when the Действие is made — for a module, among its exported
methods — or `Новый` fails with "Метод объекта не обнаружен (Имя)"; Выполнить passes its arguments
on with the usual checks of their number.
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.runtime import METHOD_NOT_FOUND, call_method
from prism_desktop.bsl.stdlib.collections.arguments import type_mismatch
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, norm_name


class BslAction(BslObject):
    TYPE_RU = "Действие"
    TYPE_EN = "Action"
    __slots__ = ("method_name", "target")

    def __init__(self, target: BslObject, method_name: str) -> None:
        self.target = target
        self.method_name = method_name

    @classmethod
    def construct(cls, args: list[Any]) -> BslAction:
        if len(args) < 2:
            raise BslRuntimeError("Недостаточно фактических параметров")
        if len(args) > 2:
            raise BslRuntimeError("Слишком много фактических параметров")
        target, name = args
        if not isinstance(target, BslObject):
            raise type_mismatch(1)
        if not isinstance(name, str):
            raise type_mismatch(2)
        if not target.bsl_has_method(name):
            raise BslRuntimeError(METHOD_NOT_FOUND.format(name))
        return cls(target, name)

    @method("Выполнить", "Execute")
    def execute(self, *args: Any) -> Any:
        return call_method(self.target, norm_name(self.method_name), self.method_name, *args)

    def bsl_presentation(self) -> str:
        return self.TYPE_RU


register_constructor(("Действие", "Action"), BslAction.construct)
