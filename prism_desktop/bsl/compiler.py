"""BSL module → Python source: one Python function per BSL method, module variables as globals of the
module's namespace, the module body as a function `_body`. The engine `exec`s the source once.

Conventions of the generated code (names cannot clash with BSL names, which get a prefix):
  v_<name>  variable (local, or a module variable declared `global`)     m_<name>  method
  b_<name>  global function                 p_<name> global property      _k<N>     hoisted constant
  _d        call depth (every method takes `_d` and `_o`: the list receiving the final values of
            by-reference parameters the caller wants written back)
  _n/_tick  step counter and the limit check it falls back to             _cs       line counters
  _L        the variables of a method that uses Выполнить/Вычислить (a dict, readable at run time)
  _err      the last error caught in this method (ОписаниеОшибки, ИнформацияОбОшибке)

Counting (`counting`): "off" adds nothing. "codestat" reproduces OneScript's -codestat: a count is
added each time execution reaches a line-number mark whose line differs from the frame's current
line; marks are where OneScript's code generator puts them (each statement except Пока/Попытка; the
Пока condition; the Для/Для Каждого header on each iteration; Иначе, ИначеЕсли, КонецЕсли; Исключение,
КонецПопытки; КонецЦикла of Для; КонецПроцедуры/КонецФункции when execution falls through). The
frame's current line is the local `_cl`, and a mark whose line is known at compile time skips the
comparison. "statements" counts one per executed statement and loop iteration, at its line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, NoReturn

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.compiler_analysis import (
    arrays_indexed_by,
    has_loop,
    invariant_indexed_names,
    is_bounded,
    method_facts,
    modified_parameters,
    rebindable_names,
    walk_expression,
    whole_number_names,
)
from prism_desktop.bsl.compiler_expr import ExpressionCompiler, WriteBack, is_simple
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.runtime import MemberSite, MethodSite, TypeCache, member_getter, member_setter
from prism_desktop.bsl.stdlib import FUNCTIONS, PROPERTIES, Builtin
from prism_desktop.bsl.stdlib.collections import GLOBALS as COLLECTION_GLOBALS
from prism_desktop.bsl.stdlib.globals import load_providers
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError

COUNTING_MODES = ("off", "codestat", "statements")
THIS_OBJECT_KEYS = frozenset({canonical("ЭтотОбъект"), canonical("ThisObject")})
BODY_SECTION = "$entry"  # OneScript's name of the module body in codestat output


class _ReadOnlyGlobals:
    """Where an assignment to a global property's name goes: the platform's properties of the global
    context (Символы, Справочники, ВидСчета …) cannot be written."""

    def __setitem__(self, name: str, value: Any) -> None:
        raise BslRuntimeError(f"Поле объекта недоступно для записи ({name})")


READ_ONLY_GLOBALS = _ReadOnlyGlobals()


class CompileError(Exception):
    """A compile-time error of the module (the platform refuses to compile it)."""

    def __init__(self, message: str, line: int, col: int = 1):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


# The records below are plain slotted classes, not dataclasses: each dataclass costs about a
# millisecond of every start of the engine to create.


class ParamInfo:
    __slots__ = ("by_value", "default_code", "default_value", "has_default", "key", "name")

    def __init__(self, name: str, key: str, by_value: bool, has_default: bool, default_code: str,
                 default_value: Any) -> None:
        self.name = name
        self.key = key
        self.by_value = by_value
        self.has_default = has_default
        self.default_code = default_code
        self.default_value = default_value


class MethodInfo:
    __slots__ = ("end_line", "export", "key", "kind", "line", "modified", "name", "params", "py_name")

    def __init__(self, name: str, key: str, kind: str, params: list[ParamInfo], export: bool, py_name: str,
                 modified: frozenset[int], line: int, end_line: int) -> None:
        self.name = name
        self.key = key
        self.kind = kind  # "procedure" | "function"
        self.params = params
        self.export = export
        self.py_name = py_name
        self.modified = modified
        self.line = line
        self.end_line = end_line


class VariableInfo:
    __slots__ = ("export", "key", "name", "py_name")

    def __init__(self, name: str, key: str, export: bool, py_name: str) -> None:
        self.name = name
        self.key = key
        self.export = export
        self.py_name = py_name


class ModuleCode:
    __slots__ = ("constants", "counting", "has_body", "line_map", "marked_lines", "methods", "python",
                 "sections", "variables")

    def __init__(self, python: str, line_map: list[int], methods: dict[str, MethodInfo],
                 variables: dict[str, VariableInfo], constants: dict[str, Any], has_body: bool, counting: str,
                 sections: dict[int, str], marked_lines: set[int]) -> None:
        self.python = python
        self.line_map = line_map  # python line (1-based index) -> BSL line
        self.methods = methods
        self.variables = variables
        self.constants = constants  # names the namespace must hold (literals, built-ins, properties)
        self.has_body = has_body
        self.counting = counting
        self.sections = sections  # BSL line -> method name (codestat)
        self.marked_lines = marked_lines  # lines that carry a counting mark


SNIPPET_COUNTING = "snippet"  # code of Выполнить/Вычислить under codestat: every entry on the calling line


def py_ident(prefix: str, key: str) -> str:
    """The Python name of a BSL name. Python folds identifiers by NFKC (full-width `ａ` is `a`) and
    rejects characters 1C accepts (`Ответ²`), so a name Python would not keep as it is spelled is
    spelled by its code points under a prefix no plain name can have."""
    plain = prefix + key
    if plain.isidentifier() and unicodedata.normalize("NFKC", plain) == plain:
        return plain
    return "x" + prefix + "_".join(f"{ord(char):x}" for char in key)


def _byref_method_positions() -> dict[str, set[int]]:
    """Object methods taking arguments by reference (Структура.Свойство …), over every class loaded."""
    import prism_desktop.bsl.stdlib.collections  # noqa: F401  (loads the collection classes)

    found: dict[str, set[int]] = {}
    stack = list(BslObject.__subclasses__())
    while stack:
        klass = stack.pop()
        stack.extend(klass.__subclasses__())
        for name, positions in getattr(klass, "bsl_byref_args", {}).items():
            found.setdefault(name, set()).update(positions)
    return found


class ModuleCompiler:
    def __init__(
        self, module: A.Module, counting: str = "off", engine_globals: Mapping[str, Any] | None = None,
        *, goto: bool = False,
    ):
        if counting not in COUNTING_MODES:
            raise ValueError(f"counting must be one of {COUNTING_MODES}, not {counting!r}")
        self.tree = module
        self.counting = counting
        self.goto = goto  # labels and Перейти: the 1C platform runs them (category B), OneScript does not
        self.engine_globals = engine_globals or {}  # the engine's own names (common modules), before stdlib's
        self.constants: dict[str, Any] = {}
        self._constant_names: dict[tuple[type, Any], str] = {}
        self._sites: dict[tuple[Any, ...], str] = {}
        self._byref_methods: dict[str, set[int]] | None = None
        self.variables: dict[str, VariableInfo] = {}
        self.methods: dict[str, MethodInfo] = {}
        self.sections: dict[int, str] = {}
        self.marked_lines: set[int] = set()

    @property
    def written_back(self) -> dict[str, frozenset[int]]:
        """Positions of each module method's parameters whose value a call writes back."""
        return {key: info.modified for key, info in self.methods.items()}

    @property
    def byref_methods(self) -> dict[str, set[int]]:
        """Object methods taking arguments by reference, found on first use: the scan imports every
        collection class, which a module calling no object method with a variable need not pay for."""
        if self._byref_methods is None:
            found = _byref_method_positions()
            for value in self.engine_globals.values():  # common modules: by-reference methods too
                for name, positions in getattr(value, "byref_positions", dict)().items():
                    found.setdefault(name, set()).update(positions)
            self._byref_methods = found
        return self._byref_methods

    # --- namespace entries -------------------------------------------------------------------
    def constant(self, value: Any) -> str:
        key = (type(value), value)
        name = self._constant_names.get(key)
        if name is None:
            name = f"_k{len(self._constant_names)}"
            self._constant_names[key] = name
            self.constants[name] = value
        return name

    def _site(self, kind: str, signature: tuple[Any, ...], make: Callable[[], TypeCache]) -> str:
        """The namespace name of a call site's type cache (runtime.TypeCache), one per signature."""
        name = self._sites.get((kind, *signature))
        if name is None:
            name = f"_{kind}{len(self._sites)}"
            self._sites[(kind, *signature)] = name
            self.constants[name] = make()
        return name

    def method_site(self, key: str, name: str, count: int) -> str:
        """`obj.<name>(<count> arguments)` (runtime.MethodSite)."""
        return self._site("mc", (key, name, count), lambda: MethodSite(key, name, count))

    def member_site(self, key: str, name: str, write: bool) -> str:
        """Reading or writing `obj.<name>` (runtime.MemberSite)."""
        resolve = member_setter if write else member_getter
        return self._site("ms" if write else "mg", (key, name), lambda: MemberSite(key, name, resolve))

    def builtin(self, key: str) -> Builtin | None:
        return FUNCTIONS.get(key)

    def builtin_name(self, key: str, entry: Builtin) -> str:
        name = py_ident("b_", key)
        self.constants[name] = entry.fn
        return name

    def property(self, key: str) -> str | None:
        if key in THIS_OBJECT_KEYS:
            return "_this"  # the module itself (common_modules.BslModuleObject), set by the engine
        value = self.engine_globals.get(key)
        if value is None:
            value = PROPERTIES.get(key)
        if value is None:
            value = COLLECTION_GLOBALS.get(key)
        if value is None and load_providers():
            value = PROPERTIES.get(key)
        if value is None:
            return None
        name = py_ident("p_", key)
        self.constants[name] = value
        return name

    # --- the module ---------------------------------------------------------------------------
    def compile(self) -> ModuleCode:
        tree = self.tree
        for decl in tree.variables:
            for var in decl.names:
                key = canonical(var.name)
                if key in self.variables:
                    message = f"Переменная с таким именем уже определена ({var.name})"
                    raise CompileError(message, var.line, var.col)
                self.variables[key] = VariableInfo(var.name, key, var.export, py_ident("v_", key))
        methods_by_key: dict[str, A.Method] = {}
        for method in tree.methods:
            key = canonical(method.name)
            if key in methods_by_key:
                raise CompileError(f"Процедура или функция с таким именем уже определена ({method.name})",
                                   method.name_line or method.line, method.name_col or method.col)
            methods_by_key[key] = method
        facts = {key: method_facts(m.body) for key, m in methods_by_key.items()}
        byref = self.byref_methods if any(f.object_passes for f in facts.values()) else {}
        modified = modified_parameters(methods_by_key, facts, byref)
        for key, method in methods_by_key.items():
            # An Асинх method takes every parameter by value (the platform's rule: the caller may go
            # on before the method ends), so nothing is written back to the caller's variables.
            by_value = method.is_async
            self.methods[key] = MethodInfo(
                method.name, key, method.kind, [self._param(p, by_value) for p in method.params],
                method.export, py_ident("m_", key), frozenset() if by_value else frozenset(modified[key]),
                method.line, method.end_line,
            )
            for line in range(method.line, method.end_line + 1):
                self.sections[line] = method.name
        chunks: list[tuple[list[str], list[int]]] = []
        for key, method in methods_by_key.items():
            fc = FunctionCompiler(self, self.methods[key], dynamic=facts[key].dynamic)
            chunks.append(fc.compile_method(method))
        has_body = bool(tree.body)
        body_dynamic = method_facts(tree.body).dynamic
        chunks.append(FunctionCompiler(self, None, dynamic=body_dynamic).compile_body(tree.body))
        lines: list[str] = []
        line_map = [0]
        for code_lines, bsl_lines in chunks:
            lines.extend(code_lines)
            line_map.extend(bsl_lines)
        return ModuleCode("\n".join(lines) + "\n", line_map, self.methods, self.variables, self.constants,
                          has_body, self.counting, self.sections, self.marked_lines)

    def _param(self, param: A.Param, by_value: bool = False) -> ParamInfo:
        key = canonical(param.name)
        by_value = by_value or param.by_value
        if param.default is None:
            return ParamInfo(param.name, key, by_value, False, "None", None)
        if not isinstance(param.default, A.Const):
            raise CompileError("Ожидается константа (значение по умолчанию параметра)", param.line, param.col)
        value = param.default.value
        if isinstance(value, (str, bool, int)) or value is None:
            code = repr(value) if not (isinstance(value, int) and value < 0) else f"({value})"
        else:
            code = self.constant(value)
        return ParamInfo(param.name, key, by_value, True, code, value)


