"""How a measured result is compared with the reference's (sandbox/measured_result.py), on values built by
real BSL code: category B's comparison ignores the order query rows come in and the extra columns or keys
an answer adds, but not a missing or different value; category A keeps PRISM's comparator (ordered)."""

from __future__ import annotations

from typing import Any

import pytest

from prism_desktop.bsl.engine import Engine
from prism_desktop.sandbox.harness_a import prism_equal
from prism_desktop.sandbox.measured_result import (
    B_COMPARATOR_TYPES,
    PRISM_COMPARATOR_TYPES,
    ReturnRecorder,
    first_unwalkable,
    same_b_result,
)


def bsl(body: str) -> Any:
    """The value `body` returns (`Возврат …;`), computed by the engine."""
    engine = Engine()
    module = engine.load(f"Функция Значение()\n{body}\nКонецФункции")
    return engine.call(module, "Значение")


def array(*items: str) -> str:
    adds = "".join(f"М.Добавить({item});" for item in items)
    return f"М = Новый Массив; {adds} Возврат М;"


TABLE = """Т = Новый ТаблицаЗначений; {columns}
{rows}
Возврат Т;"""


def table(columns: list[str], rows: list[list[str]]) -> str:
    declared = "".join(f'Т.Колонки.Добавить("{c}");' for c in columns)
    filled = "\n".join(
        "С = Т.Добавить(); " + "".join(f"С.{c} = {v};" for c, v in zip(columns, row, strict=True))
        for row in rows
    )
    return TABLE.format(columns=declared, rows=filled)


def test_b_arrays_are_multisets_and_a_arrays_are_sequences() -> None:
    forward, backward = bsl(array("1", '"два"', "3")), bsl(array("3", "1", '"два"'))
    assert same_b_result(backward, forward)
    assert not prism_equal(backward, forward)
    assert not same_b_result(bsl(array("1", "1", "2")), bsl(array("1", "2", "2")))
    assert not same_b_result(bsl(array("1", "2")), bsl(array("1", "2", "3")))


def test_b_groups_of_groups_compare_as_sets_of_sets() -> None:
    """B10 returns groups of duplicates: neither the groups nor their members have an order."""
    groups = "Г1 = Новый Массив; Г1.Добавить(1); Г1.Добавить(2); Г2 = Новый Массив; Г2.Добавить(3);"
    expected = bsl(f"{groups} М = Новый Массив; М.Добавить(Г1); М.Добавить(Г2); Возврат М;")
    reordered = bsl(
        "Г1 = Новый Массив; Г1.Добавить(2); Г1.Добавить(1); Г2 = Новый Массив; Г2.Добавить(3);"
        " М = Новый Массив; М.Добавить(Г2); М.Добавить(Г1); Возврат М;"
    )
    regrouped = bsl(
        "Г1 = Новый Массив; Г1.Добавить(1); Г2 = Новый Массив; Г2.Добавить(2); Г2.Добавить(3);"
        " М = Новый Массив; М.Добавить(Г1); М.Добавить(Г2); Возврат М;"
    )
    assert same_b_result(reordered, expected)
    assert not same_b_result(regrouped, expected)


def test_b_tables_compare_on_the_references_columns_in_any_row_order() -> None:
    expected = bsl(table(["Товар", "Сумма"], [['"А"', "10"], ['"Б"', "20.5"]]))
    extra_column = bsl(table(["Сумма", "Товар", "Служебная"], [["20.5", '"Б"', "1"], ["10", '"А"', "2"]]))
    assert same_b_result(extra_column, expected)
    assert not same_b_result(bsl(table(["Товар"], [['"А"'], ['"Б"']])), expected)  # a column missing
    assert not same_b_result(bsl(table(["Товар", "Сумма"], [['"А"', "10"], ['"Б"', "20"]])), expected)
    assert not same_b_result(bsl(table(["Товар", "Сумма"], [['"А"', "10"]])), expected)  # a row missing


def test_b_structures_and_correspondences() -> None:
    expected = bsl('Возврат Новый Структура("Итог, Строк", 100, 2);')
    assert same_b_result(bsl('Возврат Новый Структура("Строк, Итог, Лишнее", 2, 100, 0);'), expected)
    assert not same_b_result(bsl('Возврат Новый Структура("Итог", 100);'), expected)
    assert not same_b_result(bsl('Возврат Новый Структура("Итог, Строк", 100, 3);'), expected)
    mapping = 'С = Новый Соответствие; С.Вставить("{0}", {1}); С.Вставить("{2}", {3}); Возврат С;'
    by_key = bsl(mapping.format("а", 1, "б", 2))
    assert same_b_result(bsl(mapping.format("б", 2, "а", 1)), by_key)
    assert not same_b_result(bsl(mapping.format("а", 1, "в", 2)), by_key)
    assert not same_b_result(bsl('С = Новый Соответствие; С.Вставить("а", 1); Возврат С;'), by_key)


@pytest.mark.parametrize(
    ("body", "walkable", "found"),
    [
        ('С = Новый Соответствие; С.Вставить("а", 1); Возврат С;', PRISM_COMPARATOR_TYPES, "Соответствие"),
        ('С = Новый Соответствие; С.Вставить("а", 1); Возврат С;', B_COMPARATOR_TYPES, None),
        (
            "М = Новый Массив; М.Добавить(Новый СписокЗначений); Возврат М;",
            B_COMPARATOR_TYPES,
            "СписокЗначений",
        ),
        (array("1", '"а"', "Дата(2024, 1, 1)"), PRISM_COMPARATOR_TYPES, None),
    ],
)
def test_a_value_no_comparator_can_walk_is_named(
    body: str, walkable: frozenset[str], found: str | None
) -> None:
    """Two such objects would compare by identity, so equal results would differ: not compared."""
    assert first_unwalkable(bsl(body), walkable) == found


def test_the_recorder_keeps_the_outermost_call_only() -> None:
    engine = Engine()
    module = engine.load(
        "Функция Глубина(Н)\n Если Н > 0 Тогда Возврат Глубина(Н - 1) + 1; КонецЕсли;\n"
        " Возврат 0;\nКонецФункции\n"
        "Функция Другая()\n Возврат 1;\nКонецФункции\n"
        "Результат = Глубина(3);"
    )
    recorded, never_called = ReturnRecorder(module, "Глубина"), ReturnRecorder(module, "Другая")
    engine.run_body(module)
    assert (recorded.returned, recorded.value) == (True, 3)
    assert not never_called.returned
    assert not ReturnRecorder(module, "НетТакой").returned
