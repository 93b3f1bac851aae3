"""The qualifiers of ОписаниеТипов and their system enumerations: КвалификаторыЧисла,
КвалификаторыСтроки, КвалификаторыДаты, КвалификаторыДвоичныхДанных; ДопустимыйЗнак, ДопустимаяДлина,
ЧастиДаты.

Constructors and properties follow the platform's syntax assistant (the same members OneScript
implements in OneScript.StandardLibrary/TypeDescriptions): every parameter is optional, a wrong type
is "Несоответствие типов (параметр номер 'N')", a negative size "Недопустимое значение параметра".
Qualifiers are values: two with the same settings are equal.

Each qualifier adjusts a value of its own type the way ПривестиЗначение and a typed column do:
a number is rounded half away from zero to РазрядностьДробнойЧасти, a number with more integer digits
than Разрядность − РазрядностьДробнойЧасти becomes the largest number that fits (999.99), a negative
number under ДопустимыйЗнак.Неотрицательный becomes 0; a string is cut to Длина (0 = unlimited) and a
fixed-length one padded with spaces; a date keeps the parts ЧастиДаты names.
"""

from __future__ import annotations

import datetime as _dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Self

from prism_desktop.bsl.stdlib.collections.arguments import bad_value, type_mismatch
from prism_desktop.bsl.values.base import BslObject, is_number, normalize_number, prop
from prism_desktop.bsl.values.enums import EnumValue, make_enum

ALLOWED_SIGN, _SIGNS = make_enum("ДопустимыйЗнак", [("Любой", "Any"), ("Неотрицательный", "Nonnegative")])
ALLOWED_LENGTH, _LENGTHS = make_enum(
    "ДопустимаяДлина", [("Переменная", "Variable"), ("Фиксированная", "Fixed")]
)
DATE_FRACTIONS, _FRACTIONS = make_enum(
    "ЧастиДаты", [("Дата", "Date"), ("ДатаВремя", "DateTime"), ("Время", "Time")]
)
ANY_SIGN, NONNEGATIVE = _SIGNS["Любой"], _SIGNS["Неотрицательный"]
VARIABLE, FIXED = _LENGTHS["Переменная"], _LENGTHS["Фиксированная"]
DATE_ONLY, DATE_TIME, TIME_ONLY = _FRACTIONS["Дата"], _FRACTIONS["ДатаВремя"], _FRACTIONS["Время"]

# global-context names of the three enumerations, lower case (the collections' GLOBALS keys)
ENUM_GLOBALS: dict[str, Any] = {
    "допустимыйзнак": ALLOWED_SIGN,
    "allowedsign": ALLOWED_SIGN,
    "допустимаядлина": ALLOWED_LENGTH,
    "allowedlength": ALLOWED_LENGTH,
    "частидаты": DATE_FRACTIONS,
    "datefractions": DATE_FRACTIONS,
}


def _size(value: Any, param_no: int) -> int:
    """A Разрядность/Длина argument: omitted is 0, a fraction is dropped, a negative one is refused."""
    if value is None:
        return 0
    if not is_number(value):
        raise type_mismatch(param_no)
    size = int(value)
    if size < 0:
        raise bad_value(param_no)
    return size


def _member(value: Any, enum: str, default: EnumValue, param_no: int) -> EnumValue:
    if value is None:
        return default
    if not isinstance(value, EnumValue) or value.enum_name != enum:
        raise type_mismatch(param_no)
    return value


