"""ИТОГИ … ПО Товар [ТОЛЬКО] ИЕРАРХИЯ over a hierarchical catalog, the traversals of such a result
(Прямой, ПоГруппировкам, ПоГруппировкамСИерархией) and Выгрузить into a ДеревоЗначений.

Where the expected shapes come from:
  * the syntax of a checkpoint `<Выражение> [[ТОЛЬКО] ИЕРАРХИЯ]` and "totals by catalog hierarchy for
    a checkpoint that is a catalog reference": the query language reference, «Calculating Query
    Totals» (yellow-erp.com/help/shquery/query_totals.html, a copy of 1C's documentation);
  * folder records are of type ИтогПоИерархии, element records ИтогПоГруппировке, and ТОЛЬКО leaves
    out the totals by the checkpoint's own values (the syntax assistant's ИЕРАРХИЯ entry as quoted
    in infostart.ru/1c/articles/417128);
  * a folder that is itself a grouping value appears twice, as a hierarchy header and as an element
    (the "duplicated groups" of hierarchical totals, infoblogs' article page_001341);
  * ПоГруппировкамСИерархией nests the records as the catalog nests them, ПоГруппировкам takes no
    account of the hierarchy (the two values of ОбходРезультатаЗапроса); a record's Уровень() is its
    depth, which 1C reports use to indent hierarchical groupings.
Every figure is worked out by hand from the rows written in the fixture below.
"""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import Data, d

from prism_desktop.platform.query import QueryResult, TotalsNode, parse_query
from prism_desktop.platform.query.ast import SelectQuery
from prism_desktop.platform.query.result import DETAIL, GROUP_TOTAL, HIERARCHY_TOTAL, OVERALL
from prism_desktop.platform.refs import RefKey

# Мебель (folder) > Столы (folder) > Стол; Мебель > Стул; Шкаф at the top; Прочее (empty folder)
LINES = [("Стол", 2, 200), ("Стул", 3, 300), ("Шкаф", 1, 500), ("Стол", 1, 100)]
SELECT = (
    "ВЫБРАТЬ Т.Товар КАК Товар, Т.Количество КАК Количество, Т.Сумма КАК Сумма "
    "ИЗ Документ.Приход.Товары КАК Т УПОРЯДОЧИТЬ ПО Т.Ссылка.Дата, Т.НомерСтроки "
)


class Shop:
    def __init__(self) -> None:
        self.data = Data()
        item = self.data.item
        self.refs: dict[str, RefKey] = {}
        self.refs["Мебель"] = item("Товары", "Мебель", folder=True)
        self.refs["Столы"] = item("Товары", "Столы", folder=True, parent=self.refs["Мебель"])
        self.refs["Стол"] = item("Товары", "Стол", parent=self.refs["Столы"])
        self.refs["Стул"] = item("Товары", "Стул", parent=self.refs["Мебель"])
        self.refs["Шкаф"] = item("Товары", "Шкаф")
        self.refs["Прочее"] = item("Товары", "Прочее", folder=True)
        self.names = {ref: name for name, ref in self.refs.items()}

    def receipt(self, lines: list[tuple[str, int, int]], day: int = 1) -> None:
        rows = [{"Товар": self.refs[n], "Количество": q, "Сумма": s} for n, q, s in lines]
        self.data.document("Приход", d(2024, 3, day), {"Товары": rows})

    def query(self, totals: str) -> QueryResult:
        return self.data.query(SELECT + totals)

    def shape(self, nodes: list[TotalsNode]) -> list[Any]:
        """(kind, Товар, Количество, Сумма, level, [children]) with names for references."""
        return [
            (n.kind, self.names.get(n.values[0], n.values[0]), *n.values[1:], n.level, self.shape(n.children))
            for n in nodes
        ]


@pytest.fixture
def shop() -> Shop:
    shop = Shop()
    shop.receipt(LINES)
    return shop


H, G, D = HIERARCHY_TOTAL, GROUP_TOTAL, DETAIL


def test_parser_keeps_the_hierarchy_flag_of_each_grouping() -> None:
    batch = parse_query("ВЫБРАТЬ 1 КАК А, 2 КАК Б, 3 КАК Г ИТОГИ ПО А ИЕРАРХИЯ, Б ТОЛЬКО ИЕРАРХИЯ, Г")
    (statement,) = batch.statements
    assert isinstance(statement, SelectQuery) and statement.totals is not None
    assert statement.totals.hierarchy == {0: False, 1: True}