class Emitter:
    def __init__(self, indent: int = 0):
        self.lines: list[str] = []
        self.bsl_lines: list[int] = []
        self.indent = indent

    def emit(self, text: str, line: int) -> None:
        self.lines.append("    " * self.indent + text)
        self.bsl_lines.append(line)


class FunctionCompiler(ExpressionCompiler):
    """Compiles one method (or the module body, or a Выполнить/Вычислить snippet)."""

    def __init__(self, module: ModuleCompiler, info: MethodInfo | None, *, dynamic: bool,
                 known_locals: tuple[str, ...] = ()):
        self.module = module
        self.info = info
        self.dynamic = dynamic
        self.out = Emitter(indent=1)
        self.locals: dict[str, str] = {}  # canonical -> python name (defined so far, in text order)
        self.local_order: list[str] = []
        self.globals_written: set[str] = set()
        self.temps = 0
        self.handlers: list[str] = []  # exception variables of the enclosing Исключение blocks
        self.uses_error = False  # whether `_err` (the last caught error) is read or set
        self.counts_entry = True  # a step on entry; a method of bounded work needs none (is_bounded)
        self.known: int | None = 0  # codestat: the frame's current line when known at compile time
        self.line = info.line if info else 1
        self.counting = module.counting
        self.flow: list[str | None] = []  # enclosing loops (None) and label dispatchers (their pc variable)
        self.label_scopes: list[set[str]] = []  # labels of the enclosing labelled statement lists
        self.whole_names: frozenset[str] = frozenset()
        self.array_lists: dict[str, str] = {}
        self.specialising = False  # compiling the fast copy of a loop (specialised_loop)
        self.in_bounds: frozenset[tuple[str, str, int]] = frozenset()
        for key in known_locals:
            self.define(key)

    # --- helpers ----------------------------------------------------------------------------
    def fail(self, message: str, node: A.Node | None = None) -> NoReturn:
        raise CompileError(message, node.line if node else self.line, node.col if node else 1)

    def temp(self) -> str:
        self.temps += 1
        return f"_t{self.temps}"

    def emit(self, text: str) -> None:
        self.out.emit(text, self.line)

    def define(self, key: str) -> str:
        name = f"_L[{key!r}]" if self.dynamic else py_ident("v_", key)
        if key not in self.locals:
            self.locals[key] = name
            self.local_order.append(key)
        return name

    def is_variable(self, name: str) -> bool:
        key = canonical(name)
        return key in self.locals or key in self.module.variables

    def read_name(self, name: str, node: A.Node) -> str:
        key = canonical(name)
        local = self.locals.get(key)
        if local is not None:
            return local
        var = self.module.variables.get(key)
        if var is not None:
            return var.py_name
        return self.global_property(name, node)

    def write_target(self, name: str) -> str:
        """Where an assignment to a bare name goes; defines an implicit local on first write."""
        key = canonical(name)
        local = self.locals.get(key)
        if local is not None:
            return local
        var = self.module.variables.get(key)
        if var is not None:
            self.globals_written.add(var.py_name)
            return var.py_name
        if self.module.goto and self.is_global_name(name):
            # the 1C platform (category B; `goto` marks its rules): an undeclared name of a global
            # property is that property, never an implicit local, so `ВидСчета = Счет.Вид;` fails at
            # run time (PRISM's published B19 logs)
            return f"{self.module.constant(READ_ONLY_GLOBALS)}[{name!r}]"
        return self.define(key)

    def write_name_expr(self, name: str, src: str, node: A.Node) -> str:
        target = self.write_target(name)
        if target.endswith("]"):  # `_L['x']` (dynamic code) or a read-only global property
            container, _, key = target[:-1].partition("[")
            return f"{container}.__setitem__({key}, {src})"
        return f"({target} := {src})"

    # --- counting marks -----------------------------------------------------------------------
    def mark(self, line: int, *, statement: bool = True) -> None:
        if self.counting == SNIPPET_COUNTING:
            self.out.emit("_cs[_sl] += 1", line)
            return
        if self.counting == "statements":
            if statement:
                self.module.marked_lines.add(line)
                self.out.emit(f"_cs[{line}] += 1", line)
            return
        if self.counting != "codestat":
            return
        self.module.marked_lines.add(line)
        if self.known == line:
            return
        if self.known is None:
            self.out.emit(f"if _cl != {line}:", line)
            self.out.emit(f"    _cl = {line}; _cs[{line}] += 1", line)
        else:
            self.out.emit(f"_cl = {line}; _cs[{line}] += 1", line)
        self.known = line

    def tick(self) -> None:
        self.emit("if (_n := _n - 1) < 0:")
        self.emit("    _n = _tick()")

    # A loop counts its iterations down in the function-local `_c` (a local costs far less than the
    # module-level `_n`): `_c` starts from `_n` before the loop and goes back to `_n` after it, so
    # nested loops and calls in the body keep using one budget and every path still reaches _tick().
    def loop_counter_start(self) -> None:
        self.emit("_c = _n")

    def loop_tick(self) -> None:
        self.emit("if (_c := _c - 1) < 0:")
        self.emit("    _c = _tick()")

    def loop_counter_end(self) -> None:
        self.emit("_n = _c")

    # --- functions ------------------------------------------------------------------------------
    def compile_method(self, method: A.Method) -> tuple[list[str], list[int]]:
        info = self.info
        assert info is not None
        for param in info.params:
            self.define(param.key)
        for decl in method.local_vars:
            for var in decl.names:
                key = canonical(var.name)
                if key in self.locals:
                    self.fail(f"Переменная с таким именем уже определена ({var.name})", var)
                self.define(key)
        wrap = bool(info.modified)
        if wrap:
            self.out.indent += 1
        self.method_body(method, [p.key for p in info.params])
        self.line = method.end_line
        self.mark(method.end_line, statement=False)
        self.counts_entry = not is_bounded(method.body, self.module.methods)
        params = [py_ident("v_", p.key) for p in info.params]
        signature = ", ".join([*params, "_d=0", "_o=None"])
        # An Асинх method's body is a function of its own; the method's name calls it and settles the
        # Обещание the caller gets (values/promise.py).
        body_name = f"{info.py_name}_async" if method.is_async else info.py_name
        header = f"def {body_name}({signature}):"
        footer: list[str] = []
        if wrap:
            footer.append("    finally:")
            footer.append("        if _o is not None:")
            for index in sorted(info.modified):
                footer.append(f"            _o[{index}] = {self.locals[info.params[index].key]}")
        code, bsl = self.assemble(header, method.line, wrap, footer, param_keys=[p.key for p in info.params])
        if method.is_async:
            code += [f"def {info.py_name}({signature}):",
                     f"    return _settle({body_name}, {', '.join([*params, '_d', '_o'])})"]
            bsl += [method.line, method.line]
        return code, bsl

    def method_body(self, method: A.Method, params: list[str]) -> None:
        """A loop-free method whose parameters stay whole numbers if they are on entry (a recursive
        function of a number, a predicate): a copy for whole-number arguments, without their type
        checks, behind one guard, and the general copy (specialised_loop does the same for loops;
        a method with loops gets theirs instead, so its code is not doubled twice)."""
        if self.counting != "off" or self.dynamic or not params or has_loop(method.body):
            self.block(method.body)
            return
        names = whole_number_names(method.body, (), params, self.module.written_back)
        whole = [self.locals[key] for key in sorted(names)]
        if not whole:
            self.block(method.body)
            return
        self.emit(f"if {' and '.join(f'type({name}) is int' for name in whole)}:")
        saved = self.whole_names
        self.whole_names = saved | frozenset(whole)
        try:
            self.indented(method.body)
        finally:
            self.whole_names = saved
        self.emit("else:")
        self.indented(method.body)

    def compile_body(self, body: A.Body) -> tuple[list[str], list[int]]:
        self.block(body)
        return self.assemble("def _body(_d=0, _o=None):", 1, False, [], param_keys=[])

    def assemble(self, header: str, line: int, wrap: bool, footer: list[str],
                 param_keys: list[str]) -> tuple[list[str], list[int]]:
        prologue = [header]
        names = sorted({"_n", *self.globals_written})
        prologue.append(f"    global {', '.join(names)}")
        if self.counts_entry:
            prologue += ["    if (_n := _n - 1) < 0:", "        _n = _tick()"]
        prologue += ["    if _d > _MAXD:", "        raise _deep(_d)"]
        fresh = [k for k in self.local_order if k not in param_keys]
        if self.dynamic:
            items = [f"{k!r}: {py_ident('v_', k)}" for k in param_keys] + [f"{k!r}: None" for k in fresh]
            prologue.append(f"    _L = {{{', '.join(items)}}}")
        elif fresh:
            prologue.append(f"    {' = '.join(py_ident('v_', k) for k in fresh)} = None")
        if self.uses_error:
            prologue.append("    _err = None")
        if self.counting == "codestat":
            prologue.append("    _cl = 0")
        if wrap:
            prologue.append("    try:")
        body = self.out.lines or ["    pass"]
        if wrap and not self.out.lines:
            body = ["        pass"]
        code = prologue + body + footer
        bsl = [line] * len(prologue) + (self.out.bsl_lines or [line]) + [line] * len(footer)
        return code, bsl

    # --- statements ---------------------------------------------------------------------------
    def block(self, body: A.Body) -> None:
        if self.module.goto and any(isinstance(stmt, A.Label) for stmt in body):
            compile_labelled_block(self, body)
            return
        for stmt in body:
            self.line = stmt.line
            handler = getattr(self, f"stmt_{type(stmt).__name__}", None)
            if handler is None:
                self.fail(f"Оператор не поддерживается ({type(stmt).__name__})", stmt)
            handler(stmt)

    def indented(self, body: A.Body) -> None:
        self.out.indent += 1
        start = len(self.out.lines)
        self.block(body)
        if len(self.out.lines) == start:
            self.emit("pass")
        self.out.indent -= 1

    def stmt_Assign(self, stmt: A.Assign) -> None:
        self.mark(stmt.line)
        target = stmt.target
        if isinstance(target, A.Name):
            self.charge_concatenation(stmt, target)
            if not self.append_in_place(target, stmt.value):
                value = self.code(stmt.value)
                self.emit(f"{self.write_target(target.name)} = {value}")
        elif isinstance(target, A.Member):
            for line in self.member_assignment(target, stmt.value):
                self.emit(line)
        elif isinstance(target, A.Index):
            for line in self.index_assignment(target, stmt.value):
                self.emit(line)
        else:
            self.fail("Присваивание возможно только переменной, свойству или элементу коллекции", stmt)

    def append_in_place(self, target: A.Name, value: A.Expr) -> bool:
        """`С = С + Х` on a local string: Python's in-place `+=` (no copy of С per iteration), when Х
        does not mention С (so reading С first or last is the same)."""
        if self.dynamic or not (isinstance(value, A.Binary) and value.op == "+"):
            return False
        if not (isinstance(value.left, A.Name) and canonical(value.left.name) == canonical(target.name)):
            return False
        key = canonical(target.name)
        if key not in self.locals or any(
            isinstance(e, A.Name) and canonical(e.name) == key for e in walk_expression(value.right)
        ):
            return False
        var = self.locals[key]
        rest, kind = self.expr(value.right)
        if kind == "int" and var in self.whole_names:  # a whole-number variable (specialised_loop)
            self.emit(f"{var} += {rest}")
            return True
        if kind == "int":
            self.emit(f"{var} = ({var} + {rest} if type({var}) is int else _add({var}, {rest}))")
            return True
        if kind == "dec":  # a sum plus a decimal literal: straight to the decimal arithmetic
            guard = f"type({var}) is _Dec or type({var}) is int"
            self.emit(f"{var} = (_nadd({var}, {rest}) if {guard} else _add({var}, {rest}))")
            return True
        temp = rest if is_simple(rest) else self.temp()
        if temp != rest:
            self.emit(f"{temp} = {rest}")
        self.emit(f"if type({var}) is type({temp}) is int:")  # a running total, the commonest case
        self.emit(f"    {var} += {temp}")
        self.emit(f"elif type({var}) is str and type({temp}) is str:")
        self.emit(f"    {var} += {temp}")
        self.emit(f"    if len({var}) > _MAXS: raise _big()")
        self.emit(f"elif type({var}) is _Dec and (type({temp}) is _Dec or type({temp}) is int):")  # money
        self.emit(f"    {var} = _nadd({var}, {temp})")
        self.emit("else:")
        self.emit(f"    {var} = _add({var}, {temp})")
        return True

    def charge_concatenation(self, stmt: A.Assign, target: A.Name) -> None:
        """PRISM's cost model: `A = A + …` charges СтрДлина(A) when A is a string (counting modes)."""
        if self.counting == "off" or not self.is_variable(target.name):
            return
        leftmost: A.Expr = stmt.value
        if not (isinstance(leftmost, A.Binary) and leftmost.op == "+"):
            return
        while isinstance(leftmost, A.Binary) and leftmost.op == "+":
            leftmost = leftmost.left
        if isinstance(leftmost, A.Name) and canonical(leftmost.name) == canonical(target.name):
            current = self.read_name(target.name, target)
            line = "_sl" if self.counting == SNIPPET_COUNTING else stmt.line
            self.emit(f"if type({current}) is str: _charge({line}, len({current}))")

    def stmt_CallStmt(self, stmt: A.CallStmt) -> None:
        self.mark(stmt.line)
        call = stmt.call
        if isinstance(call, A.Call):
            self.emit(self.call(call, as_function=False))
        else:
            self.emit(self.code(call))

    def stmt_If(self, stmt: A.If) -> None:
        self.mark(stmt.line)
        first = stmt.branches[0]
        self.emit(f"if {self.condition(first.cond)}:")
        after_condition = self.known
        self.branch(first.body, after_condition)
        for branch in stmt.branches[1:]:
            self.line = branch.line
            self.known = after_condition
            mark = self.inline_mark(branch.line)  # codestat: ИначеЕсли is marked before its condition
            self.emit(f"elif {mark}{self.condition(branch.cond)}:")
            after_condition = self.known
            self.branch(branch.body, after_condition)
        if stmt.else_body is not None:
            self.line = stmt.else_line or stmt.line
            self.emit("else:")
            self.out.indent += 1
            self.known = after_condition
            self.mark(self.line, statement=False)
            self.out.indent -= 1
            self.branch(stmt.else_body, self.known)
        self.known = None
        self.line = stmt.end_line
        self.mark(stmt.end_line, statement=False)

    def inline_mark(self, line: int) -> str:
        """A codestat mark as the prefix of a condition (`elif <mark>cond:`), where no statement fits."""
        if self.counting == SNIPPET_COUNTING:
            return "(_cs.__setitem__(_sl, _cs[_sl] + 1), 0) and False or "
        if self.counting != "codestat":
            return ""
        self.module.marked_lines.add(line)
        if self.known == line:
            return ""
        self.known = line
        return f"(_cl := {line}, _cs.__setitem__({line}, _cs[{line}] + 1)) and False or "

    def branch(self, body: A.Body, entry: int | None) -> None:
        self.known = entry
        self.indented(body)

    def stmt_While(self, stmt: A.While) -> None:
        self.specialised_loop(stmt, [], lambda: self.plain_while(stmt))

    def plain_while(self, stmt: A.While) -> None:
        self.loop_counter_start()
        self.emit("while True:")
        self.out.indent += 1
        self.known = None
        self.mark(stmt.line)
        self.loop_tick()
        self.emit(f"if not {self.condition(stmt.cond)}:")
        self.emit("    break")
        self.loop_body(stmt.body)
        self.out.indent -= 1
        self.loop_counter_end()
        self.known = None

    def stmt_ForRange(self, stmt: A.ForRange) -> None:
        self.mark(stmt.line)
        start, start_kind = self.expr(stmt.start)
        var = self.write_target(stmt.var)
        end_temp = self.temp()
        self.emit(f"{var} = {start}")
        end, end_kind = self.expr(stmt.end)
        self.emit(f"{end_temp} = {end}")
        reassigned = canonical(stmt.var) in method_facts(stmt.body).assigned or self.dynamic
        if reassigned:
            self.emit(f"{var}, {end_temp} = _forb({var}, {end_temp})")
            self.emit(f"{var} = _sub({var}, 1)")
            self.loop_counter_start()
            self.emit("while True:")
            self.out.indent += 1
            self.emit(f"{var} = ({var} + 1 if type({var}) is int else _add({var}, 1))")
            self.emit(f"if not ({var} <= {end_temp} if type({var}) is int else _le({var}, {end_temp})):")
            self.out.indent += 1
            self.known = None
            self.mark(stmt.line, statement=False)
            self.emit("break")
            self.out.indent -= 1
        else:
            # by reference, a call could rebind the variable to anything until the next iteration
            rebindable = rebindable_names(stmt.body, self.module.written_back)
            whole = [] if canonical(stmt.var) in rebindable else [var, end_temp]
            saved = self.whole_names
            if whole and start_kind == end_kind == "int":  # whole bounds by their kinds: no guard needed
                self.whole_names = saved | frozenset(whole)
            try:
                bounds = (var, end_temp) if whole else None
                self.specialised_loop(stmt, whole, lambda: self.plain_for_range(stmt, var, end_temp), bounds)
            finally:
                self.whole_names = saved
            return
        self.known = None
        self.mark(stmt.line)
        self.loop_tick()  # this loop counts its steps; a plain Для is charged by its iterator (_forr)
        self.loop_body(stmt.body)
        self.line = stmt.end_line
        self.mark(stmt.end_line, statement=False)
        self.out.indent -= 1
        self.loop_counter_end()
        self.known = None

    def plain_for_range(self, stmt: A.ForRange, var: str, end_temp: str) -> None:
        """A Для whose body never assigns its variable: the values come from `_forr`."""
        self.emit(f"for {var} in _forr({var}, {end_temp}):")
        self.out.indent += 1
        self.known = None
        self.mark(stmt.line)
        self.loop_body(stmt.body)
        self.line = stmt.end_line
        self.mark(stmt.end_line, statement=False)
        self.out.indent -= 1
        # after a completed loop the variable is one past the end, as in 1C
        self.line = stmt.line
        self.emit("else:")
        self.out.indent += 1
        if var in self.whole_names and end_temp in self.whole_names:
            self.emit(f"if {var} <= {end_temp}:")
            self.emit(f"    {var} += 1")
        else:
            self.emit(f"if _le({var}, {end_temp}):")
            self.emit(f"    {var} = _add({var}, 1)")
        self.known = None
        self.mark(stmt.line, statement=False)
        self.out.indent -= 1
        self.known = None

    def specialised_loop(self, loop: A.While | A.ForRange, whole: list[str],
                         compile_loop: Callable[[], None], bounds: tuple[str, str] | None = None) -> None:
        """A loop compiled twice behind a guard tested once before it: the fast copy knows that the
        Python names in `whole` (a Для variable and its bound) are ints and that every Массив the
        body indexes but never rebinds is one, with its list read once (runtime checks per access
        otherwise); the general copy runs when the guard fails. Counting modes (their marks must
        stay identical), dynamic code, and loops already inside a fast copy unless innermost (so the
        copies grow linearly with nesting) keep one copy. `bounds` (a Для's variable and end): the
        Массивы indexed by the variable in a body that cannot change their length are checked once,
        in the guard, to hold the whole range; their `М[Инд]` then takes no check at all."""
        if self.counting != "off" or self.dynamic or (self.specialising and has_loop(loop.body)):
            compile_loop()
            return
        arrays = [self.locals[key] for key in invariant_indexed_names((loop,), self.module.written_back)
                  if key in self.locals and self.locals[key] not in self.array_lists]
        known = {key for key, name in self.locals.items() if name in self.whole_names or name in whole}
        names = whole_number_names((loop,), known, self.locals, self.module.written_back)
        whole = [name for name in dict.fromkeys([*whole, *(self.locals[key] for key in sorted(names))])
                 if name not in self.whole_names]
        tests = [f"type({name}) is int" for name in whole] + [f"type({name}) is _Arr" for name in arrays]
        proven: list[tuple[str, int]] = []
        if bounds is not None and isinstance(loop, A.ForRange):
            var, end = bounds
            for key, offset in arrays_indexed_by(loop.body, canonical(loop.var)):
                name = self.locals.get(key)
                if name is not None and (name in arrays or name in self.array_lists):
                    items = self.array_lists.get(name) or f"{name}.items"
                    shift = f" + {offset}" if offset > 0 else f" - {-offset}" if offset < 0 else ""
                    tests += [f"{var}{shift} >= 0", f"{end}{shift} < len({items})"]
                    proven.append((name, offset))
        if not tests:
            compile_loop()
            return
        self.emit(f"if {' and '.join(tests)}:")
        self.out.indent += 1
        saved = self.whole_names, self.array_lists, self.specialising
        lists = {name: self.temp() for name in arrays}
        for name, items in lists.items():
            self.emit(f"{items} = {name}.items")
        self.whole_names = saved[0] | frozenset(whole)
        self.array_lists = {**saved[1], **lists}
        self.specialising = True
        saved_proven = self.in_bounds
        if bounds is not None and proven:
            self.in_bounds = saved_proven | {(name, bounds[0], offset) for name, offset in proven}
        try:
            compile_loop()
        finally:
            self.whole_names, self.array_lists, self.specialising = saved
            self.in_bounds = saved_proven
        self.out.indent -= 1
        self.emit("else:")
        self.out.indent += 1
        compile_loop()
        self.out.indent -= 1

    def stmt_ForEach(self, stmt: A.ForEach) -> None:
        self.mark(stmt.line)
        iterable = self.code(stmt.iterable)
        var = self.write_target(stmt.var)
        self.loop_counter_start()
        if var.startswith("_L["):
            loop_var = self.temp()
            self.emit(f"for {loop_var} in _it({iterable}):")
            self.out.indent += 1
            self.emit(f"{var} = {loop_var}")
        else:
            self.emit(f"for {var} in _it({iterable}):")
            self.out.indent += 1
        self.known = None
        self.mark(stmt.line)
        self.loop_tick()
        self.loop_body(stmt.body)
        self.out.indent -= 1
        if self.counting == "codestat":
            self.line = stmt.line
            self.emit("else:")
            self.out.indent += 1
            self.known = None
            self.mark(stmt.line, statement=False)
            self.out.indent -= 1
        self.loop_counter_end()
        self.known = None

    def loop_body(self, body: A.Body) -> None:
        self.flow.append(None)
        start = len(self.out.lines)
        self.block(body)
        if len(self.out.lines) == start:
            self.emit("pass")  # an empty Для: its iterator is charged to the limits, not the body
        self.flow.pop()

    def stmt_Break(self, stmt: A.Break) -> None:
        self.mark(stmt.line)
        if self.flow and self.flow[-1] is not None:  # leave the label dispatcher first
            self.emit(f"{self.flow[-1]} = {LEAVE_BREAK}")
        self.emit("break")

    def stmt_Continue(self, stmt: A.Continue) -> None:
        self.mark(stmt.line)
        if self.flow and self.flow[-1] is not None:
            self.emit(f"{self.flow[-1]} = {LEAVE_CONTINUE}")
            self.emit("break")
            return
        self.emit("continue")

    def stmt_Return(self, stmt: A.Return) -> None:
        self.mark(stmt.line)
        if self.info is None:
            self.fail("Оператор Возврат не может употребляться вне процедуры или функции", stmt)
        if stmt.value is None:
            if self.info.kind == "function":
                self.emit("return None")
            else:
                self.emit("return")
            return
        if self.info.kind == "procedure":
            self.fail("Процедура не может возвращать значение", stmt)
        self.emit(f"return {self.code(stmt.value)}")

    def stmt_Try(self, stmt: A.Try) -> None:
        entry = self.known
        self.emit("try:")
        self.known = entry
        self.indented(stmt.body)
        error = self.temp()
        self.line = stmt.handler_line
        self.emit(f"except BaseException as {error}:")
        self.uses_error = True
        self.out.indent += 1
        self.emit(f"_err = {error} = _caught({error})")
        self.known = None
        self.mark(stmt.handler_line, statement=False)
        self.handlers.append(error)
        self.block(stmt.handler)
        self.emit("_err = None")  # КонецПопытки forgets the error (OneScript's EndTry), so after it
        self.handlers.pop()  # ОписаниеОшибки() is "" and ИнформацияОбОшибке() Неопределено
        self.out.indent -= 1
        self.known = None
        self.line = stmt.end_line
        self.mark(stmt.end_line, statement=False)

    def stmt_Raise(self, stmt: A.Raise) -> None:
        self.mark(stmt.line)
        if stmt.message is None:
            if self.handlers:
                self.emit(f"raise {self.handlers[-1]}")
            else:
                self.uses_error = True
                self.emit("raise _reraise(_err)")
            return
        cause = "None"
        if len(stmt.args) >= 4 and stmt.args[3] is not None:
            cause = self.code(stmt.args[3])
        self.emit(f"raise _raise({self.code(stmt.message)}, {cause})")

    def stmt_Execute(self, stmt: A.Execute) -> None:
        self.mark(stmt.line)
        self.emit(f"{self.scope_code()}.execute({self.code(stmt.code)})")

    def scope_code(self) -> str:
        """The calling method's DynamicScope, with the line that code run through Выполнить/Вычислить
        is counted on (the calling line: its own lines are not the candidate's text)."""
        if self.counting == "codestat":
            return "_scope(_L, _d, _cl)"
        if self.counting == SNIPPET_COUNTING:
            return "_scope(_L, _d, _sl)"
        return "_scope(_L, _d)"

    def stmt_VarDecl(self, stmt: A.VarDecl) -> None:
        self.fail("Объявления локальных переменных должны предшествовать операторам", stmt)

    def stmt_Goto(self, stmt: A.Goto) -> None:
        if not self.module.goto:
            self.fail("Оператор Перейти не поддерживается исполнителем PRISM Desktop (как и OneScript)", stmt)
        self.mark(stmt.line)
        key = canonical(stmt.label)
        if not any(key in labels for labels in self.label_scopes):
            self.fail(f"Метка не определена в охватывающем блоке (~{stmt.label})", stmt)
        self.emit(f"raise _Goto({key!r})")

    def stmt_Label(self, stmt: A.Label) -> None:
        self.fail("Метки не поддерживаются исполнителем PRISM Desktop (как и OneScript)", stmt)

    def stmt_AddHandler(self, stmt: A.AddHandler) -> None:
        self.mark(stmt.line)
        word = "УдалитьОбработчик" if stmt.remove else "ДобавитьОбработчик"
        self.emit(f"raise _unsup({word!r}, [])")


