"""Fast equality tests with exactly the semantics of the platform `=` (values_equal), chosen once per
searched value so scans over large collections avoid the generic dispatch per element."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

from prism_desktop.bsl.values.base import is_number, values_equal


def equality_test(value: Any) -> Callable[[Any], bool]:
    """A predicate p with p(x) == values_equal(x, value) for every BSL value x."""
    if value is None or isinstance(value, bool):
        return lambda x: x is value  # Неопределено, Истина and Ложь are singletons
    if isinstance(value, str | _dt.datetime):
        # Python == on str and datetime is the platform `=`: other types never compare equal to them
        return lambda x: x == value
    if is_number(value):
        # Python's 1 == True must not count: booleans are not numbers in BSL
        return lambda x: x == value and x is not True and x is not False
    return lambda x: values_equal(x, value)