def test_hierarchy_totals_for_every_enclosing_folder(shop: Shop) -> None:
    result = shop.query("ИТОГИ СУММА(Количество), СУММА(Сумма) ПО Товар ИЕРАРХИЯ")
    assert result.totals is not None
    assert shop.shape(result.totals) == [
        (H, "Мебель", 6, 600, 0, [
            (H, "Столы", 3, 300, 1, [
                (G, "Стол", 3, 300, 2, [(D, "Стол", 2, 200, 3, []), (D, "Стол", 1, 100, 3, [])]),
            ]),
            (G, "Стул", 3, 300, 1, [(D, "Стул", 3, 300, 2, [])]),
        ]),
        (G, "Шкаф", 1, 500, 0, [(D, "Шкаф", 1, 500, 1, [])]),
    ]  # fmt: skip


def test_only_hierarchy_drops_the_element_records(shop: Shop) -> None:
    result = shop.query("ИТОГИ СУММА(Количество), СУММА(Сумма) ПО Товар ТОЛЬКО ИЕРАРХИЯ")
    assert result.totals is not None
    # the rows of Стул sit directly in Мебель, those of Шкаф (in no folder) at the top
    assert shop.shape(result.totals) == [
        (H, "Мебель", 6, 600, 0, [
            (H, "Столы", 3, 300, 1, [(D, "Стол", 2, 200, 2, []), (D, "Стол", 1, 100, 2, [])]),
            (D, "Стул", 3, 300, 1, []),
        ]),
        (D, "Шкаф", 1, 500, 0, []),
    ]  # fmt: skip


def test_overall_total_is_level_zero_above_the_hierarchy(shop: Shop) -> None:
    result = shop.query("ИТОГИ СУММА(Сумма) ПО ОБЩИЕ, Товар ИЕРАРХИЯ")
    linear = [(n.kind, shop.names.get(n.values[0], n.values[0]), n.level) for n in result.linear()]
    assert linear[:4] == [(OVERALL, linear[0][1], 0), (H, "Мебель", 1), (H, "Столы", 2), (G, "Стол", 3)]
    assert result.linear()[0].values[2] == 1100


def test_a_folder_value_has_a_hierarchy_and_an_element_record(shop: Shop) -> None:
    shop.receipt([("Столы", 10, 70)], day=2)  # a later document's line referring to the folder itself
    result = shop.query("ИТОГИ СУММА(Количество) ПО Товар ИЕРАРХИЯ")
    assert result.totals is not None
    furniture = result.totals[0]
    tables = furniture.children[0]
    assert (tables.kind, shop.names[tables.values[0]], tables.values[1]) == (H, "Столы", 13)
    assert [(n.kind, shop.names[n.values[0]], n.values[1]) for n in tables.children] == [
        (G, "Стол", 3),
        (G, "Столы", 10),
    ]
    assert furniture.values[1] == 16


def test_by_groups_without_hierarchy_lists_the_records_at_one_level(shop: Shop) -> None:
    result = shop.query("ИТОГИ СУММА(Сумма) ПО Товар ИЕРАРХИЯ")
    flat = result.by_groups(with_hierarchy=False)
    assert [(n.kind, shop.names[n.values[0]], len(n.children)) for n in flat] == [
        (H, "Мебель", 0),
        (H, "Столы", 0),
        (G, "Стол", 2),
        (G, "Стул", 1),
        (G, "Шкаф", 1),
    ]
    assert result.by_groups(with_hierarchy=True) is result.totals
    # the tree itself is not changed by the flat view
    assert result.totals is not None and len(result.totals[0].children) == 2


def test_hierarchy_over_a_second_grouping(shop: Shop) -> None:
    """ИЕРАРХИЯ on the inner grouping: the hierarchy is built inside each outer group."""
    text = (
        "ВЫБРАТЬ Т.Ссылка.Номер КАК Номер, Т.Товар КАК Товар, Т.Сумма КАК Сумма "
        "ИЗ Документ.Приход.Товары КАК Т УПОРЯДОЧИТЬ ПО Т.НомерСтроки "
        "ИТОГИ СУММА(Сумма) ПО Номер, Товар ИЕРАРХИЯ"
    )
    result = shop.data.query(text)
    assert result.totals is not None
    (document,) = result.totals
    assert (document.kind, document.values[2], document.level) == (G, 1100, 0)
    assert [(n.kind, shop.names[n.values[1]], n.values[2], n.level) for n in document.children] == [
        (H, "Мебель", 600, 1),
        (G, "Шкаф", 500, 1),
    ]
    # a hierarchy record carries the outer grouping's value too
    assert document.children[0].values[0] == document.values[0]


