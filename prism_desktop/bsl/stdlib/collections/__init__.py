"""The universal collections of 1C: Массив, Структура, Соответствие, СписокЗначений, ТаблицаЗначений,
ДеревоЗначений, their fixed variants, КлючИЗначение and ОписаниеТипов.

For the executor:
  CONSTRUCTORS[canonical type name](args) builds `Новый X(args)` (registered with stdlib/types.py on
    import); names are lower case with ё→е, in both languages (e.g. "массив", "array",
    "таблицазначений", "valuetable").
  GLOBALS[canonical name] is a global-context value: НаправлениеСортировки / SortDirection.
  By-reference arguments (Структура.Свойство): see byref.py — a class attribute `bsl_byref_args`
    maps a normalised method name to the zero-based positions the executor passes as a `ValueRef`
    (any object with `set(value)`).
  Built-ins take omitted optional arguments as None, so a method called with fewer arguments than
    its Python signature has defaults for behaves as in BSL.

For Python callers (tests, the harness):
  BslArray.from_values(iterable), BslFixedArray.from_values(iterable)
  BslStructure.from_pairs([(key, value), …]), BslFixedStructure.from_pairs(…), .get(key), .keys()
  BslMap.from_pairs([(key, value), …]), BslFixedMap.from_pairs(…), .lookup(key)
  BslValueList.from_values(iterable), .values()
  BslValueTable.from_rows(["Кол1", "Кол2"], [(1, "а"), (2, "б")]), .column_values("Кол1"),
    .columns.names(); rows: row.get("Кол1")
  BslTypeDescription.of("Число") / .of("Строка", "Число")
  byref.Cell() — a ValueRef box for Свойство(Ключ, Cell()).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prism_desktop.bsl.stdlib.collections.array import BslArray, BslFixedArray
from prism_desktop.bsl.stdlib.collections.byref import Cell, ValueRef
from prism_desktop.bsl.stdlib.collections.columns import BslColumn, BslTreeColumn, ColumnCollection
from prism_desktop.bsl.stdlib.collections.key_value import BslKeyAndValue
from prism_desktop.bsl.stdlib.collections.mapping import BslFixedMap, BslMap
from prism_desktop.bsl.stdlib.collections.qualifiers import ENUM_GLOBALS, QUALIFIER_CLASSES
from prism_desktop.bsl.stdlib.collections.sort_direction import SORT_DIRECTION, BslSortDirection
from prism_desktop.bsl.stdlib.collections.structure import BslFixedStructure, BslStructure
from prism_desktop.bsl.stdlib.collections.type_description import BslTypeDescription
from prism_desktop.bsl.stdlib.collections.value_list import BslValueList, BslValueListItem
from prism_desktop.bsl.stdlib.collections.value_table import BslValueTable, BslValueTableRow
from prism_desktop.bsl.stdlib.collections.value_tree import BslValueTree, BslValueTreeRow
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject

__all__ = [
    "CONSTRUCTORS",
    "GLOBALS",
    "BslArray",
    "BslColumn",
    "BslFixedArray",
    "BslFixedMap",
    "BslFixedStructure",
    "BslKeyAndValue",
    "BslMap",
    "BslSortDirection",
    "BslStructure",
    "BslTreeColumn",
    "BslTypeDescription",
    "BslValueList",
    "BslValueListItem",
    "BslValueTable",
    "BslValueTableRow",
    "BslValueTree",
    "BslValueTreeRow",
    "Cell",
    "ColumnCollection",
    "ValueRef",
    "arguments",
    "array",
    "columns",
    "mapping",
    "sort_direction",
    "structure",
    "type_description",
    "value_list",
    "value_table",
    "value_tree",
]


def _canonical(name: str) -> str:
    return name.lower().replace("ё", "е")


_CONSTRUCTIBLE: tuple[tuple[type[BslObject], Callable[[list[Any]], BslObject]], ...] = (
    (BslArray, BslArray.construct),
    (BslFixedArray, BslFixedArray.construct),
    (BslStructure, BslStructure.construct),
    (BslFixedStructure, BslFixedStructure.construct),
    (BslMap, BslMap.construct),
    (BslFixedMap, BslFixedMap.construct),
    (BslValueList, BslValueList.construct),
    (BslValueTable, BslValueTable.construct),
    (BslValueTree, BslValueTree.construct),
    (BslTypeDescription, BslTypeDescription.construct),
)

CONSTRUCTORS: dict[str, Callable[[list[Any]], BslObject]] = {
    _canonical(name): factory
    for cls, factory in (*_CONSTRUCTIBLE, *((q, q.construct) for q in QUALIFIER_CLASSES))
    for name in (cls.TYPE_RU, cls.TYPE_EN)
}
for _name, _factory in CONSTRUCTORS.items():
    register_constructor((_name,), _factory)

GLOBALS: dict[str, Any] = {
    "направлениесортировки": SORT_DIRECTION,
    "sortdirection": SORT_DIRECTION,
    **ENUM_GLOBALS,  # ДопустимыйЗнак, ДопустимаяДлина, ЧастиДаты
}
