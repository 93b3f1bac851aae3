"""Структура, ФиксированнаяСтруктура, Соответствие, ФиксированноеСоответствие, КлючИЗначение."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from prism_desktop.bsl.stdlib.collections import (
    CONSTRUCTORS,
    BslArray,
    BslFixedMap,
    BslFixedStructure,
    BslKeyAndValue,
    BslMap,
    BslStructure,
    Cell,
)
from prism_desktop.bsl.values.base import NULL, BslRuntimeError


def new(type_name: str, *args: object) -> object:
    return CONSTRUCTORS[type_name](list(args))


def pairs(collection: object) -> list[tuple[object, object]]:
    result = []
    for item in collection.bsl_iter():  # type: ignore[attr-defined]
        assert isinstance(item, BslKeyAndValue)
        result.append((item.bsl_get("Ключ"), item.bsl_get("Value")))
    return result


# --- Структура -----------------------------------------------------------------------------


def test_structure_constructor_with_keys_and_values() -> None:
    s = new("структура", "Имя, Возраст ,Город", "Иван", 30)
    assert s.keys() == ["Имя", "Возраст", "Город"]
    assert s.bsl_get("Имя") == "Иван"
    assert s.bsl_get("возраст") == 30
    assert s.bsl_get("Город") is None  # missing values are Неопределено
    assert new("structure").bsl_call("Количество", []) == 0


def test_structure_constructor_rejects_bad_keys_and_types() -> None:
    with pytest.raises(BslRuntimeError, match="Задано неправильное имя атрибута структуры"):
        new("структура", "1Ключ")
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        new("структура", 5)


def test_structure_insert_replaces_in_place_and_keeps_first_spelling() -> None:
    s = BslStructure()
    s.bsl_call("Вставить", ["Альфа", 1])
    s.bsl_call("Вставить", ["Бета", 2])
    s.bsl_call("Вставить", ["АЛЬФА", 3])
    assert pairs(s) == [("Альфа", 3), ("Бета", 2)]
    s.bsl_call("Insert", ["Гамма"])
    assert s.get("гамма") is None
    assert s.bsl_call("Count", []) == 3


@pytest.mark.parametrize("key", ["", "1а", "Два слова", "а-б", "Ключ."])
def test_structure_insert_needs_an_identifier(key: str) -> None:
    with pytest.raises(BslRuntimeError, match="Задано неправильное имя атрибута структуры"):
        BslStructure().bsl_call("Вставить", [key, 1])


def test_structure_keys_ignore_case_and_yo() -> None:
    s = BslStructure.from_pairs([("Ёлка", 1), ("_x1", 2)])
    assert s.bsl_get("ЕЛКА") == 1
    assert s.bsl_index_get("елка") == 1
    assert s.bsl_get("_X1") == 2


def test_structure_field_access_and_assignment() -> None:
    s = BslStructure.from_pairs([("А", 1)])
    s.bsl_set("а", 5)
    assert s.bsl_get("А") == 5
    s.bsl_index_set("А", 6)
    assert s.bsl_index_get("а") == 6
    with pytest.raises(BslRuntimeError, match=r"Поле объекта не обнаружено \(Б\)"):
        s.bsl_get("Б")
    with pytest.raises(BslRuntimeError, match=r"Поле объекта не обнаружено \(Б\)"):
        s.bsl_set("Б", 1)
    with pytest.raises(BslRuntimeError, match=r"Поле объекта не обнаружено \(Б\)"):
        s.bsl_index_get("Б")
    with pytest.raises(BslRuntimeError, match=r"Поле объекта не обнаружено \(Б\)"):
        s.bsl_index_set("Б", 1)


def test_structure_key_named_like_a_method_is_a_field() -> None:
    s = BslStructure.from_pairs([("Количество", 7)])
    assert s.bsl_get("Количество") == 7
    assert s.bsl_call("Количество", []) == 1


def test_structure_property_with_and_without_reference() -> None:
    s = BslStructure.from_pairs([("А", 1), ("Пусто", None)])
    cell = Cell("старое")
    assert s.bsl_call("Свойство", ["а", cell]) is True
    assert cell.value == 1
    assert s.bsl_call("Свойство", ["Пусто", cell]) is True
    assert cell.value is None
    cell = Cell("старое")
    assert s.bsl_call("Свойство", ["Нет", cell]) is False
    assert cell.value is None  # not found: the platform writes Неопределено
    assert s.bsl_call("Property", ["А"]) is True
    assert s.bsl_call("Свойство", ["Нет", 5]) is False  # a plain value is not written back
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        s.bsl_call("Свойство", [1])


def test_structure_declares_its_by_reference_argument() -> None:
    assert BslStructure.bsl_byref_args["свойство"] == (1,)
    assert BslFixedStructure.bsl_byref_args["property"] == (1,)


def test_structure_delete_and_clear() -> None:
    s = BslStructure.from_pairs([("А", 1), ("Б", 2), ("В", 3)])
    s.bsl_call("Удалить", ["б"])
    s.bsl_call("Удалить", ["НетТакого"])  # no error
    assert s.keys() == ["А", "В"]
    s.bsl_call("Вставить", ["Б", 4])
    assert s.keys() == ["А", "В", "Б"]  # re-added keys go to the end
    s.bsl_call("Очистить", [])
    assert pairs(s) == []


def test_structure_iteration_is_a_snapshot() -> None:
    s = BslStructure.from_pairs([("А", 1), ("Б", 2)])
    seen = []
    for item in s.bsl_iter():
        seen.append(item.key)
        s.bsl_call("Удалить", [item.key])
    assert seen == ["А", "Б"]
    assert s.bsl_call("Количество", []) == 0


def test_structure_copy_from_fixed_and_presentation() -> None:
    fixed = new("фиксированнаяструктура", "А, Б", 1, 2)
    assert isinstance(fixed, BslFixedStructure)
    copy = new("структура", fixed)
    assert isinstance(copy, BslStructure) and pairs(copy) == [("А", 1), ("Б", 2)]
    assert copy.bsl_presentation() == "Структура"
    assert fixed.bsl_presentation() == "ФиксированнаяСтруктура"


def test_fixed_structure_is_read_only() -> None:
    fixed = new("fixedstructure", BslStructure.from_pairs([("А", 1)]))
    assert fixed.bsl_get("А") == 1
    assert fixed.bsl_call("Количество", []) == 1
    cell = Cell()
    assert fixed.bsl_call("Свойство", ["А", cell]) is True and cell.value == 1
    with pytest.raises(BslRuntimeError, match=r"Поле объекта недоступно для записи \(А\)"):
        fixed.bsl_set("А", 2)
    with pytest.raises(BslRuntimeError, match="недоступно для записи"):
        fixed.bsl_index_set("А", 2)
    with pytest.raises(BslRuntimeError, match="Поле объекта не обнаружено"):
        fixed.bsl_set("Новое", 2)
    for name in ("Вставить", "Удалить", "Очистить"):
        with pytest.raises(BslRuntimeError, match="Метод объекта не обнаружен"):
            fixed.bsl_call(name, ["А"])


def test_fixed_structure_does_not_follow_its_source() -> None:
    source = BslStructure.from_pairs([("А", 1)])
    fixed = new("фиксированнаяструктура", source)
    source.bsl_set("А", 2)
    assert fixed.bsl_get("А") == 1


# --- Соответствие --------------------------------------------------------------------------


def test_map_insert_get_and_missing_key() -> None:
    m = BslMap()
    m.bsl_call("Вставить", ["а", 1])
    m.bsl_call("Вставить", ["А", 2])  # string keys are case-sensitive
    assert m.bsl_call("Получить", ["а"]) == 1
    assert m.bsl_call("Get", ["А"]) == 2
    assert m.bsl_call("Получить", ["б"]) is None
    assert m.bsl_index_get("нет") is None
    assert m.bsl_call("Количество", []) == 2


def test_map_keys_by_value_equality() -> None:
    m = BslMap()
    m.bsl_index_set(1, "int")
    m.bsl_index_set(Decimal("1.0"), "decimal")  # same key: 1 = 1.0
    m.bsl_index_set(True, "bool")  # Истина is not 1
    m.bsl_index_set(None, "undefined")
    m.bsl_index_set(NULL, "null")
    m.bsl_index_set(dt.datetime(2024, 1, 1), "date")
    assert m.count() == 5
    assert m.lookup(1) == "decimal"
    assert m.lookup(True) == "bool"
    assert m.lookup(None) == "undefined"
    assert m.lookup(NULL) == "null"
    assert m.lookup(dt.datetime(2024, 1, 1)) == "date"
    assert pairs(m)[0] == (1, "decimal")  # the first key spelling is kept


def test_map_object_keys_by_reference() -> None:
    key = BslArray()
    m = BslMap.from_pairs([(key, 1)])
    assert m.lookup(key) == 1
    assert m.lookup(BslArray()) is None


def test_map_iteration_in_insertion_order_and_replace_keeps_place() -> None:
    m = BslMap.from_pairs([("б", 1), ("а", 2), ("в", 3)])
    m.bsl_call("Вставить", ["б", 10])
    assert pairs(m) == [("б", 10), ("а", 2), ("в", 3)]
    m.bsl_call("Удалить", ["а"])
    m.bsl_call("Удалить", ["нет"])
    m.bsl_index_set("а", 4)
    assert pairs(m) == [("б", 10), ("в", 3), ("а", 4)]
    m.bsl_call("Очистить", [])
    assert pairs(m) == []


def test_map_insert_without_value_and_map_iteration_snapshot() -> None:
    m = BslMap()
    m.bsl_call("Вставить", ["к"])
    assert m.lookup("к") is None and m.count() == 1
    for item in m.bsl_iter():
        m.bsl_call("Вставить", [item.key + "2", 1])
    assert m.count() == 2


def test_fixed_map() -> None:
    source = BslMap.from_pairs([(1, "один")])
    fixed = new("фиксированноесоответствие", source)
    assert isinstance(fixed, BslFixedMap)
    source.bsl_call("Вставить", [2, "два"])
    assert fixed.bsl_call("Количество", []) == 1
    assert fixed.bsl_index_get(1) == "один"
    assert fixed.bsl_call("Получить", [2]) is None
    with pytest.raises(BslRuntimeError, match="только для чтения"):
        fixed.bsl_index_set(1, "x")
    with pytest.raises(BslRuntimeError, match="Метод объекта не обнаружен"):
        fixed.bsl_call("Вставить", [3, "три"])
    back = new("соответствие", fixed)
    assert isinstance(back, BslMap) and pairs(back) == [(1, "один")]
    assert fixed.bsl_presentation() == "ФиксированноеСоответствие"
    assert back.bsl_presentation() == "Соответствие"


def test_map_constructor_rejects_other_arguments() -> None:
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        new("map", BslStructure())


def test_key_and_value_is_read_only() -> None:
    kv = BslKeyAndValue("к", 1)
    assert kv.bsl_get("КЛЮЧ") == "к"
    assert kv.bsl_get("значение") == 1
    with pytest.raises(BslRuntimeError, match="Поле объекта недоступно для записи"):
        kv.bsl_set("Значение", 2)
    assert kv.bsl_presentation() == "КлючИЗначение"
