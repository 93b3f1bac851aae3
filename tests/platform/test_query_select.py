"""SELECT over catalogs, documents, tabular sections and enumerations: fields, names, conditions,
joins, dereference, NULL and type semantics, grouping, ordering, unions and functions. Expected values
are worked out by hand from the data written in `data()`."""

from __future__ import annotations

import datetime as _dt
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import Data, d, dec

from prism_desktop.platform.query import NULL, QueryError
from prism_desktop.platform.refs import RefKey


@dataclass
class Shop:
    data: Data
    furniture: RefKey
    table: RefKey
    chair: RefKey
    delivery: RefKey
    main: RefKey
    second: RefKey
    alpha: RefKey
    receipt: RefKey


@pytest.fixture
def shop() -> Shop:
    data = Data()
    furniture = data.item("Товары", "Мебель", folder=True)
    product = RefKey("Перечисление", "ВидыТоваров", 1)
    service = RefKey("Перечисление", "ВидыТоваров", 2)
    table = data.item("Товары", "Стол", parent=furniture, Цена=dec("100.50"), Вид=product, Артикул="А-1")
    chair = data.item("Товары", "стул", parent=furniture, Цена=20, Вид=product, Артикул="а-2")
    delivery = data.item("Товары", "Доставка", Цена=0, Вид=service)
    main = RefKey("Справочник", "Склады", 1)  # the predefined item, created with the infobase
    second = data.item("Склады", "Второй")
    alpha = data.item("Контрагенты", "Альфа")
    receipt = data.document(
        "Приход",
        d(2024, 3, 5, 9, 7),
        Склад=second,
        Контрагент=alpha,
        tabular={
            "Товары": [
                {"Товар": table, "Количество": 2, "Сумма": 201},
                {"Товар": chair, "Количество": dec("1.5"), "Сумма": 30},
            ]
        },
    )
    return Shop(data, furniture, table, chair, delivery, main, second, alpha, receipt)


def test_fields_aliases_and_automatic_names(shop: Shop) -> None:
    result = shop.data.query(
        "ВЫБРАТЬ Т.Наименование, Т.Цена КАК Ц, Т.Родитель.Наименование, 1 + 1, Т.Ссылка, С.Ссылка "
        "ИЗ Справочник.Товары КАК Т, Справочник.Склады КАК С ГДЕ Т.Ссылка = &Т И С.Ссылка = &С",
        Т=shop.table,
        С=shop.main,
    )
    assert [c.name for c in result.columns] == [
        "Наименование",
        "Ц",
        "РодительНаименование",
        "Поле4",
        "Ссылка",
        "Ссылка1",
    ]
    assert result.rows == [("Стол", Decimal("100.5"), "Мебель", 2, shop.table, shop.main)]


def test_star_selects_every_field_of_the_table(shop: Shop) -> None:
    result = shop.data.query("ВЫБРАТЬ * ИЗ Справочник.Склады КАК С УПОРЯДОЧИТЬ ПО С.Наименование")
    names = [c.name for c in result.columns]
    assert names[:2] == ["Ссылка", "ПометкаУдаления"] and "Наименование" in names
    column = names.index("Наименование")
    assert [row[column] for row in result.rows] == ["Второй", "Основной"]


def test_string_comparison_and_like_ignore_case(shop: Shop) -> None:
    rows = shop.data.rows('ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Наименование = "СТУЛ"')
    assert rows == [(shop.chair,)]
    rows = shop.data.rows(
        'ВЫБРАТЬ Т.Артикул ИЗ Справочник.Товары КАК Т ГДЕ Т.Артикул ПОДОБНО "а-%" УПОРЯДОЧИТЬ ПО Т.Артикул'
    )
    assert rows == [("А-1",), ("а-2",)]


def test_like_wildcards_sets_and_escape(shop: Shop) -> None:
    def names(pattern: str, escape: str = "") -> list[str]:
        tail = f' СПЕЦСИМВОЛ "{escape}"' if escape else ""
        return [
            r[0]
            for r in shop.data.rows(
                "ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т "
                f'ГДЕ Т.Наименование ПОДОБНО "{pattern}"{tail} '
                "УПОРЯДОЧИТЬ ПО Т.Наименование"
            )
        ]

    assert names("ст_л") == ["Стол", "стул"]
    assert names("ст[о]л") == ["Стол"]
    assert names("%[^л]") == ["Доставка", "Мебель"]
    assert names("%") == ["Доставка", "Мебель", "Стол", "стул"]
    shop.data.item("Товары", "100%")
    assert names("100\\%", "\\") == ["100%"]


