"""БуферДвоичныхДанных, ПотокВПамяти, ЧтениеДанных/ЗаписьДанных over memory, the ПорядокБайтов and
ПозицияВПотоке enumerations, and the global functions converting buffers and binary data (hex, Base64,
strings, РазделитьДвоичныеДанные).

Rules from the platform's syntax assistant and OneScript's library (its BinaryDataBuffer, GlobalBinaryData,
MemoryStream): a buffer is a fixed-size run of bytes read and written by index; integers are unsigned and
little-endian unless ПорядокБайтов says otherwise; a bitwise write past the end is "Переполнение при работе
с буфером", a negative position "Значение индекса выходит за границы диапазона"; a hex string keeps only its
hex digits and an odd count of them is "Неверный формат шестнадцатеричной строки", while hex *binary
data* drops a trailing lone digit; text that is not Base64 gives empty data. File streams stay refused.
"""

from __future__ import annotations

import binascii
from typing import Any

from prism_desktop.bsl.stdlib.binary_data import (
    FILES_REFUSED,
    BinaryData,
    binary_bytes,
    decode_text,
    encode_text,
    from_base64_bytes,
    to_base64_text,
)
from prism_desktop.bsl.stdlib.collections.array import BslArray
from prism_desktop.bsl.stdlib.globals import arg_int, arg_str, builtin, global_property
from prism_desktop.bsl.stdlib.types import register_constructor
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, is_number, method, prop
from prism_desktop.bsl.values.enums import EnumValue, make_enum

BYTE_ORDERS, _ORDERS = make_enum(
    "ПорядокБайтов", [("LittleEndian", "LittleEndian"), ("BigEndian", "BigEndian")]
)
STREAM_POSITIONS, _POSITIONS = make_enum(
    "ПозицияВПотоке", [("Начало", "Begin"), ("Текущая", "Current"), ("Конец", "End")]
)
global_property("ПорядокБайтов", "ByteOrder", BYTE_ORDERS)
global_property("ПозицияВПотоке", "StreamPosition", STREAM_POSITIONS)

OVERFLOW = "Переполнение при работе с буфером"
INDEX_OUT_OF_RANGE = "Значение индекса выходит за границы диапазона"
HEX_FORMAT = "Неверный формат шестнадцатеричной строки"
READ_ONLY = 'Буфер находится в режиме "Только чтение"'
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _bad_value(param_no: int) -> BslRuntimeError:
    return BslRuntimeError(f"Недопустимое значение параметра (параметр номер '{param_no}')")


def _mismatch(param_no: int) -> BslRuntimeError:
    return BslRuntimeError(f"Несоответствие типов (параметр номер '{param_no}')")


def _order(value: Any, default: EnumValue, param_no: int) -> str:
    if value is None:
        value = default
    if not isinstance(value, EnumValue) or value.enum_name != "ПорядокБайтов":
        raise _mismatch(param_no)
    return "big" if value.name == "BigEndian" else "little"


