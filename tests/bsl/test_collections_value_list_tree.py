"""СписокЗначений, НаправлениеСортировки and ДеревоЗначений."""

from __future__ import annotations

import pytest

from prism_desktop.bsl.stdlib.collections import (
    CONSTRUCTORS,
    GLOBALS,
    BslArray,
    BslStructure,
    BslTypeDescription,
    BslValueList,
    BslValueListItem,
    BslValueTree,
    BslValueTreeRow,
)
from prism_desktop.bsl.values.base import BslRuntimeError


def call(obj: object, name: str, *args: object) -> object:
    return obj.bsl_call(name, list(args))  # type: ignore[attr-defined]


DESC = GLOBALS["направлениесортировки"].bsl_get("Убыв")
ASC = GLOBALS["sortdirection"].bsl_get("Asc")


# --- СписокЗначений -------------------------------------------------------------------------


def test_value_list_add_and_item_fields() -> None:
    vl = CONSTRUCTORS["списокзначений"]([])
    item = call(vl, "Добавить", 1, "Один", True)
    assert isinstance(item, BslValueListItem)
    assert (item.bsl_get("Значение"), item.bsl_get("Представление"), item.bsl_get("Пометка")) == (
        1,
        "Один",
        True,
    )
    bare = call(vl, "Add", "x")
    assert (bare.bsl_get("Value"), bare.bsl_get("Presentation"), bare.bsl_get("Check")) == ("x", "", False)
    bare.bsl_set("Представление", "Икс")
    bare.bsl_set("Пометка", True)
    bare.bsl_set("Значение", "y")
    assert (bare.value, bare.presentation, bare.check) == ("y", "Икс", True)
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        bare.bsl_set("Пометка", 1)
    assert call(vl, "Количество") == 2


def test_value_list_item_presentation() -> None:
    assert BslValueListItem(5).bsl_presentation() == "5"
    assert BslValueListItem(5, "Пять").bsl_presentation() == "Пять"
    assert BslValueList().bsl_presentation() == "СписокЗначений"


def test_value_list_insert_get_index_delete() -> None:
    vl = BslValueList.from_values(["a", "c"])
    item = call(vl, "Вставить", 1, "b", "Бэ")
    assert vl.values() == ["a", "b", "c"]
    assert call(vl, "Индекс", item) == 1
    assert call(vl, "Получить", 1) is item
    assert vl.bsl_index_get(2).value == "c"
    call(vl, "Удалить", item)
    call(vl, "Удалить", 0)
    assert vl.values() == ["c"]
    with pytest.raises(BslRuntimeError, match="Элемент не принадлежит списку значений"):
        call(vl, "Удалить", item)
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        call(vl, "Вставить", 5, "z")
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        vl.bsl_index_get(1)
    with pytest.raises(BslRuntimeError, match="только для чтения"):
        vl.bsl_index_set(0, "z")


def test_value_list_find_by_value_and_no_find_method() -> None:
    vl = BslValueList.from_values([1, "1", None])
    assert call(vl, "НайтиПоЗначению", "1") is vl.items[1]
    assert call(vl, "FindByValue", None) is vl.items[2]
    assert call(vl, "НайтиПоЗначению", 2) is None
    with pytest.raises(BslRuntimeError, match=r"Метод объекта не обнаружен \(Найти\)"):
        call(vl, "Найти", 1)


def test_value_list_unload_and_load_values() -> None:
    vl = BslValueList.from_values([3, 1])
    unloaded = call(vl, "ВыгрузитьЗначения")
    assert isinstance(unloaded, BslArray) and unloaded.items == [3, 1]
    call(vl, "ЗагрузитьЗначения", BslArray.from_values(["x", "y", "z"]))
    assert vl.values() == ["x", "y", "z"]  # replaces the old content
    assert all(i.presentation == "" and not i.check for i in vl.items)
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        call(vl, "ЗагрузитьЗначения", vl)


def test_value_list_sorting() -> None:
    vl = BslValueList()
    for value, text in ((2, "б"), (10, "а"), (1, "в"), (2, "г")):
        call(vl, "Добавить", value, text)
    call(vl, "СортироватьПоЗначению")
    assert [i.presentation for i in vl.items] == ["в", "б", "г", "а"]  # stable for equal values
    call(vl, "СортироватьПоЗначению", DESC)
    assert vl.values() == [10, 2, 2, 1]
    call(vl, "SortByPresentation", ASC)
    assert [i.presentation for i in vl.items] == ["а", "б", "в", "г"]
    call(vl, "СортироватьПоПредставлению", DESC)
    assert [i.presentation for i in vl.items] == ["г", "в", "б", "а"]
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        call(vl, "СортироватьПоЗначению", "Убыв")


def test_value_list_checks_move_copy_clear_iterate() -> None:
    vl = BslValueList.from_values([1, 2, 3])
    call(vl, "ЗаполнитьПометки", True)
    assert all(i.check for i in vl.items)
    call(vl, "Сдвинуть", 0, 2)
    assert vl.values() == [2, 3, 1]
    copy = call(vl, "Скопировать")
    call(copy, "Очистить")
    assert vl.values() == [2, 3, 1] and copy.values() == []
    assert [i.value for i in vl.bsl_iter()] == [2, 3, 1]


def test_sort_direction_values() -> None:
    assert DESC.bsl_presentation() == "Убыв"
    assert ASC.bsl_presentation() == "Возр"
    assert GLOBALS["направлениесортировки"].bsl_get("возр") is ASC


# --- ДеревоЗначений -------------------------------------------------------------------------


