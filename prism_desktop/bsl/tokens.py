"""Token kinds, the token record and the keyword table of BSL (Russian and English spellings)."""

from __future__ import annotations

# Token kinds. A keyword token has kind KEYWORD and key = the canonical (Russian, lower-case) keyword;
# an operator token has kind OP and key = the operator text; an identifier has key = its canonical
# spelling (lower case, ё→е).
IDENT = "ident"
KEYWORD = "keyword"
NUMBER = "number"
STRING = "string"
DATE = "date"
OP = "op"
ANNOTATION = "annotation"  # `&Имя`; key = canonical name without `&`
DIRECTIVE = "directive"  # a whole `#…` preprocessor line; value = the text after `#`
ERROR = "error"  # a character or literal the lexer could not read; value = the message
EOF = "eof"


class Token:
    """One lexeme. Positions are 1-based; end_line/end_col locate the last character."""

    __slots__ = ("col", "end_col", "end_line", "key", "kind", "line", "text", "value")

    def __init__(
        self,
        kind: str,
        text: str,
        key: str,
        value: object,
        line: int,
        col: int,
        end_line: int,
        end_col: int,
    ) -> None:
        self.kind = kind
        self.text = text  # the source text of the token
        self.key = key
        self.value = value  # NUMBER: int | Decimal; STRING: str; DATE: datetime | None (invalid)
        self.line = line
        self.col = col
        self.end_line = end_line
        self.end_col = end_col

    def __repr__(self) -> str:
        return f"Token({self.kind}, {self.text!r}, {self.line}:{self.col})"


# canonical keyword -> its spellings (the first one is the Russian display form)
KEYWORD_SPELLINGS: dict[str, tuple[str, ...]] = {
    "если": ("Если", "If"),
    "тогда": ("Тогда", "Then"),
    "иначеесли": ("ИначеЕсли", "ElsIf"),
    "иначе": ("Иначе", "Else"),
    "конецесли": ("КонецЕсли", "EndIf"),
    "для": ("Для", "For"),
    "каждого": ("Каждого", "Each"),
    "из": ("Из", "In"),
    "по": ("По", "To"),
    "пока": ("Пока", "While"),
    "цикл": ("Цикл", "Do"),
    "конеццикла": ("КонецЦикла", "EndDo"),
    "процедура": ("Процедура", "Procedure"),
    "функция": ("Функция", "Function"),
    "конецпроцедуры": ("КонецПроцедуры", "EndProcedure"),
    "конецфункции": ("КонецФункции", "EndFunction"),
    "перем": ("Перем", "Var"),
    "знач": ("Знач", "Val"),
    "экспорт": ("Экспорт", "Export"),
    "возврат": ("Возврат", "Return"),
    "прервать": ("Прервать", "Break"),
    "продолжить": ("Продолжить", "Continue"),
    "попытка": ("Попытка", "Try"),
    "исключение": ("Исключение", "Except"),
    "конецпопытки": ("КонецПопытки", "EndTry"),
    "вызватьисключение": ("ВызватьИсключение", "Raise"),
    "перейти": ("Перейти", "Goto"),
    "новый": ("Новый", "New"),
    "и": ("И", "And"),
    "или": ("ИЛИ", "Or"),
    "не": ("НЕ", "Not"),
    "истина": ("Истина", "True"),
    "ложь": ("Ложь", "False"),
    "неопределено": ("Неопределено", "Undefined"),
    "null": ("NULL",),
    "выполнить": ("Выполнить", "Execute"),
    "добавитьобработчик": ("ДобавитьОбработчик", "AddHandler"),
    "удалитьобработчик": ("УдалитьОбработчик", "RemoveHandler"),
}

# Contextual words: identifiers everywhere except where the parser gives them meaning
# (`Асинх` before Процедура/Функция, `Ждать` inside an Асинх method).
CONTEXTUAL_ASYNC = frozenset({"асинх", "async"})
CONTEXTUAL_AWAIT = frozenset({"ждать", "await"})

# any spelling (canonical form) -> canonical keyword
KEYWORDS: dict[str, str] = {
    spelling.lower().replace("ё", "е"): key
    for key, spellings in KEYWORD_SPELLINGS.items()
    for spelling in spellings
}


def display(keyword: str) -> str:
    """The Russian spelling of a canonical keyword, for messages."""
    return KEYWORD_SPELLINGS[keyword][0]
