"""Entry-point detection (PRISM_FORMAT §3.2) and the B auto-export rule (§1.9)."""

from __future__ import annotations

import pytest

from prism_desktop.scoring.entry_points import (
    EntryPatternError,
    declared_functions,
    declared_routines,
    detect_entry_point_a,
    detect_entry_point_b,
    detect_entry_point_for,
    ensure_exported,
)

CODE = """Функция Помощник(А)
    Возврат А;
КонецФункции

Процедура ЗаполнитьИтоги(Таблица) Экспорт
КонецПроцедуры

  функция ПОСЧИТАТЬИтог_2(Массив)
    Возврат 0;
КонецФункции
"""


def test_declarations_in_order() -> None:
    assert declared_functions(CODE) == ["Помощник", "ПОСЧИТАТЬИтог_2"]
    assert declared_routines(CODE) == ["Помощник", "ЗаполнитьИтоги", "ПОСЧИТАТЬИтог_2"]


def test_pattern_priority_beats_declaration_order_and_matches_fully() -> None:
    assert detect_entry_point_a(CODE, ["Посчитать.*", "Помощ.*"]) == "ПОСЧИТАТЬИтог_2"
    assert detect_entry_point_a(CODE, ["Посчитать"]) == "Помощник"  # no full match -> first function
    assert detect_entry_point_a(CODE, ["(?:Помощник|ПосчитатьИтог_2)"]) == "Помощник"


def test_category_a_ignores_procedures() -> None:
    assert detect_entry_point_a(CODE, ["Заполнить.*"]) == "Помощник"
    assert detect_entry_point_a("Процедура Ф()\nКонецПроцедуры", []) is None


def test_category_b_considers_procedures() -> None:
    assert detect_entry_point_b(CODE, ["Заполнить.*"]) == "ЗаполнитьИтоги"
    assert detect_entry_point_for(CODE, ["Заполнить.*"], "B") == "ЗаполнитьИтоги"
    assert detect_entry_point_for(CODE, ["Заполнить.*"], "A") == "Помощник"


def test_no_declaration_gives_none() -> None:
    assert detect_entry_point_b("А = 1;", ["А"]) is None


def test_english_keywords_are_not_recognised_and_declaration_must_start_a_line() -> None:
    assert detect_entry_point_a("Function Foo()\nEndFunction", []) is None
    assert detect_entry_point_a("А = 1; Функция Ф()\nКонецФункции", []) is None


def test_invalid_pattern_names_the_index_and_the_pattern() -> None:
    with pytest.raises(EntryPatternError, match=r"entry_point_patterns\[1\].*'\(unclosed'"):
        detect_entry_point_a(CODE, ["Нет.*", "(unclosed"])


def test_auto_export_appends_to_the_first_matching_declaration() -> None:
    code = "Функция Остатки(Склад, Дата)  // главная\nКонецФункции\nФункция Остатки(Х)\nКонецФункции"
    assert ensure_exported(code, "Остатки") == (
        "Функция Остатки(Склад, Дата) Экспорт// главная\nКонецФункции\nФункция Остатки(Х)\nКонецФункции"
    )


def test_auto_export_keeps_an_existing_export_and_is_case_insensitive() -> None:
    code = "процедура Заполнить(Т) экспорт\nКонецПроцедуры"
    assert ensure_exported(code, "ЗАПОЛНИТЬ") == code


def test_auto_export_parameter_list_runs_to_the_first_parenthesis() -> None:
    code = "Функция Ф(А = Неопределено, Б)\nКонецФункции"
    assert ensure_exported(code, "Ф") == "Функция Ф(А = Неопределено, Б) Экспорт\nКонецФункции"
    # A nested ")" ends the match early, exactly as PRISM's rule does.
    assert ensure_exported("Функция Ф(А = (1))", "Ф") == "Функция Ф(А = (1) Экспорт)"


def test_auto_export_of_a_missing_entry_changes_nothing() -> None:
    assert ensure_exported(CODE, "Нет") == CODE
