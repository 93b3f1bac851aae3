"""Which strings are query texts, how they are assembled, and how positions map back to the module."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from prism_desktop.bsl.antipatterns import find_antipatterns
from prism_desktop.bsl.antipatterns.literal_positions import literal_char_positions
from prism_desktop.bsl.lexer import string_value, tokenize
from prism_desktop.bsl.tokens import STRING

TOP = "SelectTopWithoutOrderBy"


def found(module: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in find_antipatterns(module)]


def test_concatenated_literals_report_inside_the_right_literal() -> None:
    module = """Процедура П()
    Запрос = Новый Запрос;
    Запрос.Текст = "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т " +
        "ГДЕ Т.Код = &К ИЛИ Т.Артикул = &А";
    Запрос.Выполнить();
КонецПроцедуры"""
    assert found(module) == [("LogicalOrInTheWhereSectionOfQuery", 4, 25)]


def test_text_through_variables_and_the_constructor() -> None:
    module = """Процедура П()
    ТекстЗапроса = "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т";
    Текст = ТекстЗапроса;
    Запрос = Новый Запрос(Текст);
    Запрос.Выполнить();
КонецПроцедуры"""
    assert found(module) == [(TOP, 2, 29)]


def test_english_text_property() -> None:
    module = """Procedure P()
    Query = New Query;
    Query.Text = "SELECT TOP 10 T.Ref FROM Catalog.Goods AS T";
    Query.Execute();
EndProcedure"""
    assert found(module) == [(TOP, 3, 26)]


def test_text_extended_later_is_judged_complete() -> None:
    """The УПОРЯДОЧИТЬ ПО appended afterwards belongs to the query that is executed."""
    by_variable = """Процедура П()
    Текст = "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т";
    Текст = Текст + Символы.ПС + "УПОРЯДОЧИТЬ ПО Т.Наименование";
    Запрос = Новый Запрос(Текст);
КонецПроцедуры"""
    by_property = """Процедура П()
    Запрос = Новый Запрос("ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т");
    Запрос.Текст = Запрос.Текст + " УПОРЯДОЧИТЬ ПО Т.Наименование";
КонецПроцедуры"""
    assert found(by_variable) == []
    assert found(by_property) == []


def test_a_query_given_a_new_text_is_checked_for_both() -> None:
    module = """Процедура П()
    Запрос = Новый Запрос("ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т");
    Запрос.Выполнить();
    Запрос.Текст = "ВЫБРАТЬ ПЕРВЫЕ 20 У.Ссылка ИЗ Справочник.Услуги КАК У";
    Запрос.Выполнить();
КонецПроцедуры"""
    assert found(module) == [(TOP, 2, 36), (TOP, 4, 29)]


def test_positions_across_comment_lines_and_doubled_quotes() -> None:
    module = """Процедура П()
    Запрос = Новый Запрос;
    Запрос.Текст =
    "ВЫБРАТЬ
    |   Т.Ссылка
    // a BSL comment between the lines of the literal is not part of the text
    |ИЗ Справочник.Товары КАК Т // a query comment
    |ГДЕ Т.Вид = ""А"" ИЛИ Т.Код = ""Б"" ";
КонецПроцедуры"""
    assert found(module) == [("LogicalOrInTheWhereSectionOfQuery", 8, 24)]


def test_strings_that_are_not_query_texts_are_ignored() -> None:
    module = """Процедура П(ИмяТаблицы, Параметры)
    Сообщить("ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т");
    Запрос = Новый Запрос;
    // a part known only at run time: the text is not guessed
    Запрос.Текст = "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ " + ИмяТаблицы + " КАК Т";
    Запрос.Текст = СтрШаблон("ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ %1 КАК Т", ИмяТаблицы);
    Параметры.Текст = "Выбрать товар из списка";
    // a text the query language cannot read (a data composition template)
    Запрос.Текст = "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т {ГДЕ Т.Код}";
КонецПроцедуры"""
    assert found(module) == []


def test_loop_variable_hides_an_earlier_text() -> None:
    module = """Процедура П(Тексты)
    Текст = "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т";
    Для Каждого Текст Из Тексты Цикл
        Запрос = Новый Запрос(Текст);
    КонецЦикла;
КонецПроцедуры"""
    assert found(module) == []


_LITERAL_LINES = st.lists(
    st.text(alphabet='ab "|/ \t', max_size=8).map(lambda s: s.replace("\n", "")), min_size=1, max_size=4
)


@given(_LITERAL_LINES, st.integers(min_value=1, max_value=20))
def test_every_character_of_a_literal_value_has_its_own_position(lines: list[str], indent: int) -> None:
    """Build a valid multi-line literal from arbitrary line bodies (quotes doubled) and compare the
    positions with the value the lexer computes and with the source text itself."""
    bodies = [body.replace('"', '""') for body in lines]
    source = " " * indent + '"' + "\n  |".join(bodies) + '"'
    tokens = [t for t in tokenize(source).tokens if t.kind == STRING]
    assert len(tokens) == 1
    token = tokens[0]
    value = string_value(token.text)
    positions = literal_char_positions(token.text, token.line, token.col)
    assert len(positions) == len(value)
    source_lines = source.split("\n")
    for char, (line, column) in zip(value, positions, strict=True):
        if char != "\n":
            assert source_lines[line - 1][column - 1] == char


def test_text_appended_to_a_new_query() -> None:
    module = """Процедура П()
    Запрос = Новый Запрос;
    Запрос.Текст = Запрос.Текст + "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т";
КонецПроцедуры"""
    assert found(module) == [(TOP, 3, 44)]