def test_values_outside_a_hierarchy_are_plain_groups(shop: Shop) -> None:
    text = (
        "ВЫБРАТЬ Т.Товар.Наименование КАК Имя, Т.Сумма КАК Сумма ИЗ Документ.Приход.Товары КАК Т "
        "УПОРЯДОЧИТЬ ПО Т.НомерСтроки ИТОГИ СУММА(Сумма) ПО Имя ИЕРАРХИЯ"
    )
    result = shop.data.query(text)
    assert result.totals is not None
    assert [(n.kind, n.values) for n in result.totals] == [
        (G, ("Стол", 300)),
        (G, ("Стул", 300)),
        (G, ("Шкаф", 500)),
    ]


def test_the_catalog_read_for_the_hierarchy_is_part_of_the_query(shop: Shop) -> None:
    shop.data.ib.techlog.clear()
    shop.query("ИТОГИ СУММА(Сумма) ПО Товар ИЕРАРХИЯ")
    (event,) = shop.data.ib.techlog.events
    catalog = shop.data.ib.config.find("Справочник", "Товары")
    assert catalog is not None and catalog.table in event.tables


# --- from BSL --------------------------------------------------------------------------------------

BSL_SPEC: dict[str, Any] = {
    "catalogs": {"Товары": {"hierarchical": True}},
    "documents": {"Продажа": {"registers": ["Продажи"]}},
    "accumulation_registers": {
        "Продажи": {
            "register_type": "Turnovers",
            "dimensions": {"Товар": "СправочникСсылка.Товары"},
            "resources": {"Сумма": {"type": "Число", "length": 15, "precision": 2}},
        }
    },
}
BSL_FIXTURES: dict[str, Any] = {
    "catalogs": {
        "Товары": [
            {"ref": "мебель", "Наименование": "Мебель", "isFolder": True},
            {"ref": "столы", "Наименование": "Столы", "isFolder": True, "parent": "мебель"},
            {"ref": "стол", "Наименование": "Стол", "parent": "столы"},
            {"ref": "стул", "Наименование": "Стул", "parent": "мебель"},
            {"ref": "шкаф", "Наименование": "Шкаф"},
        ]
    },
    "register_records": {
        "Продажи": {
            "registrar": "Продажа",
            "records": [
                {"Период": _dt.date(2024, 3, day), "Товар": name, "Сумма": amount}
                for day, name, amount in (
                    (1, "стол", 200),
                    (2, "стул", 300),
                    (3, "шкаф", 500),
                    (4, "стол", 100),
                )
            ],
        }
    },
}
BSL_QUERY = """Запрос = Новый Запрос("ВЫБРАТЬ П.Товар КАК Товар, П.Сумма КАК Сумма
|ИЗ РегистрНакопления.Продажи КАК П
|УПОРЯДОЧИТЬ ПО П.Период
|ИТОГИ СУММА(Сумма) ПО Товар %s");
"""
WALK = """
Процедура Обойти(Выборка, Обход)
    Пока Выборка.Следующий() Цикл
        Запись = "" + Выборка.Уровень() + " " + Выборка.ТипЗаписи() + " " + Выборка.Товар;
        Сообщить(Запись + " " + Выборка.Сумма);
        Если Выборка.ТипЗаписи() <> ТипЗаписиЗапроса.ДетальнаяЗапись Тогда
            Обойти(Выборка.Выбрать(Обход), Обход);
        КонецЕсли;
    КонецЦикла;
КонецПроцедуры
"""

Run = Callable[..., Any]


def bsl(run_bsl: Run, source: str) -> list[str]:
    return list(run_bsl(BSL_SPEC, source, fixtures=BSL_FIXTURES, module="КодКандидата").output)


def test_bsl_selection_by_groups_with_hierarchy(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        WALK
        + BSL_QUERY % "ИЕРАРХИЯ"
        + "Обойти(Запрос.Выполнить().Выбрать(ОбходРезультатаЗапроса.ПоГруппировкамСИерархией), "
        + "ОбходРезультатаЗапроса.ПоГруппировкамСИерархией);",
    )
    assert output == [
        "0 ИтогПоИерархии Мебель 600",
        "1 ИтогПоИерархии Столы 300",
        "2 ИтогПоГруппировке Стол 300",
        "3 ДетальнаяЗапись Стол 200",
        "3 ДетальнаяЗапись Стол 100",
        "1 ИтогПоГруппировке Стул 300",
        "2 ДетальнаяЗапись Стул 300",
        "0 ИтогПоГруппировке Шкаф 500",
        "1 ДетальнаяЗапись Шкаф 500",
    ]


