"""JSON in memory: ЧтениеJSON / ЗаписьJSON over strings, ПрочитатьJSON / ЗаписатьJSON, ПрочитатьДатуJSON,
ЗаписатьДатуJSON, ПараметрыЗаписиJSON and their system enumerations.

The engine is a sandbox layer, so the file forms (ОткрытьФайл) are refused with a clear error; the
string forms (УстановитьСтроку, Закрыть() returning the text) work as in the platform. The output layout
follows what OneScript (PRISM's category-A runner) writes: without ПараметрыЗаписиJSON every member on
its own line, no indentation, `"name": value`; with them, СимволыОтступа indents by its first character
once per level (one space by default), and ПереносСтрокJSON.Нет writes one line without spaces.
Numbers are written as integers when whole, dates as ISO 8601 (`2024-01-31T00:00:00`), Неопределено
as null. Reading gives Структура (or Соответствие with ПрочитатьВСоответствие), Массив, Число, Строка,
Булево, Неопределено.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.stdlib.collections.array import BslArray, BslFixedArray
from prism_desktop.bsl.stdlib.collections.mapping import BslFixedMap, BslMap
from prism_desktop.bsl.stdlib.collections.structure import BslFixedStructure, BslStructure
from prism_desktop.bsl.stdlib.globals import arg_bool, arg_str, builtin, global_property
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, is_number, method, prop
from prism_desktop.bsl.values.enums import EnumValue, make_enum

# json (six regular expressions compiled at import) is imported where it is used, so that a module
# that never writes or reads JSON does not pay for it at start-up.

LINE_BREAKS, _BREAKS = make_enum(
    "ПереносСтрокJSON", [("Авто", "Auto"), ("Unix", "Unix"), ("Windows", "Windows"), ("Нет", "None")]
)
VALUE_TYPES, _TYPES = make_enum(
    "ТипЗначенияJSON",
    [
        ("НачалоОбъекта", "ObjectStart"),
        ("КонецОбъекта", "ObjectEnd"),
        ("НачалоМассива", "ArrayStart"),
        ("КонецМассива", "ArrayEnd"),
        ("ИмяСвойства", "PropertyName"),
        ("Строка", "String"),
        ("Число", "Number"),
        ("Булево", "Boolean"),
        ("Null", "Null"),
        ("Комментарий", "Comment"),
        ("Ничего", "None"),
    ],
)
DATE_FORMATS, _DATE_FORMATS = make_enum(
    "ФорматДатыJSON", [("ISO", "ISO"), ("JavaScript", "JavaScript"), ("Microsoft", "Microsoft")]
)
ESCAPING, _ESCAPING = make_enum(
    "ЭкранированиеСимволовJSON",
    [("Нет", "None"), ("СимволыВнеASCII", "NotASCIISymbols"), ("СимволыВнеBMP", "SymbolsNotInBMP")],
)
for _ru, _en, _enum in (
    ("ПереносСтрокJSON", "JSONLineBreak", LINE_BREAKS),
    ("ТипЗначенияJSON", "JSONValueType", VALUE_TYPES),
    ("ФорматДатыJSON", "JSONDateFormat", DATE_FORMATS),
    ("ЭкранированиеСимволовJSON", "JSONCharactersEscapeMode", ESCAPING),
):
    global_property(_ru, _en, _enum)

FILES_REFUSED = (
    "{0}: файлы недоступны — исполнитель PRISM Desktop не обращается к файловой системе; "
    "используйте УстановитьСтроку"
)
EMPTY_DATE = _dt.datetime(1, 1, 1)


def _refuse_files(method_name: str) -> BslRuntimeError:
    return BslRuntimeError(FILES_REFUSED.format(method_name))


def _enum_arg(value: Any, enum: str, default: EnumValue, param_no: int) -> EnumValue:
    if value is None:
        return default
    if not isinstance(value, EnumValue) or value.enum_name != enum:
        raise BslRuntimeError(f"Несоответствие типов (параметр номер '{param_no}')")
    return value


def iso_date(value: _dt.datetime) -> str:
    return value.strftime("%Y-%m-%dT%H:%M:%S") if value.year >= 1000 else "0001-01-01T00:00:00"


def parse_json_date(text: str) -> _dt.datetime:
    """ISO 8601 (a trailing Z or offset is dropped: the platform's local date), or the JavaScript and
    Microsoft forms (`/Date(ms)/`, milliseconds since 1970)."""
    raw = text.strip()
    if raw.startswith("/Date(") and raw.endswith(")/"):
        millis = int(raw[6:-2].split("+")[0].split("-")[0] or "0")
        return _dt.datetime(1970, 1, 1) + _dt.timedelta(milliseconds=millis)
    try:
        value = _dt.datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise BslRuntimeError(f"Неверный формат даты JSON: {text}") from None
    return value.replace(tzinfo=None, microsecond=0)


class JsonWriterSettings(BslObject):
    """ПараметрыЗаписиJSON(ПереносСтрок, СимволыОтступа, ИспользоватьДвойныеКавычки, ЭкранированиеСимволов,
    ЭкранироватьАмперсанд, ЭкранироватьОдинарныеКавычки, ЭкранироватьРазделителиСтрок,
    ЭкранироватьУгловыеСкобки, ЭкранироватьСлеш)."""

    TYPE_RU = "ПараметрыЗаписиJSON"
    TYPE_EN = "JSONWriterSettings"
    __slots__ = (
        "ampersand",
        "angle",
        "double_quotes",
        "escaping",
        "line_break",
        "padding",
        "single_quote",
        "slash",
    )

    def __init__(self, args: list[Any]) -> None:
        args = [*args, *([None] * (9 - len(args)))]
        self.line_break = _enum_arg(args[0], "ПереносСтрокJSON", _BREAKS["Авто"], 1)
        self.padding = " " if args[1] is None else arg_str(args[1])
        self.double_quotes = True if args[2] is None else arg_bool(args[2], 3)
        self.escaping = _enum_arg(args[3], "ЭкранированиеСимволовJSON", _ESCAPING["Нет"], 4)
        self.ampersand, self.single_quote, _separators, self.angle, self.slash = (
            False if value is None else arg_bool(value, index + 5) for index, value in enumerate(args[4:9])
        )

    @prop("ПереносСтрок", "NewLines")
    def get_line_break(self) -> EnumValue:
        return self.line_break

    @prop("СимволыОтступа", "PaddingSymbols")
    def get_padding(self) -> str:
        return self.padding

    @prop("ИспользоватьДвойныеКавычки", "UseDoubleQuotes")
    def get_double_quotes(self) -> bool:
        return self.double_quotes


class JsonWriter(BslObject):
    """ЗаписьJSON over a string: УстановитьСтроку, the Записать… methods, Закрыть() → the text."""

    TYPE_RU = "ЗаписьJSON"
    TYPE_EN = "JSONWriter"
    __slots__ = ("indent", "newline", "parts", "quote", "settings", "stack")

    def __init__(self) -> None:
        self.parts: list[str] | None = None
        self.stack: list[list[Any]] = []  # [kind "{" or "[", items written, a name is pending]
        self.settings = JsonWriterSettings([])
        self.indent = ""
        self.newline = "\n"
        self.quote = '"'

    @method("УстановитьСтроку", "SetString")
    def set_string(self, settings: Any = None) -> None:
        if settings is not None and not isinstance(settings, JsonWriterSettings):
            raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
        self.settings = settings or JsonWriterSettings([])
        self.parts, self.stack = [], []
        none = self.settings.line_break is _BREAKS["Нет"]
        self.newline = "" if none else "\r\n" if self.settings.line_break is _BREAKS["Windows"] else "\n"
        # Without settings nothing is indented; a ПараметрыЗаписиJSON indents by its first padding
        # character (one space unless given), once per level — as OneScript writes.
        explicit = settings is not None
        self.indent = "" if none or not explicit or not self.settings.padding else self.settings.padding[0]
        self.quote = '"' if self.settings.double_quotes else "'"

    @method("ОткрытьФайл", "OpenFile")
    def open_file(self, *_args: Any) -> None:
        raise _refuse_files("ЗаписьJSON.ОткрытьФайл")

    @method("Закрыть", "Close")
    def close(self) -> str:
        text = "".join(self.parts or [])
        self.parts = None
        return text

    def _out(self) -> list[str]:
        if self.parts is None:
            raise BslRuntimeError("Приемник данных JSON не открыт")
        return self.parts

    def _before_value(self) -> None:
        """Separator and line break before a value (or a property name) at the current level."""
        out = self._out()
        if not self.stack:
            return
        top = self.stack[-1]
        if top[2]:  # the value of a property just named
            top[2] = False
            return
        if top[0] == "{":
            raise BslRuntimeError("Ошибка записи JSON: значение свойства объекта без имени свойства")
        self._next_item(out, top)

    def _next_item(self, out: list[str], top: list[Any]) -> None:
        out.append("," if top[1] else "")
        out.append(self.newline + self.indent * len(self.stack))
        top[1] += 1

    def _open(self, bracket: str) -> None:
        self._before_value()
        self._out().append(bracket)
        self.stack.append([bracket, 0, False])

    def _close(self, bracket: str) -> None:
        out = self._out()
        if not self.stack or self.stack[-1][0] != ("{" if bracket == "}" else "["):
            raise BslRuntimeError("Ошибка записи JSON: конец без соответствующего начала")
        _kind, count, _pending = self.stack.pop()
        if count:
            out.append(self.newline + self.indent * len(self.stack))
        out.append(bracket)

    @method("ЗаписатьНачалоОбъекта", "WriteStartObject")
    def start_object(self) -> None:
        self._open("{")

    @method("ЗаписатьКонецОбъекта", "WriteEndObject")
    def end_object(self) -> None:
        self._close("}")

    @method("ЗаписатьНачалоМассива", "WriteStartArray")
    def start_array(self) -> None:
        self._open("[")

    @method("ЗаписатьКонецМассива", "WriteEndArray")
    def end_array(self) -> None:
        self._close("]")

    @method("ЗаписатьИмяСвойства", "WritePropertyName")
    def property_name(self, name: Any) -> None:
        out = self._out()
        if not self.stack or self.stack[-1][0] != "{":
            raise BslRuntimeError("Ошибка записи JSON: имя свойства вне объекта")
        top = self.stack[-1]
        self._next_item(out, top)
        separator = ": " if self.newline else ":"
        out.append(self.string_literal(arg_str(name)) + separator)
        top[2] = True

    @method("ЗаписатьЗначение", "WriteValue")
    def write_value(self, value: Any, exponent: Any = None) -> None:
        self._before_value()
        self._out().append(self.scalar(value))

    @method("ЗаписатьБезОбработки", "WriteRaw")
    def write_raw(self, text: Any) -> None:
        self._out().append(arg_str(text))

    def scalar(self, value: Any) -> str:
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        if is_number(value):
            if type(value) is int or value == value.to_integral_value():
                return str(int(value))
            return format(value.normalize(), "f")
        if isinstance(value, str):
            return self.string_literal(value)
        if isinstance(value, _dt.datetime):
            return self.string_literal(iso_date(value))
        raise BslRuntimeError("Тип переданного значения не поддерживается")

    def string_literal(self, text: str) -> str:
        # imported on first use: every sandbox run starts the engine, and json costs ~1.5 ms
        import json

        settings = self.settings
        escaped = json.dumps(text, ensure_ascii=settings.escaping is _ESCAPING["СимволыВнеASCII"])[1:-1]
        if settings.slash:
            escaped = escaped.replace("/", "\\/")
        if settings.ampersand:
            escaped = escaped.replace("&", "\\&")
        if settings.angle:
            escaped = escaped.replace("<", "\\u003C").replace(">", "\\u003E")
        if settings.single_quote or not settings.double_quotes:
            escaped = escaped.replace("'", "\\u0027")
        if not settings.double_quotes:
            escaped = escaped.replace('\\"', '"')
        return f"{self.quote}{escaped}{self.quote}"

    def write_any(self, value: Any) -> None:
        """ЗаписатьJSON's serialisation of one value (collections recursively)."""
        if isinstance(value, (BslStructure, BslFixedStructure)):
            self._write_object((key, item) for key, item in value.fields.values())
        elif isinstance(value, (BslMap, BslFixedMap)):
            pairs = []
            for pair in value.bsl_iter():
                if not isinstance(pair.key, str):
                    raise BslRuntimeError("Ошибка записи JSON: ключ соответствия должен быть строкой")
                pairs.append((pair.key, pair.value))
            self._write_object(pairs)
        elif isinstance(value, (BslArray, BslFixedArray)):
            self.start_array()
            for item in value.bsl_iter():
                self.write_any(item)
            self.end_array()
        elif value is None or isinstance(value, (bool, str, int, Decimal, _dt.datetime)):
            self.write_value(value)
        else:
            name = getattr(value, "TYPE_RU", type(value).__name__)
            raise BslRuntimeError(f"Передано значение недопустимого типа: {name} не записывается в JSON")

    def _write_object(self, pairs: Any) -> None:
        self.start_object()
        for key, item in pairs:
            self.property_name(key)
            self.write_any(item)
        self.end_object()


def lenient_json(text: str) -> str:
    """The text with what OneScript's reader tolerates blanked out: // and /* */ comments and a comma
    before a closing bracket. Blanked with spaces (line breaks kept) so error positions stay true."""
    out = list(text)
    i, n = 0, len(text)
    last_comma = -1  # the comma seen last outside strings, with only blanks after it
    while i < n:
        ch = text[i]
        if ch == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            last_comma = -1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out[i:end] = [c if c == "\n" else " " for c in text[i:end]]
            i = end
            continue
        elif ch == ",":
            last_comma = i
        elif ch in "]}":
            if last_comma >= 0:
                out[last_comma] = " "
            last_comma = -1
        elif not ch.isspace():
            last_comma = -1
        i += 1
    return "".join(out)


class _JsonObject(list):
    """A JSON object as read: its (name, value) pairs in order (an empty one is not an empty array)."""


_EVENT_TYPES = {"{": "НачалоОбъекта", "}": "КонецОбъекта", "[": "НачалоМассива", "]": "КонецМассива"}


class JsonReader(BslObject):
    """ЧтениеJSON over a string: УстановитьСтроку, then ПрочитатьJSON, or token by token with
    Прочитать() / ТипТекущегоЗначения / ТекущееЗначение."""

    TYPE_RU = "ЧтениеJSON"
    TYPE_EN = "JSONReader"
    __slots__ = ("events", "position", "text")

    def __init__(self) -> None:
        self.text: str | None = None
        self.events: list[tuple[str, Any]] | None = None
        self.position = -1

    @method("УстановитьСтроку", "SetString")
    def set_string(self, text: Any) -> None:
        self.text, self.events, self.position = arg_str(text), None, -1

    @method("ОткрытьФайл", "OpenFile")
    def open_file(self, *_args: Any) -> None:
        raise _refuse_files("ЧтениеJSON.ОткрытьФайл")

    @method("ОткрытьПоток", "OpenStream")
    def open_stream(self, *_args: Any) -> None:
        raise _refuse_files("ЧтениеJSON.ОткрытьПоток")

    @method("Закрыть", "Close")
    def close(self) -> None:
        self.text, self.events = None, None

    def parsed(self) -> Any:
        """The rest of the text as one JSON value (what ПрочитатьJSON reads)."""
        if self.text is None:
            raise BslRuntimeError("Источник данных JSON не открыт")
        # imported on first use: every sandbox run starts the engine, and json costs ~1.5 ms
        import json

        text = lenient_json(self.text)
        start = len(text) - len(text.lstrip())
        decoder = json.JSONDecoder(parse_float=Decimal, object_pairs_hook=_JsonObject)
        try:
            value, end = decoder.raw_decode(text, start)
        except json.JSONDecodeError as error:
            raise BslRuntimeError(
                f"Ошибка чтения JSON: {error.msg} (строка {error.lineno}, позиция {error.colno})"
            ) from None
        self.text = self.text[end:]  # the next ПрочитатьJSON goes on after this value
        return value

    def _events(self) -> list[tuple[str, Any]]:
        if self.events is None:
            self.events = []
            self._flatten(self.parsed())
        return self.events

    def _flatten(self, value: Any) -> None:
        events = self.events
        assert events is not None
        if isinstance(value, _JsonObject):
            events.append(("НачалоОбъекта", None))
            for key, item in value:
                events.append(("ИмяСвойства", key))
                self._flatten(item)
            events.append(("КонецОбъекта", None))
        elif isinstance(value, list):
            events.append(("НачалоМассива", None))
            for item in value:
                self._flatten(item)
            events.append(("КонецМассива", None))
        else:
            events.append((_scalar_type(value), _to_bsl_scalar(value)))

    @method("Прочитать", "Read")
    def read(self) -> bool:
        events = self._events()
        self.position += 1
        return self.position < len(events)

    @prop("ТипТекущегоЗначения", "CurrentValueType")
    def current_type(self) -> EnumValue:
        events = self._events()
        if not 0 <= self.position < len(events):
            return _TYPES["Ничего"]
        return _TYPES[events[self.position][0]]

    @prop("ТекущееЗначение", "CurrentValue")
    def current_value(self) -> Any:
        events = self._events()
        if not 0 <= self.position < len(events) or events[self.position][0] in _EVENT_TYPES.values():
            raise BslRuntimeError("Текущее значение JSON не является значением")
        return events[self.position][1]


def _scalar_type(value: Any) -> str:
    if value is None:
        return "Null"
    if isinstance(value, bool):
        return "Булево"
    if isinstance(value, (int, Decimal)):
        return "Число"
    return "Строка"


def _to_bsl_scalar(value: Any) -> Any:
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def _to_bsl(value: Any, to_map: bool, date_names: set[str], name: str | None = None) -> Any:
    if isinstance(value, _JsonObject):
        return _object(value, to_map, date_names)
    if isinstance(value, list):
        return BslArray([_to_bsl(item, to_map, date_names) for item in value])
    if isinstance(value, str) and name is not None and name in date_names:
        return parse_json_date(value)
    return _to_bsl_scalar(value)


def _object(pairs: list[tuple[str, Any]], to_map: bool, date_names: set[str]) -> BslObject:
    if to_map:
        result_map = BslMap()
        for key, item in pairs:
            result_map.insert(key, _to_bsl(item, to_map, date_names, key))
        return result_map
    structure = BslStructure()
    for key, item in pairs:
        if not key.isidentifier() or key[0].isdigit():
            raise BslRuntimeError(
                f"Ошибка чтения JSON: имя свойства «{key}» не годится для ключа Структуры "
                "(прочитайте в Соответствие: ПрочитатьJSON(Чтение, Истина))"
            )
        structure.insert(key, _to_bsl(item, to_map, date_names, key))
    return structure


@builtin("ПрочитатьJSON", "ReadJSON")
def read_json(reader: Any, to_map: Any = None, date_names: Any = None, *_rest: Any) -> Any:
    if not isinstance(reader, JsonReader):
        raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
    names: set[str] = set()
    if isinstance(date_names, str):
        names = {n.strip() for n in date_names.split(",") if n.strip()}
    elif isinstance(date_names, BslArray | BslFixedArray):
        names = {arg_str(n) for n in date_names.bsl_iter()}
    parsed = reader.parsed() if reader.events is None else None
    if parsed is None and reader.events is not None:
        raise BslRuntimeError("ПрочитатьJSON: чтение уже начато методом Прочитать()")
    return _to_bsl(parsed, bool(to_map) and arg_bool(to_map, 2), names)


@builtin("ЗаписатьJSON", "WriteJSON", procedure=True)
def write_json(writer: Any, value: Any, *_rest: Any) -> None:
    if not isinstance(writer, JsonWriter):
        raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
    writer.write_any(value)


@builtin("ПрочитатьДатуJSON", "ReadJSONDate")
def read_json_date(text: Any, date_format: Any = None) -> _dt.datetime:
    _enum_arg(date_format, "ФорматДатыJSON", _DATE_FORMATS["ISO"], 2)
    return parse_json_date(arg_str(text))


@builtin("ЗаписатьДатуJSON", "WriteJSONDate")
def write_json_date(value: Any, date_format: Any = None, *_rest: Any) -> str:
    chosen = _enum_arg(date_format, "ФорматДатыJSON", _DATE_FORMATS["ISO"], 2)
    if not isinstance(value, _dt.datetime):
        raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
    if chosen is _DATE_FORMATS["ISO"]:
        return iso_date(value)
    millis = int((value - _dt.datetime(1970, 1, 1)).total_seconds() * 1000)
    return f"/Date({millis})/"


register_constructor(("ЧтениеJSON", "JSONReader"), lambda _args: JsonReader())
register_constructor(("ЗаписьJSON", "JSONWriter"), lambda _args: JsonWriter())
register_constructor(("ПараметрыЗаписиJSON", "JSONWriterSettings"), JsonWriterSettings)