class BinaryBuffer(BslObject):
    """БуферДвоичныхДанных(Размер, ПорядокБайтов): mutable bytes addressed from 0."""

    TYPE_RU = "БуферДвоичныхДанных"
    TYPE_EN = "BinaryDataBuffer"
    __slots__ = ("data", "order", "read_only")

    def __init__(self, data: bytearray, order: EnumValue | None = None) -> None:
        self.data = data
        self.order = order or _ORDERS["LittleEndian"]
        self.read_only = False

    @classmethod
    def construct(cls, args: list[Any]) -> BinaryBuffer:
        size = args[0] if args else 0
        if not is_number(size) or size < 0 or size != int(size):
            raise _bad_value(1)
        order = args[1] if len(args) > 1 else None
        if order is not None:
            _order(order, _ORDERS["LittleEndian"], 2)
        return cls(bytearray(int(size)), order)

    # --- properties ------------------------------------------------------------------------
    @prop("Размер", "Size")
    def size(self) -> int:
        return len(self.data)

    @prop("ПорядокБайтов", "ByteOrder")
    def byte_order(self) -> EnumValue:
        return self.order

    @prop("ТолькоЧтение", "ReadOnly")
    def get_read_only(self) -> bool:
        return self.read_only

    @method("УстановитьТолькоЧтение", "SetReadOnly")
    def set_read_only(self) -> None:
        self.read_only = True

    def _writable(self) -> None:
        if self.read_only:
            raise BslRuntimeError(READ_ONLY)

    def _position(self, position: Any, length: int, param_no: int = 1) -> int:
        start = arg_int(position)
        if start < 0:
            raise BslRuntimeError(INDEX_OUT_OF_RANGE)
        if start + length > len(self.data):
            raise BslRuntimeError(OVERFLOW)
        return start

    # --- bytes by index --------------------------------------------------------------------
    def bsl_index_get(self, key: Any) -> Any:
        return self.get(key)

    def bsl_index_set(self, key: Any, value: Any) -> None:
        self.set(key, value)

    @method("Получить", "Get")
    def get(self, index: Any) -> int:
        i = arg_int(index)
        if not 0 <= i < len(self.data):
            raise BslRuntimeError(INDEX_OUT_OF_RANGE)
        return self.data[i]

    @method("Установить", "Set")
    def set(self, index: Any, value: Any) -> None:
        self._writable()
        i = arg_int(index)
        if not 0 <= i < len(self.data):
            raise BslRuntimeError(INDEX_OUT_OF_RANGE)
        if not is_number(value) or value != int(value) or not 0 <= value <= 255:
            raise _bad_value(2)
        self.data[i] = int(value)

    def bsl_iter(self) -> Any:
        return iter(list(self.data))

    # --- blocks ----------------------------------------------------------------------------
    @method("Записать", "Write")
    def write(self, position: Any, source: Any, count: Any = None) -> None:
        self._writable()
        if not isinstance(source, BinaryBuffer):
            raise _mismatch(2)
        chunk = source.data if count is None else source.data[: arg_int(count)]
        start = self._position(position, len(chunk))
        self.data[start : start + len(chunk)] = chunk

    @method("Прочитать", "Read")
    def read(self, position: Any, count: Any) -> BinaryBuffer:
        length = arg_int(count)
        if length < 0:
            raise _bad_value(2)
        start = self._position(position, length)
        return BinaryBuffer(bytearray(self.data[start : start + length]), self.order)

    @method("Скопировать", "Copy")
    def copy(self) -> BinaryBuffer:
        return BinaryBuffer(bytearray(self.data), self.order)

    @method("Соединить", "Concat")
    def concat(self, other: Any) -> BinaryBuffer:
        if not isinstance(other, BinaryBuffer):
            raise _mismatch(1)
        return BinaryBuffer(self.data + other.data, self.order)

    @method("Перевернуть", "Reverse")
    def reverse(self) -> BinaryBuffer:
        self.data.reverse()
        return self

    @method("Разделить", "Split")
    def split(self, separators: Any) -> BslArray:
        """Parts between separators; where several separators start at one place the longest wins."""
        if isinstance(separators, BinaryBuffer):
            marks = [bytes(separators.data)]
        elif isinstance(separators, BslArray):
            marks = []
            for item in separators.items:
                if not isinstance(item, BinaryBuffer):
                    raise _mismatch(1)
                marks.append(bytes(item.data))
        else:
            raise _mismatch(1)
        marks = sorted((m for m in marks if m), key=len, reverse=True)
        if not marks:
            raise _bad_value(1)
        data = bytes(self.data)
        parts: list[Any] = []
        start = i = 0
        while i < len(data):
            hit = next((m for m in marks if data.startswith(m, i)), None)
            if hit is None:
                i += 1
                continue
            parts.append(BinaryBuffer(bytearray(data[start:i]), self.order))
            i += len(hit)
            start = i
        parts.append(BinaryBuffer(bytearray(data[start:]), self.order))
        return BslArray.from_values(parts)

    # --- integers --------------------------------------------------------------------------
    def _write_int(self, width: int, position: Any, value: Any, order: Any) -> None:
        self._writable()
        if not is_number(value) or value != int(value):
            raise _mismatch(2)
        number = int(value) % (1 << (8 * width))  # negative numbers are written as two's complement
        start = self._position(position, width)
        self.data[start : start + width] = number.to_bytes(width, _order(order, self.order, 3))  # type: ignore[arg-type]

    def _read_int(self, width: int, position: Any, order: Any) -> int:
        start = self._position(position, width)
        return int.from_bytes(self.data[start : start + width], _order(order, self.order, 2))  # type: ignore[arg-type]

    @method("ЗаписатьЦелое16", "WriteInt16")
    def write_int16(self, position: Any, value: Any, order: Any = None) -> None:
        self._write_int(2, position, value, order)

    @method("ЗаписатьЦелое32", "WriteInt32")
    def write_int32(self, position: Any, value: Any, order: Any = None) -> None:
        self._write_int(4, position, value, order)

    @method("ЗаписатьЦелое64", "WriteInt64")
    def write_int64(self, position: Any, value: Any, order: Any = None) -> None:
        self._write_int(8, position, value, order)

    @method("ПрочитатьЦелое16", "ReadInt16")
    def read_int16(self, position: Any, order: Any = None) -> int:
        return self._read_int(2, position, order)

    @method("ПрочитатьЦелое32", "ReadInt32")
    def read_int32(self, position: Any, order: Any = None) -> int:
        return self._read_int(4, position, order)

    @method("ПрочитатьЦелое64", "ReadInt64")
    def read_int64(self, position: Any, order: Any = None) -> int:
        return self._read_int(8, position, order)

    # --- bitwise writes ----------------------------------------------------------------------
    def _bitwise(self, position: Any, source: Any, count: Any, op: Any) -> None:
        self._writable()
        if not isinstance(source, BinaryBuffer):
            raise _mismatch(2)
        length = len(source.data) if count is None or count == 0 else arg_int(count)
        if length > len(source.data):
            raise BslRuntimeError(OVERFLOW)
        start = self._position(position, length)
        for i in range(length):
            self.data[start + i] = op(self.data[start + i], source.data[i]) & 0xFF

    @method("ЗаписатьПобитовоеИ", "WriteBitwiseAnd")
    def write_and(self, position: Any, source: Any, count: Any = None) -> None:
        self._bitwise(position, source, count, lambda a, b: a & b)

    @method("ЗаписатьПобитовоеИНе", "WriteBitwiseAndNot")
    def write_and_not(self, position: Any, source: Any, count: Any = None) -> None:
        self._bitwise(position, source, count, lambda a, b: a & ~b)

    @method("ЗаписатьПобитовоеИли", "WriteBitwiseOr")
    def write_or(self, position: Any, source: Any, count: Any = None) -> None:
        self._bitwise(position, source, count, lambda a, b: a | b)

    @method("ЗаписатьПобитовоеИсключительноеИли", "WriteBitwiseXor")
    def write_xor(self, position: Any, source: Any, count: Any = None) -> None:
        self._bitwise(position, source, count, lambda a, b: a ^ b)

    def bsl_presentation(self) -> str:
        return self.TYPE_RU