def test_bsl_selection_by_groups_ignores_the_hierarchy(run_bsl: Run) -> None:
    source = """Результат = Запрос.Выполнить();
Выборка = Результат.Выбрать(ОбходРезультатаЗапроса.ПоГруппировкам);
Сообщить(Выборка.Количество());
Пока Выборка.Следующий() Цикл
    Вложенные = Выборка.Выбрать(ОбходРезультатаЗапроса.ПоГруппировкам);
    Сообщить("" + Выборка.ТипЗаписи() + " " + Выборка.Товар + " " + Вложенные.Количество());
КонецЦикла;
Сообщить(Результат.Выбрать(ОбходРезультатаЗапроса.ПоГруппировкамСИерархией).Количество());"""
    output = bsl(run_bsl, BSL_QUERY % "ИЕРАРХИЯ" + source)
    # every record of the grouping at one level; a hierarchy record has nothing under it there
    assert output == [
        "5",
        "ИтогПоИерархии Мебель 0",
        "ИтогПоИерархии Столы 0",
        "ИтогПоГруппировке Стол 2",
        "ИтогПоГруппировке Стул 1",
        "ИтогПоГруппировке Шкаф 1",
        "2",
    ]


def test_bsl_direct_selection_and_only_hierarchy(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        BSL_QUERY % "ТОЛЬКО ИЕРАРХИЯ"
        + """Выборка = Запрос.Выполнить().Выбрать();
Пока Выборка.Следующий() Цикл
    Сообщить("" + Выборка.Уровень() + " " + Выборка.ТипЗаписи() + " " + Выборка.Товар + " " + Выборка.Сумма);
КонецЦикла;""",
    )
    assert output == [
        "0 ИтогПоИерархии Мебель 600",
        "1 ИтогПоИерархии Столы 300",
        "2 ДетальнаяЗапись Стол 200",
        "2 ДетальнаяЗапись Стол 100",
        "1 ДетальнаяЗапись Стул 300",
        "0 ДетальнаяЗапись Шкаф 500",
    ]


def test_bsl_unload_into_a_tree(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        BSL_QUERY % "ИЕРАРХИЯ"
        + """Результат = Запрос.Выполнить();
Дерево = Результат.Выгрузить(ОбходРезультатаЗапроса.ПоГруппировкамСИерархией);
Сообщить(ТипЗнч(Дерево) = Тип("ДеревоЗначений"));
Сообщить(Дерево.Строки.Количество());
Мебель = Дерево.Строки[0];
Сообщить("" + Мебель.Товар + " " + Мебель.Сумма + " " + Мебель.Строки.Количество());
Сообщить("" + Мебель.Строки[0].Строки[0].Товар + " " + Мебель.Строки[0].Строки[0].Строки.Количество());
Сообщить(Дерево.Строки.Итог("Сумма", Ложь) = 1100);
Плоское = Результат.Выгрузить(ОбходРезультатаЗапроса.ПоГруппировкам);
Сообщить(Плоское.Строки.Количество());
Таблица = Результат.Выгрузить();
Сообщить(Таблица.Количество());""",
    )
    # with hierarchy: Мебель and Шкаф at the top, Мебель holding Столы and Стул; Итог over the top
    # rows only = 600 + 500; without: 5 records of the grouping side by side; the table: 9 records
    assert output == ["Да", "2", "Мебель 600 2", "Стол 2", "Да", "5", "9"]


def test_bsl_selection_restricted_to_named_groupings(run_bsl: Run) -> None:
    # Выбрать(Обход, Группировки): the records of the named groupings, found under the others (the
    # syntax assistant's second parameter of РезультатЗапроса.Выбрать); ОБЩИЕ names the overall total
    source = """Результат = Запрос.Выполнить();
Для Каждого Группировки Из СтрРазделить("|Товар|ОБЩИЕ|ВСЕ|Общие, Товар", "|") Цикл
    Выборка = Результат.Выбрать(ОбходРезультатаЗапроса.ПоГруппировкам, Группировки);
    Записи = Новый Массив;
    Пока Выборка.Следующий() Цикл
        Записи.Добавить("" + Выборка.ТипЗаписи() + " " + Выборка.Товар + " " + Выборка.Сумма);
    КонецЦикла;
    Сообщить(Группировки + ": " + СтрСоединить(Записи, "; "));
КонецЦикла;
Попытка
    Результат.Выбрать(ОбходРезультатаЗапроса.ПоГруппировкам, 1);
Исключение
    Сообщить(ОписаниеОшибки());
КонецПопытки;"""
    output = bsl(run_bsl, BSL_QUERY.replace("ПО Товар", "ПО ОБЩИЕ, Товар") % "" + source)
    assert output[:5] == [
        ": ОбщийИтог  1\xa0100",
        "Товар: ИтогПоГруппировке Стол 300; ИтогПоГруппировке Стул 300; ИтогПоГруппировке Шкаф 500",
        "ОБЩИЕ: ОбщийИтог  1\xa0100",
        "ВСЕ: ОбщийИтог  1\xa0100",
        "Общие, Товар: ОбщийИтог  1\xa0100",
    ]
    assert "Несоответствие типов (параметр номер '2')" in output[5]
