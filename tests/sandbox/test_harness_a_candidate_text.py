"""PRISM's text rules for candidate code: trailing-body stripping (§3.1.4) and entry points (§3.2)."""

from __future__ import annotations

import pytest

from prism_desktop.bsl.candidate_text import (
    declared_functions,
    detect_entry_point,
    neutralise_line,
    strip_trailing_body,
)


def test_neutralise_line() -> None:
    assert neutralise_line('А = "Конец ""x"" // не комментарий"; // КонецФункции') == "А =  ; "
    assert neutralise_line('Б = "незакрытая КонецФункции') == "Б =  "


def test_strip_drops_the_body_after_the_last_method() -> None:
    code = "Функция Ф()\n    Возврат 1;\nКонецФункции\n\nСообщить(Ф());\n"
    assert strip_trailing_body(code) == "Функция Ф()\n    Возврат 1;\nКонецФункции"


def test_strip_removes_one_semicolon_after_the_final_keyword() -> None:
    assert strip_trailing_body("Процедура П()\nКонецПроцедуры;\nП();") == "Процедура П()\nКонецПроцедуры"
    assert strip_trailing_body("Процедура П()\nКонецПроцедуры; // x") == "Процедура П()\nКонецПроцедуры; // x"


def test_strip_ignores_keywords_in_strings_comments_and_continuations() -> None:
    code = (
        "Функция Ф()\n    Возврат 1;\nконецфункции\n"
        'Текст = "КонецФункции";\n// КонецПроцедуры\nС = "строка\n|КонецФункции";\n'
    )
    assert strip_trailing_body(code) == "Функция Ф()\n    Возврат 1;\nконецфункции"


def test_strip_needs_a_whole_word() -> None:
    code = "КонецФункцииИТак = 1;"
    assert strip_trailing_body(code) == code


def test_declared_functions_and_procedures() -> None:
    code = (
        "Функция А(х)\nКонецФункции\n  функция Б (у)\nКонецФункции\nПроцедура В()\nКонецПроцедуры\n"
        "// Функция Г()"
    )
    assert declared_functions(code) == ["А", "Б"]
    assert declared_functions(code, include_procedures=True) == ["А", "Б", "В"]


def test_entry_point_priority() -> None:
    code = "\n".join(f"Функция {name}()\nКонецФункции" for name in ("Помощник", "СуммаЧисел", "Сумма"))
    assert detect_entry_point(code, ["Сумма", r"Сумма\w+"]) == "Сумма"
    assert detect_entry_point(code, [r"Сумма\w+", "Сумма"]) == "СуммаЧисел"
    assert detect_entry_point(code, ["сумм"]) == "Помощник"  # full match only, else the first function
    assert detect_entry_point("Процедура П()\nКонецПроцедуры", ["П"]) is None
    assert detect_entry_point("Процедура П()\nКонецПроцедуры", ["П"], include_procedures=True) == "П"


def test_invalid_pattern_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not a valid regular expression"):
        detect_entry_point("Функция А()\nКонецФункции", ["("])


def test_tail_after_the_last_function_is_dropped_with_one_semicolon() -> None:
    code = "Функция Ф()\n    Возврат 1;\nКонецФункции;\n\nСообщить(Ф());\n"
    assert strip_trailing_body(code) == "Функция Ф()\n    Возврат 1;\nКонецФункции"


def test_last_of_several_routines_and_case_insensitive() -> None:
    code = "Функция А()\nКонецФункции\nпроцедура Б()\nконецпроцедуры\nБ();"
    assert strip_trailing_body(code) == "Функция А()\nКонецФункции\nпроцедура Б()\nконецпроцедуры"


def test_keywords_inside_strings_comments_and_continuations_are_ignored() -> None:
    code = (
        "Функция Ф()\n"
        '    Текст = "\n'
        '    |КонецФункции";\n'
        "    Возврат Текст;\n"
        "КонецФункции\n"
        'Х = "КонецФункции";\n'
        "// КонецФункции\n"
        "Сообщить(Ф());"
    )
    assert (
        strip_trailing_body(code)
        == 'Функция Ф()\n    Текст = "\n    |КонецФункции";\n    Возврат Текст;\nКонецФункции'
    )


def test_whole_word_only() -> None:
    code = "Функция Ф()\nКонецФункции\nКонецФункцииХ = 1;"
    assert strip_trailing_body(code) == "Функция Ф()\nКонецФункции"


def test_code_without_routines_is_left_as_is() -> None:
    assert strip_trailing_body("А = 1;\nСообщить(А);") == "А = 1;\nСообщить(А);"


def test_only_a_semicolon_glued_at_the_very_end_is_removed() -> None:
    assert strip_trailing_body("Функция Ф()\nКонецФункции; // конец") == "Функция Ф()\nКонецФункции; // конец"
    assert strip_trailing_body("Функция Ф()\nКонецФункции;;") == "Функция Ф()\nКонецФункции;;"
