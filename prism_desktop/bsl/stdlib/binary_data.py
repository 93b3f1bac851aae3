"""Binary data in memory, hashing, bit operations and small global types a real answer reaches for:
ДвоичныеДанные with the global conversions (strings in an encoding, Base64, hex), ХешированиеДанных with
ХешФункция (MD5, SHA1, SHA256, SHA384, SHA512, CRC32), КодировкаТекста, the Побитовое… functions over
32-bit unsigned numbers, УникальныйИдентификатор, ГенераторСлучайныхЧисел and СтатусСообщения.

Files stay refused (`Новый ДвоичныеДанные(ИмяФайла)`, Записать, ДобавитьФайл): the engine is a sandbox
layer. Rules from the platform's syntax assistant and OneScript's library (BinaryData, HashFunctions,
Bitwise): hex is upper case, Base64Строка breaks its lines at 76 characters with CR LF, a CRC32 hash sum
is a Число, every other hash sum is ДвоичныеДанные, bit functions take numbers 0 … 4294967295.
"""

from __future__ import annotations

import binascii
import codecs
import zlib
from collections.abc import Callable
from typing import Any, ClassVar

from prism_desktop.bsl.stdlib.globals import arg_bool, arg_int, arg_str, builtin, global_property
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, is_number, method, prop
from prism_desktop.bsl.values.enums import EnumValue, make_enum

# base64, hashlib, random and uuid (which imports `platform`) are imported where they are used: most
# modules never need them, and every `bsl run` would pay for them at start-up.

HASH_FUNCTIONS, _HASHES = make_enum(
    "ХешФункция",
    [
        ("MD5", "MD5"),
        ("SHA1", "SHA1"),
        ("SHA256", "SHA256"),
        ("SHA384", "SHA384"),
        ("SHA512", "SHA512"),
        ("CRC32", "CRC32"),
    ],
)
TEXT_ENCODINGS, _ENCODINGS = make_enum(
    "КодировкаТекста",
    [
        ("ANSI", "ANSI"),
        ("OEM", "OEM"),
        ("UTF16", "UTF16"),
        ("UTF8", "UTF8"),
        ("UTF8NoBOM", "UTF8NoBOM"),
        ("Системная", "System"),
    ],
)
MESSAGE_STATUSES, _STATUSES = make_enum(
    "СтатусСообщения",
    [
        ("БезСтатуса", "WithoutStatus"),
        ("Важное", "Important"),
        ("Внимание", "Attention"),
        ("Информация", "Information"),
        ("Обычное", "Ordinary"),
        ("ОченьВажное", "VeryImportant"),
    ],
)
for _ru, _en, _enum in (
    ("ХешФункция", "HashFunction", HASH_FUNCTIONS),
    ("КодировкаТекста", "TextEncoding", TEXT_ENCODINGS),
    ("СтатусСообщения", "MessageStatus", MESSAGE_STATUSES),
):
    global_property(_ru, _en, _enum)

# КодировкаТекста members and the encoding names a string may give, as Python codecs.
_CODECS = {
    "ansi": "cp1251", "oem": "cp866", "utf16": "utf-16-le", "utf8": "utf-8", "utf8nobom": "utf-8",
    "системная": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le",  # .NET's "utf-16" is little-endian
}
# Byte order marks a Unicode decoder recognises whatever Unicode encoding it was given (OneScript over
# .NET: a UTF-8 BOM read as UTF-16 is still UTF-8); the longer mark first (UTF-32LE starts like UTF-16LE).
_BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
)
_UNICODE_CODECS = ("utf-8", "utf-16", "utf-32")
UINT32 = 0xFFFFFFFF
FILES_REFUSED = "{0}: файлы недоступны — исполнитель PRISM Desktop не обращается к файловой системе"


def _mismatch(param_no: int) -> BslRuntimeError:
    return BslRuntimeError(f"Несоответствие типов (параметр номер '{param_no}')")