def test_in_between_and_parameter_lists(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В (&Список) УПОРЯДОЧИТЬ ПО Т.Ссылка",
        Список=[shop.chair, shop.table, shop.main],
    )
    assert rows == [(shop.table,), (shop.chair,)]
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена МЕЖДУ 20 И 100 И НЕ Т.ЭтоГруппа"
    )
    assert rows == [("стул",)]
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка НЕ В (&Пусто) "
        "И Т.Цена В (0, 20) И НЕ Т.ЭтоГруппа УПОРЯДОЧИТЬ ПО Т.Наименование",
        Пусто=[],
    )
    assert rows == [("Доставка",), ("стул",)]


def test_in_hierarchy_includes_the_group_and_its_descendants(shop: Shop) -> None:
    chairs = shop.data.item("Товары", "Стулья", folder=True, parent=shop.furniture)
    stool = shop.data.item("Товары", "Табурет", parent=chairs)
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В ИЕРАРХИИ (&Г) УПОРЯДОЧИТЬ ПО Т.Ссылка",
        Г=shop.furniture,
    )
    assert rows == [(shop.furniture,), (shop.table,), (shop.chair,), (chairs,), (stool,)]
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В ИЕРАРХИИ (&Г)", Г=chairs
    )
    assert sorted(r[0].id for r in rows) == [chairs.id, stool.id]


def test_dereference_through_several_levels_is_a_left_join(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Товар.Родитель.Наименование КАК Группа, Т.Ссылка.Склад.Наименование КАК Склад, "
        "Т.Ссылка.Контрагент КАК К ИЗ Документ.Приход.Товары КАК Т УПОРЯДОЧИТЬ ПО Т.НомерСтроки"
    )
    assert rows == [("Мебель", "Второй", shop.alpha), ("Мебель", "Второй", shop.alpha)]
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Родитель.Наименование ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка = &Д", Д=shop.delivery
    )
    assert rows == [(NULL,)]  # an empty reference joins nothing: the field is NULL


def test_tabular_section_with_owner_fields(shop: Shop) -> None:
    result = shop.data.query(
        "ВЫБРАТЬ Т.НомерСтроки, Т.Товар, Т.Количество, Т.Ссылка.Дата КАК Дата ИЗ Документ.Приход.Товары КАК "
        "Т "
        "УПОРЯДОЧИТЬ ПО Т.НомерСтроки УБЫВ"
    )
    assert result.rows == [
        (2, shop.chair, Decimal("1.5"), d(2024, 3, 5, 9, 7)),
        (1, shop.table, 2, d(2024, 3, 5, 9, 7)),
    ]


def test_outer_joins_give_null_and_isnull_replaces_it(shop: Shop) -> None:
    text = (
        "ВЫБРАТЬ Т.Наименование КАК Н, ТЧ.Количество КАК К, ЕСТЬNULL(ТЧ.Количество, 0) КАК К0, "
        "ТЧ.Количество ЕСТЬ NULL КАК Нет "
        "ИЗ Справочник.Товары КАК Т {} СОЕДИНЕНИЕ Документ.Приход.Товары КАК ТЧ ПО ТЧ.Товар = Т.Ссылка "
        "ГДЕ НЕ Т.ЭтоГруппа УПОРЯДОЧИТЬ ПО Т.Наименование"
    )
    assert shop.data.rows(text.format("ЛЕВОЕ")) == [
        ("Доставка", NULL, 0, True),
        ("Стол", 2, 2, False),
        ("стул", Decimal("1.5"), Decimal("1.5"), False),
    ]
    assert shop.data.rows(text.format("ВНУТРЕННЕЕ")) == [
        ("Стол", 2, 2, False),
        ("стул", Decimal("1.5"), Decimal("1.5"), False),
    ]
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Наименование, С.Наименование ИЗ Справочник.Склады КАК С "
        "ПОЛНОЕ СОЕДИНЕНИЕ Справочник.Контрагенты КАК Т ПО Т.Наименование = С.Наименование "
        "УПОРЯДОЧИТЬ ПО С.Наименование"
    )
    assert rows == [("Альфа", NULL), (NULL, "Второй"), (NULL, "Основной")]
    rows = shop.data.rows(
        "ВЫБРАТЬ С.Наименование ИЗ Справочник.Контрагенты КАК К ПРАВОЕ СОЕДИНЕНИЕ "
        "Справочник.Склады КАК С ПО ЛОЖЬ УПОРЯДОЧИТЬ ПО С.Наименование"
    )
    assert rows == [("Второй",), ("Основной",)]


