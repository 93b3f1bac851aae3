"""ОписаниеТипов, the constructor table, and the cost-model / memory hooks of the collections."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal

import pytest

from prism_desktop.bsl.stdlib.collections import (
    CONSTRUCTORS,
    BslArray,
    BslMap,
    BslStructure,
    BslTypeDescription,
    BslValueTable,
)
from prism_desktop.bsl.values.base import NULL, BslRuntimeError, BslType, ExecutionLimit, Meter, active_meter


def call(obj: object, name: str, *args: object) -> object:
    return obj.bsl_call(name, list(args))  # type: ignore[attr-defined]


@pytest.fixture
def meter() -> Iterator[Meter]:
    previous = active_meter.current
    active_meter.current = Meter(max_collection_items=100)
    try:
        yield active_meter.current
    finally:
        active_meter.current = previous


# --- ОписаниеТипов -------------------------------------------------------------------------


def test_type_description_from_names() -> None:
    td = CONSTRUCTORS["описаниетипов"](["Строка, Number,Число"])
    assert call(td, "Типы").items == [BslType("Строка"), BslType("Число")]  # duplicates dropped
    assert call(td, "СодержитТип", BslType("Число")) is True
    assert call(td, "ContainsType", BslType("Дата")) is False
    assert call(td, "СодержитТип", BslType("Неопределено")) is True  # composite types hold it
    assert call(BslTypeDescription.of("Число"), "СодержитТип", BslType("Неопределено")) is False
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        call(td, "СодержитТип", "Число")


def test_type_description_names_objects_and_metadata_types() -> None:
    td = BslTypeDescription.of("ValueTable", "Массив", "СправочникСсылка.Товары")
    assert [t.name for t in td.types] == ["ТаблицаЗначений", "Массив", "СправочникСсылка.Товары"]
    with pytest.raises(BslRuntimeError, match="Тип не зарегистрирован"):  # OneScript's wording
        BslTypeDescription.of("Не тип")
    with pytest.raises(BslRuntimeError, match=r"Тип не зарегистрирован \(НеБулево\)"):
        CONSTRUCTORS["описаниетипов"](["НеБулево"])  # written in code, one unknown name is no metadata type


def test_type_description_from_array_and_from_another() -> None:
    base = CONSTRUCTORS["typedescription"]([BslArray.from_values([BslType("Число"), BslType("Строка")])])
    derived = CONSTRUCTORS["описаниетипов"]([base, "Дата", "Строка"])
    assert [t.name for t in derived.types] == ["Дата", "Число"]  # OneScript's order of types
    assert CONSTRUCTORS["описаниетипов"]([]).types == []
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        CONSTRUCTORS["описаниетипов"]([5])


@pytest.mark.parametrize(
    ("types", "value", "expected"),
    [
        (("Число",), "", 0),
        (("Число",), "12", 12),
        (("Число",), "1.5", Decimal("1.5")),
        (("Число",), "abc", 0),
        (("Число",), None, 0),
        (("Число",), True, 1),
        (("Число",), Decimal("2.5"), Decimal("2.5")),
        (("Строка",), 5, "5"),
        (("Строка",), None, ""),
        (("Строка",), True, "Да"),
        (("Булево",), 0, False),
        (("Булево",), 3, True),
        (("Булево",), "x", False),
        (("Дата",), "x", dt.datetime(1, 1, 1)),
        (("Строка", "Число"), 5, 5),
        (("Строка", "Число"), None, None),
        (("Строка", "Число"), True, "Да"),  # converted to the first listed type
        ((), "что угодно", "что угодно"),
    ],
)
def test_adjust_value(types: tuple[str, ...], value: object, expected: object) -> None:
    result = call(BslTypeDescription.of(*types), "ПривестиЗначение", value)
    assert result == expected and type(result) is type(expected)


def test_adjust_value_keeps_null_only_when_not_typed() -> None:
    assert call(BslTypeDescription(), "ПривестиЗначение", NULL) is NULL
    assert call(BslTypeDescription.of("Число"), "AdjustValue", NULL) == 0


def test_constructors_and_types_cover_both_languages() -> None:
    pairs = [
        ("массив", "array"), ("структура", "structure"), ("соответствие", "map"),
        ("списокзначений", "valuelist"), ("таблицазначений", "valuetable"), ("деревозначений", "valuetree"),
        ("фиксированныймассив", "fixedarray"), ("фиксированнаяструктура", "fixedstructure"),
        ("фиксированноесоответствие", "fixedmap"), ("описаниетипов", "typedescription"),
    ]  # fmt: skip
    for ru, en in pairs:
        assert CONSTRUCTORS[ru] is CONSTRUCTORS[en]
    with pytest.raises(BslRuntimeError, match="Слишком много"):
        CONSTRUCTORS["таблицазначений"]([1])


# --- cost model ----------------------------------------------------------------------------


def test_array_find_charges_elements_examined(meter: Meter) -> None:
    a = BslArray.from_values(list(range(10)))
    call(a, "Найти", 3)
    assert meter.charged == 4
    call(a, "Найти", "нет")
    assert meter.charged == 14
    call(a, "Найти", None)
    assert meter.charged == 24


def test_array_insert_and_delete_charge_the_tail(meter: Meter) -> None:
    a = BslArray.from_values(list(range(10)))
    call(a, "Вставить", 2, "x")  # 10 - 2 elements shift
    assert meter.charged == 8
    call(a, "Удалить", 0)  # 11 - 0
    assert meter.charged == 19
    call(a, "Вставить", 10, "end")  # appending shifts nothing
    call(a, "Удалить", 10)  # deleting the last element shifts one
    assert meter.charged == 20


def test_map_and_structure_charge_nothing(meter: Meter) -> None:
    m = BslMap.from_pairs([(i, i) for i in range(10)])
    s = BslStructure.from_pairs([(f"к{i}", i) for i in range(10)])
    call(m, "Вставить", 5, 0)
    call(m, "Удалить", 5)
    call(s, "Вставить", "к0", 1)
    call(s, "Удалить", "к0")
    assert meter.charged == 0


def test_table_search_charges(meter: Meter) -> None:
    t = BslValueTable.from_rows(["А", "Б"], [(i, i % 2) for i in range(10)])
    call(t, "Найти", 4, "А")
    assert meter.charged == 5
    call(t, "НайтиСтроки", BslStructure.from_pairs([("А", 1), ("Б", 1)]))
    assert meter.charged == 5 + 10 * 2


def test_growth_is_capped(meter: Meter) -> None:
    a = BslArray()
    for i in range(100):
        call(a, "Добавить", i)
    with pytest.raises(ExecutionLimit):
        call(a, "Добавить", 100)
    with pytest.raises(ExecutionLimit):
        call(BslArray(), "Вставить", 500, 1)
    with pytest.raises(ExecutionLimit):
        CONSTRUCTORS["массив"]([20, 20])
    m = BslMap()
    with pytest.raises(ExecutionLimit):
        for i in range(101):
            m.bsl_index_set(i, i)
    t = BslValueTable()
    with pytest.raises(ExecutionLimit):
        for _ in range(101):
            call(t, "Добавить")
