"""Argument checks shared by the collection types, with the platform's error wording.

1C reports a wrong argument as "Несоответствие типов (параметр номер 'N')" and a bad value as
"Недопустимое значение параметра (параметр номер 'N')"; an index outside a collection as
"Индекс находится за границами диапазона".
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from prism_desktop.bsl.values.base import BslRuntimeError, is_number
from prism_desktop.bsl.values.numbers import parse_number

INDEX_OUT_OF_RANGE = "Индекс находится за границами диапазона"
READ_ONLY_INDEX = "Индексированное значение доступно только для чтения"


def type_mismatch(param_no: int) -> BslRuntimeError:
    return BslRuntimeError(f"Несоответствие типов (параметр номер '{param_no}')")


def bad_value(param_no: int) -> BslRuntimeError:
    return BslRuntimeError(f"Недопустимое значение параметра (параметр номер '{param_no}')")


def out_of_range() -> BslRuntimeError:
    return BslRuntimeError(INDEX_OUT_OF_RANGE)


def to_int(value: Any, param_no: int) -> int:
    """A Число argument used as a count or index; the fraction is dropped as the platform does."""
    if not is_number(value):
        raise type_mismatch(param_no)
    return int(value) if isinstance(value, Decimal) else value


# OneScript's wording of the errors of Удалить/Сдвинуть by number in СписокЗначений and of Сдвинуть in
# the tables (its tests/value-list.os and tests/valuetable.os check them)
INDEX_OUT_OF_LIST = "Значение индекса выходит за пределы диапазона"
WRONG_ARGUMENT_TYPE = "Неверный тип аргумента"
MOVE_OUT_OF_RANGE = "Неверное значение аргумента номер 2"


def position_by_number(value: Any, count: int) -> int:
    """An item's number given to Удалить/Сдвинуть (a string holding a number is converted), with
    OneScript's error texts."""
    try:
        index = to_int_converted(value, 1)
    except BslRuntimeError:
        raise BslRuntimeError(WRONG_ARGUMENT_TYPE) from None
    if not 0 <= index < count:
        raise BslRuntimeError(INDEX_OUT_OF_LIST)
    return index


def oscript_move_target(source: int, offset: Any, count: int, wraps: bool) -> int:
    """move_target, a move out of the collection worded as OneScript words it."""
    try:
        return move_target(source, offset, count, wraps)
    except BslRuntimeError as error:
        if error.message != bad_value(2).message:  # a wrong type keeps its own message
            raise
        raise BslRuntimeError(MOVE_OUT_OF_RANGE) from None


def to_int_converted(value: Any, param_no: int) -> int:
    """A whole-number parameter that OneScript converts as Число() would, so a string holding a
    number is accepted (СписокЗначений.Сдвинуть(0, "1")); a string that is no number raises the
    conversion error, any other type a type mismatch."""
    if isinstance(value, str):
        number = parse_number(value)
        return int(number)
    return to_int(value, param_no)


def move_target(source: int, offset: Any, count: int, wraps: bool) -> int:
    """Where Сдвинуть puts the item at `source` of `count` items. The offset is converted as
    OneScript converts it (to_int_converted). Past either end the tree's collections wrap around, as
    OneScript takes the target modulo the count (-1 from the first → the last); other lists fail."""
    target = source + to_int_converted(offset, 2)
    if wraps:
        return target % count
    if target < 0 or target >= count:
        raise bad_value(2)
    return target


def to_str(value: Any, param_no: int) -> str:
    if not isinstance(value, str):
        raise type_mismatch(param_no)
    return value


def optional_str(value: Any, param_no: int, default: str = "") -> str:
    return default if value is None else to_str(value, param_no)


def checked_index(value: Any, count: int, param_no: int = 1) -> int:
    """An index that must address an existing element (0 <= i < count)."""
    index = to_int(value, param_no)
    if index < 0 or index >= count:
        raise out_of_range()
    return index


def split_names(text: str) -> list[str]:
    """'Кол1, Кол2' -> ['Кол1', 'Кол2']: comma-separated names, blanks skipped."""
    return [part.strip() for part in text.split(",") if part.strip()]


def is_identifier(name: str) -> bool:
    """A BSL identifier: a letter or '_' first, then letters, digits and '_'."""
    if not name or not (name[0].isalpha() or name[0] == "_"):
        return False
    return all(ch.isalnum() or ch == "_" for ch in name)
