"""The engine API: load a module (parse, check, compile to Python, exec once), run its body, call its
methods with Python BSL values, capture Сообщить output, count operations.

    engine = Engine(limits=RunLimits(timeout_s=5), counting="codestat")
    module = engine.load(text, "Модуль")          # ModuleLoadError on a syntax/compile error
    engine.run_body(module)                        # BslRuntimeError / ExecutionLimit on failure
    result = engine.call(module, "Сумма", [1, 2])
    engine.output, module.line_counts(), module.ops()

Every call into BSL runs under the engine's limits. A Python exception escaping compiled code (a bug
of the engine or of a built-in) becomes EngineInternalError, a BslRuntimeError with a clear message,
never a traceback.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import sys
import weakref
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from prism_desktop.bsl import runtime as rt
from prism_desktop.bsl.checker import check_tree
from prism_desktop.bsl.common_modules import BslCommonModule, BslModuleObject
from prism_desktop.bsl.compiler import (
    BODY_SECTION,
    CompileError,
    ModuleCode,
    ModuleCompiler,
    compile_snippet_function,
)
from prism_desktop.bsl.diagnostics import UNDEFINED_METHOD, Diagnostic
from prism_desktop.bsl.limits import LimitState, RunLimits, recursion_limit
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.parser import parse_expression, parse_module, parse_statements
from prism_desktop.bsl.stdlib.collections.array import BslArray
from prism_desktop.bsl.stdlib.collections.structure import BslStructure
from prism_desktop.bsl.stdlib.types import new_object, new_object_dynamic
from prism_desktop.bsl.values import numbers
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit, Meter, active_meter
from prism_desktop.bsl.values.promise import BslPromise, await_value

ENGINE_NAME = "prism-bsl"
ENGINE_VERSION = "0.1.0"


class ModuleLoadError(Exception):
    """The module does not compile: a syntax error or a compile-time error, as the platform reports."""

    def __init__(self, message: str, line: int, column: int = 1, module: str = "Модуль",
                 diagnostics: list[Diagnostic] | None = None):
        self.message = message
        self.line = line
        self.column = column
        self.module = module
        self.diagnostics = diagnostics or []
        super().__init__(self.describe())

    def describe(self) -> str:
        return f"{{Модуль {self.module} / Ошибка в строке: {self.line},{self.column} / {self.message}}}"


class EngineInternalError(BslRuntimeError):
    """A Python exception escaped compiled code or a built-in: a bug, reported as a runtime error."""


# compiled file name -> module, to turn a traceback into a BSL line
_REGISTRY: weakref.WeakValueDictionary[str, BslModule] = weakref.WeakValueDictionary()
_SERIAL = itertools.count(1)


class GotoSignal(Exception):
    """`Перейти ~Метка` in compiled code: caught by the dispatcher of the statement list holding the
    label (compiler.compile_labelled_block); Попытка cannot catch it."""

    def __init__(self, label: str):
        super().__init__(label)
        self.label = label


_UNCATCHABLE = (ExecutionLimit, KeyboardInterrupt, SystemExit, GeneratorExit, GotoSignal)
# the only Python built-ins generated code uses (BSL names are prefixed and cannot reach others)
_GENERATED_CODE_BUILTINS = {
    "type": type, "int": int, "str": str, "len": len, "ord": ord, "BaseException": BaseException,
}


def _bsl_line_of(frame_code_filename: str, lineno: int) -> tuple[BslModule, int] | None:
    module = _REGISTRY.get(frame_code_filename)
    if module is None:
        return None
    line_map = module.code.line_map
    return module, (line_map[lineno] if 0 < lineno < len(line_map) else 0)


def locate(error: BslRuntimeError) -> BslRuntimeError:
    """Set the BSL line and module of an error from its traceback (innermost BSL frame)."""
    if error.line is not None:
        return error
    found: tuple[BslModule, int] | None = None
    tb = error.__traceback__
    while tb is not None:
        hit = _bsl_line_of(tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        if hit is not None:
            found = hit
        tb = tb.tb_next
    if found is not None:
        module, line = found
        error.line = line
        error.module = module.name
        lines = module.source.split("\n")
        # ИнформацияОбОшибке().ИсходнаяСтрока: the text of the failing line, as the platform shows it
        error.source_line = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return error


def internal_error(exc: BaseException) -> EngineInternalError:
    error = EngineInternalError(
        f"Внутренняя ошибка исполнителя PRISM Desktop ({type(exc).__name__}: {exc})"
    )
    error.__traceback__ = exc.__traceback__
    locate(error)
    return error


def caught(exc: BaseException) -> BslRuntimeError:
    """What Исключение receives: BSL errors as they are, engine bugs as an internal error; limits
    and interpreter exits are re-raised (Попытка cannot catch them)."""
    if isinstance(exc, BslRuntimeError):
        return locate(exc)
    if isinstance(exc, _UNCATCHABLE):
        raise exc
    if isinstance(exc, RecursionError):
        raise recursion_limit(None) from None
    if isinstance(exc, MemoryError):
        raise ExecutionLimit("memory", "недостаточно памяти") from None
    return internal_error(exc)


class LineMeter(Meter):
    """The active meter during a run: cost-model charges are attributed to the BSL line executing in
    the innermost BSL frame, so the harness can count candidate lines only."""

    __slots__ = ("by_line",)

    def __init__(self, max_collection_items: int, max_string_chars: int):
        super().__init__(max_collection_items, max_string_chars)
        self.by_line: dict[tuple[str, int], int] = {}

    def charge(self, units: int) -> None:
        if units <= 0:
            return
        self.charged += units
        frame = sys._getframe(1)
        while frame is not None:
            hit = _bsl_line_of(frame.f_code.co_filename, frame.f_lineno)
            if hit is not None:
                key = (hit[0].filename, hit[1])
                self.by_line[key] = self.by_line.get(key, 0) + units
                return
            frame = frame.f_back  # type: ignore[assignment]

    def charge_at(self, module: BslModule, line: int, units: int) -> None:
        if units > 0:
            self.charged += units
            key = (module.filename, line)
            self.by_line[key] = self.by_line.get(key, 0) + units


class MethodSignature:
    __slots__ = ("export", "kind", "name", "params")

    def __init__(self, name: str, kind: str, params: list[str], export: bool) -> None:
        self.name = name
        self.kind = kind
        self.params = params
        self.export = export


class BslModule:
    """A loaded module: its compiled code, namespace (module variables live there) and counters."""

    def __init__(self, engine: Engine, name: str, code: ModuleCode, compiler: ModuleCompiler, source: str):
        self.engine = engine
        self.name = name
        self.code = code
        self.compiler = compiler
        self.source = source
        self.filename = f"<bsl:{next(_SERIAL)}:{name}>"
        max_line = max([*code.line_map, source.count("\n") + 1]) + 2
        self.counters = [0] * max_line
        self.namespace: dict[str, Any] = {}
        self._snippets: dict[tuple[str, str, tuple[str, ...]], Callable[..., Any]] = {}

    def __repr__(self) -> str:
        return f"BslModule({self.name!r})"

    # --- methods and variables -------------------------------------------------------------
    def method(self, name: str) -> MethodSignature | None:
        info = self.code.methods.get(canonical(name))
        if info is None:
            return None
        return MethodSignature(info.name, info.kind, [p.name for p in info.params], info.export)

    def methods(self) -> list[MethodSignature]:
        return [m for m in (self.method(i.name) for i in self.code.methods.values()) if m is not None]

    def get_variable(self, name: str) -> Any:
        var = self.code.variables.get(canonical(name))
        if var is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return self.namespace[var.py_name]

    # --- counting ----------------------------------------------------------------------------
    def line_counts(self) -> dict[int, int]:
        """Counts per marked line (zeros included), as OneScript's codestat lists them."""
        return {line: self.counters[line] for line in sorted(self.code.marked_lines)}

    def line_charges(self) -> dict[int, int]:
        meter = self.engine.meter
        return {line: units for (filename, line), units in meter.by_line.items() if filename == self.filename}

    def ops(self, max_line: int | None = None) -> int:
        """Line entries plus cost-model charges, over lines <= max_line (all lines when None)."""
        limit = max_line if max_line is not None else len(self.counters)
        total = sum(c for line, c in enumerate(self.counters) if line <= limit)
        total += sum(u for line, u in self.line_charges().items() if line <= limit)
        return total

    def codestat(self, path: str | None = None) -> dict[str, Any]:
        """OneScript's -codestat JSON: {file: {"#path": file, section: {line: {count, time}}}};
        sections are method names and "$entry" for the module body."""
        label = path or self.name
        sections: dict[str, dict[str, dict[str, int]]] = {}
        for line, count in self.line_counts().items():
            section = self.code.sections.get(line, BODY_SECTION)
            sections.setdefault(section, {})[str(line)] = {"count": count, "time": 0}
        return {label: {"#path": label, **sections}}

    # --- Выполнить / Вычислить ----------------------------------------------------------------
    def snippet(self, kind: str, text: str, known: tuple[str, ...]) -> Callable[..., Any]:
        key = (kind, text, known)
        fn = self._snippets.get(key)
        if fn is None:
            fn = self._compile_snippet(kind, text, known)
            self._snippets[key] = fn
        return fn

    def _compile_snippet(self, kind: str, text: str, known: tuple[str, ...]) -> Callable[..., Any]:
        if kind == "eval":
            parsed = parse_expression(text)
            if parsed.expression is None:
                raise BslRuntimeError(_syntax_message(parsed.diagnostics))
            body, expression = None, parsed.expression
        else:
            statements = parse_statements(text)
            if any(d.severity == "error" for d in statements.diagnostics):
                raise BslRuntimeError(_syntax_message(statements.diagnostics))
            body, expression = statements.body, None
        try:
            source, _ = compile_snippet_function(self.compiler, body, expression, known)
        except CompileError as exc:
            raise BslRuntimeError(exc.message) from None
        self.namespace.update(
            {k: v for k, v in self.compiler.constants.items() if k not in self.namespace}
        )
        local: dict[str, Any] = {}
        exec(compile(source, f"<bsl-snippet:{self.name}>", "exec"), self.namespace, local)
        fn: Callable[..., Any] = local["_snippet"]  # its globals are the module's namespace
        return fn