LEAVE_BREAK, LEAVE_CONTINUE = -1, -2  # a dispatcher's pc when Прервать/Продолжить leaves it


def compile_labelled_block(fc: FunctionCompiler, body: A.Body) -> None:
    """A statement list with labels (~Метка:), compiled only when labels are allowed. Python has no
    goto, so the list is cut at its labels into segments run by a dispatcher:

        pc = 0
        while True:
            try:
                if pc <= 0: <segment 0>
                if pc <= 1: <segment 1>      # ~Метка1:
                break
            except _Goto as g:               # `Перейти ~Метка1` anywhere inside raises _Goto
                if g.label not in {...}: raise
                pc = {...}[g.label]

    Прервать/Продолжить of an enclosing loop leave the dispatcher through pc (LEAVE_*); methods
    without labels compile as before."""
    segments: list[list[A.Stmt]] = [[]]
    targets: dict[str, int] = {}
    for stmt in body:
        if isinstance(stmt, A.Label):
            key = canonical(stmt.name)
            if key in targets or any(key in labels for labels in fc.label_scopes):
                fc.fail(f"Метка с таким именем уже определена (~{stmt.name})", stmt)
            segments.append([])
            targets[key] = len(segments) - 1
        else:
            segments[-1].append(stmt)
    pc, signal = fc.temp(), fc.temp()
    fc.label_scopes.append(set(targets))
    fc.flow.append(pc)
    fc.emit(f"{pc} = 0")
    fc.emit("while True:")
    fc.out.indent += 1
    fc.emit("try:")
    fc.out.indent += 1
    for index, segment in enumerate(segments):
        if segment:
            fc.emit(f"if {pc} <= {index}:")
            fc.known = None
            fc.indented(tuple(segment))
    fc.emit("break")
    fc.out.indent -= 1
    fc.emit(f"except _Goto as {signal}:")
    fc.emit(f"    if {signal}.label not in {targets!r}:")
    fc.emit("        raise")
    fc.emit(f"    {pc} = {targets!r}[{signal}.label]")
    fc.out.indent += 1
    fc.tick()  # a backward Перейти loops: the deadline must still be checked
    fc.out.indent -= 1
    fc.out.indent -= 1
    fc.flow.pop()
    fc.label_scopes.pop()
    fc.known = None
    if fc.flow:  # Прервать/Продолжить inside: pass them on to the enclosing loop (or dispatcher)
        outer = fc.flow[-1]
        for code, word in ((LEAVE_BREAK, "break"), (LEAVE_CONTINUE, "continue")):
            fc.emit(f"if {pc} == {code}:")
            if outer is not None:
                fc.emit(f"    {outer} = {code}")
                fc.emit("    break")
            else:
                fc.emit(f"    {word}")


