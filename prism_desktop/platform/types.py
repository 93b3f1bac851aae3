"""The type system of configuration fields: Число(length, precision), Строка(length), Дата, Булево,
reference types and composite types, with 1C's defaults and the conversion applied when a value is
assigned to a typed field.

Values are plain Python: int/Decimal, str, bool, datetime.datetime, None (Неопределено) and RefKey.

Conversion on assignment (what the platform does for object attributes, register fields, constants):
  * a value of a listed type is adjusted to its qualifiers: Число is rounded half away from zero to
    the precision, and a value with more integer digits than length − precision is an overflow
    error; Строка is cut to its length (0 = unlimited);
  * a value of another type is converted as ОписаниеТипов.ПривестиЗначение does for a single type:
    Число reads numeric strings and booleans, else 0; Строка takes the presentation; Булево reads
    numbers, else Ложь; Дата gives 01.01.0001; a reference type gives its empty reference;
  * for a composite type, a value of no listed type becomes Неопределено (the composite empty value).
"""

from __future__ import annotations

import datetime as _dt
import decimal
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.metadata_errors import ConfigError
from prism_desktop.platform.refs import RefKey, empty_ref, parse_ref_type, ref_type_name

NUMBER: Final = "Число"
STRING: Final = "Строка"
DATE: Final = "Дата"
BOOLEAN: Final = "Булево"
PRIMITIVES: Final = (NUMBER, STRING, DATE, BOOLEAN)
_PRIMITIVE_ALIASES: Final = {
    "число": NUMBER,
    "number": NUMBER,
    "строка": STRING,
    "string": STRING,
    "дата": DATE,
    "date": DATE,
    "булево": BOOLEAN,
    "boolean": BOOLEAN,
}

EMPTY_DATE: Final = _dt.datetime(1, 1, 1)
DEFAULT_NUMBER_LENGTH: Final = 15
DEFAULT_STRING_LENGTH: Final = 100

Presenter = Callable[[Any], str]


@dataclass(frozen=True, slots=True)
class SimpleType:
    """One type: a primitive with its qualifiers, or a reference type (ref_kind/ref_name set)."""

    name: str  # "Число", "Строка", "Дата", "Булево" or "СправочникСсылка.Товары"
    length: int = 0
    precision: int = 0
    ref_kind: str | None = None
    ref_name: str | None = None
    enum_values: tuple[str, ...] = ()  # a system enumeration (ВидДвиженияНакопления …)

    @property
    def is_ref(self) -> bool:
        return self.ref_kind is not None

    @property
    def is_system_enum(self) -> bool:
        return bool(self.enum_values)

    @property
    def is_type_description(self) -> bool:
        return self.name == TYPE_DESCRIPTION

    @property
    def tag(self) -> str:
        """The type tag stored beside a composite column's value (see schema.py)."""
        if self.ref_kind is not None:
            return f"{self.ref_kind}.{self.ref_name}"
        return _PRIMITIVE_TAGS.get(self.name, self.name)

    def default(self) -> Any:
        if self.ref_kind is not None:
            return empty_ref(self.ref_kind, self.ref_name or "")
        if self.enum_values:
            return SystemEnumValue(self.name, self.enum_values[0])
        if self.name == TYPE_DESCRIPTION:
            return TypeDescription(())
        return _DEFAULTS[self.name]

    def holds(self, value: Any) -> bool:
        """Whether the value is of this type (qualifiers aside)."""
        if self.ref_kind is not None:
            return isinstance(value, RefKey) and value.kind == self.ref_kind and value.name == self.ref_name
        if self.enum_values:
            return isinstance(value, SystemEnumValue) and value.enum == self.name
        if self.name == TYPE_DESCRIPTION:
            return isinstance(value, TypeDescription)
        if self.name == NUMBER:
            return _is_number(value)
        if self.name == STRING:
            return isinstance(value, str)
        if self.name == BOOLEAN:
            return isinstance(value, bool)
        return isinstance(value, _dt.datetime)

    def presentation(self) -> str:
        if self.name == NUMBER:
            return f"Число({self.length},{self.precision})"
        if self.name == STRING:
            return f"Строка({self.length})"
        return self.name


_DEFAULTS: Final[dict[str, Any]] = {NUMBER: 0, STRING: "", DATE: EMPTY_DATE, BOOLEAN: False}
_PRIMITIVE_TAGS: Final = {NUMBER: "N", STRING: "S", DATE: "D", BOOLEAN: "B"}
UNDEFINED_TAG: Final = "U"
TYPE_DESCRIPTION: Final = "ОписаниеТипов"  # ПланВидовХарактеристик.ТипЗначения


@dataclass(frozen=True, slots=True)
class SystemEnumValue:
    """A value of a system enumeration such as ВидДвиженияНакопления.Приход."""

    enum: str
    name: str

    @property
    def index(self) -> int:
        return SYSTEM_ENUMS[self.enum].index(self.name)


