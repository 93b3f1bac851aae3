"""Pygments lexer for the 1C:Enterprise built-in language (BSL), Russian and English keywords."""

from __future__ import annotations

import re
from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

_KEYWORDS = (
    "Если", "Тогда", "ИначеЕсли", "Иначе", "КонецЕсли", "Для", "Каждого", "Из", "По", "Пока", "Цикл",
    "КонецЦикла", "Процедура", "КонецПроцедуры", "Функция", "КонецФункции", "Перем", "Знач", "Экспорт",
    "Возврат", "Прервать", "Продолжить", "Попытка", "Исключение", "КонецПопытки", "ВызватьИсключение",
    "Перейти", "Выполнить", "ДобавитьОбработчик", "УдалитьОбработчик", "Новый", "И", "ИЛИ", "НЕ",
    "Асинх", "Ждать",
    "If", "Then", "ElsIf", "Else", "EndIf", "For", "Each", "In", "To", "While", "Do", "EndDo",
    "Procedure", "EndProcedure", "Function", "EndFunction", "Var", "Val", "Export", "Return", "Break",
    "Continue", "Try", "Except", "EndTry", "Raise", "Goto", "Execute", "AddHandler", "RemoveHandler",
    "New", "And", "Or", "Not", "Async", "Await",
)
_CONSTANTS = ("Истина", "Ложь", "Неопределено", "NULL", "True", "False", "Undefined")
_BUILTINS = (
    "Сообщить", "СтрДлина", "Лев", "Прав", "Сред", "Найти", "СтрНайти", "СтрЗаменить", "СтрРазделить",
    "СтрСоединить", "ВРег", "НРег", "ТРег", "СокрЛ", "СокрП", "СокрЛП", "СтрЧислоВхождений", "СтрЧислоСтрок",
    "СтрПолучитьСтроку", "СтрНачинаетсяС", "СтрЗаканчиваетсяНа", "СтрШаблон", "СтрСравнить", "ПустаяСтрока",
    "Символ", "КодСимвола", "НСтр", "Формат", "Цел", "Окр", "Макс", "Мин", "Pow", "Sqrt", "Log", "Log10",
    "Exp",
    "Число", "Строка", "Дата", "Булево", "Год", "Месяц", "День", "Час", "Минута", "Секунда", "ДеньГода",
    "НеделяГода", "ДеньНедели", "НачалоДня", "НачалоНедели", "НачалоМесяца", "НачалоКвартала", "НачалоГода",
    "КонецДня", "КонецНедели", "КонецМесяца", "КонецКвартала", "КонецГода", "ДобавитьМесяц", "ТекущаяДата",
    "ТипЗнч", "Тип", "ЗначениеЗаполнено", "ОписаниеОшибки", "ИнформацияОбОшибке", "Вычислить",
    "Message", "StrLen", "Left", "Right", "Mid", "StrFind", "StrReplace", "StrSplit", "StrConcat", "Upper",
    "Lower", "Title", "TrimL", "TrimR", "TrimAll", "Format", "Int", "Round", "Max", "Min", "Number", "String",
    "Date", "Boolean", "TypeOf", "Type", "ValueIsFilled", "ErrorDescription", "ErrorInfo", "Eval",
    "CurrentDate", "AddMonth",
)


class BslLexer(RegexLexer):
    """1C:Enterprise BSL modules (`.bsl`, `.os`)."""

    name = "1C:Enterprise (BSL)"
    aliases: ClassVar[list[str]] = ["bsl", "1c", "1с", "onescript"]
    filenames: ClassVar[list[str]] = ["*.bsl", "*.os"]
    mimetypes: ClassVar[list[str]] = ["text/x-bsl"]
    flags = re.MULTILINE | re.IGNORECASE | re.UNICODE

    tokens: ClassVar[dict] = {
        "root": [
            (r"\s+", Whitespace),
            (r"//.*?$", Comment.Single),
            (r"^\s*#.*?$", Comment.Preproc),
            (r"&\w+(\([^)]*\))?", Name.Decorator),
            (r"~\w+\s*:?", Name.Label),
            (r'"', String, "string"),
            (r"'\d{8,14}'|'\d{4}[.\-/]\d{2}[.\-/]\d{2}([ T]?\d{2}:?\d{2}:?\d{2})?'", String.Other),
            (r"\d+(\.\d+)?", Number),
            (words(_CONSTANTS, prefix=r"(?<![\w.])", suffix=r"(?!\w)"), Keyword.Constant),
            (words(_KEYWORDS, prefix=r"(?<![\w.])", suffix=r"(?!\w)"), Keyword),
            (words(_BUILTINS, prefix=r"(?<![\w.])", suffix=r"(?=\s*\()"), Name.Builtin),
            (r"(\.)(\s*)(\w+)", bygroups(Punctuation, Whitespace, Name.Attribute)),
            (r"\w+(?=\s*\()", Name.Function),
            (r"\w+", Name.Variable),
            (r"<>|<=|>=|[-+*/%=<>?]", Operator),
            (r"[()\[\],;:.]", Punctuation),
            (r".", Text),
        ],
        # Strings double their quotes; a line break continues the string and the next line starts with `|`.
        "string": [
            (r'""', String.Escape),
            (r'"', String, "#pop"),
            (r"\n\s*\|", String),
            (r"\n\s*//[^\n]*", Comment.Single),
            (r'[^"\n]+', String),
            (r"\n", String),
        ],
    }
