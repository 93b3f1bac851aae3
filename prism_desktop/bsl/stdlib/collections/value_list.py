"""СписокЗначений (ValueList) and ЭлементСпискаЗначений (ValueListItem).

Представление is "" until set (the platform shows the value instead, and so does Строка(Элемент));
СортироватьПоПредставлению orders by Представление itself, as OneScript does. The list has no
Найти method: the platform's search is НайтиПоЗначению.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Self

from prism_desktop.bsl.stdlib.collections.arguments import (
    READ_ONLY_INDEX,
    checked_index,
    optional_str,
    oscript_move_target,
    out_of_range,
    position_by_number,
    to_int,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.array import ArrayReading, BslArray
from prism_desktop.bsl.stdlib.collections.ordering import sort_key
from prism_desktop.bsl.stdlib.collections.sort_direction import is_descending
from prism_desktop.bsl.values.base import (
    BslObject,
    BslRuntimeError,
    active_meter,
    is_number,
    method,
    prop,
    values_equal,
)
from prism_desktop.bsl.values.compare import string_key
from prism_desktop.bsl.values.presentation import to_string


def _flag(value: Any, param_no: int) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise type_mismatch(param_no)
    return value


class BslValueListItem(BslObject):
    TYPE_RU = "ЭлементСпискаЗначений"
    TYPE_EN = "ValueListItem"
    __slots__ = ("check", "picture", "presentation", "value")

    def __init__(self, value: Any = None, presentation: str = "", check: bool = False, picture: Any = None):
        self.value = value
        self.presentation = presentation
        self.check = check
        self.picture = picture

    def bsl_presentation(self) -> str:
        return self.presentation or to_string(self.value)

    @prop("Значение", "Value", settable=True)
    def prop_value(self) -> Any:
        return self.value

    def set_prop_value(self, value: Any) -> None:
        self.value = value

    @prop("Представление", "Presentation", settable=True)
    def prop_presentation(self) -> str:
        return self.presentation

    def set_prop_presentation(self, value: Any) -> None:
        self.presentation = optional_str(value, 1)

    @prop("Пометка", "Check", settable=True)
    def prop_check(self) -> bool:
        return self.check

    def set_prop_check(self, value: Any) -> None:
        self.check = _flag(value, 1)

    @prop("Картинка", "Picture", settable=True)
    def prop_picture(self) -> Any:
        return self.picture

    def set_prop_picture(self, value: Any) -> None:
        self.picture = value


class BslValueList(BslObject):
    TYPE_RU = "СписокЗначений"
    TYPE_EN = "ValueList"
    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[BslValueListItem] = []

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        if args:
            raise BslRuntimeError("Слишком много фактических параметров")
        return cls()

    @classmethod
    def from_values(cls, values: Iterable[Any]) -> Self:
        result = cls()
        result.items = [BslValueListItem(v) for v in values]
        active_meter.current.check_size(len(result.items))
        return result

    def values(self) -> list[Any]:
        return [item.value for item in self.items]

    def _new_item(
        self, position: int, value: Any, presentation: Any, check: Any, picture: Any, value_param_no: int
    ) -> BslValueListItem:
        item = BslValueListItem(
            value, optional_str(presentation, value_param_no + 1), _flag(check, value_param_no + 2), picture
        )
        self.items.insert(position, item)
        active_meter.current.check_size(len(self.items))
        return item

    def _position(self, item: Any) -> int:
        if isinstance(item, BslValueListItem):
            for position, candidate in enumerate(self.items):
                if candidate is item:
                    return position
            raise BslRuntimeError("Элемент не принадлежит списку значений")
        return position_by_number(item, len(self.items))  # Удалить and Сдвинуть: OneScript's wording

    @method("Добавить", "Add")
    def add(
        self, value: Any = None, presentation: Any = None, check: Any = None, picture: Any = None
    ) -> BslValueListItem:
        return self._new_item(len(self.items), value, presentation, check, picture, 1)

    @method("Вставить", "Insert")
    def insert(
        self, index: Any, value: Any = None, presentation: Any = None, check: Any = None, picture: Any = None
    ) -> BslValueListItem:
        position = to_int(index, 1)
        if position < 0 or position > len(self.items):
            raise out_of_range()
        return self._new_item(position, value, presentation, check, picture, 2)

    @method("Удалить", "Delete")
    def delete(self, item: Any) -> None:
        del self.items[self._position(item)]

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.items)

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.items.clear()

    @method("Получить", "Get")
    def get(self, index: Any) -> BslValueListItem:
        return self.items[checked_index(index, len(self.items))]

    @method("Индекс", "IndexOf")
    def index_of(self, item: Any) -> int:
        for position, candidate in enumerate(self.items):
            if candidate is item:
                return position
        return -1

    @method("НайтиПоЗначению", "FindByValue")
    def find_by_value(self, value: Any = None) -> BslValueListItem | None:
        for item in self.items:
            if values_equal(item.value, value):
                return item
        return None

    @method("ВыгрузитьЗначения", "UnloadValues")
    def unload_values(self) -> BslArray:
        return BslArray(self.values())

    @method("ЗагрузитьЗначения", "LoadValues")
    def load_values(self, values: Any) -> None:
        if not isinstance(values, ArrayReading):
            raise type_mismatch(1)
        self.items = [BslValueListItem(v) for v in values.items]

    @method("ЗаполнитьПометки", "FillChecks")
    def fill_checks(self, check: Any) -> None:
        flag = _flag(check, 1)
        for item in self.items:
            item.check = flag

    @method("Сдвинуть", "Move")
    def move(self, item: Any, offset: Any) -> None:
        source = self._position(item)
        target = oscript_move_target(source, offset, len(self.items), wraps=False)
        self.items.insert(target, self.items.pop(source))

    @method("Скопировать", "Copy")
    def copy(self) -> BslValueList:
        result = BslValueList()
        result.items = [BslValueListItem(i.value, i.presentation, i.check, i.picture) for i in self.items]
        return result

    @method("СортироватьПоЗначению", "SortByValue")
    def sort_by_value(self, direction: Any = None) -> None:
        self.items.sort(key=lambda item: sort_key(item.value), reverse=is_descending(direction))

    @method("СортироватьПоПредставлению", "SortByPresentation")
    def sort_by_presentation(self, direction: Any = None) -> None:
        self.items.sort(key=lambda item: string_key(item.presentation), reverse=is_descending(direction))

    def bsl_index_get(self, key: Any) -> Any:
        if not is_number(key):
            raise BslRuntimeError("Неверный тип индекса")
        return self.items[checked_index(key, len(self.items))]

    def bsl_index_set(self, key: Any, value: Any) -> None:
        raise BslRuntimeError(READ_ONLY_INDEX)

    def bsl_iter(self) -> Iterator[Any]:
        return iter(self.items)