def _buffer(value: Any, param_no: int = 1) -> bytes:
    if not isinstance(value, BinaryBuffer):
        raise _mismatch(param_no)
    return bytes(value.data)


def _new_buffer(data: bytes) -> BinaryBuffer:
    return BinaryBuffer(bytearray(data))


class MemoryStream(BslObject):
    """ПотокВПамяти([Емкость | БуферДвоичныхДанных]): a growable stream of bytes with a position;
    ДвоичныеДанные.ОткрытьПотокДляЧтения() gives a read-only one."""

    TYPE_RU = "ПотокВПамяти"
    TYPE_EN = "MemoryStream"
    __slots__ = ("closed", "data", "position", "writable")

    def __init__(self, data: bytearray, writable: bool = True) -> None:
        self.data = data
        self.position = 0
        self.writable = writable
        self.closed = False

    @classmethod
    def construct(cls, args: list[Any]) -> MemoryStream:
        first = args[0] if args else None
        if isinstance(first, BinaryBuffer):
            return cls(first.data)  # the stream works over the buffer's bytes, as in the platform
        if first is not None and (not is_number(first) or first < 0):
            raise _bad_value(1)
        return cls(bytearray())

    def _open(self) -> None:
        if self.closed:
            raise BslRuntimeError("Поток закрыт")

    @prop("ДоступнаЗапись", "CanWrite")
    def can_write(self) -> bool:
        return self.writable and not self.closed

    @prop("ДоступноЧтение", "CanRead")
    def can_read(self) -> bool:
        return not self.closed

    @prop("ДоступноИзменениеПозиции", "CanSeek")
    def can_seek(self) -> bool:
        return not self.closed

    @prop("ДоступенТаймаутЧтения", "CanReadTimeout")
    def can_read_timeout(self) -> bool:
        return False

    @prop("ДоступенТаймаутЗаписи", "CanWriteTimeout")
    def can_write_timeout(self) -> bool:
        return False

    @method("Размер", "Size")
    def size(self) -> int:
        return len(self.data)

    @method("ТекущаяПозиция", "CurrentPosition")
    def current_position(self) -> int:
        return self.position

    @method("Перейти", "Seek")
    def seek(self, offset: Any, origin: Any = None) -> int:
        self._open()
        base = {"Начало": 0, "Текущая": self.position, "Конец": len(self.data)}
        if origin is None:
            start = 0
        elif isinstance(origin, EnumValue) and origin.enum_name == "ПозицияВПотоке":
            start = base[origin.name]
        else:
            raise _mismatch(2)
        target = start + arg_int(offset)
        if target < 0:
            raise _bad_value(1)
        self.position = target
        return self.position

    def read_bytes(self, count: int | None) -> bytes:
        self._open()
        end = len(self.data) if count is None else min(len(self.data), self.position + count)
        chunk = bytes(self.data[self.position : end])
        self.position = max(self.position, end)
        return chunk

    def write_bytes(self, chunk: bytes) -> None:
        self._open()
        if not self.writable:
            raise BslRuntimeError("Поток недоступен для записи")
        end = self.position + len(chunk)
        if self.position > len(self.data):
            self.data.extend(bytes(self.position - len(self.data)))
        self.data[self.position : end] = chunk
        self.position = end

    @method("Прочитать", "Read")
    def read(self, buffer: Any, position: Any, count: Any) -> int:
        if not isinstance(buffer, BinaryBuffer):
            raise _mismatch(1)
        start, length = arg_int(position), arg_int(count)
        if start < 0 or length < 0 or start + length > len(buffer.data):
            raise BslRuntimeError(OVERFLOW)
        chunk = self.read_bytes(length)
        buffer.data[start : start + len(chunk)] = chunk
        return len(chunk)

    @method("Записать", "Write")
    def write(self, buffer: Any, position: Any, count: Any) -> None:
        if not isinstance(buffer, BinaryBuffer):
            raise _mismatch(1)
        start, length = arg_int(position), arg_int(count)
        if start < 0 or length < 0 or start + length > len(buffer.data):
            raise BslRuntimeError(OVERFLOW)
        self.write_bytes(bytes(buffer.data[start : start + length]))

    @method("КопироватьВ", "CopyTo")
    def copy_to(self, target: Any, _buffer_size: Any = None) -> None:
        if not isinstance(target, MemoryStream):
            raise _mismatch(1)
        target.write_bytes(self.read_bytes(None))

    @method("УстановитьРазмер", "SetSize")
    def set_size(self, size: Any) -> None:
        self._open()
        new_size = arg_int(size)
        if new_size < 0:
            raise _bad_value(1)
        del self.data[new_size:]
        self.data.extend(bytes(new_size - len(self.data)))

    @method("СброситьБуферы", "Flush")
    def flush(self) -> None:
        return None

    @method("Закрыть", "Close")
    def close(self) -> None:
        self.closed = True

    @method("ЗакрытьИПолучитьДвоичныеДанные", "CloseAndGetBinaryData")
    def close_and_get(self) -> BinaryData:
        self.closed = True
        return BinaryData(bytes(self.data))

    @method("ПолучитьПотокТолькоДляЧтения", "GetReadonlyStream")
    def read_only_stream(self) -> MemoryStream:
        return MemoryStream(bytearray(self.data), writable=False)


