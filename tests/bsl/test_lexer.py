"""The BSL lexer: token kinds, values and 1-based positions; lexical errors as diagnostics."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from prism_desktop.bsl.lexer import date_value, string_value, tokenize
from prism_desktop.bsl.tokens import (
    ANNOTATION,
    DATE,
    DIRECTIVE,
    EOF,
    IDENT,
    KEYWORD,
    NUMBER,
    OP,
    STRING,
)


def kinds(text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.key) for t in tokenize(text).tokens[:-1]]


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("Если", "если"), ("ЕСЛИ", "если"), ("if", "если"), ("IF", "если"), ("ИначеЕсли", "иначеесли"),
        ("ElsIf", "иначеесли"), ("КонецЦикла", "конеццикла"), ("EndDo", "конеццикла"),
        ("Каждого", "каждого"), ("Each", "каждого"), ("ВызватьИсключение", "вызватьисключение"),
        ("Raise", "вызватьисключение"), ("Неопределено", "неопределено"), ("Undefined", "неопределено"),
        ("Null", "null"), ("НЕ", "не"), ("not", "не"), ("ИЛИ", "или"), ("И", "и"), ("and", "и"),
    ],
)
def test_keywords_in_both_languages_any_case(spelling: str, canonical: str) -> None:
    assert kinds(spelling) == [(KEYWORD, canonical)]


def test_yo_reads_as_ye_in_keywords_and_identifiers() -> None:
    tokens = tokenize("Ёлка ёлка Елка").tokens
    assert {t.key for t in tokens[:-1]} == {"елка"}
    assert [t.text for t in tokens[:-1]] == ["Ёлка", "ёлка", "Елка"]


def test_identifiers_mix_scripts_digits_and_underscore() -> None:
    assert kinds("_Имя1 Name_2 СуммаXML") == [(IDENT, "_имя1"), (IDENT, "name_2"), (IDENT, "суммаxml")]


def test_numbers_are_int_or_decimal() -> None:
    tokens = tokenize("12 3.50 0").tokens
    assert [t.value for t in tokens[:-1]] == [12, Decimal("3.50"), 0]
    assert all(t.kind == NUMBER for t in tokens[:-1])
    assert isinstance(tokens[0].value, int)


def test_number_followed_by_member_access_is_not_a_decimal() -> None:
    assert kinds("М[0].Имя") == [(IDENT, "м"), (OP, "["), (NUMBER, "0"), (OP, "]"), (OP, "."), (IDENT, "имя")]


def test_string_with_doubled_quotes() -> None:
    (tok,) = tokenize('"Он сказал ""да"""').tokens[:-1]
    assert tok.kind == STRING
    assert tok.value == 'Он сказал "да"'


def test_multiline_string_with_comment_and_blank_line_between_continuations() -> None:
    text = 'Т = "ВЫБРАТЬ\n\t|  Поле\n   // отбор\n\n  |ИЗ Таблица";\nХ = 1;'
    result = tokenize(text)
    assert not result.diagnostics
    string = result.tokens[2]
    assert string.kind == STRING
    assert string.value == "ВЫБРАТЬ\n  Поле\nИЗ Таблица"
    assert (string.line, string.col, string.end_line, string.end_col) == (1, 5, 5, 14)
    semicolon = result.tokens[3]
    assert (semicolon.key, semicolon.line, semicolon.col) == (";", 5, 15)
    assert result.tokens[4].line == 6


def test_pipe_inside_a_continuation_line_is_content() -> None:
    assert string_value('"а\n|б|в"') == "а\nб|в"


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        ("'20240131'", dt.datetime(2024, 1, 31)),
        ("'20240131235959'", dt.datetime(2024, 1, 31, 23, 59, 59)),
        ("'2024-01-31'", dt.datetime(2024, 1, 31)),
        ("'2024.01.31 23:59:59'", dt.datetime(2024, 1, 31, 23, 59, 59)),
        ("'202401312359'", dt.datetime(2024, 1, 31, 23, 59)),
        ("'00010101'", dt.datetime(1, 1, 1)),
        ("'00000000'", dt.datetime(1, 1, 1)),
    ],
)
def test_date_literals(literal: str, expected: dt.datetime) -> None:
    result = tokenize(literal)
    assert not result.diagnostics
    (tok,) = result.tokens[:-1]
    assert tok.kind == DATE
    assert tok.value == expected


