"""The query parser: both languages, positions, syntax errors in 1C's wording."""

from __future__ import annotations

import pytest

from prism_desktop.platform.query import QueryError, parse_query
from prism_desktop.platform.query import ast as A


def test_full_select_in_russian() -> None:
    batch = parse_query(
        "ВЫБРАТЬ РАЗРЕШЕННЫЕ РАЗЛИЧНЫЕ ПЕРВЫЕ 5\n"
        "  Т.Ссылка КАК Ссылка, СУММА(Т.Цена) Сумма\n"
        "ПОМЕСТИТЬ ВТ\n"
        "ИЗ Справочник.Товары КАК Т\n"
        "  ЛЕВОЕ СОЕДИНЕНИЕ Справочник.Склады КАК С ПО Т.Ссылка = С.Ссылка\n"
        'ГДЕ Т.Цена МЕЖДУ 1 И 10 И НЕ Т.Наименование ПОДОБНО "А%"\n'
        "СГРУППИРОВАТЬ ПО Т.Ссылка ИМЕЮЩИЕ СУММА(Т.Цена) > 0\n"
        "УПОРЯДОЧИТЬ ПО Сумма УБЫВ\n"
        "ИНДЕКСИРОВАТЬ ПО Ссылка;\n"
        "УНИЧТОЖИТЬ ВТ"
    )
    select, drop = batch.statements
    assert isinstance(select, A.SelectQuery) and isinstance(drop, A.DropTable)
    assert (select.allowed, select.distinct, select.top, select.into) == (True, True, 5, "ВТ")
    assert [f.alias for f in select.fields] == ["Ссылка", "Сумма"]
    assert select.sources[0].joins[0].kind == "LEFT"
    assert isinstance(select.where, A.Binary) and select.where.op == "AND"
    assert isinstance(select.where.left, A.Between)
    assert isinstance(select.where.right, A.Unary) and isinstance(select.where.right.operand, A.Like)
    assert select.order_by[0].descending
    assert drop.name == "ВТ" and drop.pos == A.Position(10, 1)


def test_english_keywords_and_virtual_table_parameters() -> None:
    batch = parse_query(
        "SELECT B.Товар, B.КоличествоОстаток AS Q FROM AccumulationRegister.Остатки.Balance(&D, Склад IN "
        "(&S)) AS B "
        "WHERE B.Товар REFS Catalog.Товары AND B.Товар IS NOT NULL ORDER BY Q DESC TOTALS SUM(Q) BY OVERALL"
    )
    select = batch.statements[0]
    assert isinstance(select, A.SelectQuery)
    source = select.sources[0].source
    assert isinstance(source, A.TableSource)
    assert source.parts == ["AccumulationRegister", "Остатки", "Balance"]
    assert source.params is not None and isinstance(source.params[1], A.InList)
    assert select.totals is not None and select.totals.overall


def test_omitted_virtual_table_parameters_are_kept_in_place() -> None:
    select = parse_query("ВЫБРАТЬ * ИЗ РегистрНакопления.Р.Обороты(, &К, , Склад = &С) КАК О").statements[0]
    assert isinstance(select, A.SelectQuery)
    source = select.sources[0].source
    assert isinstance(source, A.TableSource) and source.params is not None
    assert [type(p).__name__ if p else None for p in source.params] == [None, "Param", None, "Binary"]


def test_case_cast_value_and_nested_query() -> None:
    select = parse_query(
        'ВЫБРАТЬ ВЫБОР КОГДА Т.Цена > 0 ТОГДА "да" ИНАЧЕ "нет" КОНЕЦ КАК Ф,\n'
        " ВЫРАЗИТЬ(Т.Цена КАК Число(15, 2)), ЗНАЧЕНИЕ(Перечисление.Виды.Опт), ЕСТЬNULL(Т.Цена, 0)\n"
        "ИЗ (ВЫБРАТЬ Т.Цена КАК Цена ИЗ Справочник.Товары КАК Т) КАК Т ГДЕ Т.Цена В (ВЫБРАТЬ 1)"
    ).statements[0]
    assert isinstance(select, A.SelectQuery)
    case, cast, value, isnull = (f.expr for f in select.fields)
    assert isinstance(case, A.Case) and len(case.whens) == 1
    assert isinstance(cast, A.Cast) and cast.qualifiers == [15, 2]
    assert isinstance(value, A.ValueOf) and value.path == "Перечисление.Виды.Опт"
    assert isinstance(isnull, A.Call) and isnull.name == "ЕСТЬNULL"
    assert isinstance(select.sources[0].source, A.SubquerySource)
    assert isinstance(select.where, A.InList) and select.where.subquery is not None


def test_comments_strings_and_parameters() -> None:
    select = parse_query('ВЫБРАТЬ "а""б" КАК С, &Парам КАК П // комментарий\n').statements[0]
    assert isinstance(select, A.SelectQuery)
    first, second = (f.expr for f in select.fields)
    assert isinstance(first, A.Literal) and first.value == 'а"б'
    assert isinstance(second, A.Param) and second.name == "Парам" and second.pos == A.Position(1, 23)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ВЫБРАТЬ Т.А\nИЗ ГДЕ", '{(2, 4)}: Синтаксическая ошибка "ГДЕ"'),
        ("ВЫБРАТЬ Т.А ИЗ Справочник.Т КАК Т ГДЕ", "{(1, 38)}: Синтаксическая ошибка"),
        ("ВЫБРАТЬ (1 + 2", "{(1, 15)}: Синтаксическая ошибка"),
        ("ВЫБОР", '{(1, 1)}: Синтаксическая ошибка "ВЫБОР"'),
    ],
)
def test_syntax_errors_are_positioned(text: str, message: str) -> None:
    with pytest.raises(QueryError) as info:
        parse_query(text)
    assert str(info.value).startswith(message)


def test_error_quotes_the_line_with_a_marker() -> None:
    with pytest.raises(QueryError) as info:
        parse_query("ВЫБРАТЬ\n  Т.А КАК\nИЗ Справочник.Т КАК Т")
    assert str(info.value) == '{(3, 1)}: Синтаксическая ошибка "ИЗ"\n<<?>>ИЗ Справочник.Т КАК Т'


def test_empty_text_is_an_error() -> None:
    with pytest.raises(QueryError, match="Текст запроса не задан"):
        parse_query("  // ничего\n")