def _stream_or_data(value: Any) -> MemoryStream:
    if isinstance(value, MemoryStream):
        return value
    if isinstance(value, BinaryData):
        return MemoryStream(bytearray(value.data), writable=False)
    if isinstance(value, BinaryBuffer):
        return MemoryStream(value.data, writable=False)
    if isinstance(value, str):
        raise BslRuntimeError(FILES_REFUSED.format("ЧтениеДанных"))
    raise _mismatch(1)


class DataReader(BslObject):
    """ЧтениеДанных(ДвоичныеДанные | Поток | БуферДвоичныхДанных, Кодировка): bytes, integers and text."""

    TYPE_RU = "ЧтениеДанных"
    TYPE_EN = "DataReader"
    __slots__ = ("encoding", "stream")

    def __init__(self, args: list[Any]) -> None:
        self.stream = _stream_or_data(args[0] if args else None)
        self.encoding = args[1] if len(args) > 1 else None

    @method("Пропустить", "Skip")
    def skip(self, count: Any) -> int:
        return len(self.stream.read_bytes(arg_int(count)))

    @method("Прочитать", "Read")
    def read(self, count: Any = None) -> Any:
        chunk = self.stream.read_bytes(None if count is None else arg_int(count))
        return ReadResult(chunk)

    @method("ПрочитатьБайт", "ReadByte")
    def read_byte(self) -> Any:
        chunk = self.stream.read_bytes(1)
        return chunk[0] if chunk else None

    def _int(self, width: int, order: Any) -> Any:
        chunk = self.stream.read_bytes(width)
        if len(chunk) < width:
            return None
        return int.from_bytes(chunk, _order(order, _ORDERS["LittleEndian"], 1))  # type: ignore[arg-type]

    @method("ПрочитатьЦелое16", "ReadInt16")
    def read_int16(self, order: Any = None) -> Any:
        return self._int(2, order)

    @method("ПрочитатьЦелое32", "ReadInt32")
    def read_int32(self, order: Any = None) -> Any:
        return self._int(4, order)

    @method("ПрочитатьЦелое64", "ReadInt64")
    def read_int64(self, order: Any = None) -> Any:
        return self._int(8, order)

    @method("ПрочитатьСимволы", "ReadChars")
    def read_chars(self, count: Any = None, encoding: Any = None) -> str:
        rest = decode_text(self.stream.read_bytes(None), encoding if encoding is not None else self.encoding)
        if count is None or arg_int(count) == 0:
            return rest
        return rest[: arg_int(count)]

    @method("ПрочитатьСтроку", "ReadLine")
    def read_line(self, encoding: Any = None, separator: Any = None) -> str:
        data = bytes(self.stream.data[self.stream.position :])
        mark = ("\n" if separator is None else arg_str(separator)).encode("utf-8")
        end = data.find(mark)
        taken = data if end < 0 else data[:end]
        self.stream.position += len(taken) + (0 if end < 0 else len(mark))
        text = decode_text(taken, encoding if encoding is not None else self.encoding)
        return text[:-1] if text.endswith("\r") else text

    @method("Закрыть", "Close")
    def close(self) -> None:
        return None


