"""Value layer: numbers, presentation, Формат, dates, comparisons, and the runtime operators."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from prism_desktop.bsl import runtime as rt
from prism_desktop.bsl.stdlib import strings as s
from prism_desktop.bsl.stdlib import types as t
from prism_desktop.bsl.stdlib import xml_values
from prism_desktop.bsl.values import dates, numbers
from prism_desktop.bsl.values.base import NULL, BslRuntimeError, BslType
from prism_desktop.bsl.values.compare import less
from prism_desktop.bsl.values.format import format_value, parse_format_string
from prism_desktop.bsl.values.presentation import literal, to_string, type_name

NB = "\u00a0"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0, "0"), (7, "7"), (1234, f"1{NB}234"), (-1234567, f"-1{NB}234{NB}567"),
        (Decimal("1234.50"), f"1{NB}234,5"), (Decimal("-0.25"), "-0,25"), (Decimal("1E+3"), f"1{NB}000"),
    ],
)
def test_number_presentation(value: int | Decimal, text: str) -> None:
    assert numbers.presentation(value) == text


def test_integral_results_are_ints() -> None:
    assert type(numbers.add(Decimal("0.5"), Decimal("0.5"))) is int
    assert type(numbers.div(10, 5)) is int
    assert numbers.div(10, 4) == Decimal("2.5")


def test_division_keeps_38_significant_digits() -> None:
    third = numbers.div(1, 3)
    assert isinstance(third, Decimal)
    assert len(third.as_tuple().digits) == numbers.PRECISION
    assert numbers.mul(third, 3) == Decimal("0." + "9" * 38)


# OneScript parses with the invariant culture: no decimal comma, no digit grouping.
@pytest.mark.parametrize("text", ["", "abc", "1.2.3", "1e5", "--1", ".", "1,5", f"1{NB}234.5", "1 234"])
def test_parse_number_rejects(text: str) -> None:
    with pytest.raises(BslRuntimeError, match="Преобразование значения к типу Число"):
        numbers.parse_number(text)


def test_parse_number_accepts() -> None:
    assert numbers.parse_number(" -12.50 ") == Decimal("-12.5")
    assert numbers.parse_number("+7") == 7
    assert numbers.parse_number("\t3.25\n") == Decimal("3.25")


def test_rounding_modes() -> None:
    assert numbers.round_number(Decimal("2.5")) == 3
    assert numbers.round_number(Decimal("-2.5")) == -3
    assert numbers.round_number(Decimal("2.5"), 0, numbers.ROUND_HALF_DOWN) == 2
    assert numbers.round_number(1249, -2) == 1200


def test_operators_follow_the_left_operand() -> None:
    assert rt.add("a", 1) == "a1"
    assert rt.add(1, "2") == 3
    assert rt.add(dt.datetime(2024, 1, 1), 60) == dt.datetime(2024, 1, 1, 0, 1)
    assert rt.sub(dt.datetime(2024, 1, 2), dt.datetime(2024, 1, 1)) == 86400
    for bad in ((True, 1), (None, 1), (NULL, 1), (1, True)):
        with pytest.raises(BslRuntimeError, match="Преобразование значения к типу Число"):
            rt.add(*bad)
    with pytest.raises(BslRuntimeError, match="Деление на 0"):
        rt.div(1, 0)


def test_truth_requires_boolean_or_number() -> None:
    assert rt.truth(True) and not rt.truth(0) and rt.truth(Decimal("0.1"))
    with pytest.raises(BslRuntimeError, match="Булево"):
        rt.truth("Истина")


def test_ordering_errors_and_strings() -> None:
    assert less("а", "Б") and less(1, Decimal("1.5")) and less(False, True)
    with pytest.raises(BslRuntimeError, match="Сравнение на больше/меньше"):
        less(1, "2")
    with pytest.raises(BslRuntimeError, match="Сравнение на больше/меньше"):
        less(None, None)


def test_presentations_and_types() -> None:
    assert to_string(None) == "" and to_string(NULL) == ""
    assert to_string(True) == "Да" and to_string(dt.datetime(2024, 1, 31)) == "31.01.2024 0:00:00"
    assert to_string(BslType("Массив")) == "Массив"
    assert type_name(Decimal("1.5")) == "Число" and type_name(NULL) == "Null"
    assert literal('a"b') == '"a""b"' and literal(dt.datetime(2024, 1, 2)) == "Дата(2024, 1, 2)"


def test_format_string_parsing() -> None:
    # a parameter without "=" is not given (OneScript: "ЧВН;" adds no leading zeros)
    parsed = parse_format_string("ЧДЦ=2; ЧРГ=' '; ДФ=\"дд.ММ\"; ЧН")
    assert parsed == {"ЧДЦ": "2", "ЧРГ": " ", "ДФ": "дд.ММ"}
    assert parse_format_string("ЧН=") == {"ЧН": ""}
    assert parse_format_string("ND=5; NFD=1") == {"ЧЦ": "5", "ЧДЦ": "1"}


@pytest.mark.parametrize(
    ("value", "spec", "text"),
    [
        (Decimal("1234.567"), "ЧДЦ=1", f"1{NB}234,6"),
        (1234567, "ЧГ=3,0", f"1{NB}234{NB}567"),  # OneScript: a second size of 0 repeats the first
        (1234567, "ЧГ=3", f"1234{NB}567"),  # OneScript: no second size groups the lowest digits only
        (Decimal("12.5"), "ЧЦ=5; ЧДЦ=2; ЧВН=", "012,50"),
        (123456, "ЧЦ=3", "999"),
        (-5, "ЧО=3", "5-"),
        (1500, "ЧС=3", "1,5"),
        (5, "ЧФ='Ч шт.'", "5 шт."),
        (dt.datetime(2024, 3, 9, 14, 5), "ДФ='ММММ гггг'", "Март 2024"),
        (dt.datetime(2024, 3, 9, 14, 5), "ДФ='ЧЧ:мм ддд'", "14:05 Сб"),
        (dt.datetime(2024, 3, 9), "ДЛФ=DD", "9 марта 2024 г."),
        ("текст", "ЧДЦ=2", "текст"),
    ],
)
def test_format(value: object, spec: str, text: str) -> None:
    assert format_value(value, spec) == text


def test_dates() -> None:
    assert dates.parse_date("2024.01.31 10:11:12") == dt.datetime(2024, 1, 31, 10, 11, 12)
    assert dates.parse_date("00000000") == dates.EMPTY_DATE
    with pytest.raises(BslRuntimeError):
        dates.parse_date("31 января")
    assert dates.add_months(dt.datetime(2023, 12, 31), 2) == dt.datetime(2024, 2, 29)
    with pytest.raises(BslRuntimeError):
        dates.add_seconds(dates.EMPTY_DATE, -1)


def test_string_functions_edges() -> None:
    assert s.mid("abc", 0, 2) == "ab"
    assert s.left("abc", -1) == "" and s.right("abc", 10) == "abc"
    assert s.str_find("abcabc", "c", s.FROM_END, 5) == 3
    assert s.str_replace("abc", "", "x") == "abc"
    assert s.str_template("%1%2", "a", "b") == "ab"
    assert s.str_template("%(1)0", 5) == "50"
    with pytest.raises(BslRuntimeError, match="Недопустимое значение параметра"):
        s.str_starts_with("abc", "")


def test_type_functions() -> None:
    assert t.type_("массив") == BslType("Массив")
    assert t.type_("ValueTable") == BslType("ТаблицаЗначений")
    with pytest.raises(BslRuntimeError, match="Тип не определен"):
        t.type_("НетТакого")
    assert t.boolean("да") is True and t.number(True) == 1
    with pytest.raises(BslRuntimeError, match="Булево"):
        t.boolean("может быть")
    assert xml_values.xml_value(BslType("Число"), "12.5") == Decimal("12.5")