# system enumerations stored in infobase fields; the first value is the field's default
SYSTEM_ENUMS: Final[dict[str, tuple[str, ...]]] = {
    "ВидДвиженияНакопления": ("Приход", "Расход"),
    "ВидДвиженияБухгалтерии": ("Дебет", "Кредит"),
    "ВидСчета": ("Активный", "Пассивный", "АктивноПассивный"),
}
ACCUMULATION_RECORD_TYPE: Final = "ВидДвиженияНакопления"
ACCOUNTING_RECORD_TYPE: Final = "ВидДвиженияБухгалтерии"
ACCOUNT_TYPE: Final = "ВидСчета"


def system_enum_type(enum: str) -> SimpleType:
    return SimpleType(enum, enum_values=SYSTEM_ENUMS[enum])


def system_enum_value(enum: str, name: str) -> SystemEnumValue | None:
    """The value of `enum` named `name` (case-insensitive), or None."""
    key = name.strip().lower().replace("ё", "е")
    return next((SystemEnumValue(enum, v) for v in SYSTEM_ENUMS[enum] if v.lower() == key), None)


def number_type(length: int = DEFAULT_NUMBER_LENGTH, precision: int = 0) -> SimpleType:
    return SimpleType(NUMBER, length, precision)


def string_type(length: int = DEFAULT_STRING_LENGTH) -> SimpleType:
    return SimpleType(STRING, length)


def ref_type(kind: str, name: str) -> SimpleType:
    return SimpleType(ref_type_name(kind, name), ref_kind=kind, ref_name=name)


DATE_TYPE: Final = SimpleType(DATE)
BOOLEAN_TYPE: Final = SimpleType(BOOLEAN)
TYPE_DESCRIPTION_TYPE: Final = SimpleType(TYPE_DESCRIPTION)


@dataclass(frozen=True, slots=True)
class TypeDescription:
    """The type of a field: one SimpleType, or several (a composite type)."""

    types: tuple[SimpleType, ...]

    @property
    def is_composite(self) -> bool:
        return len(self.types) > 1

    @property
    def single(self) -> SimpleType:
        """The only type of a non-composite description."""
        return self.types[0]

    def default(self) -> Any:
        """The empty value: Неопределено for a composite type (or an empty list), else the type's own
        empty value."""
        return self.types[0].default() if len(self.types) == 1 else None

    def type_of(self, value: Any) -> SimpleType | None:
        return next((t for t in self.types if t.holds(value)), None)

    def adjust(self, value: Any, field: str, presenter: Presenter = str) -> Any:
        """The value the field holds after `field = value` (see the module docstring). `presenter`
        gives the presentation of a non-string value assigned to a Строка field."""
        if len(self.types) == 1:  # the common case, kept short: this runs on every assignment
            single = self.types[0]
            if not single.holds(value):
                value = convert_to(single, value, presenter)
            return adjust_to(single, value, field)
        own = self.type_of(value)
        if own is not None:
            return adjust_to(own, value, field)
        return None

    def presentation(self) -> str:
        return ", ".join(t.presentation() for t in self.types)

    def names(self) -> str:
        """The type names without qualifiers, as parse_type_string reads them back."""
        return ", ".join(t.name for t in self.types)

    def ref_types(self) -> list[SimpleType]:
        return [t for t in self.types if t.is_ref]


def _is_number(value: Any) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, Decimal)


def convert_to(target: SimpleType, value: Any, presenter: Presenter) -> Any:
    """ПривестиЗначение to one type, for a value not of that type."""
    if target.ref_kind is not None or target.enum_values or target.name == TYPE_DESCRIPTION:
        return target.default()
    if target.name == NUMBER:
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, str):
            return _parse_number(value)
        return 0
    if target.name == STRING:
        return "" if value is None else presenter(value)
    if target.name == BOOLEAN:
        return value != 0 if _is_number(value) else False
    return EMPTY_DATE


def _parse_number(text: str) -> int | Decimal:
    cleaned = text.strip().replace("\u00a0", "").replace(" ", "").replace(",", ".")
    try:
        number = Decimal(cleaned)
    except decimal.InvalidOperation:
        return 0
    return number if number.is_finite() else 0


def adjust_to(target: SimpleType, value: Any, field: str) -> Any:
    """Apply the qualifiers of `target` to a value of that type."""
    if target.name == NUMBER:
        return round_number(value, target.length, target.precision, field)
    if target.name == STRING and target.length and len(value) > target.length:
        return value[: target.length]
    return value


