"""XMLСтрока / XMLЗначение: the canonical XML forms of values, as OneScript (PRISM's category-A runner)
writes and reads them with .NET's XmlConvert: numbers with a point and no grouping, true/false, dates as
`2024-01-31T10:00:00` (read with or without the time; a zone suffix is dropped), ДвоичныеДанные as Base64
(lines of 76 characters), Неопределено as the empty string."""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import re
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.stdlib.binary_data import BinaryData, UniqueId
from prism_desktop.bsl.stdlib.collections.array import ArrayReading
from prism_desktop.bsl.stdlib.collections.mapping import BslFixedMap, BslMap
from prism_desktop.bsl.stdlib.collections.sort_direction import BslSortDirection
from prism_desktop.bsl.stdlib.collections.structure import BslFixedStructure, BslStructure
from prism_desktop.bsl.stdlib.collections.value_list import BslValueList
from prism_desktop.bsl.stdlib.collections.value_table import BslValueTable
from prism_desktop.bsl.stdlib.globals import arg_str, builtin, invalid_argument
from prism_desktop.bsl.stdlib.json_text import parse_json_date
from prism_desktop.bsl.stdlib.types import BOOLEAN_ERROR
from prism_desktop.bsl.values import numbers
from prism_desktop.bsl.values.base import NULL, BslRuntimeError, BslType
from prism_desktop.bsl.values.enums import EnumValue
from prism_desktop.bsl.values.presentation import to_string

# Values that have no XML form (OneScript refuses them): collections and the other enumerations;
# the qualifiers' enumerations are written by name.
_NOT_XML = (ArrayReading, BslStructure, BslFixedStructure, BslMap, BslFixedMap, BslValueList, BslValueTable,
            BslSortDirection)
_XML_ENUMS = frozenset({"ДопустимыйЗнак", "ДопустимаяДлина", "ЧастиДаты"})
_GUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")

_BASE64_LINE = 76


@builtin("XMLСтрока", "XMLString")
def xml_string(value: Any) -> str:
    if value is None or value is NULL:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format(value.normalize(numbers.CONTEXT), "f")
    if isinstance(value, _dt.datetime):
        return f"{value.year:04d}-{value:%m-%dT%H:%M:%S}"
    if isinstance(value, BinaryData):
        encoded = base64.b64encode(value.data).decode("ascii")
        return "\r\n".join(encoded[i : i + _BASE64_LINE] for i in range(0, len(encoded), _BASE64_LINE))
    if isinstance(value, UniqueId):
        return str(value.value)
    if (isinstance(value, EnumValue) and value.enum_name not in _XML_ENUMS) or isinstance(value, _NOT_XML):
        raise invalid_argument(1)
    return to_string(value)


@builtin("XMLЗначение", "XMLValue")
def xml_value(type_value: Any, text: Any) -> Any:
    if not isinstance(type_value, BslType):
        raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
    presentation = arg_str(text)
    kind = type_value.name
    if kind == "Число":
        return numbers.parse_number(presentation)
    if kind == "Строка":
        return presentation
    if kind == "Булево":
        word = presentation.strip(" \t\r\n")
        if word in ("true", "1"):
            return True
        if word in ("false", "0"):
            return False
        raise BslRuntimeError(BOOLEAN_ERROR)
    if kind == "Дата":
        try:
            return parse_json_date(presentation)
        except BslRuntimeError:
            raise BslRuntimeError("Преобразование значения к типу Дата не может быть выполнено") from None
    if kind == "Неопределено" and presentation == "":
        return None
    if kind == "Null":  # only blanks stand for NULL
        if presentation.strip():
            raise invalid_argument(2)
        return NULL
    if kind == "УникальныйИдентификатор":
        if not _GUID.fullmatch(presentation.strip()):
            raise invalid_argument(2)
        return UniqueId([presentation.strip()])
    if kind == "ДвоичныеДанные":
        try:
            return BinaryData(base64.b64decode(presentation.encode("ascii"), validate=False))
        except (binascii.Error, UnicodeEncodeError):
            raise invalid_argument(2) from None
    raise invalid_argument(1)