class ReadResult(BslObject):
    """РезультатЧтенияДанных: what ЧтениеДанных.Прочитать gives."""

    TYPE_RU = "РезультатЧтенияДанных"
    TYPE_EN = "DataReadResult"
    __slots__ = ("chunk",)

    def __init__(self, chunk: bytes) -> None:
        self.chunk = chunk

    @prop("Размер", "Size")
    def size(self) -> int:
        return len(self.chunk)

    @method("ПолучитьДвоичныеДанные", "GetBinaryData")
    def binary(self) -> BinaryData:
        return BinaryData(self.chunk)


class DataWriter(BslObject):
    """ЗаписьДанных(Поток, Кодировка): writes bytes, integers and text into a ПотокВПамяти; Закрыть
    leaves the stream open."""

    TYPE_RU = "ЗаписьДанных"
    TYPE_EN = "DataWriter"
    __slots__ = ("encoding", "stream")

    def __init__(self, args: list[Any]) -> None:
        target = args[0] if args else None
        if isinstance(target, str):
            raise BslRuntimeError(FILES_REFUSED.format("ЗаписьДанных"))
        if not isinstance(target, MemoryStream):
            raise _mismatch(1)
        self.stream = target
        self.encoding = args[1] if len(args) > 1 else None

    @method("ЗаписатьСтроку", "WriteLine")
    def write_line(self, text: Any, encoding: Any = None, separator: Any = None) -> None:
        self.write_chars(text, encoding)
        self.stream.write_bytes(("\n" if separator is None else arg_str(separator)).encode("utf-8"))

    @method("ЗаписатьСимволы", "WriteChars")
    def write_chars(self, text: Any, encoding: Any = None) -> None:
        chosen = encoding if encoding is not None else self.encoding
        self.stream.write_bytes(encode_text(arg_str(text), chosen))

    @method("ЗаписатьБайт", "WriteByte")
    def write_byte(self, value: Any) -> None:
        self.stream.write_bytes(bytes([arg_int(value) & 0xFF]))

    @method("ЗаписатьБуферДвоичныхДанных", "WriteBinaryDataBuffer")
    def write_buffer(self, buffer: Any) -> None:
        self.stream.write_bytes(_buffer(buffer))

    @method("Записать", "Write")
    def write(self, value: Any) -> None:
        self.stream.write_bytes(binary_bytes(value))

    def _int(self, width: int, value: Any, order: Any) -> None:
        number = arg_int(value) % (1 << (8 * width))
        self.stream.write_bytes(number.to_bytes(width, _order(order, _ORDERS["LittleEndian"], 2)))  # type: ignore[arg-type]

    @method("ЗаписатьЦелое16", "WriteInt16")
    def write_int16(self, value: Any, order: Any = None) -> None:
        self._int(2, value, order)

    @method("ЗаписатьЦелое32", "WriteInt32")
    def write_int32(self, value: Any, order: Any = None) -> None:
        self._int(4, value, order)

    @method("ЗаписатьЦелое64", "WriteInt64")
    def write_int64(self, value: Any, order: Any = None) -> None:
        self._int(8, value, order)

    @method("Закрыть", "Close")
    def close(self) -> None:
        return None


