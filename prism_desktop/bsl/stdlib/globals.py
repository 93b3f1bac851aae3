"""The registry of global-context functions and properties, and the argument conversions they share.

A global function is a plain Python function registered under its Russian and English names with
`@builtin`. The compiler checks the number of actual arguments against the Python signature at
compile time (as the platform does) and passes None for an omitted argument. A function registered
with `implicit=` receives one hidden first argument from the compiled code:
  "context" — the engine context (Сообщить, ТекущаяДата …),
  "error"   — the last error caught in the calling method (ОписаниеОшибки, ИнформацияОбОшибке),
  "scope"   — the calling method's variables (Вычислить).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from prism_desktop.bsl.values import numbers
from prism_desktop.bsl.values.base import BslRuntimeError, is_number, norm_name
from prism_desktop.bsl.values.presentation import to_string

Implicit = Literal["context", "error", "scope"] | None


@dataclass(frozen=True)
class Builtin:
    name: str  # Russian spelling
    name_en: str
    fn: Callable[..., Any]
    min_args: int
    max_args: int | None  # None: any number (Мин, Макс, СтрШаблон)
    implicit: Implicit  # the hidden first argument, if any
    is_function: bool  # False: a procedure (Сообщить); using it in an expression is an error


FUNCTIONS: dict[str, Builtin] = {}
PROPERTIES: dict[str, Any] = {}  # normalised name -> value (Символы, РежимОкругления …)

# Packages that register more globals and types when imported. They are imported on the first name
# that the loaded tables do not know, so a module that never uses the 1C object model does not pay
# for the infobase emulator (≈0.2 s of start-up).
LAZY_PROVIDERS = ("prism_desktop.bsl.platform_bridge",)
_providers_loaded: list[bool] = []


def load_providers() -> bool:
    """Import the lazy providers once; True when this call imported them (a look-up that missed is
    worth repeating)."""
    if _providers_loaded:
        return False
    _providers_loaded.append(True)
    for module in LAZY_PROVIDERS:
        importlib.import_module(module)
    return True


def builtin(
    name: str, name_en: str, *, implicit: Implicit = None, procedure: bool = False
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        params = list(inspect.signature(fn).parameters.values())
        if implicit is not None:
            params = params[1:]
        variadic = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params)
        positional = [p for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
        required = sum(1 for p in positional if p.default is inspect.Parameter.empty)
        maximum = None if variadic else len(positional)
        entry = Builtin(name, name_en, fn, required, maximum, implicit, not procedure)
        for alias in (name, name_en):
            FUNCTIONS[norm_name(alias)] = entry
        return fn

    return register


def global_property(name: str, name_en: str, value: Any) -> None:
    for alias in (name, name_en):
        PROPERTIES[norm_name(alias)] = value


def lookup(name: str) -> Builtin | None:
    return FUNCTIONS.get(norm_name(name))


# ---------------------------------------------------------------------------------------------
# Argument conversions (the platform converts arguments implicitly to the parameter's type)


def arg_str(value: Any) -> str:
    return value if type(value) is str else to_string(value)


def arg_number(value: Any) -> int | Decimal:
    if type(value) is int or type(value) is Decimal:
        return value
    if isinstance(value, bool):
        raise numbers.number_error()
    return numbers.to_number(value)


def arg_int(value: Any) -> int:
    """A count or position: the fraction is dropped."""
    number = arg_number(value)
    return number if type(number) is int else int(number)


def arg_opt_int(value: Any, default: int) -> int:
    return default if value is None else arg_int(value)


def arg_bool(value: Any, param_no: int = 1) -> bool:
    if isinstance(value, bool):
        return value
    if is_number(value):
        return value != 0
    raise BslRuntimeError(f"Несоответствие типов (параметр номер '{param_no}')")


def invalid_argument(param_no: int) -> BslRuntimeError:
    return BslRuntimeError(f"Недопустимое значение параметра (параметр номер '{param_no}')")