@pytest.mark.parametrize("literal", ["'20241340'", "'2024'", "'x'", "'20240230'"])
def test_invalid_date_literal_is_a_diagnostic(literal: str) -> None:
    result = tokenize("Д = " + literal + ";")
    assert date_value(literal) is None
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("ParseError", 1, 5)]
    assert "Дата" in result.diagnostics[0].message


def test_comments_are_dropped() -> None:
    assert kinds("А = 1; // комментарий \"не строка\"\nБ") == [
        (IDENT, "а"), (OP, "="), (NUMBER, "1"), (OP, ";"), (IDENT, "б")
    ]


def test_all_operators() -> None:
    ops = "+ - * / % = <> < > <= >= ( ) [ ] , ; . ? : ~"
    assert [t.key for t in tokenize(ops).tokens[:-1]] == ops.split()


def test_annotations_with_and_without_arguments() -> None:
    assert kinds('&НаСервере\n&Перед("Записать")\n&ИзменениеИКонтроль("Ф")') == [
        (ANNOTATION, "насервере"), (ANNOTATION, "перед"), (OP, "("), (STRING, ""), (OP, ")"),
        (ANNOTATION, "изменениеиконтроль"), (OP, "("), (STRING, ""), (OP, ")"),
    ]


def test_preprocessor_line_is_one_directive_token() -> None:
    tokens = tokenize("#Если Сервер Тогда // комментарий\nА = 1;").tokens
    assert tokens[0].kind == DIRECTIVE
    assert tokens[0].value == "Если Сервер Тогда // комментарий"
    assert tokens[1].line == 2


def test_label_tokens() -> None:
    assert kinds("~Метка: Перейти ~Метка;") == [
        (OP, "~"), (IDENT, "метка"), (OP, ":"), (KEYWORD, "перейти"), (OP, "~"), (IDENT, "метка"), (OP, ";")
    ]


def test_positions_are_one_based_and_count_crlf_once() -> None:
    tokens = tokenize("А\r\n  Бв = 1;\rВ").tokens
    assert [(t.text, t.line, t.col, t.end_col) for t in tokens[:-1]] == [
        ("А", 1, 1, 1), ("Бв", 2, 3, 4), ("=", 2, 6, 6), ("1", 2, 8, 8), (";", 2, 9, 9), ("В", 3, 1, 1)
    ]
    assert tokens[-1].kind == EOF


def test_leading_bom_is_stripped() -> None:
    (tok,) = tokenize("\ufeffА").tokens[:-1]
    assert (tok.text, tok.col) == ("А", 1)


def test_unterminated_string_is_reported_and_lexing_goes_on() -> None:
    result = tokenize('А = "текст\nБ = 2;')
    assert [(d.line, d.column) for d in result.diagnostics] == [(1, 5)]
    assert "строков" in result.diagnostics[0].message
    assert [t.text for t in result.tokens[:-1] if t.line == 2] == ["Б", "=", "2", ";"]


def test_odd_quotes_at_the_end_leave_a_string_unterminated() -> None:
    result = tokenize('А = "а""\nБ = 1;')
    assert len(result.diagnostics) == 1


def test_unknown_character_is_reported_with_its_position() -> None:
    result = tokenize("А = 1 $ 2;")
    assert [(d.message, d.line, d.column) for d in result.diagnostics] == [("Недопустимый символ '$'", 1, 7)]


def test_bare_ampersand_is_reported() -> None:
    result = tokenize("& \nА")
    assert [(d.line, d.column) for d in result.diagnostics] == [(1, 1)]
