"""Массив and ФиксированныйМассив through the executor's entry points (bsl_call, bsl_index_*, bsl_iter)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from prism_desktop.bsl.stdlib.collections import CONSTRUCTORS, BslArray, BslFixedArray
from prism_desktop.bsl.values.base import NULL, BslRuntimeError

OUT_OF_RANGE = "Индекс находится за границами диапазона"


def new(type_name: str, *args: object) -> object:
    return CONSTRUCTORS[type_name](list(args))


def test_new_array_forms() -> None:
    assert new("массив").items == []
    assert new("Array".lower(), 3).items == [None, None, None]
    grid = new("массив", 2, 3)
    assert len(grid.items) == 2
    assert all(isinstance(row, BslArray) and row.items == [None] * 3 for row in grid.items)
    assert grid.items[0] is not grid.items[1]  # each row is its own array
    assert new("массив", 0).items == []


def test_new_array_rejects_bad_dimensions() -> None:
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        new("массив", "3")
    with pytest.raises(BslRuntimeError, match="Недопустимое значение параметра"):
        new("массив", -1)


def test_new_array_from_fixed_array_copies() -> None:
    fixed = BslFixedArray.from_values([1, 2])
    copy = new("массив", fixed)
    assert isinstance(copy, BslArray) and copy.items == [1, 2]
    copy.bsl_call("Добавить", [3])
    assert fixed.items == [1, 2]


def test_add_count_ubound_and_case_insensitive_names() -> None:
    a = BslArray()
    assert a.bsl_call("ВГраница", []) == -1
    a.bsl_call("Добавить", [10])
    a.bsl_call("добавить", [20])
    a.bsl_call("ADD", [])
    assert a.items == [10, 20, None]
    assert a.bsl_call("количество", []) == 3
    assert a.bsl_call("Count", []) == 3
    assert a.bsl_call("UBound", []) == 2


def test_insert_inside_and_past_the_end() -> None:
    a = BslArray.from_values(["a", "c"])
    a.bsl_call("Вставить", [1, "b"])
    assert a.items == ["a", "b", "c"]
    a.bsl_call("Вставить", [0, "start"])
    assert a.items == ["start", "a", "b", "c"]
    a.bsl_call("Вставить", [6, "far"])  # pads with Неопределено up to the index
    assert a.items == ["start", "a", "b", "c", None, None, "far"]
    a.bsl_call("Insert", [7, "end"])
    assert a.items[-1] == "end"


def test_insert_negative_index_fails() -> None:
    with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
        BslArray().bsl_call("Вставить", [-1, 1])


def test_delete_and_clear() -> None:
    a = BslArray.from_values([1, 2, 3])
    a.bsl_call("Удалить", [1])
    assert a.items == [1, 3]
    with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
        a.bsl_call("Удалить", [2])
    with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
        a.bsl_call("Удалить", [-1])
    a.bsl_call("Очистить", [])
    assert a.items == []


def test_get_set_and_indexer() -> None:
    a = BslArray.from_values([1, 2])
    assert a.bsl_call("Получить", [1]) == 2
    a.bsl_call("Установить", [0, "x"])
    assert a.bsl_index_get(0) == "x"
    a.bsl_index_set(Decimal("1.0"), "y")
    assert a.items == ["x", "y"]
    for bad in (2, -1):
        with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
            a.bsl_index_get(bad)
        with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
            a.bsl_index_set(bad, 0)
        with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
            a.bsl_call("Получить", [bad])
        with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
            a.bsl_call("Установить", [bad, 0])
    with pytest.raises(BslRuntimeError, match="Число"):
        a.bsl_index_get("0")


def test_empty_array_indexer_is_out_of_range() -> None:
    with pytest.raises(BslRuntimeError, match=OUT_OF_RANGE):
        BslArray().bsl_index_get(0)


def test_find_uses_platform_equality() -> None:
    a = BslArray.from_values([1, "1", True, None, NULL, Decimal("2.5")])
    assert a.bsl_call("Найти", ["1"]) == 1
    assert a.bsl_call("Найти", [Decimal("1.0")]) == 0  # numbers by value
    assert a.bsl_call("Найти", [True]) == 2  # Истина is not 1
    assert a.bsl_call("Найти", [None]) == 3
    assert a.bsl_call("Найти", [NULL]) == 4
    assert a.bsl_call("Найти", [Decimal("2.50")]) == 5
    assert a.bsl_call("Найти", ["нет"]) is None
    assert a.bsl_call("Find", [False]) is None


def test_find_is_case_sensitive_for_strings_and_by_reference_for_objects() -> None:
    inner = BslArray()
    a = BslArray.from_values(["А", inner])
    assert a.bsl_call("Найти", ["а"]) is None
    assert a.bsl_call("Найти", [inner]) == 1
    assert a.bsl_call("Найти", [BslArray()]) is None


def test_for_each_is_live() -> None:
    a = BslArray.from_values([1, 2])
    seen = []
    for value in a.bsl_iter():
        seen.append(value)
        if value == 1:
            a.bsl_call("Добавить", [3])
    assert seen == [1, 2, 3]


def test_unknown_method_and_presentation() -> None:
    a = BslArray()
    with pytest.raises(BslRuntimeError, match=r"Метод объекта не обнаружен \(Push\)"):
        a.bsl_call("Push", [1])
    assert a.bsl_presentation() == "Массив"
    assert BslFixedArray().bsl_presentation() == "ФиксированныйМассив"


def test_fixed_array_reads_but_does_not_change() -> None:
    fixed = new("фиксированныймассив", BslArray.from_values([5, 6]))
    assert isinstance(fixed, BslFixedArray)
    assert fixed.bsl_call("Количество", []) == 2
    assert fixed.bsl_call("ВГраница", []) == 1
    assert fixed.bsl_call("Получить", [1]) == 6
    assert fixed.bsl_call("Найти", [6]) == 1
    assert fixed.bsl_index_get(0) == 5
    assert list(fixed.bsl_iter()) == [5, 6]
    with pytest.raises(BslRuntimeError, match="только для чтения"):
        fixed.bsl_index_set(0, 1)
    for name in ("Добавить", "Вставить", "Удалить", "Очистить", "Установить"):
        with pytest.raises(BslRuntimeError, match="Метод объекта не обнаружен"):
            fixed.bsl_call(name, [0, 0])


def test_fixed_array_needs_an_array() -> None:
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        new("fixedarray")
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        new("fixedarray", 3)


def test_fixed_array_is_a_copy() -> None:
    source = BslArray.from_values([1])
    fixed = new("фиксированныймассив", source)
    source.bsl_call("Добавить", [2])
    assert fixed.items == [1]


def test_find_never_confuses_booleans_and_numbers() -> None:
    a = BslArray.from_values([True, False, 0, 1])
    assert a.bsl_call("Найти", [1]) == 3
    assert a.bsl_call("Найти", [0]) == 2
    b = BslArray.from_values([1, 0, False, True])
    assert b.bsl_call("Найти", [True]) == 3
    assert b.bsl_call("Найти", [False]) == 2