def _syntax_message(diagnostics: list[Diagnostic]) -> str:
    first = next((d for d in diagnostics if d.severity == "error"), None)
    return f"Синтаксическая ошибка: {first.message}" if first else "Синтаксическая ошибка"


class DynamicScope:
    """The variables of a method using Выполнить/Вычислить, as the snippets see them."""

    __slots__ = ("depth", "line", "module", "variables")

    def __init__(self, module: BslModule, variables: dict[str, Any], depth: int, line: int = 0):
        self.module = module
        self.variables = variables
        self.depth = depth
        self.line = line  # codestat: the calling line, which the snippet's own entries are counted on

    def evaluate(self, text: str) -> Any:
        return self.module.snippet("eval", text, tuple(self.variables))(self.variables, self.depth, self.line)

    def execute(self, text: str) -> None:
        self.module.snippet("exec", text, tuple(self.variables))(self.variables, self.depth, self.line)


class Engine:
    """One execution session: limits, output, counters; modules loaded by it share them."""

    def __init__(self, *, limits: RunLimits | None = None, counting: str = "off",
                 output: Callable[[str], None] | None = None,
                 clock: Callable[[], _dt.datetime] | None = None, goto: bool = False):
        self.limits = limits or RunLimits()
        self.counting = counting
        self.goto = goto  # labels and Перейти compile (B: the platform runs them; OneScript does not)
        self.output: list[str] = []
        self._sink = output
        self._output_chars = 0
        # The engine's time zone is UTC wherever it runs (stdlib/time_zones.py): ТекущаяДата() does not
        # depend on the machine's zone.
        self._clock = clock or partial(_dt.datetime.now, _dt.UTC)
        self.state = LimitState()
        self.meter = LineMeter(self.limits.max_collection_items, self.limits.max_string_chars)
        self.modules: list[BslModule] = []
        self.rejections: list[BslPromise] = []  # Обещания of Асинх calls that failed, awaited or not
        self.globals: dict[str, Any] = {}  # canonical name -> common module (add_common_module)

    # --- the context built-ins see ----------------------------------------------------------
    def message(self, text: str) -> None:
        self._output_chars += len(text) + 1
        if self._output_chars > self.limits.max_output_chars:
            raise ExecutionLimit("output", f"превышен объём вывода ({self.limits.max_output_chars} символов)")
        self.output.append(text)
        if self._sink is not None:
            self._sink(text)

    def _string_too_long(self) -> ExecutionLimit:
        return ExecutionLimit("memory", f"строка превысила предел {self.limits.max_string_chars} символов")

    def now(self) -> _dt.datetime:
        return self._clock().replace(microsecond=0, tzinfo=None)

    def utc_now(self) -> _dt.datetime:
        return _dt.datetime.now(_dt.UTC).replace(microsecond=0, tzinfo=None)

    # --- loading ------------------------------------------------------------------------------
    def load(self, source: str, name: str = "Модуль", *, onescript: bool = False) -> BslModule:
        """Parse, check and compile a module; ModuleLoadError names the first error. `onescript`
        reads a OneScript script (`#native`, annotations on parameters) and refuses its library
        imports: the sandbox has no libraries."""
        text = source.removeprefix("\ufeff")
        parsed = parse_module(text, name, onescript=onescript)
        if onescript and parsed.uses:
            use = parsed.uses[0]
            raise ModuleLoadError(library_refused(str(use.value)), use.line, use.col, name)
        errors = [d for d in parsed.diagnostics if d.severity == "error"]
        if not errors:  # undefined names are the compiler's to judge: it knows the implemented built-ins
            checked = check_tree(parsed.module)
            errors = [d for d in checked if d.severity == "error" and d.code != UNDEFINED_METHOD]
        if errors:
            first = errors[0]
            raise ModuleLoadError(first.message, first.line, first.column, name, errors)
        compiler = ModuleCompiler(parsed.module, self.counting, self.globals, goto=self.goto)
        try:
            code = compiler.compile()
        except CompileError as exc:
            raise ModuleLoadError(exc.message, exc.line, exc.col, name) from None
        except RecursionError:
            raise ModuleLoadError("Слишком глубокая вложенность конструкций", 1, 1, name) from None
        module = BslModule(self, name, code, compiler, text)
        try:
            compiled = compile(code.python, module.filename, "exec")
        except (SyntaxError, RecursionError, ValueError) as exc:
            raise ModuleLoadError(f"Внутренняя ошибка компиляции ({exc})", 1, 1, name) from None
        module.namespace = self._namespace(module)
        exec(compiled, module.namespace)
        _REGISTRY[module.filename] = module
        self.modules.append(module)
        return module

    def add_common_module(self, name: str, module: BslModule) -> None:
        """Make a module loaded by this engine visible as the common module `name` to the modules
        loaded after this call (globals are resolved at load time): `name.Метод(...)` calls its
        exported methods within the running call (common_modules.py)."""
        if module.engine is not self:
            raise ValueError(f"common module {name!r}: the module was loaded by another engine")
        self.globals[canonical(name)] = BslCommonModule(name, module)

    def _namespace(self, module: BslModule) -> dict[str, Any]:
        code = module.code
        meter = self.meter

        def charge(line: int, units: int) -> None:
            meter.charge_at(module, line, units)

        def scope(variables: dict[str, Any], depth: int, line: int = 0) -> DynamicScope:
            return DynamicScope(module, variables, depth, line)

        ns: dict[str, Any] = {
            "__builtins__": _GENERATED_CODE_BUILTINS,
            "_R": self, "_tick": self.state.tick, "_n": 0, "_MAXD": self.limits.recursion_depth,
            "_cs": module.counters, "_deep": lambda _d: recursion_limit(self.limits.recursion_depth),
            "_MAXS": self.limits.max_string_chars, "_big": self._string_too_long, "_capped": rt.string_cap,
            "_charge": charge, "_scope": scope, "_Goto": GotoSignal,
            "_add": rt.add, "_sub": rt.sub, "_mul": rt.mul, "_div": rt.div, "_mod": rt.mod,
            "_nadd": numbers.add, "_nsub": numbers.sub, "_nmul": numbers.mul, "_Dec": Decimal,
            "_neg": rt.neg, "_plus": rt.plus, "_truth": rt.truth,
            "_eq": rt.eq, "_ne": rt.ne, "_lt": rt.lt, "_le": rt.le, "_gt": rt.gt, "_ge": rt.ge,
            "_gm": rt.get_member, "_sm": rt.set_member, "_cm": rt.call_method, "_cmr": rt.call_method_byref,
            "_Ref": rt.OutRef, "_ig": rt.index_get, "_is": rt.index_set, "_it": rt.iterate,
            "_IG": rt.INDEX_GET, "_IS": rt.INDEX_SET, "_Arr": BslArray, "_Str": BslStructure,
            "_forr": partial(rt.for_range, self.state), "_forb": rt.for_bounds,
            "_new": new_object, "_newd": new_object_dynamic,
            "_raise": rt.raise_value, "_reraise": rt.reraise, "_caught": caught, "_unsup": _unsupported,
            "_settle": self._settle, "_await": await_value,
            "_this": BslModuleObject(module.name, module),  # ЭтотОбъект
        }
        ns.update(code.constants)
        for var in code.variables.values():
            ns[var.py_name] = None
        return ns

    # --- running ------------------------------------------------------------------------------
    def run_body(self, module: BslModule) -> None:
        self._invoke(module.namespace["_body"], [])

    def call(self, module: BslModule, name: str, args: Sequence[Any] = ()) -> Any:
        """Call a module method by name with Python BSL values; omitted trailing arguments take
        their defaults. The result of a procedure is None."""
        info = module.code.methods.get(canonical(name))
        if info is None:
            raise BslRuntimeError(f"Метод объекта не обнаружен ({name})")
        values = list(args)
        if len(values) > len(info.params):
            raise BslRuntimeError(rt.TOO_MANY_ARGS)
        for param in info.params[len(values):]:
            if not param.has_default:
                raise BslRuntimeError(rt.TOO_FEW_ARGS)
            values.append(param.default_value)
        return self._invoke(module.namespace[info.py_name], values)

    def _invoke(self, fn: Callable[..., Any], args: list[Any]) -> Any:
        self.state.start(self.limits.timeout_s, self.limits.max_steps)
        for module in self.modules:
            module.namespace["_n"] = 0  # the first step of this call checks the fresh deadline
        previous_meter = active_meter.current
        active_meter.current = self.meter
        previous_limit = sys.getrecursionlimit()
        needed = _stack_depth() + 3 * self.limits.recursion_depth + 200
        if needed > previous_limit:
            sys.setrecursionlimit(needed)
        self.rejections = []
        try:
            result = fn(*args, 0)
            self._raise_unhandled(result)
            return result
        except BslRuntimeError as exc:
            raise locate(exc) from None
        except _UNCATCHABLE:
            raise
        except RecursionError:
            raise recursion_limit(self.limits.recursion_depth) from None
        except MemoryError:
            raise ExecutionLimit("memory", "недостаточно памяти") from None
        except Exception as exc:
            raise internal_error(exc) from None
        finally:
            active_meter.current = previous_meter
            if needed > previous_limit:
                sys.setrecursionlimit(previous_limit)


    def _settle(self, body: Callable[..., Any], *args: Any) -> BslPromise:
        """Run an Асинх method's body to its end and settle the Обещание its caller gets."""
        try:
            return BslPromise(body(*args))
        except BaseException as exc:  # caught() lets limits and exits through, as Попытка does
            promise = BslPromise(None, caught(exc))
            self.rejections.append(promise)
            return promise

    def _raise_unhandled(self, result: Any) -> None:
        """An Асинх method's error that no Ждать received reaches the top as an uncaught error once
        the synchronous call returns (the platform shows it to the user); a rejected Обещание handed
        back to our caller is the caller's to await."""
        pending, self.rejections = self.rejections, []
        for promise in pending:
            if promise.unhandled and promise is not result:
                assert promise.error is not None
                raise promise.error


def _stack_depth() -> int:
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    return depth


def library_refused(directive: str) -> str:
    """The error for `#Использовать lib` in the sandbox."""
    library = directive.split(None, 1)[1].strip() if len(directive.split(None, 1)) > 1 else directive
    return (
        f"Подключение библиотеки OneScript ({library}) недоступно: в песочнице PRISM Desktop нет библиотек, "
        "сценарий должен обходиться встроенными средствами"
    )


def _unsupported(name: str, _args: list[Any]) -> Any:
    raise rt.unsupported_global(name)
