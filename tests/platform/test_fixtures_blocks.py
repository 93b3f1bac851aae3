"""fixtures.yaml: every block of PRISM_FORMAT §1.8 in its fixed order, the value resolution rules,
the generated Спр()/СоздатьФикстуры(), grow rules of §1.10 and the errors naming the key path."""

from __future__ import annotations

import datetime as _dt

import pytest

from prism_desktop.platform import load_configuration
from prism_desktop.platform.fixtures import FixtureError, generate
from prism_desktop.platform.grow import grow_fixtures

SPEC = {
    "catalogs": {
        "Склады": {},
        "Номенклатура": {
            "hierarchical": True,
            "attributes": {
                "Артикул": {"type": "Строка", "length": 10},
                "Статус": {"type": "ПеречислениеСсылка.Статусы"},
                "Новинка": {"type": "Булево"},
                "Вес": {"type": "Число", "length": 10, "precision": 3},
            },
            "tabular_sections": {"Штрихкоды": {"attributes": {"Код": {"type": "Строка"}}}},
        },
        "Контрагенты": {},
        "Договоры": {"owners": ["Контрагенты"]},
    },
    "enums": {"Статусы": ["Активен", "Архив"]},
    "chart_of_characteristic_types": {
        "ВидыСубконто": {"value_types": ["СправочникСсылка.Контрагенты", "СправочникСсылка.Договоры"]}
    },
    "charts_of_accounts": {"Основной": {"ext_dimension_types": "ВидыСубконто", "max_ext_dimension_count": 2}},
    "documents": {
        "Поступление": {"registers": ["Партии"]},
        "Операция": {"accounting_registers": ["Хозрасчетный"]},
        "Установка": {"info_registers": ["ЦеныДокументов"]},
    },
    "accumulation_registers": {
        "Партии": {
            "dimensions": {
                "Склад": {"type": "СправочникСсылка.Склады"},
                "Номенклатура": {"type": "СправочникСсылка.Номенклатура"},
                "Партия": {"type": "ДокументСсылка.Поступление"},
            },
            "resources": {"Количество": {"type": "Число", "length": 15, "precision": 3}},
        }
    },
    "information_registers": {
        "Цены": {
            "dimensions": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}},
            "resources": {"Цена": {"precision": 2}},
        },
        "ЦеныДокументов": {
            "write_mode": "RecorderSubordinate",
            "dimensions": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}},
            "resources": {"Цена": {"precision": 2}},
        },
    },
    "accounting_registers": {"Хозрасчетный": {"chart_of_accounts": "Основной"}},
    "constants": {"СтавкаНДС": {"type": "Число", "length": 5, "precision": 2}},
}