def test_null_compares_to_nothing(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ "
        "Документ.Приход.Товары "
        "КАК ТЧ ПО ТЧ.Товар = Т.Ссылка ГДЕ ТЧ.Количество <> 2 ИЛИ ТЧ.Количество = NULL"
    )
    assert rows == [(shop.chair,)]


def test_aggregates_grouping_and_having(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Родитель КАК Г, КОЛИЧЕСТВО(*) КАК Всего, СУММА(Т.Цена) КАК С, МАКСИМУМ(Т.Наименование) "
        "КАК М, "
        "СРЕДНЕЕ(Т.Цена) КАК Ср, КОЛИЧЕСТВО(РАЗЛИЧНЫЕ Т.Вид) КАК Виды "
        "ИЗ Справочник.Товары КАК Т ГДЕ НЕ Т.ЭтоГруппа СГРУППИРОВАТЬ ПО Т.Родитель ИМЕЮЩИЕ СУММА(Т.Цена) > 0"
    )
    assert rows == [(shop.furniture, 2, Decimal("120.5"), "стул", Decimal("60.25"), 1)]


def test_aggregates_over_no_rows(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ СУММА(Т.Цена), КОЛИЧЕСТВО(Т.Ссылка), МАКСИМУМ(Т.Цена) "
        "ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена > 1000"
    )
    assert rows == [(NULL, 0, NULL)]


def test_field_outside_the_group_is_an_error(shop: Shop) -> None:
    with pytest.raises(QueryError) as info:
        shop.data.query("ВЫБРАТЬ Т.Родитель, Т.Цена\nИЗ Справочник.Товары КАК Т\nСГРУППИРОВАТЬ ПО Т.Родитель")
    assert str(info.value).startswith('{(1, 21)}: Поле не входит в группу "Т.Цена"')
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Родитель.Наименование, СУММА(Т.Цена) ИЗ Справочник.Товары КАК Т "
        "ГДЕ Т.Родитель <> ЗНАЧЕНИЕ(Справочник.Товары.ПустаяСсылка) СГРУППИРОВАТЬ ПО "
        "Т.Родитель"
    )
    assert rows == [("Мебель", Decimal("120.5"))]


def test_ordering_of_references_follows_their_presentation(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ НЕ Т.ЭтоГруппа УПОРЯДОЧИТЬ ПО Т.Ссылка"
    )
    assert rows == [(shop.delivery,), (shop.table,), (shop.chair,)]  # Доставка, Стол, стул
    rows = shop.data.rows(
        "ВЫБРАТЬ ПЕРВЫЕ 2 Т.Наименование ИЗ Справочник.Товары КАК Т УПОРЯДОЧИТЬ ПО Т.Цена УБЫВ"
    )
    assert rows == [("Стол",), ("стул",)]


def test_distinct_and_union(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ РАЗЛИЧНЫЕ Т.Вид ИЗ Справочник.Товары КАК Т ГДЕ НЕ Т.ЭтоГруппа УПОРЯДОЧИТЬ ПО Т.Вид"
    )
    assert rows == [(RefKey("Перечисление", "ВидыТоваров", 1),), (RefKey("Перечисление", "ВидыТоваров", 2),)]
    text = (
        "ВЫБРАТЬ Т.Наименование КАК Имя, 1 КАК Источник ИЗ Справочник.Склады КАК Т "
        "ОБЪЕДИНИТЬ{} ВЫБРАТЬ К.Наименование, 2 ИЗ Справочник.Контрагенты КАК К "
        "ОБЪЕДИНИТЬ{} ВЫБРАТЬ К.Наименование, 2 ИЗ Справочник.Контрагенты КАК К УПОРЯДОЧИТЬ ПО Имя"
    )
    assert shop.data.rows(text.replace("{}", " ВСЕ")) == [
        ("Альфа", 2),
        ("Альфа", 2),
        ("Второй", 1),
        ("Основной", 1),
    ]
    assert shop.data.rows(text.replace("{}", "")) == [("Альфа", 2), ("Второй", 1), ("Основной", 1)]