register_constructor(("БуферДвоичныхДанных", "BinaryDataBuffer"), BinaryBuffer.construct)
register_constructor(("ПотокВПамяти", "MemoryStream"), MemoryStream.construct)
BinaryData.read_stream = lambda data: MemoryStream(bytearray(data), writable=False)
register_constructor(("ЧтениеДанных", "DataReader"), DataReader)
register_constructor(("ЗаписьДанных", "DataWriter"), DataWriter)


# --- hex and Base64 ------------------------------------------------------------------------------
def hex_string_bytes(text: str) -> bytes:
    """Hex digits of a string (anything else is skipped); an odd count of them is an error."""
    digits = "".join(ch for ch in text if ch in _HEX_DIGITS)
    if len(digits) % 2:
        raise BslRuntimeError(HEX_FORMAT)
    return bytes.fromhex(digits)


def hex_data_bytes(data: bytes) -> bytes:
    """Hex digits held as bytes (ASCII): anything else is skipped, a trailing lone digit dropped."""
    digits = "".join(chr(b) for b in data if chr(b) in _HEX_DIGITS)
    return bytes.fromhex(digits[: len(digits) - len(digits) % 2])


def _base64_data(data: bytes) -> bytes:
    try:
        return from_base64_bytes(data.decode("ascii"))
    except (UnicodeDecodeError, binascii.Error):
        return b""


