"""extract_code (PRISM_FORMAT §3.1.2) and the category-A module-tail stripping (§3.1.4)."""

from __future__ import annotations

import pytest

from prism_desktop.scoring.extraction import extract_code, strip_module_tail


@pytest.mark.parametrize(
    ("response", "code"),
    [
        ("```bsl\nА = 1;\n```", "А = 1;"),
        ("Пояснение\n```python\nprint(1)\n```\n```bsl\nА = 1;\n```", "print(1)"),  # broad: any tag
        ("```1С\n  А = 1;  \n```", "А = 1;"),
        ("```c++\nА = 1;\n```", "А = 1;"),
        ("```\nА = 1;\n```", "А = 1;"),
        ("  Функция Ф()\nКонецФункции  ", "Функция Ф()\nКонецФункции"),
        ("```bsl\nА = 1;", "```bsl\nА = 1;"),  # unterminated: the whole text, fence line included
        ("```bsl\r\nА = 1;\r\n```", "А = 1;"),
    ],
)
def test_extract_code(response: str, code: str) -> None:
    assert extract_code(response) == code


def test_scored_and_hashed_text_may_differ() -> None:
    # The scorer takes the python block; the hash rule would not (see test_scoring_hashing).
    assert extract_code("```python\nprint(1)\n```\nтекст\n```bsl\nА = 1;\n```") == "print(1)"


def test_tail_after_the_last_function_is_dropped_with_one_semicolon() -> None:
    code = "Функция Ф()\n    Возврат 1;\nКонецФункции;\n\nСообщить(Ф());\n"
    assert strip_module_tail(code) == "Функция Ф()\n    Возврат 1;\nКонецФункции\n"


def test_last_of_several_routines_and_case_insensitive() -> None:
    code = "Функция А()\nКонецФункции\nпроцедура Б()\nконецпроцедуры\nБ();"
    assert strip_module_tail(code) == "Функция А()\nКонецФункции\nпроцедура Б()\nконецпроцедуры\n"


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
        strip_module_tail(code)
        == 'Функция Ф()\n    Текст = "\n    |КонецФункции";\n    Возврат Текст;\nКонецФункции\n'
    )


def test_whole_word_only() -> None:
    code = "Функция Ф()\nКонецФункции\nКонецФункцииХ = 1;"
    assert strip_module_tail(code) == "Функция Ф()\nКонецФункции\n"


def test_code_without_routines_is_left_as_is() -> None:
    assert strip_module_tail("А = 1;\nСообщить(А);") == "А = 1;\nСообщить(А);"


def test_only_a_semicolon_glued_at_the_very_end_is_removed() -> None:
    assert strip_module_tail("Функция Ф()\nКонецФункции; // конец") == "Функция Ф()\nКонецФункции; // конец"
    assert strip_module_tail("Функция Ф()\nКонецФункции;;") == "Функция Ф()\nКонецФункции;;"