def round_number(value: int | Decimal, length: int, precision: int, field: str) -> int | Decimal:
    """Round half away from zero to `precision` digits; more than length − precision integer digits
    is an overflow."""
    if type(value) is int and -_LIMITS[length - precision] < value < _LIMITS[length - precision]:
        return value
    rounded = Decimal(value).quantize(
        Decimal(1).scaleb(-precision), rounding=decimal.ROUND_HALF_UP, context=_WIDE
    )
    if abs(rounded) >= Decimal(10) ** (length - precision):
        raise PlatformError(f"Значение поля {field} не помещается в тип Число({length},{precision}): {value}")
    if rounded == rounded.to_integral_value():
        return int(rounded)
    return rounded.normalize(context=_WIDE)


_WIDE: Final = decimal.Context(prec=80)
_LIMITS: Final = tuple(10**digits for digits in range(40))


# ----------------------------------------------------------------------------------------------
# Type specs in config_spec.yaml

SpecResolver = Callable[[str, str], None]  # (kind, name) -> raises when the object is unknown


def parse_type_spec(spec: Any, path: str) -> TypeDescription:
    """A config_spec type: {type: X, length?, precision?}, a bare type name, or a list of those (a
    composite type). `type` defaults to Число. Reference targets are checked later, once every object
    is known (metadata.Configuration validates them)."""
    if isinstance(spec, list):
        if not spec:
            raise ConfigError(path, spec, "a type spec or a non-empty list of type specs")
        types: list[SimpleType] = []
        for i, item in enumerate(spec):
            for t in parse_type_spec(item, f"{path}[{i}]").types:
                if t not in types:
                    types.append(t)
        return TypeDescription(tuple(types))
    if isinstance(spec, str):
        return TypeDescription((_simple(spec, {}, path),))
    if spec is None:
        return TypeDescription((number_type(),))
    if not isinstance(spec, dict):
        raise ConfigError(path, spec, "a type spec {type: Число|Строка|Дата|Булево|<Вид>Ссылка.<Имя>, ...}")
    unknown = set(spec) - {"type", "length", "precision"}
    if unknown:
        key = sorted(unknown, key=str)[0]
        raise ConfigError(f"{path}.{key}", spec[key], "only the keys type, length, precision")
    type_value = spec.get("type", NUMBER)
    if isinstance(type_value, list):
        if set(spec) != {"type"}:
            raise ConfigError(path, spec, "no length/precision beside a list of types")
        return parse_type_spec(type_value, f"{path}.type")
    return TypeDescription((_simple(type_value, spec, path),))


def _simple(name: Any, spec: dict[str, Any], path: str) -> SimpleType:
    where = f"{path}.type" if spec else path
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(where, name, "a type name: Число, Строка, Дата, Булево or <Вид>Ссылка.<Имя>")
    primitive = _PRIMITIVE_ALIASES.get(name.strip().lower())
    if primitive == NUMBER:
        length = _qualifier(spec, "length", DEFAULT_NUMBER_LENGTH, path, minimum=1, maximum=38)
        precision = _qualifier(spec, "precision", 0, path, minimum=0, maximum=length)
        if precision >= length and length > 0 and precision:
            raise ConfigError(f"{path}.precision", precision, f"a precision below the length {length}")
        return number_type(length, precision)
    if primitive == STRING:
        _no_qualifier(spec, "precision", path)
        return string_type(_qualifier(spec, "length", DEFAULT_STRING_LENGTH, path, minimum=0, maximum=1024))
    if primitive is not None:
        _no_qualifier(spec, "length", path)
        _no_qualifier(spec, "precision", path)
        return DATE_TYPE if primitive == DATE else BOOLEAN_TYPE
    parsed = parse_ref_type(name)
    if parsed is None:
        raise ConfigError(
            where,
            name,
            "Число, Строка, Дата, Булево, СправочникСсылка.<Имя>, ДокументСсылка.<Имя>, "
            "ПеречислениеСсылка.<Имя>, ПланСчетовСсылка.<Имя> or ПланВидовХарактеристикСсылка.<Имя>",
        )
    _no_qualifier(spec, "length", path)
    _no_qualifier(spec, "precision", path)
    return ref_type(*parsed)


def _qualifier(spec: dict[str, Any], key: str, default: int, path: str, *, minimum: int, maximum: int) -> int:
    value = spec.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise ConfigError(f"{path}.{key}", value, f"an integer from {minimum} to {maximum}")
    return value


def _no_qualifier(spec: dict[str, Any], key: str, path: str) -> None:
    if key in spec:
        raise ConfigError(f"{path}.{key}", spec[key], f"no {key} for this type")


def parse_type_string(text: str, path: str = "ТипЗначения") -> TypeDescription:
    """ "СправочникСсылка.Контрагенты, Число" (a type description written as text) -> TypeDescription;
    an empty text is the empty description."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        return TypeDescription(())
    return parse_type_spec(names if len(names) != 1 else names[0], path)
