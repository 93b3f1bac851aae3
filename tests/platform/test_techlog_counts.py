"""Data-access accounting: what PRISM's O-exec B counts (sdbl, reg_reads), attributed to the module
that caused it. A set-based access stays constant as the database grows; a lookup or a dereference in
a loop grows linearly."""

from __future__ import annotations

import datetime as _dt

from prism_desktop.bsl.engine import Engine
from prism_desktop.platform.fixtures import generate
from prism_desktop.platform.grow import grow_fixtures
from prism_desktop.platform.techlog import Techlog

SPEC = {
    "catalogs": {"Номенклатура": {"hierarchical": True, "attributes": {"Цена": {"precision": 2}}}},
    "documents": {"Поступление": {"registers": ["Остатки"]}},
    "accumulation_registers": {
        "Остатки": {
            "dimensions": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}},
            "resources": {"Количество": {}},
        }
    },
}
FIXTURES = {"catalogs": {"Номенклатура": [{"ref": "ГрТехника", "Наименование": "Техника", "isFolder": True}]}}
GROW = {
    "catalog": {"name": "Номенклатура", "parent": "ГрТехника"},
    "accumulation": {
        "register": "Остатки",
        "registrar": "Поступление",
        "record": {"Номенклатура": "$unit", "Количество": 2, "Период": _dt.date(2026, 1, 1)},
    },
}

CANDIDATE = """
Функция НаборомОстатков() Экспорт
    Возврат РегистрыНакопления.Остатки.Остатки().Итог("Количество");
КонецФункции

Функция ЦеныЧерезТочку() Экспорт
    Сумма = 0;
    В = Справочники.Номенклатура.Выбрать();
    Пока В.Следующий() Цикл
        Сумма = Сумма + В.Ссылка.Цена;
    КонецЦикла;
    Возврат Сумма;
КонецФункции

Функция ПоискВЦикле() Экспорт
    Найдено = 0;
    В = Справочники.Номенклатура.Выбрать();
    Пока В.Следующий() Цикл
        Если Не Справочники.Номенклатура.НайтиПоНаименованию(В.Наименование, Истина).Пустая() Тогда
            Найдено = Найдено + 1;
        КонецЕсли;
    КонецЦикла;
    Возврат Найдено;
КонецФункции
"""


def measure(infobase_factory, units: int, function: str) -> tuple[object, object]:
    """Load the grown fixtures from module Тесты, then call the candidate's function from module
    КодКандидата; return (result, the candidate's counts)."""
    from prism_desktop.bsl import platform_bridge

    platform_bridge.stop()
    infobase = infobase_factory(SPEC)
    engine = Engine()
    fixtures = generate(grow_fixtures(FIXTURES, GROW, units), infobase.config)
    tests = engine.load(fixtures.tests_module(""), "Тесты")
    engine.call(tests, "СоздатьФикстуры")
    candidate = engine.load(CANDIDATE, "КодКандидата")
    result = engine.call(candidate, function)
    return result, infobase.techlog.counts("КодКандидата")


def test_set_based_access_is_constant(infobase_factory) -> None:
    small_result, small = measure(infobase_factory, 20, "НаборомОстатков")
    large_result, large = measure(infobase_factory, 80, "НаборомОстатков")
    assert (small_result, large_result) == (40, 160)  # 2 per unit: the data really grew
    assert small.sdbl == large.sdbl == 1
    assert small.reg_reads == large.reg_reads == 1


def test_dereference_in_a_loop_grows_linearly(infobase_factory) -> None:
    _, small = measure(infobase_factory, 20, "ЦеныЧерезТочку")
    _, large = measure(infobase_factory, 80, "ЦеныЧерезТочку")
    # one selection portion per 25 rows + one implicit read per item (the group and the units)
    assert (small.sdbl, large.sdbl) == (1 + 21, 4 + 81)
    assert small.reg_reads == large.reg_reads == 0  # catalog reads are not register reads


def test_lookup_in_a_loop_grows_linearly(infobase_factory) -> None:
    result, small = measure(infobase_factory, 20, "ПоискВЦикле")
    _, large = measure(infobase_factory, 80, "ПоискВЦикле")
    assert result == 21
    assert large.sdbl - small.sdbl == 60 + 3  # one lookup per unit; 3 more portions of 25 rows


def test_fixture_creation_is_attributed_to_tests_not_to_the_candidate(infobase_factory) -> None:
    from prism_desktop.bsl import platform_bridge

    platform_bridge.stop()
    infobase = infobase_factory(SPEC)
    engine = Engine()
    tests = engine.load(generate(grow_fixtures(FIXTURES, GROW, 3), infobase.config).tests_module(""), "Тесты")
    engine.call(tests, "СоздатьФикстуры")
    assert infobase.techlog.counts("КодКандидата").sdbl == 0
    # 4 catalog items + 3 × (registrar document + record set) = 10 writes
    assert infobase.techlog.counts("Тесты").sdbl == 10
    assert (
        infobase.techlog.counts("Тесты").reg_reads == 3
    )  # a replacing record-set write deletes FROM the table


def test_query_hook_and_json_shape() -> None:
    log = Techlog(stack_provider=lambda: ("Тесты", "КодКандидата"))
    log.record_query("ВЫБРАТЬ 1", ["accum_Остатки", "cat_Товары"], rows=5)
    log.record_query("ВЫБРАТЬ 2", ["cat_Товары"], rows=2)
    counts = log.counts("КодКандидата")
    assert (counts.sdbl, counts.reg_reads, counts.rows) == (2, 1, 7)
    assert log.counts("Другой").sdbl == 0
    data = log.to_json()
    assert data["total"] == {"sdbl": 2, "reg_reads": 1, "rows": 7}
    assert data["by_module"]["Тесты"]["sdbl"] == 2
    assert data["events"][0]["tables"] == ["accum_Остатки", "cat_Товары"]


def test_a_selection_reads_a_portion_of_25_rows_per_access(infobase_factory) -> None:
    """PRISM's published B12/B16 logs: looping over a whole catalog of 23 and of 83 items counts 1 and
    4 SDBL events in 1C's techlog: 1C fetches a manager selection in portions (of 23 to 27 rows)."""
    from prism_desktop.platform.infobase import SELECTION_PORTION

    assert 23 <= SELECTION_PORTION <= 27
    counts = []
    for size in (23, 83):
        infobase = infobase_factory(SPEC)
        engine = Engine()
        text = "Функция Обойти() Экспорт\n В = Справочники.Номенклатура.Выбрать();\n Н = 0;\n"
        text += " Пока В.Следующий() Цикл Н = Н + 1; КонецЦикла;\n Возврат Н;\nКонецФункции\n"
        fill = engine.load(
            "Для Номер = 1 По " + str(size) + " Цикл О = Справочники.Номенклатура.СоздатьЭлемент(); "
            'О.Наименование = "Т" + Номер; О.Записать(); КонецЦикла;',
            "Тесты",
        )
        engine.run_body(fill)
        module = engine.load(text, "КодКандидата")
        assert engine.call(module, "Обойти") == size
        counts.append(infobase.techlog.counts("КодКандидата").sdbl)
        from prism_desktop.bsl import platform_bridge

        platform_bridge.stop()
    assert counts == [1, 4]
