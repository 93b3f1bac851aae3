"""Metadata from config_spec: every section of PRISM_FORMAT §1.7, the type system and its errors."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal

import pytest

from prism_desktop.platform import ConfigError, PlatformError, load_configuration
from prism_desktop.platform import metadata as md
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import EMPTY_DATE, parse_type_spec, parse_type_string

FULL_SPEC = {
    "catalogs": {
        "Контрагенты": {},
        "Договоры": {"owners": ["Контрагенты"]},
        "Номенклатура": {
            "hierarchical": True,
            "attributes": {
                "Цена": {"type": "Число", "length": 15, "precision": 2},
                "Артикул": {"type": "Строка", "length": 10},
                "Вид": [{"type": "Строка"}, {"type": "СправочникСсылка.Контрагенты"}],
            },
            "tabular_sections": {"Состав": {"attributes": {"Количество": {}}}},
            "predefined": ["Услуга", {"name": "Прочее", "folder": True}],
        },
    },
    "enums": {"Статусы": ["Новый", "Закрыт"]},
    "chart_of_characteristic_types": {
        "ВидыСубконто": {"value_types": ["СправочникСсылка.Контрагенты", "СправочникСсылка.Договоры"]}
    },
    "charts_of_accounts": {"Основной": {"ext_dimension_types": "ВидыСубконто", "max_ext_dimension_count": 2}},
    "documents": {
        "Реализация": {
            "registers": ["Остатки"],
            "info_registers": ["ЦеныДокумента"],
            "accounting_registers": ["Хозрасчетный", "Простой"],
            "attributes": {"Контрагент": {"type": "СправочникСсылка.Контрагенты"}},
            "tabular_sections": {
                "Товары": {"attributes": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}}}
            },
        }
    },
    "accumulation_registers": {
        "Остатки": {
            "dimensions": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}},
            "resources": {"Количество": {"type": "Число", "length": 15, "precision": 3}},
            "attributes": {"Комментарий": {"type": "Строка"}},
        },
        "Продажи": {"register_type": "Turnovers", "resources": {"Сумма": {"precision": 2}}},
    },
    "information_registers": {
        "Цены": {
            "periodicity": "Month",
            "dimensions": {"Номенклатура": {"type": "СправочникСсылка.Номенклатура"}},
            "resources": {"Цена": {"precision": 2}},
        },
        "Настройки": {"periodicity": "Nonperiodical", "resources": {"Значение": {"type": "Строка"}}},
        "ЦеныДокумента": {"write_mode": "RecorderSubordinate", "resources": {"Цена": {}}},
    },
    "accounting_registers": {
        "Хозрасчетный": {"chart_of_accounts": "Основной"},
        "Простой": {"chart_of_accounts": "Основной", "correspondence": False},
    },
    "constants": {"СтавкаНДС": {"type": "Число", "length": 5, "precision": 2}, "Организация": "Строка"},
}

# Documents record to Продажи too, so it has a registrar.
FULL_SPEC["documents"]["Реализация"]["registers"].append("Продажи")


@pytest.fixture(scope="module")
def config() -> md.Configuration:
    return load_configuration(FULL_SPEC)


def names(fields: md.FieldSet) -> list[str]:
    return fields.names()


def test_catalog_standard_attributes_owner_hierarchy_and_predefined(config: md.Configuration) -> None:
    catalog = config.catalog("номенклатура")  # names are case-insensitive
    assert isinstance(catalog, md.Catalog)
    assert names(catalog.fields) == [
        "Ссылка",
        "ПометкаУдаления",
        "Предопределенный",
        "ИмяПредопределенныхДанных",
        "Код",
        "Наименование",
        "Родитель",
        "ЭтоГруппа",
        "Цена",
        "Артикул",
        "Вид",
    ]
    assert catalog.field("Description") is catalog.field("Наименование")  # English names of standard fields
    code = catalog.field("Код")
    assert code is not None and code.type.single.length == 9  # PRISM: code length 9, description 50
    assert catalog.field("Наименование").type.single.length == 50  # type: ignore[union-attr]
    assert [(p.name, p.folder) for p in catalog.predefined] == [("Услуга", False), ("Прочее", True)]
    assert catalog.table == "cat_Номенклатура"
    assert catalog.tabular_section("состав").table == "cat_Номенклатура__Состав"  # type: ignore[union-attr]
    owned = config.catalog("Договоры")
    assert owned is not None and owned.field("Владелец").type.single.ref_name == "Контрагенты"  # type: ignore[union-attr]
    assert config.catalog("Контрагенты").field("Родитель") is None  # type: ignore[union-attr]


def test_composite_field_has_a_tag_column(config: md.Configuration) -> None:
    kind = config.catalog("Номенклатура").field("Вид")  # type: ignore[union-attr]
    assert kind is not None and kind.is_composite and kind.tag_column == "Вид_t"
    assert kind.type.default() is None  # a composite type's empty value is Неопределено


def test_document_and_register_standard_fields(config: md.Configuration) -> None:
    document = config.document("Реализация")
    assert document is not None
    assert names(document.fields)[:5] == ["Ссылка", "ПометкаУдаления", "Номер", "Дата", "Проведен"]
    assert document.recorded_registers()[0] == (md.ACCUMULATION_REGISTER, "Остатки")
    balance = config.register(md.ACCUMULATION_REGISTER, "Остатки")
    assert isinstance(balance, md.AccumulationRegister) and balance.is_balance
    assert names(balance.fields) == [
        "Период",
        "Регистратор",
        "НомерСтроки",
        "Активность",
        "ВидДвижения",
        "Номенклатура",
        "Количество",
        "Комментарий",
    ]
    assert balance.registrars == ["Реализация"]
    turnovers = config.register(md.ACCUMULATION_REGISTER, "Продажи")
    assert turnovers is not None and turnovers.field("ВидДвижения") is None  # turnover registers have none


def test_information_registers_periodicity_and_write_mode(config: md.Configuration) -> None:
    prices = config.register(md.INFORMATION_REGISTER, "Цены")
    assert isinstance(prices, md.InformationRegister) and prices.periodicity == "Month"
    assert names(prices.fields) == ["Период", "Номенклатура", "Цена"]
    settings = config.register(md.INFORMATION_REGISTER, "Настройки")
    assert settings is not None and settings.field("Период") is None
    subordinate = config.register(md.INFORMATION_REGISTER, "ЦеныДокумента")
    assert isinstance(subordinate, md.InformationRegister) and subordinate.has_recorder
    assert names(subordinate.fields) == ["Период", "Регистратор", "НомерСтроки", "Активность", "Цена"]


def test_accounting_registers_with_and_without_correspondence(config: md.Configuration) -> None:
    main = config.register(md.ACCOUNTING_REGISTER, "Хозрасчетный")
    assert isinstance(main, md.AccountingRegister) and main.ext_dimension_count == 2
    assert names(main.fields) == [
        "Период",
        "Регистратор",
        "НомерСтроки",
        "Активность",
        "СчетДт",
        "СчетКт",
        "ВидСубконтоДт1",
        "СубконтоДт1",
        "ВидСубконтоДт2",
        "СубконтоДт2",
        "ВидСубконтоКт1",
        "СубконтоКт1",
        "ВидСубконтоКт2",
        "СубконтоКт2",
        "Сумма",
    ]
    amount = main.field("Сумма")
    assert amount is not None and (amount.type.single.length, amount.type.single.precision) == (15, 2)
    subconto = main.field("ExtDimensionDr1")
    assert subconto is not None and subconto.is_composite  # the chart's value types
    simple = config.register(md.ACCOUNTING_REGISTER, "Простой")
    assert simple is not None
    assert {"Счет", "ВидДвижения", "ВидСубконто1", "Субконто2"} <= set(names(simple.fields))


def test_charts_enums_constants(config: md.Configuration) -> None:
    chart = config.find("ПланСчетов", "Основной")
    assert isinstance(chart, md.ChartOfAccounts) and chart.code_length == 5  # PRISM: code length 5
    assert chart.tabular_section("ВидыСубконто") is not None
    cct = config.find("ChartOfCharacteristicTypes", "ВидыСубконто")
    assert isinstance(cct, md.ChartOfCharacteristicTypes) and cct.value_types is not None
    assert [t.ref_name for t in cct.value_types.types] == ["Контрагенты", "Договоры"]
    enum = config.find("Перечисление", "Статусы")
    assert isinstance(enum, md.Enum) and enum.value_id("закрыт") == 2
    vat = config.find("Константа", "СтавкаНДС")
    assert isinstance(vat, md.Constant) and vat.value_field.type.single.precision == 2
    organisation = config.find("Constant", "Организация")
    assert isinstance(organisation, md.Constant) and organisation.value_field.type.single.length == 100


def test_accounting_register_default_resource_is_sum_15_2() -> None:
    config = load_configuration(
        {
            "charts_of_accounts": {"Х": {}},
            "documents": {"Д": {"accounting_registers": ["Р"]}},
            "accounting_registers": {"Р": {"chart_of_accounts": "Х"}},
        }
    )
    register = config.register(md.ACCOUNTING_REGISTER, "Р")
    assert register is not None and [f.name for f in register.resources()] == ["Сумма"]
    assert register.field("ВидСубконтоДт1") is None  # no ext dimension types → no subconto columns


# --- the type system --------------------------------------------------------------------------


def test_number_type_rounds_half_away_from_zero_and_overflows() -> None:
    number = parse_type_spec({"type": "Число", "length": 5, "precision": 2}, "x")
    assert number.adjust(Decimal("1.005"), "Цена") == Decimal("1.01")
    assert number.adjust(Decimal("-1.005"), "Цена") == Decimal("-1.01")
    assert number.adjust(Decimal("2.50"), "Цена") == Decimal("2.5")
    assert number.adjust(7, "Цена") == 7
    assert number.adjust(Decimal("999.994"), "Цена") == Decimal("999.99")
    with pytest.raises(PlatformError, match="Цена"):
        number.adjust(1000, "Цена")  # 3 integer digits fit Число(5,2), 4 do not


def test_conversions_of_other_types_follow_privesti_znachenie() -> None:
    number = parse_type_spec({}, "x")  # type omitted: Число(15, 0)
    assert number.adjust("12", "Ч") == 12
    assert number.adjust("abc", "Ч") == 0
    assert number.adjust(True, "Ч") == 1
    assert number.adjust(None, "Ч") == 0
    text = parse_type_spec({"type": "Строка", "length": 3}, "x")
    assert text.adjust("Длинная", "С") == "Дли"  # cut to the length
    assert text.adjust(15, "С") == "15"
    assert parse_type_spec("Булево", "x").adjust(5, "Б") is True
    assert parse_type_spec("Дата", "x").adjust("2024", "Д") == EMPTY_DATE
    ref = parse_type_spec("СправочникСсылка.Товары", "x")
    assert ref.adjust(RefKey("Справочник", "Склады", 3), "Р") == RefKey("Справочник", "Товары", 0)
    composite = parse_type_spec(["Строка", "Число"], "x")
    assert composite.adjust(_dt.datetime(2024, 1, 1), "К") is None  # not a listed type → Неопределено
    assert composite.adjust(Decimal("1.5"), "К") == 2  # Число(15,0): rounded to the precision


def test_type_strings_and_defaults() -> None:
    parsed = parse_type_string("СправочникСсылка.Контрагенты, Число")
    assert [t.name for t in parsed.types] == ["СправочникСсылка.Контрагенты", "Число"]
    assert parse_type_spec("Строка", "x").default() == ""
    assert parse_type_spec("Дата", "x").default() == EMPTY_DATE
    assert parse_type_spec("ПеречислениеСсылка.Статусы", "x").default() == RefKey(
        "Перечисление", "Статусы", 0
    )


# --- errors name the key path, what was found and what was expected ------------------------------


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ({"catalog": {}}, "config_spec.yaml: catalog: found {}, expected one of the sections"),
        ({"catalogs": {"Т": {"hierarhical": True}}}, "catalogs.Т.hierarhical: found True"),
        (
            {"catalogs": {"Т": {"attributes": {"Цена": {"type": "Чесло"}}}}},
            "catalogs.Т.attributes.Цена.type: found 'Чесло'",
        ),
        (
            {"catalogs": {"Т": {"attributes": {"Цена": {"type": "Число", "length": 0}}}}},
            "catalogs.Т.attributes.Цена.length: found 0, expected an integer from 1 to 38",
        ),
        ({"catalogs": {"Т": {"attributes": {"Код": "Строка"}}}}, "catalogs.Т.attributes.Код: found 'Код'"),
        (
            {"catalogs": {"Т": {"attributes": {"С": "СправочникСсылка.Нет"}}}},
            "catalogs.Т.attributes.С: found 'СправочникСсылка.Нет', expected a reference to a declared",
        ),
        ({"catalogs": {"Т": {"owners": ["Нет"]}}}, "catalogs.Т.owners: found 'Нет'"),
        (
            {"accumulation_registers": {"Р": {"resources": {"К": {}}}}},
            "accumulation_registers.Р: found 'Р', expected a register listed",
        ),
        (
            {
                "documents": {"Д": {"registers": ["Р"]}},
                "accumulation_registers": {"Р": {"resources": {"К": "Строка"}}},
            },
            "accumulation_registers.Р.resources.К: found 'Строка(100)', expected a Число type",
        ),
        (
            {"information_registers": {"Р": {"periodicity": "Weekly"}}},
            "information_registers.Р.periodicity: found 'Weekly'",
        ),
        ({"accounting_registers": {"Р": {}}}, "accounting_registers.Р.chart_of_accounts: found nothing"),
        ({"enums": {"С": []}}, "enums.С: found [], expected a non-empty list of value names"),
        ({"documents": {"Д": {"registers": ["Нет"]}}}, "documents.Д.registers: found 'Нет'"),
        ({"catalogs": {"1Т": {}}}, "catalogs.1Т: found '1Т', expected an identifier"),
    ],
)
def test_bad_config_spec_errors(spec: dict, fragment: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_configuration(spec)
    assert fragment in str(caught.value)