def test_distinct_and_union_fold_string_case_as_grouping_does(shop: Shop) -> None:
    # 1C compares strings in queries without regard to case (as it does in ГДЕ and СГРУППИРОВАТЬ ПО),
    # so "стул" and "СТУЛ" are one value for РАЗЛИЧНЫЕ and for ОБЪЕДИНИТЬ without ВСЕ
    names = 'ВЫБРАТЬ Т.Наименование КАК Имя ИЗ Справочник.Товары КАК Т ГДЕ Т.Наименование = "СТУЛ"'
    assert shop.data.rows(names) == [("стул",)]
    assert len(shop.data.rows(names + ' ОБЪЕДИНИТЬ ВЫБРАТЬ "СТУЛ"')) == 1
    assert len(shop.data.rows(names + ' ОБЪЕДИНИТЬ ВСЕ ВЫБРАТЬ "СТУЛ"')) == 2
    distinct = (
        'ВЫБРАТЬ РАЗЛИЧНЫЕ ВЫБОР КОГДА Т.Цена > 50 ТОГДА "ДОРОГО" ИНАЧЕ "дорого" КОНЕЦ КАК Х '
        "ИЗ Справочник.Товары КАК Т ГДЕ НЕ Т.ЭтоГруппа"
    )
    assert len(shop.data.rows(distinct)) == 1


def test_union_of_different_types_keeps_each_value_type(shop: Shop) -> None:
    result = shop.data.query(
        "ВЫБРАТЬ Т.Ссылка КАК З ИЗ Справочник.Склады КАК Т ГДЕ Т.Ссылка = &С "
        "ОБЪЕДИНИТЬ ВСЕ ВЫБРАТЬ К.Ссылка ИЗ Справочник.Контрагенты КАК К "
        'ОБЪЕДИНИТЬ ВСЕ ВЫБРАТЬ "текст" ОБЪЕДИНИТЬ ВСЕ ВЫБРАТЬ НЕОПРЕДЕЛЕНО',
        С=shop.second,
    )
    assert result.rows == [(shop.second,), (shop.alpha,), ("текст",), (None,)]


def test_case_with_values_of_different_types(shop: Shop) -> None:
    rows = shop.data.rows(
        'ВЫБРАТЬ ВЫБОР КОГДА Т.Цена > 50 ТОГДА "дорого" КОГДА Т.Цена > 0 ТОГДА Т.Цена ИНАЧЕ Т.Ссылка '
        "КОНЕЦ, "
        "ВЫБОР Т.Вид КОГДА ЗНАЧЕНИЕ(Перечисление.ВидыТоваров.Услуга) ТОГДА 1 ИНАЧЕ 0 КОНЕЦ "
        "ИЗ Справочник.Товары КАК Т ГДЕ НЕ Т.ЭтоГруппа УПОРЯДОЧИТЬ ПО Т.Наименование"
    )
    assert rows == [(shop.delivery, 1), ("дорого", 0), (20, 0)]


def test_value_cast_and_refs(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ ВЫРАЗИТЬ(Т.Цена / 3 КАК Число(15, 2)), ВЫРАЗИТЬ(Т.Наименование КАК Строка(2)), "
        "Т.Ссылка ССЫЛКА Справочник.Товары, Т.Ссылка ССЫЛКА Справочник.Склады, "
        "ЗНАЧЕНИЕ(Справочник.Склады.Основной), ЗНАЧЕНИЕ(ВидДвиженияНакопления.Расход) "
        "ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка = &Т",
        Т=shop.table,
    )
    assert rows[0][:4] == (Decimal("33.5"), "Ст", True, False)
    assert rows[0][4] == shop.main and rows[0][5].name == "Расход"