@builtin("ПолучитьБуферДвоичныхДанныхИзСтроки", "GetBinaryDataBufferFromString")
def buffer_from_string(text: Any, encoding: Any = None, bom: Any = None) -> BinaryBuffer:
    return _new_buffer(encode_text(arg_str(text), encoding, bom))


@builtin("ПолучитьСтрокуИзБуфераДвоичныхДанных", "GetStringFromBinaryDataBuffer")
def string_from_buffer(buffer: Any, encoding: Any = None) -> str:
    return decode_text(_buffer(buffer), encoding)


@builtin("ПолучитьБуферДвоичныхДанныхИзHexСтроки", "GetBinaryDataBufferFromHexString")
def buffer_from_hex(text: Any) -> BinaryBuffer:
    return _new_buffer(hex_string_bytes(arg_str(text)))


@builtin("ПолучитьHexСтрокуИзБуфераДвоичныхДанных", "GetHexStringFromBinaryDataBuffer")
def hex_from_buffer(buffer: Any) -> str:
    return _buffer(buffer).hex().upper()


@builtin("ПолучитьБуферДвоичныхДанныхИзBase64Строки", "GetBinaryDataBufferFromBase64String")
def buffer_from_base64(text: Any) -> BinaryBuffer:
    return _new_buffer(_base64_data(arg_str(text).encode("utf-8", errors="replace")))


@builtin("ПолучитьBase64СтрокуИзБуфераДвоичныхДанных", "GetBase64StringFromBinaryDataBuffer")
def base64_from_buffer(buffer: Any) -> str:
    return to_base64_text(_buffer(buffer))


@builtin("ПолучитьБуферДвоичныхДанныхИзДвоичныхДанных", "GetBinaryDataBufferFromBinaryData")
def buffer_from_binary(value: Any) -> BinaryBuffer:
    return _new_buffer(binary_bytes(value))


@builtin("ПолучитьДвоичныеДанныеИзБуфераДвоичныхДанных", "GetBinaryDataFromBinaryDataBuffer")
def binary_from_buffer(buffer: Any) -> BinaryData:
    return BinaryData(_buffer(buffer))


@builtin("ПолучитьBase64ДвоичныеДанныеИзДвоичныхДанных", "GetBase64BinaryDataFromBinaryData")
def base64_binary_from_binary(value: Any) -> BinaryData:
    return BinaryData(to_base64_text(binary_bytes(value)).encode("ascii"))


@builtin("ПолучитьДвоичныеДанныеИзBase64ДвоичныхДанных", "GetBinaryDataFromBase64BinaryData")
def binary_from_base64_binary(value: Any) -> BinaryData:
    return BinaryData(_base64_data(binary_bytes(value)))


@builtin("ПолучитьHexДвоичныеДанныеИзДвоичныхДанных", "GetHexBinaryDataFromBinaryData")
def hex_binary_from_binary(value: Any) -> BinaryData:
    return BinaryData(binary_bytes(value).hex().upper().encode("ascii"))