FIXTURES = {
    "catalogs": {
        "Склады": [{"ref": "Основной", "Наименование": "Основной склад"}],
        "Номенклатура": [
            {"ref": "ГрТехника", "Наименование": "Техника", "isFolder": True},
            {
                "ref": "Холодильник",
                "Наименование": 'Холодильник "X"',
                "parent": "ГрТехника",
                "Артикул": "Х-1",
                "Статус": "Перечисления.Статусы.Архив",
                "Новинка": True,
                "Вес": 52.5,
                "Штрихкоды": [{"Код": "460"}, {"Код": "461"}],
            },
        ],
        "Контрагенты": [{"ref": "К1", "Наименование": "ООО Альфа"}],
        "Договоры": [{"ref": "Д1", "Наименование": "Д-100", "owner": "К1"}],
    },
    "characteristics": {
        "ВидыСубконто": [
            {"ref": "ВС_Контр", "Наименование": "Контрагент", "ТипЗначения": "СправочникСсылка.Контрагенты"},
            {"ref": "ВС_Дог", "Наименование": "Договор", "ТипЗначения": "СправочникСсылка.Договоры"},
        ]
    },
    "accounts": {
        "Основной": [
            {"ref": "А90", "Код": "90", "Наименование": "Продажи", "Вид": "АктивноПассивный"},
            {"ref": "А62", "Код": "62", "Вид": "Активный", "subconto": ["ВС_Контр", "ВС_Дог"]},
            {"ref": "А76", "Код": "76", "Вид": "Пассивный", "subconto": ["ВС_Дог", "ВС_Контр"]},
        ]
    },
    "register_records": {
        "Партии": {
            "registrar": "Поступление",
            "records": [
                {
                    "Период": _dt.date(2026, 1, 10),
                    "Склад": "Основной",
                    "Номенклатура": "Холодильник",
                    "Партия": "$регистратор",
                    "Количество": 10,
                },
                {
                    "Период": _dt.date(2026, 2, 10),
                    "Склад": "Основной",
                    "Номенклатура": "Холодильник",
                    "Партия": "$регистратор",
                    "Количество": 4,
                    "ВидДвижения": "Расход",
                },
                {"Склад": "Основной", "Номенклатура": "Холодильник", "Количество": 1},
            ],
        }
    },
    "info_records": {"Цены": [{"Период": _dt.date(2026, 1, 1), "Номенклатура": "Холодильник", "Цена": 99.9}]},
    "info_register_records": {
        "ЦеныДокументов": {
            "registrar": "Установка",
            "records": [{"Период": _dt.date(2026, 1, 2), "Номенклатура": "Холодильник", "Цена": 50}],
        }
    },
    "accounting_records": {
        "Хозрасчетный": {
            "registrar": "Операция",
            "records": [
                {
                    "Период": _dt.date(2025, 1, 10),
                    "СчетДт": "А62",
                    "СчетКт": "А90",
                    "Сумма": 1000,
                    "СубконтоДт": {"ВС_Контр": "К1", "ВС_Дог": "Д1"},
                },
                {
                    "Период": _dt.date(2025, 2, 10),
                    "СчетДт": "А76",
                    "СчетКт": "А90",
                    "Сумма": 300,
                    "СубконтоДт": {"ВС_Дог": "Д1", "ВС_Контр": "К1"},
                },
            ],
        }
    },
    "constants": {"СтавкаНДС": 20},
    "expected": {"anything": {"count": 2}},
}

CHECKS = """
Функция Проверить() Экспорт
    Р = Новый Массив;
    Р.Добавить(Спр("Номенклатура", "Техника") = ГрТехника);
    Р.Добавить(Холодильник.Родитель = ГрТехника);
    Р.Добавить(Холодильник.Наименование);
    Р.Добавить(Холодильник.Статус = Перечисления.Статусы.Архив);
    Р.Добавить(Холодильник.Новинка);
    Р.Добавить(Холодильник.Вес);
    Р.Добавить(Холодильник.Штрихкоды.Количество());
    Р.Добавить(Д1.Владелец = К1);
    Р.Добавить(Строка(ВС_Дог.ТипЗначения.Типы()[0]));
    Р.Добавить(А62.ВидыСубконто[1].ВидСубконто = ВС_Дог);
    Р.Добавить(А76.Вид = ВидСчета.Пассивный);
    Р.Добавить(А90.Наименование);
    Т = РегистрыНакопления.Партии.Остатки(, , "Номенклатура");
    Р.Добавить(Т[0].Количество);
    Н = РегистрыНакопления.Партии.СоздатьНаборЗаписей();
    В = Документы.Поступление.Выбрать();
    Пока В.Следующий() Цикл
        Н.Отбор.Регистратор.Установить(В.Ссылка); Н.Прочитать();
        Р.Добавить("" + В.Дата + "|" + Н[0].Период + "|" + (Н[0].Партия = В.Ссылка) + "|" + Н[0].ВидДвижения);
    КонецЦикла;
    Р.Добавить(РегистрыСведений.Цены.ПолучитьПоследнее(, Новый Структура("Номенклатура", Холодильник)).Цена);
    Н = РегистрыСведений.ЦеныДокументов.СоздатьНаборЗаписей();
    Д = Документы.Установка.Выбрать(); Д.Следующий();
    Н.Отбор.Регистратор.Установить(Д.Ссылка); Н.Прочитать();
    Р.Добавить(Н[0].Цена);
    Н = РегистрыБухгалтерии.Хозрасчетный.СоздатьНаборЗаписей();
    Д = Документы.Операция.Выбрать();
    Пока Д.Следующий() Цикл
        Н.Отбор.Регистратор.Установить(Д.Ссылка); Н.Прочитать();
        Р.Добавить("" + Н[0].СчетДт + ":" + Н[0].СубконтоДт1 + "," + Н[0].СубконтоДт2 + "=" + Н[0].Сумма);
    КонецЦикла;
    Р.Добавить(Константы.СтавкаНДС.Получить());
    Возврат Р;
КонецФункции
"""