def test_date_functions(shop: Shop) -> None:
    row = shop.data.rows(
        "ВЫБРАТЬ НАЧАЛОПЕРИОДА(Д.Дата, МЕСЯЦ), КОНЕЦПЕРИОДА(Д.Дата, КВАРТАЛ), НАЧАЛОПЕРИОДА(Д.Дата, НЕДЕЛЯ), "
        "ДОБАВИТЬКДАТЕ(Д.Дата, МЕСЯЦ, -1), РАЗНОСТЬДАТ(Д.Дата, ДАТАВРЕМЯ(2024, 3, 7), ДЕНЬ), "
        "ГОД(Д.Дата), КВАРТАЛ(Д.Дата), МЕСЯЦ(Д.Дата), ДЕНЬ(Д.Дата), ДЕНЬНЕДЕЛИ(Д.Дата), ЧАС(Д.Дата), "
        "МИНУТА(Д.Дата), ДЕНЬГОДА(Д.Дата) ИЗ Документ.Приход КАК Д"
    )[0]
    assert row == (
        d(2024, 3, 1),
        d(2024, 3, 31, 23, 59, 59),
        d(2024, 3, 4),
        d(2024, 2, 5, 9, 7),
        2,
        2024,
        1,
        3,
        5,
        2,
        9,
        7,
        65,
    )


def test_string_functions_and_presentation(shop: Shop) -> None:
    row = shop.data.rows(
        "ВЫБРАТЬ ПОДСТРОКА(Т.Наименование, 2, 2), ПРЕДСТАВЛЕНИЕ(Т.Ссылка), ПРЕДСТАВЛЕНИЕ(Т.Вид), "
        'ПРЕДСТАВЛЕНИЕ(&Д), Т.Представление, ВРЕГ(Т.Наименование) + "!" '
        "ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка = &Т",
        Т=shop.chair,
        Д=shop.receipt,
    )[0]
    assert row == ("ту", "стул", "Товар", "Приход 00000000001 от 05.03.2024 9:07:00", "стул", "СТУЛ!")


def test_arithmetic_keeps_decimal_precision(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ ТЧ.Количество * ТЧ.Сумма, ТЧ.Сумма / ТЧ.Количество ИЗ "
        "Документ.Приход.Товары "
        "КАК ТЧ УПОРЯДОЧИТЬ ПО ТЧ.НомерСтроки"
    )
    assert rows == [(402, Decimal("100.5")), (45, 20)]


def test_division_by_zero_is_a_query_error(shop: Shop) -> None:
    with pytest.raises(QueryError, match="Деление на 0"):
        shop.data.query("ВЫБРАТЬ Т.Цена / 0 ИЗ Справочник.Товары КАК Т")


def test_nested_query_in_from_and_in(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Итог.Товар.Наименование КАК Н, Итог.Всего ИЗ (ВЫБРАТЬ ТЧ.Товар КАК Товар, СУММА(ТЧ.Сумма) "
        "КАК Всего "
        "ИЗ Документ.Приход.Товары КАК ТЧ СГРУППИРОВАТЬ ПО ТЧ.Товар) КАК Итог ГДЕ Итог.Товар В "
        "(ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена > 50)"
    )
    assert rows == [("Стол", 201)]


def test_enumeration_table_and_value(shop: Shop) -> None:
    rows = shop.data.rows(
        "ВЫБРАТЬ Вид.Ссылка, Вид.Порядок ИЗ Перечисление.ВидыТоваров КАК Вид "
        "ГДЕ Вид.Ссылка <> ЗНАЧЕНИЕ(Перечисление.ВидыТоваров.Товар)"
    )
    assert rows == [(RefKey("Перечисление", "ВидыТоваров", 2), 1)]


def test_english_query(shop: Shop) -> None:
    rows = shop.data.rows(
        "SELECT TOP 1 T.Description AS Name FROM Catalog.Товары AS T "
        "WHERE NOT T.IsFolder AND T.Цена > &Min ORDER BY T.Description DESC",
        Min=1,
    )
    assert rows == [("стул",)]


def test_dates_compare_as_moments(shop: Shop) -> None:
    text = "ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ Д.Дата МЕЖДУ &Н И &К"
    assert shop.data.rows(text, Н=d(2024, 3, 5), К=d(2024, 3, 5, 9, 7)) == [(shop.receipt,)]
    assert shop.data.rows(text, Н=d(2024, 3, 5), К=_dt.datetime(2024, 3, 5, 9, 6, 59)) == []