class _Qualifier(BslObject):
    """Equality by settings, as the platform compares qualifiers."""

    __slots__ = ()

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        raise NotImplementedError

    def settings(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def bsl_equals(self, other: Any) -> bool:
        return type(other) is type(self) and other.settings() == self.settings()

    def bsl_hash_key(self) -> Any:
        return (self.TYPE_RU, *(id(s) if isinstance(s, EnumValue) else s for s in self.settings()))


class BslNumberQualifiers(_Qualifier):
    TYPE_RU = "КвалификаторыЧисла"
    TYPE_EN = "NumberQualifiers"
    __slots__ = ("digits", "fraction_digits", "sign")

    def __init__(self, digits: int = 0, fraction_digits: int = 0, sign: EnumValue = ANY_SIGN) -> None:
        self.digits = digits
        self.fraction_digits = fraction_digits
        self.sign = sign

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый КвалификаторыЧисла([Разрядность], [РазрядностьДробнойЧасти], [ДопустимыйЗнак])."""
        padded = [*args, None, None, None]
        return cls(
            _size(padded[0], 1), _size(padded[1], 2), _member(padded[2], "ДопустимыйЗнак", ANY_SIGN, 3)
        )

    def settings(self) -> tuple[Any, ...]:
        return (self.digits, self.fraction_digits, self.sign)

    @prop("Разрядность", "Digits")
    def prop_digits(self) -> int:
        return self.digits

    @prop("РазрядностьДробнойЧасти", "FractionDigits")
    def prop_fraction_digits(self) -> int:
        return self.fraction_digits

    @prop("ДопустимыйЗнак", "AllowedSign")
    def prop_sign(self) -> EnumValue:
        return self.sign

    def adjust(self, number: Any) -> Any:
        """A number within these qualifiers."""
        if self.sign is NONNEGATIVE and number < 0:
            return 0
        if not self.digits and not self.fraction_digits:
            return number
        exact = Decimal(number).quantize(Decimal(1).scaleb(-self.fraction_digits), rounding=ROUND_HALF_UP)
        if self.digits:
            limit = Decimal(10) ** max(self.digits - self.fraction_digits, 0)
            if abs(exact) >= limit:  # the largest number of this size, with the value's sign
                largest = limit - Decimal(1).scaleb(-self.fraction_digits)
                exact = largest if exact > 0 else -largest
        return normalize_number(exact)


class _LengthQualifier(_Qualifier):
    __slots__ = ("allowed", "length")

    def __init__(self, length: int = 0, allowed: EnumValue = VARIABLE) -> None:
        self.length = length
        self.allowed = allowed

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый Квалификаторы…([Длина], [ДопустимаяДлина])."""
        padded = [*args, None, None]
        return cls(_size(padded[0], 1), _member(padded[1], "ДопустимаяДлина", VARIABLE, 2))

    def settings(self) -> tuple[Any, ...]:
        return (self.length, self.allowed)

    @prop("Длина", "Length")
    def prop_length(self) -> int:
        return self.length

    @prop("ДопустимаяДлина", "AllowedLength")
    def prop_allowed(self) -> EnumValue:
        return self.allowed


class BslStringQualifiers(_LengthQualifier):
    TYPE_RU = "КвалификаторыСтроки"
    TYPE_EN = "StringQualifiers"
    __slots__ = ()

    def adjust(self, text: str) -> str:
        if self.length and len(text) > self.length:
            return text[: self.length]
        if self.allowed is FIXED and len(text) < self.length:
            return text + " " * (self.length - len(text))
        return text

    def empty(self) -> str:
        return self.adjust("")


class BslBinaryDataQualifiers(_LengthQualifier):
    TYPE_RU = "КвалификаторыДвоичныхДанных"
    TYPE_EN = "BinaryDataQualifiers"
    __slots__ = ()


class BslDateQualifiers(_Qualifier):
    TYPE_RU = "КвалификаторыДаты"
    TYPE_EN = "DateQualifiers"
    __slots__ = ("fractions",)

    def __init__(self, fractions: EnumValue = DATE_TIME) -> None:
        self.fractions = fractions

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый КвалификаторыДаты([ЧастиДаты]); the parts default to Дата."""
        return cls(_member(args[0] if args else None, "ЧастиДаты", DATE_TIME, 1))  # OneScript's default

    def settings(self) -> tuple[Any, ...]:
        return (self.fractions,)

    @prop("ЧастиДаты", "DateFractions")
    def prop_fractions(self) -> EnumValue:
        return self.fractions

    def adjust(self, value: _dt.datetime) -> _dt.datetime:
        if self.fractions is DATE_ONLY:
            return value.replace(hour=0, minute=0, second=0, microsecond=0)
        if self.fractions is TIME_ONLY:
            return _dt.datetime(1, 1, 1, value.hour, value.minute, value.second)
        return value


QUALIFIER_CLASSES: tuple[type[_Qualifier], ...] = (
    BslNumberQualifiers,
    BslStringQualifiers,
    BslDateQualifiers,
    BslBinaryDataQualifiers,
)