def test_every_block_creates_its_data(run_bsl) -> None:
    run = run_bsl(SPEC, CHECKS, fixtures=FIXTURES, module="Тесты", body=False)
    result = [str(v) if not isinstance(v, bool) else v for v in run.call("Проверить").items]
    assert result == [
        True,
        True,
        'Холодильник "X"',
        True,
        True,
        "52.5",
        "2",
        True,
        "СправочникСсылка.Договоры",
        True,
        True,
        "Продажи",
        "7",  # by Номенклатура: 10 received − 4 spent + 1 received (no ВидДвижения: income)
        "10.01.2026 0:00:00|10.01.2026 0:00:00|Да|Приход",  # $регистратор = the record's own document
        "10.02.2026 0:00:00|10.02.2026 0:00:00|Да|Расход",
        "15.03.2026 12:00:00|15.03.2026 12:00:00|Нет|Приход",  # no Период: the current date
        "99.9",
        "50",
        "62:ООО Альфа,Д-100=1\u00a0000",  # subconto by kind, in the account order; NBSP groups digits
        "76:Д-100,ООО Альфа=300",
        "20",
    ]


def test_generated_text_declares_refs_as_module_variables() -> None:
    module = generate(FIXTURES, load_configuration(SPEC))
    assert module.variables[:3] == ["Основной", "ГрТехника", "Холодильник"]
    text = module.tests_module("// tests")
    assert text.startswith(
        "Перем Основной, ГрТехника, Холодильник, К1, Д1, ВС_Контр, ВС_Дог, А90, А62, А76;\n"
    )
    assert "Функция Спр(ИмяСправочника, Наименование) Экспорт" in text
    assert 'ФиксОбъект.Наименование = "Холодильник ""X""";' in text  # quotes doubled
    assert text.endswith("// tests")
    assert "\n" not in module.prelude(separator=" ")


def test_spr_is_an_exact_description_lookup(run_bsl) -> None:
    fixtures = {
        "catalogs": {
            "Склады": [{"ref": "С1", "Наименование": "Склад"}, {"ref": "С2", "Наименование": "Склад 2"}]
        }
    }
    run = run_bsl(
        SPEC,
        'Функция Ф() Экспорт Возврат Спр("Склады", "Склад") = С1 И Спр("Склады", "Скл").Пустая(); '
        "КонецФункции",
        fixtures=fixtures,
        body=False,
    )
    assert run.call("Ф") is True