@builtin("ПолучитьДвоичныеДанныеИзHexДвоичныхДанных", "GetBinaryDataFromHexBinaryData")
def binary_from_hex_binary(value: Any) -> BinaryData:
    return BinaryData(hex_data_bytes(binary_bytes(value)))


@builtin(
    "ПолучитьBase64БуферДвоичныхДанныхИзБуфераДвоичныхДанных",
    "GetBase64BinaryDataBufferFromBinaryDataBuffer",
)
def base64_buffer_from_buffer(buffer: Any) -> BinaryBuffer:
    return _new_buffer(to_base64_text(_buffer(buffer)).encode("ascii"))


@builtin(
    "ПолучитьБуферДвоичныхДанныхИзBase64БуфераДвоичныхДанных",
    "GetBinaryDataBufferFromBase64BinaryDataBuffer",
)
def buffer_from_base64_buffer(buffer: Any) -> BinaryBuffer:
    return _new_buffer(_base64_data(_buffer(buffer)))


@builtin("ПолучитьHexБуферДвоичныхДанныхИзБуфераДвоичныхДанных", "GetHexBinaryDataBufferFromBinaryDataBuffer")
def hex_buffer_from_buffer(buffer: Any) -> BinaryBuffer:
    return _new_buffer(_buffer(buffer).hex().upper().encode("ascii"))


@builtin("ПолучитьБуферДвоичныхДанныхИзHexБуфераДвоичныхДанных", "GetBinaryDataBufferFromHexBinaryDataBuffer")
def buffer_from_hex_buffer(buffer: Any) -> BinaryBuffer:
    return _new_buffer(hex_data_bytes(_buffer(buffer)))


@builtin("РазделитьДвоичныеДанные", "SplitBinaryData")
def split_binary(value: Any, size: Any) -> BslArray:
    data = binary_bytes(value)
    if not is_number(size) or size != int(size) or not 0 < size <= 2**31 - 1:
        raise _bad_value(2)
    step = int(size)
    parts = [BinaryData(data[i : i + step]) for i in range(0, len(data), step)] or [BinaryData(b"")]
    return BslArray.from_values(parts)


@builtin("СоединитьБуферыДвоичныхДанных", "ConcatBinaryDataBuffers")
def concat_buffers(buffers: Any, separator: Any = None) -> BinaryBuffer:
    if not isinstance(buffers, BslArray):
        raise _mismatch(1)
    glue = b"" if separator is None else _buffer(separator, 2)
    return _new_buffer(glue.join(_buffer(item) for item in buffers.items))


# --- file streams: known names, refused -----------------------------------------------------------
FILE_OPEN_MODES, _MODES = make_enum(
    "РежимОткрытияФайла",
    [
        ("Дописать", "Append"),
        ("Обрезать", "Truncate"),
        ("Открыть", "Open"),
        ("ОткрытьИлиСоздать", "OpenOrCreate"),
        ("Создать", "Create"),
        ("СоздатьНовый", "CreateNew"),
    ],
)
FILE_ACCESS, _ACCESS = make_enum(
    "ДоступКФайлу", [("Запись", "Write"), ("Чтение", "Read"), ("ЧтениеИЗапись", "ReadAndWrite")]
)
global_property("РежимОткрытияФайла", "FileOpenMode", FILE_OPEN_MODES)
global_property("ДоступКФайлу", "FileAccess", FILE_ACCESS)


class FileStreamsManager(BslObject):
    """ФайловыеПотоки: the global exists (code naming it compiles), every method refuses: the engine
    does not open files."""

    TYPE_RU = "МенеджерФайловыхПотоков"
    TYPE_EN = "FileStreamsManager"

    def bsl_call(self, name: str, args: list[Any]) -> Any:
        raise BslRuntimeError(FILES_REFUSED.format(f"ФайловыеПотоки.{name}"))

    def bsl_has_method(self, name: str) -> bool:
        return True


global_property("ФайловыеПотоки", "FileStreams", FileStreamsManager())