def tree() -> BslValueTree:
    """Фрукты(3) > Яблоко(2), Груша(1); Овощи(5) > Морковь(5) > Мытая(4)."""
    t = CONSTRUCTORS["деревозначений"]([])
    call(t.bsl_get("Колонки"), "Добавить", "Имя")
    call(t.columns, "Добавить", "Кол", BslTypeDescription.of("Число"))
    rows = t.bsl_get("Строки")
    for name, qty, children in (
        ("Фрукты", 3, (("Яблоко", 2), ("Груша", 1))),
        ("Овощи", 5, (("Морковь", 5),)),
    ):
        parent = call(rows, "Добавить")
        parent.bsl_set("Имя", name)
        parent.bsl_set("Кол", qty)
        for child_name, child_qty in children:
            child = call(parent.bsl_get("Строки"), "Добавить")
            child.bsl_set("Имя", child_name)
            child.bsl_set("Кол", child_qty)
    carrot = t.rows.rows[1].children.rows[0]
    leaf = call(carrot.children, "Добавить")
    leaf.bsl_set("Имя", "Мытая")
    leaf.bsl_set("Кол", 4)
    return t


def test_tree_rows_parents_levels_owner() -> None:
    t = tree()
    top = t.rows.rows[0]
    apple = top.children.rows[0]
    assert isinstance(apple, BslValueTreeRow)
    assert apple.bsl_get("Родитель") is top
    assert top.bsl_get("Родитель") is None
    assert call(top, "Уровень") == 0 and call(apple, "Level") == 1
    assert call(t.rows.rows[1].children.rows[0].children.rows[0], "Уровень") == 2
    assert call(apple, "Владелец") is t
    assert top.children.bsl_get("Родитель") is top
    assert t.rows.bsl_get("Родитель") is None
    assert call(t.rows, "Количество") == 2
    assert [r.get("Имя") for r in top.bsl_get("Строки").bsl_iter()] == ["Яблоко", "Груша"]
    assert t.rows.bsl_index_get(1).get("Имя") == "Овощи"
    assert t.bsl_presentation() == "ДеревоЗначений"
    assert apple.bsl_presentation() == "СтрокаДереваЗначений"


def test_tree_find_with_and_without_children() -> None:
    t = tree()
    assert call(t.rows, "Найти", "Груша") is None
    pear = call(t.rows, "Найти", "Груша", "Имя", True)
    assert pear is t.rows.rows[0].children.rows[1]
    assert call(t.rows, "Найти", 5, "Кол", True) is t.rows.rows[1]  # a parent comes before its children
    assert call(t.rows, "Найти", 4, None, True).get("Имя") == "Мытая"  # all columns, any depth
    assert call(t.rows, "Найти", 4) is None


def test_tree_find_rows_total_and_unload() -> None:
    t = tree()
    five = BslStructure.from_pairs([("Кол", 5)])
    assert [r.get("Имя") for r in call(t.rows, "НайтиСтроки", five).items] == ["Овощи"]
    assert [r.get("Имя") for r in call(t.rows, "FindRows", five, True).items] == ["Овощи", "Морковь"]
    assert call(t.rows, "Итог", "Кол") == 8
    assert call(t.rows, "Итог", "Кол", True) == 20
    assert call(t.rows, "ВыгрузитьКолонку", "Имя").items == ["Фрукты", "Овощи"]
    call(t.rows, "ЗагрузитьКолонку", BslArray.from_values([1, 2]), "Кол")
    assert [r.get("Кол") for r in t.rows.rows] == [1, 2]


def test_tree_sort_top_level_or_everything() -> None:
    t = tree()
    call(t.rows, "Сортировать", "Кол Убыв")
    assert [r.get("Имя") for r in t.rows.rows] == ["Овощи", "Фрукты"]
    fruits = t.rows.rows[1]
    assert [r.get("Имя") for r in fruits.children.rows] == ["Яблоко", "Груша"]
    call(t.rows, "Сортировать", "Имя", True)
    assert [r.get("Имя") for r in t.rows.rows] == ["Овощи", "Фрукты"]
    assert [r.get("Имя") for r in fruits.children.rows] == ["Груша", "Яблоко"]


def test_tree_insert_delete_move_clear_index() -> None:
    t = tree()
    first = call(t.rows, "Вставить", 0)
    assert call(t.rows, "Индекс", first) == 0 and call(t.rows, "Количество") == 3
    call(t.rows, "Сдвинуть", first, 2)
    assert call(t.rows, "Индекс", first) == 2
    call(t.rows, "Удалить", first)
    with pytest.raises(BslRuntimeError, match="не принадлежит"):
        call(t.rows, "Удалить", first)
    call(t.rows, "Удалить", 0)
    assert [r.get("Имя") for r in t.rows.rows] == ["Овощи"]
    call(t.rows.rows[0].children, "Очистить")
    assert call(t.rows.rows[0].children, "Количество") == 0
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        call(t.rows, "Получить", 1)


def test_tree_column_delete_reaches_every_level() -> None:
    t = tree()
    call(t.columns, "Удалить", "Кол")
    leaf = t.rows.rows[1].children.rows[0].children.rows[0]
    assert leaf.cells.keys() == {t.columns.items[0]}
    assert t.columns.bsl_presentation() == "КоллекцияКолонокДереваЗначений"
    assert t.columns.items[0].bsl_presentation() == "КолонкаДереваЗначений"


def test_tree_copy_is_deep() -> None:
    t = tree()
    copy = call(t, "Скопировать")
    copied_leaf = copy.rows.rows[1].children.rows[0].children.rows[0]
    assert copied_leaf.get("Имя") == "Мытая" and call(copied_leaf, "Уровень") == 2
    copied_leaf.bsl_set("Имя", "Другая")
    assert t.rows.rows[1].children.rows[0].children.rows[0].get("Имя") == "Мытая"
    assert call(copied_leaf, "Владелец") is copy
