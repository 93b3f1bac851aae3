"""Pygments lexer for the 1C:Enterprise query language (the text given to `Запрос.Текст`)."""

from __future__ import annotations

import re
from typing import ClassVar

from pygments.lexer import RegexLexer, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

_KEYWORDS = (
    "ВЫБРАТЬ", "РАЗЛИЧНЫЕ", "ПЕРВЫЕ", "РАЗРЕШЕННЫЕ", "КАК", "ИЗ", "ГДЕ", "И", "ИЛИ", "НЕ", "В", "ИЕРАРХИИ",
    "МЕЖДУ", "ПОДОБНО", "СПЕЦСИМВОЛ", "ЕСТЬ", "NULL", "ССЫЛКА", "СОЕДИНЕНИЕ", "ЛЕВОЕ", "ПРАВОЕ", "ВНУТРЕННЕЕ",
    "ПОЛНОЕ", "ПО", "СГРУППИРОВАТЬ", "ИМЕЮЩИЕ", "УПОРЯДОЧИТЬ", "ВОЗР", "УБЫВ", "ИТОГИ", "ОБЩИЕ",
    "ОБЪЕДИНИТЬ", "ВСЕ", "ПОМЕСТИТЬ", "УНИЧТОЖИТЬ", "ВЫБОР", "КОГДА", "ТОГДА", "ИНАЧЕ", "КОНЕЦ", "ИСТИНА",
    "ЛОЖЬ", "НЕОПРЕДЕЛЕНО", "ДЛЯ", "ИЗМЕНЕНИЯ", "ИНДЕКСИРОВАТЬ", "АВТОУПОРЯДОЧИВАНИЕ",
    "SELECT", "DISTINCT", "TOP", "ALLOWED", "AS", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "HIERARCHY",
    "BETWEEN", "LIKE", "ESCAPE", "IS", "REFS", "JOIN", "LEFT", "RIGHT", "INNER", "FULL", "OUTER", "ON", "BY",
    "GROUP", "HAVING", "ORDER", "ASC", "DESC", "TOTALS", "OVERALL", "UNION", "ALL", "INTO", "DROP", "CASE",
    "WHEN", "THEN", "ELSE", "END", "TRUE", "FALSE", "UNDEFINED", "FOR", "UPDATE", "INDEX",
)
_FUNCTIONS = (
    "СУММА", "КОЛИЧЕСТВО", "МАКСИМУМ", "МИНИМУМ", "СРЕДНЕЕ", "ЕСТЬNULL", "ВЫРАЗИТЬ", "ЗНАЧЕНИЕ", "ТИП",
    "ТИПЗНАЧЕНИЯ", "ДАТАВРЕМЯ", "НАЧАЛОПЕРИОДА", "КОНЕЦПЕРИОДА", "ДОБАВИТЬКДАТЕ", "РАЗНОСТЬДАТ", "ГОД",
    "КВАРТАЛ", "МЕСЯЦ", "ДЕНЬГОДА", "ДЕНЬ", "НЕДЕЛЯ", "ДЕНЬНЕДЕЛИ", "ЧАС", "МИНУТА", "СЕКУНДА", "ПОДСТРОКА",
    "ПРЕДСТАВЛЕНИЕ", "ПРЕДСТАВЛЕНИЕССЫЛКИ", "ОСТАТКИ", "ОБОРОТЫ", "ОСТАТКИИОБОРОТЫ", "СРЕЗПОСЛЕДНИХ",
    "СРЕЗПЕРВЫХ", "ДВИЖЕНИЯССУБКОНТО",
    "SUM", "COUNT", "MAX", "MIN", "AVG", "ISNULL", "CAST", "VALUE", "TYPE", "VALUETYPE", "DATETIME",
    "BEGINOFPERIOD", "ENDOFPERIOD", "DATEADD", "DATEDIFF", "YEAR", "QUARTER", "MONTH", "DAYOFYEAR", "DAY",
    "WEEK", "WEEKDAY", "HOUR", "MINUTE", "SECOND", "SUBSTRING", "PRESENTATION", "REFPRESENTATION",
    "BALANCE", "TURNOVERS", "BALANCEANDTURNOVERS", "SLICELAST", "SLICEFIRST",
)


class QueryLexer(RegexLexer):
    """The 1C:Enterprise query language (SDBL), Russian and English."""

    name = "1C:Enterprise query"
    aliases: ClassVar[list[str]] = ["sdbl", "1c-query", "bsl-query"]
    filenames: ClassVar[list[str]] = ["*.sdbl"]
    mimetypes: ClassVar[list[str]] = ["text/x-sdbl"]
    flags = re.IGNORECASE | re.UNICODE | re.MULTILINE

    tokens: ClassVar[dict] = {
        "root": [
            (r"\s+", Whitespace),
            (r"//.*?$", Comment.Single),
            (r"&\w+", Name.Variable.Global),  # query parameters
            (r'"([^"]|"")*"', String),
            (r"\d+(\.\d+)?", Number),
            (words(_FUNCTIONS, prefix=r"(?<![\w.])", suffix=r"(?=\s*\()"), Name.Builtin),
            (words(_KEYWORDS, prefix=r"(?<![\w.])", suffix=r"(?!\w)"), Keyword),
            (r"\w+", Name),
            (r"<>|<=|>=|[-+*/=<>]", Operator),
            (r"[()\[\],;.]", Punctuation),
            (r".", Text),
        ],
    }