def compile_snippet_function(module: ModuleCompiler, body: A.Body | None, expression: A.Expr | None,
                             known_locals: tuple[str, ...]) -> tuple[str, list[int]]:
    """Python source of `def _snippet(_L, _d)` for Выполнить (statements) or Вычислить (an
    expression), over the calling method's variables `_L`."""
    fc = FunctionCompiler(module, None, dynamic=True, known_locals=known_locals)
    # Counted like any other code (on the calling line `_sl`): a candidate cannot hide work from
    # O-exec by running it through Выполнить.
    fc.counting = SNIPPET_COUNTING if module.counting == "codestat" else "off"
    if expression is not None:
        fc.emit(f"return {fc.code(expression)}")
    else:
        fc.block(body or ())
    written = "".join(f", {g}" for g in sorted(fc.globals_written))
    lines = ["def _snippet(_L, _d, _sl=0):", "    global _n" + written,
             "    _err = None", *(fc.out.lines or ["    pass"])]
    return "\n".join(lines) + "\n", [1, 1, 1, *(fc.out.bsl_lines or [1])]


__all__ = [
    "BODY_SECTION", "COUNTING_MODES", "CompileError", "Decimal", "MethodInfo", "ModuleCode",
    "ModuleCompiler", "ParamInfo", "VariableInfo", "WriteBack",
]