@pytest.mark.parametrize(
    ("fixtures", "fragment"),
    [
        ({"catalog": {}}, "fixtures.yaml: catalog: found {}, expected one of the blocks"),
        (
            {"catalogs": {"Склад": []}},
            "catalogs.Склад: found 'Склад', expected a Справочник of the configuration",
        ),
        (
            {"catalogs": {"Номенклатура": [{"ref": "Х", "parent": "Гр"}]}},
            "catalogs.Номенклатура[0].parent: found 'Гр', expected the ref of an item declared earlier",
        ),
        (
            {"catalogs": {"Номенклатура": [{"ref": "Х", "Цвет": "красный"}]}},
            "catalogs.Номенклатура[0].Цвет: found 'Цвет', expected a field of Справочник.Номенклатура",
        ),
        (
            {"catalogs": {"Склады": [{"ref": "С", "isFolder": True}]}},
            "catalogs.Склады[0].isFolder: found True",
        ),
        (
            {"catalogs": {"Склады": [{"ref": "С"}, {"ref": "С"}]}},
            "catalogs.Склады[1].ref: found 'С', expected a ref not used",
        ),
        (
            {"register_records": {"Партии": {"records": [{}]}}},
            "register_records.Партии.registrar: found None",
        ),
        (
            {"register_records": {"Партии": {"registrar": "Операция", "records": []}}},
            "register_records.Партии.registrar: found 'Операция', expected a document recording to",
        ),
        (
            {
                "register_records": {
                    "Партии": {"registrar": "Поступление", "records": [{"ВидДвижения": "Дебет"}]}
                }
            },
            "register_records.Партии.records[0].ВидДвижения: found 'Дебет', expected Приход or Расход",
        ),
        (
            {"accounts": {"Основной": [{"Код": "1", "Вид": "Активно"}]}},
            "accounts.Основной[0].Вид: found 'Активно'",
        ),
        (
            {"info_records": {"ЦеныДокументов": []}},
            "info_records.ЦеныДокументов: found 'ЦеныДокументов', expected an Independent",
        ),
        ({"constants": {"Ставка": 1}}, "constants.Ставка: found 'Ставка', expected a Константа"),
    ],
)
def test_fixture_errors_name_the_key_path(fixtures: dict, fragment: str) -> None:
    with pytest.raises(FixtureError) as caught:
        generate(fixtures, load_configuration(SPEC))
    assert fragment in str(caught.value)


# --- grow (perf.yaml) -----------------------------------------------------------------------

GROW = {
    "name_prefix": "ПерфДоговор",
    "catalog": {"name": "Договоры", "owner": "К1"},
    "accumulation": {
        "register": "Партии",
        "registrar": "Поступление",
        "record": {
            "Склад": "Основной",
            "Номенклатура": "Холодильник",
            "Количество": 1,
            "Партия": "$регистратор",
            "Период": _dt.date(2026, 3, 1),
        },
    },
    "information": {"register": "Цены", "record": {"Номенклатура": "Холодильник", "Цена": "$unit"}},
}


def test_grow_appends_units_without_touching_the_original() -> None:
    grown = grow_fixtures(FIXTURES, GROW, 3)
    assert grown["catalogs"]["Договоры"][-3:] == [
        {"ref": f"ПерфДоговор{i}", "Наименование": f"ПерфДоговор {i}", "owner": "К1"} for i in (1, 2, 3)
    ]
    records = grown["register_records"]["Партии"]["records"]
    assert len(records) == 6 and records[-1]["Партия"] == "$регистратор"
    assert grown["info_records"]["Цены"][-1]["Цена"] == "ПерфДоговор3"  # $unit → the unit's ref
    assert len(FIXTURES["catalogs"]["Договоры"]) == 1


def test_grown_fixtures_load(run_bsl) -> None:
    grow = {"catalog": {"name": "Номенклатура", "parent": "ГрТехника", "attrs": {"Артикул": "$unit"}}}
    grown = grow_fixtures(FIXTURES, grow, 5)
    run = run_bsl(
        SPEC,
        'Функция Ф() Экспорт Возврат Перф5.Артикул + "|" + Перф5.Наименование + "|" '
        "+ (Перф5.Родитель = ГрТехника); КонецФункции",
        fixtures=grown,
        body=False,
    )
    assert run.call("Ф") == "Перф5|Перф 5|Да"  # the default prefix is Перф


@pytest.mark.parametrize(
    ("grow", "fragment"),
    [
        ({"catalgo": {}}, "grow.catalgo"),
        ({"catalog": {"parent": "Х"}}, "grow.catalog.name: found None"),
        (
            {"accumulation": {"register": "Партии", "registrar": "Операция", "record": {}}},
            "grow.accumulation.registrar: found 'Операция', expected the registrar the fixtures use",
        ),
    ],
)
def test_grow_errors(grow: dict, fragment: str) -> None:
    with pytest.raises(FixtureError) as caught:
        grow_fixtures(FIXTURES, grow, 2)
    assert fragment in str(caught.value)
