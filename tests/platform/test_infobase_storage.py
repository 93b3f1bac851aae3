"""The SQLite infobase through its Python API: schema, value storage, objects, registers, constants."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal

import pytest

from prism_desktop.platform import Infobase, PlatformError, load_configuration
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import SystemEnumValue

SPEC = {
    "catalogs": {
        "Товары": {
            "attributes": {
                "Цена": {"type": "Число", "length": 10, "precision": 2},
                "Вид": ["Строка", "Число", "СправочникСсылка.Склады"],
            },
            "predefined": ["Услуга"],
        },
        "Склады": {},
    },
    "enums": {"Статусы": ["Новый", "Закрыт"]},
    "documents": {"Приход": {"registers": ["Остатки"]}},
    "accumulation_registers": {
        "Остатки": {
            "dimensions": {"Товар": {"type": "СправочникСсылка.Товары"}},
            "resources": {"Количество": {"type": "Число", "length": 15, "precision": 3}},
        }
    },
    "information_registers": {
        "Курсы": {
            "periodicity": "Month",
            "dimensions": {"Валюта": {"type": "Строка", "length": 3}},
            "resources": {"Курс": {"precision": 4}},
        }
    },
    "constants": {"Организация": {"type": "Строка", "length": 5}},
}


@pytest.fixture
def infobase() -> Infobase:
    return Infobase(load_configuration(SPEC), clock=lambda: _dt.datetime(2026, 5, 1, 9, 0, 0))


def test_tables_enums_and_predefined_exist_from_the_start(infobase: Infobase) -> None:
    tables = {r[0] for r in infobase.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {
        "cat_Товары",
        "cat_Склады",
        "enum_Статусы",
        "doc_Приход",
        "accum_Остатки",
        "info_Курсы",
        "const_Организация",
    } <= tables
    assert infobase.db.execute('SELECT "Ссылка", "Порядок", "Имя" FROM "enum_Статусы"').fetchall() == [
        (1, 0, "Новый"),
        (2, 1, "Закрыт"),
    ]
    row = infobase.db.execute('SELECT "Код", "Наименование", "Предопределенный" FROM "cat_Товары"').fetchone()
    assert row == ("000000001", "Услуга", 1)


def test_values_are_stored_as_documented_and_read_back(infobase: Infobase) -> None:
    goods = infobase.config.catalog("Товары")
    assert goods is not None
    store = RefKey("Справочник", "Склады", 7)
    item = infobase.new_object(goods)
    item.values.update({"Наименование": "Болт", "Цена": Decimal("12.345"), "Вид": store})
    ref = infobase.write_object(item)
    raw = infobase.db.execute(
        'SELECT "Цена", "Вид_t", "Вид" FROM "cat_Товары" WHERE "Ссылка" = ?', (ref.id,)
    ).fetchone()
    assert raw == (12.35, "Справочник.Склады", 7)
    values = infobase.read_values(ref)
    assert values is not None and values["Цена"] == Decimal("12.35") and values["Вид"] == store
    item.values["Вид"] = "текст"
    infobase.write_object(item)
    assert infobase.db.execute(
        'SELECT "Вид_t", "Вид" FROM "cat_Товары" WHERE "Ссылка" = ?', (ref.id,)
    ).fetchone() == ("S", "текст")
    item.values["Вид"] = None
    infobase.write_object(item)
    assert infobase.read_values(ref)["Вид"] is None  # type: ignore[index]


def test_documents_are_numbered_and_dated(infobase: Infobase) -> None:
    document = infobase.config.document("Приход")
    assert document is not None
    first = infobase.write_object(infobase.new_object(document))
    second = infobase.write_object(infobase.new_object(document))
    assert infobase.read_values(first)["Номер"] == "00000000001"  # type: ignore[index]
    assert infobase.read_values(second)["Номер"] == "00000000002"  # type: ignore[index]
    stored = infobase.db.execute('SELECT "Дата" FROM "doc_Приход" WHERE "Ссылка" = ?', (first.id,)).fetchone()
    assert stored == ("2026-05-01 09:00:00",)  # an empty date becomes the current date on write


def test_deleting_a_document_deletes_its_movements(infobase: Infobase) -> None:
    document = infobase.config.document("Приход")
    register = infobase.config.register("РегистрНакопления", "Остатки")
    assert document is not None and register is not None
    ref = infobase.write_object(infobase.new_object(document))
    infobase.registers.write_records(register, {"Регистратор": ref}, [{"Количество": 1}, {"Количество": 2}])
    rows = infobase.registers.read_records(register, {"Регистратор": ref})
    assert [(r["НомерСтроки"], r["Количество"], r["Активность"]) for r in rows] == [
        (1, 1, True),
        (2, 2, True),
    ]
    assert rows[0]["ВидДвижения"] == SystemEnumValue("ВидДвиженияНакопления", "Приход")
    infobase.delete_object(ref)
    assert infobase.registers.read_records(register, {}) == []
    assert infobase.read_values(ref) is None


def test_information_register_period_and_unique_keys(infobase: Infobase) -> None:
    register = infobase.config.register("РегистрСведений", "Курсы")
    assert register is not None
    infobase.registers.write_record(
        register, {"Период": _dt.datetime(2026, 3, 17, 15, 0), "Валюта": "USD", "Курс": Decimal("90.12345")}
    )
    rows = infobase.registers.read_records(register, {})
    assert rows == [{"Период": _dt.datetime(2026, 3, 1), "Валюта": "USD", "Курс": Decimal("90.1235")}]
    with pytest.raises(PlatformError, match="ключевыми полями"):
        infobase.registers.write_records(
            register, {}, [{"Период": _dt.datetime(2026, 3, 2), "Валюта": "USD"}], replace=False
        )
    infobase.registers.write_records(register, {}, [{"Период": _dt.datetime(2026, 4, 2), "Валюта": "EUR"}])
    assert [r["Валюта"] for r in infobase.registers.read_records(register, {})] == [
        "EUR"
    ]  # empty filter: all


def test_constants_and_string_functions(infobase: Infobase) -> None:
    constant = infobase.config.find("Константа", "Организация")
    assert constant is not None
    assert infobase.registers.get_constant(constant) == ""
    infobase.registers.set_constant(constant, "ООО Ромашка")
    assert infobase.registers.get_constant(constant) == "ООО Р"
    assert infobase.db.execute("SELECT lower1c('ПРИВЕТ')").fetchone() == ("привет",)


def test_selection_orders_and_lookup_is_case_insensitive(infobase: Infobase) -> None:
    goods = infobase.config.catalog("Товары")
    assert goods is not None
    for name in ("бета", "Альфа"):
        data = infobase.new_object(goods)
        data.values["Наименование"] = name
        infobase.write_object(data)
    assert [r.values["Наименование"] for r in infobase.select(goods)] == ["Альфа", "бета", "Услуга"]
    assert infobase.find(goods, {"Наименование": "АЛЬФА"}).id == 3
    assert infobase.find(goods, {}, prefix="Б").id == 2
    assert infobase.find(goods, {"Наименование": "Гамма"}).is_empty