class BinaryData(BslObject):
    """ДвоичныеДанные: an immutable run of bytes, equal to another with the same bytes."""

    TYPE_RU = "ДвоичныеДанные"
    TYPE_EN = "BinaryData"
    __slots__ = ("data",)
    # How ОткрытьПотокДляЧтения opens a read-only ПотокВПамяти over the bytes: binary_buffers.py, which
    # builds on this module, sets it when imported (bsl/stdlib/__init__.py imports both).
    read_stream: ClassVar[Callable[[bytes], BslObject]]

    def __init__(self, data: bytes) -> None:
        self.data = data

    @method("Размер", "Size")
    def size(self) -> int:
        return len(self.data)

    @method("Записать", "Write")
    def write(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ДвоичныеДанные.Записать"))

    @method("ОткрытьПотокДляЧтения", "OpenStreamForRead")
    def open_stream(self) -> Any:
        return BinaryData.read_stream(self.data)

    @method("ПолучитьСтрокуBase64", "GetBase64String")
    def base64(self) -> str:
        return to_base64_text(self.data)

    def bsl_presentation(self) -> str:
        """Bytes in hex separated by spaces, as OneScript shows them ("25 F9 E7")."""
        return self.data.hex(" ").upper()

    def bsl_equals(self, other: Any) -> bool:
        return isinstance(other, BinaryData) and other.data == self.data


def binary_bytes(value: Any, param_no: int = 1) -> bytes:
    if not isinstance(value, BinaryData):
        raise _mismatch(param_no)
    return value.data


_binary = binary_bytes


def _codec(encoding: Any, param_no: int) -> str:
    """The Python codec of a КодировкаТекста value or an encoding name ("UTF-8", "windows-1251" …)."""
    if encoding is None:
        return "utf-8"
    if isinstance(encoding, EnumValue) and encoding.enum_name == "КодировкаТекста":
        return _CODECS[encoding.name.lower()]
    if not isinstance(encoding, str):
        raise _mismatch(param_no)
    name = encoding.strip().lower()
    if name in _CODECS:
        return _CODECS[name]
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise BslRuntimeError(f"Неизвестная кодировка: {encoding}") from None


def encode_text(text: str, encoding: Any = None, bom: Any = None) -> bytes:
    """Text as bytes in an encoding; with a true `bom` a Unicode encoding gets its byte order mark
    (UTF8NoBOM never does)."""
    codec = _codec(encoding, 2)
    data = text.encode(codec)
    no_bom = isinstance(encoding, EnumValue) and encoding.name == "UTF8NoBOM"
    if bom is not None and arg_bool(bom, 3) and not no_bom and codec.startswith(_UNICODE_CODECS):
        data = "\ufeff".encode(codec) + data
    return data


def decode_text(data: bytes, encoding: Any = None) -> str:
    """Bytes as text: a Unicode encoding yields to a byte order mark at the start (which is dropped);
    a single-byte encoding reads the mark as characters."""
    codec = _codec(encoding, 2)
    if codec.startswith(_UNICODE_CODECS):
        for mark, marked in _BOMS:
            if data.startswith(mark):
                return data[len(mark) :].decode(marked, errors="replace")
    return data.decode(codec, errors="replace")


@builtin("ПолучитьДвоичныеДанныеИзСтроки", "GetBinaryDataFromString")
def binary_from_string(text: Any, encoding: Any = None, bom: Any = None) -> BinaryData:
    return BinaryData(encode_text(arg_str(text), encoding, bom))


@builtin("ПолучитьСтрокуИзДвоичныхДанных", "GetStringFromBinaryData")
def string_from_binary(value: Any, encoding: Any = None) -> str:
    return decode_text(_binary(value), encoding)


def to_base64_text(data: bytes) -> str:
    """Base64 broken into lines of 76 characters with CR LF."""
    # imported on first use: every sandbox run starts the engine, and base64 costs ~0.7 ms
    import base64

    text = base64.b64encode(data).decode("ascii")
    return "\r\n".join(text[i : i + 76] for i in range(0, len(text), 76))


_base64_lines = to_base64_text


def from_base64_bytes(text: str) -> bytes:
    """Base64 text (white space ignored) as bytes; binascii.Error when it is not Base64."""
    # imported on first use: every sandbox run starts the engine, and base64 costs ~0.7 ms
    import base64

    compact = "".join(text.split())
    if len(compact) % 4:  # .NET refuses an incomplete quartet and surplus padding ("MTIz==")
        raise binascii.Error("incomplete Base64")
    return base64.b64decode(compact, validate=True)


def _from_base64(text: Any) -> BinaryData:
    try:
        return BinaryData(from_base64_bytes(arg_str(text)))
    except (binascii.Error, ValueError):
        return BinaryData(b"")  # the platform gives empty data for text that is not Base64


@builtin("Base64Строка", "Base64String")
def base64_string(value: Any) -> str:
    return _base64_lines(_binary(value))


@builtin("ПолучитьBase64СтрокуИзДвоичныхДанных", "GetBase64StringFromBinaryData")
def base64_from_binary(value: Any) -> str:
    return _base64_lines(_binary(value))


@builtin("Base64Значение", "Base64Value")
def base64_value(text: Any) -> BinaryData:
    return _from_base64(text)


@builtin("ПолучитьДвоичныеДанныеИзBase64Строки", "GetBinaryDataFromBase64String")
def binary_from_base64(text: Any) -> BinaryData:
    return _from_base64(text)


@builtin("ПолучитьHexСтрокуИзДвоичныхДанных", "GetHexStringFromBinaryData")
def hex_from_binary(value: Any) -> str:
    return _binary(value).hex().upper()


@builtin("ПолучитьДвоичныеДанныеИзHexСтроки", "GetBinaryDataFromHexString")
def binary_from_hex(text: Any) -> BinaryData:
    """Only the hex digits count (OneScript drops spaces and any other character); an odd number of
    them is an error."""
    digits = "".join(ch for ch in arg_str(text) if ch in _HEX_DIGITS)
    if len(digits) % 2:
        raise BslRuntimeError("Неверный формат шестнадцатеричной строки")
    return BinaryData(bytes.fromhex(digits))


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


@builtin("СоединитьДвоичныеДанные", "ConcatBinaryData")
def concat_binary(parts: Any) -> BinaryData:
    if not hasattr(parts, "bsl_iter"):
        raise _mismatch(1)
    return BinaryData(b"".join(_binary(part) for part in parts.bsl_iter()))


class DataHashing(BslObject):
    """ХешированиеДанных(ХешФункция): Добавить(Строка or ДвоичныеДанные), ХешСумма."""

    TYPE_RU = "ХешированиеДанных"
    TYPE_EN = "DataHashing"
    __slots__ = ("function", "state")

    def __init__(self, args: list[Any]) -> None:
        function = args[0] if args else None
        if not isinstance(function, EnumValue) or function.enum_name != "ХешФункция":
            raise BslRuntimeError(
                "Ошибка при вызове конструктора (ХешированиеДанных): "
                "Несоответствие типов (параметр номер '1')"
            )
        self.function = function
        # imported on first use: every sandbox run starts the engine, and hashlib costs ~2.5 ms
        import hashlib

        self.state: Any = 0 if function.name == "CRC32" else hashlib.new(function.name.lower())

    @method("Добавить", "Append")
    def append(self, value: Any, count: Any = None) -> None:
        """A string (UTF-8), ДвоичныеДанные, or a stream from its position (`count` bytes, or to the end)."""
        if isinstance(value, str):
            data = value.encode("utf-8")
        elif hasattr(value, "read_bytes"):  # ПотокВПамяти
            data = value.read_bytes(None if count is None else arg_int(count))
        else:
            data = _binary(value)
        if self.function.name == "CRC32":
            self.state = zlib.crc32(data, self.state)
        else:
            self.state.update(data)

    @method("ДобавитьФайл", "AppendFile")
    def append_file(self, *_args: Any) -> None:
        raise BslRuntimeError(FILES_REFUSED.format("ХешированиеДанных.ДобавитьФайл"))

    @prop("ХешФункция", "HashFunction")
    def get_function(self) -> EnumValue:
        return self.function

    @prop("ХешСумма", "HashSum")
    def get_sum(self) -> Any:
        if self.function.name == "CRC32":
            return self.state & UINT32
        return BinaryData(self.state.copy().digest())

    @prop("ХешСуммаСтрокой", "HashSumOfString")
    def get_sum_text(self) -> str:
        """The hash sum as upper-case hex (OneScript); CRC32 as its 8 hex digits."""
        if self.function.name == "CRC32":
            return f"{self.state & UINT32:08X}"
        return str(self.state.copy().hexdigest()).upper()


def _uint32(value: Any, param_no: int) -> int:
    if not is_number(value) or value != int(value) or not 0 <= value <= UINT32:
        raise BslRuntimeError(f"Недопустимое значение параметра (параметр номер '{param_no}')")
    return int(value)


@builtin("ПобитовоеИ", "BitwiseAnd")
def bit_and(a: Any, b: Any) -> int:
    return _uint32(a, 1) & _uint32(b, 2)


@builtin("ПобитовоеИли", "BitwiseOr")
def bit_or(a: Any, b: Any) -> int:
    return _uint32(a, 1) | _uint32(b, 2)


@builtin("ПобитовоеИсключительноеИли", "BitwiseXor")
def bit_xor(a: Any, b: Any) -> int:
    return _uint32(a, 1) ^ _uint32(b, 2)


@builtin("ПобитовоеИНе", "BitwiseAndNot")
def bit_and_not(a: Any, b: Any) -> int:
    return _uint32(a, 1) & ~_uint32(b, 2) & UINT32


@builtin("ПобитовоеНе", "BitwiseNot")
def bit_not(a: Any) -> int:
    return ~_uint32(a, 1) & UINT32


def _shift(bits: Any) -> int:
    """A shift of 0 … 31 bits: a 32-bit number has no other (OneScript refuses 32 and negatives)."""
    count = _uint32(bits, 2)
    if count > 31:
        raise BslRuntimeError("Недопустимое значение параметра (параметр номер '2')")
    return count


@builtin("ПобитовыйСдвигВлево", "BitwiseShiftLeft")
def shift_left(a: Any, bits: Any) -> int:
    return (_uint32(a, 1) << _shift(bits)) & UINT32


@builtin("ПобитовыйСдвигВправо", "BitwiseShiftRight")
def shift_right(a: Any, bits: Any) -> int:
    return _uint32(a, 1) >> _shift(bits)


@builtin("ПроверитьПоБитовойМаске", "CheckByBitMask")
def check_by_mask(a: Any, mask: Any) -> bool:
    """Every bit set in the mask is set in the number."""
    bits = _uint32(mask, 2)
    return _uint32(a, 1) & bits == bits


@builtin("ПроверитьБит", "CheckBit")
def check_bit(a: Any, position: Any) -> bool:
    return bool(_uint32(a, 1) >> _uint32(position, 2) & 1)


@builtin("УстановитьБит", "SetBit")
def set_bit(a: Any, position: Any, value: Any) -> int:
    number, bit = _uint32(a, 1), 1 << _uint32(position, 2)
    return (number | bit if arg_bool(value, 3) else number & ~bit) & UINT32


class UniqueId(BslObject):
    """УникальныйИдентификатор: a new random one, or parsed from its string form; equal by value."""

    TYPE_RU = "УникальныйИдентификатор"
    TYPE_EN = "UUID"
    __slots__ = ("value",)

    def __init__(self, args: list[Any]) -> None:
        # imported on first use: every sandbox run starts the engine, and uuid costs ~2 ms
        import uuid

        if args and args[0] is not None:
            try:
                self.value = uuid.UUID(arg_str(args[0]))
            except ValueError:
                raise BslRuntimeError(
                    "Ошибка преобразования значения к типу УникальныйИдентификатор"
                ) from None
        else:
            self.value = uuid.uuid4()

    def bsl_presentation(self) -> str:
        return str(self.value)

    def bsl_equals(self, other: Any) -> bool:
        return isinstance(other, UniqueId) and other.value == self.value


class RandomNumbers(BslObject):
    """ГенераторСлучайныхЧисел(НачальноеЧисло): with a seed the sequence repeats from run to run."""

    TYPE_RU = "ГенераторСлучайныхЧисел"
    TYPE_EN = "RandomNumberGenerator"
    __slots__ = ("rng",)

    def __init__(self, args: list[Any]) -> None:
        seed = args[0] if args else None
        if seed is not None and not is_number(seed):
            raise _mismatch(1)
        # imported on first use: every sandbox run starts the engine, and random costs ~1 ms
        import random

        self.rng = random.Random(None if seed is None else int(seed))

    @method("СлучайноеЧисло", "RandomNumber")
    def next_number(self, low: Any = None, high: Any = None) -> int:
        start = 0 if low is None else _uint32(low, 1)
        end = UINT32 if high is None else _uint32(high, 2)
        if start > end:
            raise BslRuntimeError("Недопустимое значение параметра: нижняя граница больше верхней")
        return self.rng.randint(start, end)


register_constructor(("ХешированиеДанных", "DataHashing"), DataHashing)
register_constructor(("УникальныйИдентификатор", "UUID"), UniqueId)
register_constructor(("ГенераторСлучайныхЧисел", "RandomNumberGenerator"), RandomNumbers)
