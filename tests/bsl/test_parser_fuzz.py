"""Property tests: no input makes the front end raise; every diagnostic points inside the text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prism_desktop.bsl.checker import check_module
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.parser import parse_expression, parse_module, parse_statements
from prism_desktop.bsl.tokens import KEYWORD_SPELLINGS

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_VOCABULARY = [
    *(spelling for spellings in KEYWORD_SPELLINGS.values() for spelling in spellings),
    "Асинх", "Ждать", "А", "Б", "Значение", "Сообщить", "Массив", "Процедура П()", "КонецПроцедуры",
    "Функция Ф(Знач А = -1) Экспорт", "КонецФункции", "0", "1.5", '"строка"', '"а""б"', '"начало',
    "|продолжение", '|конец"', "'20240131'", "'2024-01-31'", "'x'", "//комментарий", "#Если Сервер Тогда",
    "#Иначе", "#КонецЕсли", "#Область А", "#КонецОбласти", "#Удаление", "#КонецУдаления", "&НаСервере",
    '&Перед("А")', "~Метка", "+", "-", "*", "/", "%", "=", "<>", "<", ">", "<=", ">=", "(", ")", "[", "]",
    ",", ";", ".", "?", ":", "~", "$", "\n", "\t",
]

NEWLINE_PARTS = ["\r\n", "\r", "\n", " ", "А", "=", "1", ";", '"', "|", "\ufeff"]

token_soup = st.lists(st.sampled_from(_VOCABULARY), max_size=80).flatmap(
    lambda words: st.lists(st.sampled_from([" ", "\n", ""]), min_size=len(words), max_size=len(words)).map(
        lambda seps: "".join(w + s for w, s in zip(words, seps, strict=True))
    )
)


def assert_within(text: str, diagnostics: list[Diagnostic]) -> None:
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    for d in diagnostics:
        assert 1 <= d.line <= len(lines), d
        assert 1 <= d.column <= len(lines[d.line - 1]) + 1, d
        if d.end_line is not None:
            assert d.line <= d.end_line <= len(lines), d
        assert d.code and d.message and d.severity in ("error", "warning")
    keys = [d.sort_key() for d in diagnostics]
    assert keys == sorted(keys)


@FUZZ
@given(st.text(max_size=300))
def test_arbitrary_unicode_never_raises(text: str) -> None:
    result = parse_module(text)
    assert_within(text, result.diagnostics)
    assert_within(text, check_module(text))


@FUZZ
@given(token_soup)
def test_token_soups_never_raise(text: str) -> None:
    result = parse_module(text)
    assert_within(text, result.diagnostics)
    assert_within(text, check_module(text))
    assert_within(text, parse_statements(text).diagnostics)
    expression = parse_expression(text)
    assert_within(text, expression.diagnostics)
    assert (expression.expression is None) == bool(expression.diagnostics)


@FUZZ
@given(st.lists(st.sampled_from(NEWLINE_PARTS), max_size=50))
def test_newline_variants_keep_positions_inside(parts: list[str]) -> None:
    text = "".join(parts)
    assert_within(text, check_module(text))


def test_deep_nesting_is_reported_not_raised() -> None:
    deep = [
        "А = " + "(" * 5000 + "1" + ")" * 5000 + ";", "Если А Тогда\n" * 3000, "А = " + "-" * 5000 + "1;",
        "А = " + "НЕ " * 5000 + "Б;", "А = Б" + ".В" * 20000 + ";", "А = 1" + " + 1" * 5000 + ";",
        "А = Б" + "[0]" * 500 + ";", "?(" * 3000,
    ]
    for text in deep:
        result = parse_module(text)
        assert result.diagnostics
        assert_within(text, result.diagnostics)
        assert_within(text, check_module(text))


def test_chains_up_to_the_limit_are_valid() -> None:
    text = "А = Б" + ".В" * 150 + ".Г(1)[2]" * 25 + " + 1" * 200 + ";"
    assert parse_module(text).diagnostics == []
    assert check_module(text) == []
