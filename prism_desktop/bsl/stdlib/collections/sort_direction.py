"""НаправлениеСортировки (SortDirection): the system enumeration taken by СортироватьПоЗначению and
СортироватьПоПредставлению. `SORT_DIRECTION` is the global the executor exposes under both names."""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.stdlib.collections.arguments import type_mismatch
from prism_desktop.bsl.values.base import BslObject, prop


class BslSortDirection(BslObject):
    """One value of the enumeration; Строка() gives its Russian name, as the platform does."""

    TYPE_RU = "НаправлениеСортировки"
    TYPE_EN = "SortDirection"
    __slots__ = ("descending", "name")

    def __init__(self, name: str, descending: bool) -> None:
        self.name = name
        self.descending = descending

    def bsl_presentation(self) -> str:
        return self.name


ASCENDING = BslSortDirection("Возр", descending=False)
DESCENDING = BslSortDirection("Убыв", descending=True)


class BslSortDirectionEnum(BslObject):
    """The enumeration itself: НаправлениеСортировки.Возр / .Убыв (SortDirection.Asc / .Desc)."""

    TYPE_RU = "ПеречислениеНаправлениеСортировки"
    TYPE_EN = "EnumSortDirection"
    __slots__ = ()

    @prop("Возр", "Asc")
    def asc(self) -> BslSortDirection:
        return ASCENDING

    @prop("Убыв", "Desc")
    def desc(self) -> BslSortDirection:
        return DESCENDING


SORT_DIRECTION = BslSortDirectionEnum()


def is_descending(direction: Any, param_no: int = 1) -> bool:
    """Read a НаправлениеСортировки argument; omitted means ascending."""
    if direction is None:
        return False
    if isinstance(direction, BslSortDirection):
        return direction.descending
    raise type_mismatch(param_no)
