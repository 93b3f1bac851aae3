"""Text helpers a real answer reaches for: ТекстовыйДокумент in memory, КодироватьСтроку /
РаскодироватьСтроку with СпособКодированияСтроки, and OneScript's РегулярноеВыражение.

ТекстовыйДокумент keeps lines (1-based, as the platform numbers them); Прочитать and Записать would
touch files and are refused. КодироватьСтроку encodes UTF-8 bytes as %XX: КодировкаURL escapes all but
letters, digits and `-_.~`, URLВКодировкеURL also keeps the characters that structure a URL. The regular
expressions are Python's `re`, which shares the .NET syntax OneScript uses for everything a 1C answer
writes (classes, quantifiers, groups, anchors, Unicode letters)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, unquote

from prism_desktop.bsl.stdlib.collections.array import BslArray, BslFixedArray
from prism_desktop.bsl.stdlib.globals import arg_bool, arg_int, arg_str, builtin, global_property
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, prop
from prism_desktop.bsl.values.enums import EnumValue, make_enum

ENCODING_METHODS, _METHODS = make_enum(
    "СпособКодированияСтроки",
    [
        ("КодировкаURL", "URLEncoding"),
        ("URLВКодировкеURL", "URLInURLEncoding"),
        ("URLВКодировкеURLИмениФайла", "URLInURLFileNameEncoding"),
    ],
)
global_property("СпособКодированияСтроки", "StringEncodingMethod", ENCODING_METHODS)
URL_STRUCTURE = ":/?#[]@!$&'()*+,;=%"
FILES_REFUSED = "{0}: файлы недоступны — исполнитель PRISM Desktop не обращается к файловой системе"


def _method_arg(value: Any) -> EnumValue:
    if not isinstance(value, EnumValue) or value.enum_name != "СпособКодированияСтроки":
        raise BslRuntimeError("Несоответствие типов (параметр номер '2')")
    return value


@builtin("КодироватьСтроку", "EncodeString")
def encode_string(text: Any, how: Any, _encoding: Any = None) -> str:
    keep = URL_STRUCTURE if _method_arg(how) is _METHODS["URLВКодировкеURL"] else ""
    return quote(arg_str(text), safe=keep, encoding="utf-8")


@builtin("РаскодироватьСтроку", "DecodeString")
def decode_string(text: Any, how: Any, _encoding: Any = None) -> str:
    _method_arg(how)
    return unquote(arg_str(text), encoding="utf-8")


def _text_lines(text: Any) -> list[str]:
    return arg_str(text).replace("\r\n", "\n").replace("\r", "\n").split("\n")


class TextDocument(BslObject):
    """ТекстовыйДокумент: lines of text in memory."""

    TYPE_RU = "ТекстовыйДокумент"
    TYPE_EN = "TextDocument"
    __slots__ = ("lines",)

    def __init__(self) -> None:
        self.lines: list[str] = []

    def _index(self, number: Any, param_no: int = 1, *, allow_end: bool = False) -> int:
        index = arg_int(number) - 1
        if not 0 <= index < len(self.lines) + (1 if allow_end else 0):
            raise BslRuntimeError(f"Недопустимое значение параметра (параметр номер '{param_no}')")
        return index

    @method("УстановитьТекст", "SetText")
    def set_text(self, text: Any) -> None:
        value = arg_str(text).replace("\r\n", "\n").replace("\r", "\n")
        self.lines = value.split("\n") if value else []

    @method("ПолучитьТекст", "GetText")
    def get_text(self) -> str:
        """Every line ends with a line feed, the last one too (OneScript)."""
        return "".join(line + "\n" for line in self.lines)

    @method("КоличествоСтрок", "LineCount")
    def line_count(self) -> int:
        return len(self.lines)

    @method("ДобавитьСтроку", "AddLine")
    def add_line(self, text: Any = "") -> None:
        self.lines.extend(_text_lines(text))

    @method("ПолучитьСтроку", "GetLine")
    def get_line(self, number: Any) -> str:
        index = arg_int(number) - 1
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    @method("ВставитьСтроку", "InsertLine")
    def insert_line(self, number: Any, text: Any = "") -> None:
        """Before line `number`; a number below 1 inserts at the start, past the end appends (OneScript).
        Text with line breaks becomes several lines."""
        position = min(max(arg_int(number) - 1, 0), len(self.lines))
        self.lines[position:position] = _text_lines(text)

    @method("ЗаменитьСтроку", "ReplaceLine")
    def replace_line(self, number: Any, text: Any) -> None:
        """Text with line breaks replaces the line with several; a number past the end changes nothing
        (OneScript)."""
        if arg_int(number) > len(self.lines):
            return
        index = self._index(number)
        self.lines[index : index + 1] = _text_lines(text)

    @method("УдалитьСтроку", "DeleteLine")
    def delete_line(self, number: Any) -> None:
        del self.lines[self._index(number)]

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.lines.clear()

    @method("Прочитать", "Read")
    def read(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ТекстовыйДокумент.Прочитать"))

    @method("Записать", "Write")
    def write(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ТекстовыйДокумент.Записать"))


# .NET's named group (?<name>…) / (?'name'…) and back reference \k<name>, in Python's spelling; the
# look-behinds (?<= and (?<! stay as they are.
_DOTNET_NAMED_GROUP = re.compile(r"(?<!\\)\(\?(?:<(?![=!])([^\W\d]\w*)>|'([^\W\d]\w*)')")
_DOTNET_BACKREF = re.compile(r"\\k<([^\W\d]\w*)>")


def python_pattern(pattern: str) -> str:
    converted = _DOTNET_NAMED_GROUP.sub(lambda m: f"(?P<{m.group(1) or m.group(2)}>", pattern)
    return _DOTNET_BACKREF.sub(lambda m: f"(?P={m.group(1)})", converted)


class RegexMatch(BslObject):
    """СовпадениеРегулярногоВыражения: Значение, Индекс (0-based, as OneScript), Длина, Группы."""

    TYPE_RU = "СовпадениеРегулярногоВыражения"
    TYPE_EN = "RegExMatch"
    __slots__ = ("match",)

    def __init__(self, match: re.Match[str]) -> None:
        self.match = match

    @prop("Значение", "Value")
    def value(self) -> str:
        return self.match.group(0)

    @prop("Индекс", "Index")
    def index(self) -> int:
        return self.match.start()

    @prop("Длина", "Length")
    def length(self) -> int:
        return len(self.match.group(0))

    @prop("Группы", "Groups")
    def groups(self) -> RegexGroups:
        numbered = dotnet_groups(self.match.re)
        return RegexGroups([RegexGroup(self.match, number, name) for number, name in numbered])


def dotnet_groups(pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    """(Python group number, .NET name) in .NET's order: the whole match, the unnamed groups left to
    right (named "1", "2", …), then the named ones left to right."""
    named = {number: name for name, number in pattern.groupindex.items()}
    unnamed = [n for n in range(1, pattern.groups + 1) if n not in named]
    ordered = [(0, "0")] + [(n, str(i)) for i, n in enumerate(unnamed, 1)]
    return ordered + sorted(named.items())


class RegexMatches(BslFixedArray):
    """КоллекцияСовпаденийРегулярногоВыражения: Количество, [индекс], Для Каждого."""

    TYPE_RU = "КоллекцияСовпаденийРегулярногоВыражения"
    TYPE_EN = "RegExMatchCollection"
    __slots__ = ()


class RegexGroups(BslFixedArray):
    """КоллекцияГруппРегулярногоВыражения: as a fixed array, plus ПоИмени."""

    TYPE_RU = "КоллекцияГруппРегулярногоВыражения"
    TYPE_EN = "RegExGroupCollection"
    __slots__ = ()

    @method("ПоИмени", "ByName")
    def by_name(self, name: Any) -> RegexGroup:
        wanted = arg_str(name)
        for group in self.items:
            if group.name == wanted:
                return RegexGroup(group.match, group.number, group.name)  # always a new object (OneScript)
        raise BslRuntimeError(f"Группа не найдена ({wanted})")


class RegexGroup(BslObject):
    TYPE_RU = "ГруппаРегулярногоВыражения"
    TYPE_EN = "RegExGroup"
    __slots__ = ("match", "name", "number")

    def __init__(self, match: re.Match[str], number: int, name: str = "") -> None:
        self.match, self.number, self.name = match, number, name

    @prop("Имя", "Name")
    def group_name(self) -> str:
        return self.name

    @prop("Значение", "Value")
    def value(self) -> str:
        return self.match.group(self.number) or ""

    @prop("Индекс", "Index")
    def index(self) -> int:
        return self.match.start(self.number)

    @prop("Длина", "Length")
    def length(self) -> int:
        return len(self.match.group(self.number) or "")


class Regex(BslObject):
    """РегулярноеВыражение(Шаблон): Совпадает, НайтиСовпадения, Заменить, Разделить, ИгнорироватьРегистр,
    Многострочный."""

    TYPE_RU = "РегулярноеВыражение"
    TYPE_EN = "Regex"
    __slots__ = ("ignore_case", "multiline", "pattern")

    def __init__(self, args: list[Any]) -> None:
        if not args:
            raise BslRuntimeError("Ошибка при вызове конструктора (РегулярноеВыражение): не задан шаблон")
        self.pattern = arg_str(args[0])
        self.ignore_case, self.multiline = True, True  # OneScript's defaults: both on
        self._compiled()

    def _compiled(self) -> re.Pattern[str]:
        flags = (re.IGNORECASE if self.ignore_case else 0) | (re.MULTILINE if self.multiline else 0)
        try:
            return re.compile(python_pattern(self.pattern), flags)
        except re.error as error:
            raise BslRuntimeError(f"Неверное регулярное выражение: {error}") from None

    @prop("ИгнорироватьРегистр", "IgnoreCase", settable=True)
    def ignoring_case(self) -> bool:
        return self.ignore_case

    def set_ignoring_case(self, value: Any) -> None:
        self.ignore_case = arg_bool(value)

    @prop("Многострочный", "Multiline", settable=True)
    def multiline_mode(self) -> bool:
        return self.multiline

    def set_multiline_mode(self, value: Any) -> None:
        self.multiline = arg_bool(value)

    @method("Совпадает", "IsMatch")
    def is_match(self, text: Any, start: Any = None) -> bool:
        return self._compiled().search(arg_str(text), 0 if start is None else arg_int(start)) is not None

    @method("НайтиСовпадения", "Matches")
    def matches(self, text: Any, start: Any = None) -> RegexMatches:
        found = self._compiled().finditer(arg_str(text), 0 if start is None else arg_int(start))
        return RegexMatches([RegexMatch(m) for m in found])

    @method("Заменить", "Replace")
    def replace(self, text: Any, replacement: Any) -> str:
        # .NET writes groups in a replacement as $1; Python as \1.
        template = re.sub(r"\$(\d+)", r"\\g<\1>", arg_str(replacement).replace("\\", "\\\\"))
        return self._compiled().sub(template, arg_str(text))

    @method("Разделить", "Split")
    def split(self, text: Any) -> BslArray:
        return BslArray(self._compiled().split(arg_str(text)))


register_constructor(("ТекстовыйДокумент", "TextDocument"), lambda _args: TextDocument())
register_constructor(("РегулярноеВыражение", "Regex"), Regex)
