"""Common modules (ОбщиеМодули): a loaded module seen from other modules under its name, as the
candidate's module КодКандидата is seen from the module Тесты in a category-B run.

    candidate = engine.load(text, "КодКандидата")
    engine.add_common_module("КодКандидата", candidate)   # before loading the modules that use it
    tests = engine.load(tests_text, "Тесты")              # `КодКандидата.Вход(...)` now compiles

Only exported methods are visible from outside; any other name gives the platform's "Метод объекта
не обнаружен (X)". A call runs the compiled method inside the current engine call: the deadline and
the step budget keep running, the call depth goes on from the caller's, and the method executes in
its own module's frames, so the techlog attributes its data accesses to that module.

1C also restricts what a common module may hold: procedures and functions only — no module
variables, no statements of a main program. `common_module_errors` reports those as compile errors.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.compiler import MethodInfo
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.runtime import METHOD_NOT_FOUND, TOO_FEW_ARGS, TOO_MANY_ARGS, OutRef
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError

if TYPE_CHECKING:
    from prism_desktop.bsl.engine import BslModule

COMMON_MODULE_CONTENT = "CommonModuleContent"
MODULE_VARIABLES_MESSAGE = (
    "Общий модуль может содержать только процедуры и функции: объявление переменных модуля недопустимо"
)
MODULE_BODY_MESSAGE = (
    "Общий модуль может содержать только процедуры и функции: операторы основной программы недопустимы"
)


class _EveryPosition(dict[str, Any]):
    """`bsl_byref_args` of the wrapper class: the runtime asks the class which argument positions
    stay references, and the answer depends on the module's method, so every position does and the
    wrapper sorts them out itself. Being an empty dict, it adds nothing to the compiler's global
    list of by-reference methods (which is built from every class's `bsl_byref_args.items()`)."""

    _ALL: ClassVar[range] = range(sys.maxsize)

    def get(self, key: str, default: Any = None) -> Any:
        return self._ALL  # every method, every position


class BslCommonModule(BslObject):
    """A module as a common module: `Имя.Метод(...)` calls its exported methods."""

    TYPE_RU = "ОбщийМодуль"
    TYPE_EN = "CommonModule"
    bsl_byref_args: ClassVar[Mapping[str, Any]] = _EveryPosition()
    __slots__ = ("module", "name")

    def __init__(self, name: str, module: BslModule):
        self.name = name
        self.module = module

    def __repr__(self) -> str:
        return f"BslCommonModule({self.name!r})"

    def _exported(self, name: str) -> MethodInfo | None:
        info = self.module.code.methods.get(canonical(name))
        return info if info is not None and info.export else None

    def byref_positions(self) -> dict[str, frozenset[int]]:
        """Exported methods that assign a by-reference parameter -> those parameter positions; the
        compiler passes assignable arguments there as references, as for a method of the module."""
        methods = self.module.code.methods
        return {key: info.modified for key, info in methods.items() if info.export and info.modified}

    def bsl_has_method(self, name: str) -> bool:
        return self._exported(name) is not None

    def bsl_call(self, name: str, args: list[Any]) -> Any:
        info = self._exported(name)
        if info is None:
            raise BslRuntimeError(METHOD_NOT_FOUND.format(name))
        refs = [a if isinstance(a, OutRef) else None for a in args]
        values = [a.value if isinstance(a, OutRef) else a for a in args]
        if len(values) > len(info.params):
            raise BslRuntimeError(TOO_MANY_ARGS)
        for param in info.params[len(values) :]:
            if not param.has_default:
                raise BslRuntimeError(TOO_FEW_ARGS)
            values.append(param.default_value)
        out: list[Any] | None = [None] * len(info.params) if info.modified else None
        fn = self.module.namespace[info.py_name]
        result = fn(*values, _caller_depth() + 1, out)
        if out is not None:
            for index in info.modified:
                ref = refs[index] if index < len(refs) else None
                if ref is not None:
                    ref.set(out[index])
        return result

    def bsl_presentation(self) -> str:
        return self.name


class BslModuleObject(BslCommonModule):
    """ЭтотОбъект: the running module seen as an object, as OneScript shows a script to itself. Its
    exported methods are called as `ЭтотОбъект.Метод(...)` (or through a Действие), its exported
    variables read and written as `ЭтотОбъект.Переменная`; the rest of the module stays private:
    "Метод объекта не обнаружен (X)", "Поле объекта не обнаружено (X)"."""

    TYPE_RU = "Сценарий"
    TYPE_EN = "Script"
    __slots__ = ()

    def __repr__(self) -> str:
        return f"BslModuleObject({self.name!r})"

    def _exported_variable(self, name: str) -> str:
        var = self.module.code.variables.get(canonical(name))
        if var is None or not var.export:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return var.py_name

    def bsl_get_dynamic(self, name: str) -> Any:
        return self.module.namespace[self._exported_variable(name)]

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        self.module.namespace[self._exported_variable(name)] = value

    def bsl_field_names(self) -> list[str]:
        return [var.name for var in self.module.code.variables.values() if var.export]


def _caller_depth() -> int:
    """The BSL call depth of the nearest compiled BSL frame (every compiled method and snippet has
    its depth in the local `_d`), so depth limits hold across modules."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.startswith("<bsl"):
            depth = frame.f_locals.get("_d")
            if isinstance(depth, int):
                return depth
        frame = frame.f_back  # type: ignore[assignment]
    return 0


def common_module_errors(module: A.Module) -> list[diag.Diagnostic]:
    """Module variables and main-program statements of a module meant as a common module."""
    found = [
        diag.error(MODULE_VARIABLES_MESSAGE, name.line, name.col, code=COMMON_MODULE_CONTENT)
        for decl in module.variables
        for name in decl.names
    ]
    found += [
        diag.error(MODULE_BODY_MESSAGE, stmt.line, stmt.col, code=COMMON_MODULE_CONTENT)
        for stmt in module.body
    ]
    return found
