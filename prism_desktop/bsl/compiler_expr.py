"""Expressions → Python expressions.

Each compiled expression carries a static kind ("bool", "int", "str", "dec" — a non-whole number
literal — or "any"). Operators get an inline fast path for the overwhelmingly common case (two ints,
a comparison with a literal, arithmetic of a number and a decimal literal) and fall back to the
runtime helpers otherwise; operands are evaluated exactly once, left to right,
through walrus temporaries. By-reference write-back after a call is also an expression
(`(r := f(…), (x := out[0]), r)[-1]`), so calls can stay inside expressions.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NoReturn

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.compiler_analysis import index_offset
from prism_desktop.bsl.names import GLOBAL_METHODS, GLOBAL_PROPERTIES, canonical
from prism_desktop.bsl.values.base import NULL

if TYPE_CHECKING:
    from prism_desktop.bsl.compiler import ModuleCompiler

Code = tuple[str, str]  # (python expression, kind)
WriteBack = Callable[[str], str]

TOO_MANY_ARGS = "Слишком много фактических параметров"
CHAR_CODE_KEYS = ("кодсимвола", "charcode")
TOO_FEW_ARGS = "Недостаточно фактических параметров"

_ARITH = {"+": ("+", "_add"), "-": ("-", "_sub"), "*": ("*", "_mul")}
_NUMBER_ARITH = {"+": "_nadd", "-": "_nsub", "*": "_nmul"}  # numbers.add …: both operands numbers
_COMPARE = {"=": ("==", "_eq"), "<>": ("!=", "_ne"), "<": ("<", "_lt"), "<=": ("<=", "_le"),
            ">": (">", "_gt"), ">=": (">=", "_ge")}


def is_simple(code: str) -> bool:
    """A bare local/global name or a literal: safe to evaluate twice."""
    if code in ("None", "True", "False"):
        return True
    if code.lstrip("-").isdigit() or (code[:1] in "'\"" and code[-1:] == code[:1]):
        return True
    return code.isidentifier()


def array_in_range(obj: str, first_key: str, key: str) -> str:
    """The test under which `obj[key]` is a plain list access: a Массив (exactly: not a fixed one,
    which refuses writes) and a whole index inside it. Anything else takes the collection's method."""
    return f"type({first_key}) is int and type({obj}) is _Arr and -1 < {key} < len({obj}.items)"


def is_pure(node: A.Expr) -> bool:
    """An expression of variables, literals, operators, indexing and member reads only: evaluating
    it calls no BSL code, so it cannot change a variable (it may still raise an error)."""
    if isinstance(node, A.Const | A.Name):
        return True
    if isinstance(node, A.Index):
        return is_pure(node.obj) and is_pure(node.index)
    if isinstance(node, A.Member):  # reading a property or field runs no BSL code
        return is_pure(node.obj)
    if isinstance(node, A.Unary):
        return is_pure(node.operand)
    if isinstance(node, A.Binary):
        return is_pure(node.left) and is_pure(node.right)
    return False


def is_number_or_string_literal(code: str) -> bool:
    bare = code[1:-1] if code.startswith("(") and code.endswith(")") else code
    return bare.lstrip("-").isdigit() or (bare[:1] in "'\"" and bare[-1:] == bare[:1] and len(bare) > 1)


class ExpressionCompiler:
    """The expression half of FunctionCompiler, which provides names, temporaries and errors."""

    module: ModuleCompiler
    dynamic: bool
    uses_error: bool
    # Facts a specialised loop copy establishes by its guard (FunctionCompiler.specialised_loop):
    # variables that hold a whole number (Python int) throughout, and Массив variables the loop
    # never rebinds, each with its list read once before the loop (a Массив keeps its list object).
    whole_names: frozenset[str]
    array_lists: dict[str, str]
    # (Массив variable, Для variable, N): every `М[Инд + N]` is inside the list (checked once)
    in_bounds: frozenset[tuple[str, str, int]]

    def fail(self, message: str, node: A.Node | None = None) -> NoReturn:
        raise NotImplementedError

    def temp(self) -> str:
        raise NotImplementedError

    def define(self, key: str) -> str:
        raise NotImplementedError

    def is_variable(self, name: str) -> bool:
        raise NotImplementedError

    def read_name(self, name: str, node: A.Node) -> str:
        raise NotImplementedError

    def scope_code(self) -> str:
        raise NotImplementedError

    def write_name_expr(self, name: str, src: str, node: A.Node) -> str:
        raise NotImplementedError

    def expr(self, node: A.Expr) -> Code:
        method = getattr(self, f"expr_{type(node).__name__}", None)
        if method is None:
            self.fail(f"Выражение не поддерживается ({type(node).__name__})", node)
        result: Code = method(node)
        return result

    def code(self, node: A.Expr) -> str:
        return self.expr(node)[0]

    def condition(self, node: A.Expr) -> str:
        code, kind = self.expr(node)
        return code if kind == "bool" else f"_truth({code})"

    def bind(self, code: str) -> tuple[str, str]:
        """(first use, later uses) of a value that must be evaluated once."""
        if is_simple(code):
            return code, code
        temp = self.temp()
        return f"({temp} := {code})", temp

    # --- leaves --------------------------------------------------------------------------
    def expr_Const(self, node: A.Const) -> Code:
        value = node.value
        if value is None:
            return "None", "any"
        if value is NULL:
            return self.module.constant(NULL), "any"
        if isinstance(value, bool):
            return repr(value), "bool"
        if isinstance(value, int):
            return (repr(value) if value >= 0 else f"({value})"), "int"
        if isinstance(value, str):
            return repr(value), "str"
        if isinstance(value, Decimal):
            return self.module.constant(value), "dec"
        if isinstance(value, _dt.datetime):
            return self.module.constant(value), "any"
        self.fail("Недопустимая константа", node)

    def expr_Name(self, node: A.Name) -> Code:
        code = self.read_name(node.name, node)
        return code, ("int" if code in self.whole_names else "any")

    # --- operators -----------------------------------------------------------------------
    def expr_Unary(self, node: A.Unary) -> Code:
        if node.op == "not":
            return f"(not {self.condition(node.operand)})", "bool"
        code, kind = self.expr(node.operand)
        if node.op == "+":
            return (code, "int") if kind == "int" else (f"_plus({code})", "any")
        if kind == "int":
            return f"(-{code})", "int"
        first, ref = self.bind(code)
        return f"(-{ref} if type({first}) is int else _neg({ref}))", "any"

    def expr_Binary(self, node: A.Binary) -> Code:
        op = node.op
        if op in ("and", "or"):
            return f"({self.condition(node.left)} {op} {self.condition(node.right)})", "bool"
        left = self.expr(node.left)
        right = self.expr(node.right)
        if op == "+" and left[1] == "str":
            return self._concat(left, right), "str"
        if op in _ARITH:  # two ints make an int (Python's arithmetic is exact, as the platform's)
            return self._arith(op, left, right), ("int" if left[1] == right[1] == "int" else "any")
        if op in _COMPARE:
            return self._compare(op, left, right), "bool"
        if op == "/":
            return f"_div({left[0]}, {right[0]})", "any"
        if op == "%":  # the remainder of two whole numbers is whole
            return self._remainder(left, right), ("int" if left[1] == right[1] == "int" else "any")
        self.fail(f"Неизвестная операция ({op})", node)

    def _arith(self, op: str, left: Code, right: Code) -> str:
        pyop, slow = _ARITH[op]
        (lc, lk), (rc, rk) = left, right
        if lk == "int" and rk == "int":
            return f"({lc} {pyop} {rc})"
        if lk == "str" or rk == "str":
            return f"{slow}({lc}, {rc})"
        if "dec" in (lk, rk):
            return self._decimal_arith(op, left, right)
        if rk == "int":
            first, ref = self.bind(lc)
            return f"({ref} {pyop} {rc} if type({first}) is int else {slow}({ref}, {rc}))"
        if lk == "int":
            first, ref = self.bind(rc)
            return f"({lc} {pyop} {ref} if type({first}) is int else {slow}({lc}, {ref}))"
        lf, lr = self.bind(lc)
        rf, rr = self.bind(rc)
        return f"({lr} {pyop} {rr} if type({lf}) is type({rf}) is int else {slow}({lr}, {rr}))"

    def _concat(self, left: Code, right: Code) -> str:
        """`Строка + Х`: a string on the left makes a string (Х by its presentation, in `_add`); two
        strings are joined inline and checked against the run's string cap as `_add` checks them.
        The left operand is evaluated first."""
        (lc, _), (rc, rk) = left, right
        joined = self.temp()
        if rk == "str":  # two strings: left, then right, joined
            return f"({joined} if len({joined} := {lc} + {rc}) <= _MAXS else _capped({joined}))"
        if is_number_or_string_literal(lc):
            first, ref = self.bind(rc)
            check = f"type({first}) is str"
            lf, lr = lc, lc
        else:
            lf, lr = self.bind(lc)
            first, ref = self.bind(rc)
            check = f"type({lf}) is str and type({first}) is str"
        join = f"({joined} if len({joined} := {lr} + {ref}) <= _MAXS else _capped({joined}))"
        return f"({join} if {check} else _add({lr}, {ref}))"

    def _decimal_arith(self, op: str, left: Code, right: Code) -> str:
        """A decimal literal with a number (a price times a quantity, a sum plus 0.01): straight to
        the decimal arithmetic of values/numbers.py, guarded by the other operand's type; a string or
        a date on the other side takes the general helper, with its conversions and errors."""
        fast = _NUMBER_ARITH[op]
        return self._decimal_guarded(left, right, lambda a, b: f"{fast}({a}, {b})", _ARITH[op][1])

    def _decimal_guarded(self, left: Code, right: Code, fast: Callable[[str, str], str], slow: str) -> str:
        """`fast(a, b)` when both operands are numbers: unguarded for two number literals, else
        guarded by the other operand's type (an int or a Decimal), with `slow(a, b)` otherwise."""
        (lc, lk), (rc, rk) = left, right
        if lk in ("int", "dec") and rk in ("int", "dec"):
            return fast(lc, rc)
        if lk == "dec":
            first, ref = self.bind(rc)
            a, b = lc, ref
        else:
            first, ref = self.bind(lc)
            a, b = ref, rc
        return f"({fast(a, b)} if type({first}) is _Dec or type({ref}) is int else {slow}({a}, {b}))"

    def _remainder(self, left: Code, right: Code) -> str:
        """`%` of two non-negative/positive ints is Python's %; anything else goes to _mod (the sign
        of a BSL remainder follows the dividend)."""
        (lc, lk), (rc, rk) = left, right
        if lk == rk == "int" and is_simple(lc) and is_simple(rc):  # two ints: only the signs checked
            return f"({lc} % {rc} if {lc} >= 0 and {rc} > 0 else _mod({lc}, {rc}))"
        if rk == "int" and rc.isdigit() and rc != "0":  # a positive literal divisor
            first, ref = self.bind(lc)
            return f"({ref} % {rc} if type({first}) is int and {ref} >= 0 else _mod({ref}, {rc}))"
        lf, lr = self.bind(lc)
        rf, rr = self.bind(rc)
        return (f"({lr} % {rr} if type({lf}) is type({rf}) is int and {lr} >= 0 and {rr} > 0 "
                f"else _mod({lr}, {rr}))")

    def _compare(self, op: str, left: Code, right: Code) -> str:
        pyop, slow = _COMPARE[op]
        (lc, lk), (rc, rk) = left, right
        if op in ("=", "<>"):
            identity = self._identity_compare(pyop, lc, rc)
            if identity is not None:
                return identity
        if (lk == "int" or (lk == "str" and op in ("=", "<>"))) and rk == lk:
            return f"({lc} {pyop} {rc})"
        if "dec" in (lk, rk) and "str" not in (lk, rk):
            return self._decimal_compare(pyop, slow, left, right)
        if rk in ("int", "str") and (op in ("=", "<>") or rk == "int"):
            first, ref = self.bind(lc)
            return f"({ref} {pyop} {rc} if type({first}) is {rk} else {slow}({ref}, {rc}))"
        if lk in ("int", "str") and (op in ("=", "<>") or lk == "int"):
            first, ref = self.bind(rc)
            return f"({lc} {pyop} {ref} if type({first}) is {lk} else {slow}({lc}, {ref}))"
        lf, lr = self.bind(lc)
        rf, rr = self.bind(rc)
        if op in ("=", "<>"):
            t = self.temp()
            return (f"({lr} {pyop} {rr} if ({t} := type({lf})) is type({rf}) and ({t} is int or {t} is str) "
                    f"else {slow}({lr}, {rr}))")
        return f"({lr} {pyop} {rr} if type({lf}) is type({rf}) is int else {slow}({lr}, {rr}))"

    def _decimal_compare(self, pyop: str, slow: str, left: Code, right: Code) -> str:
        """A comparison with a decimal literal: Python compares an int or a Decimal with a Decimal
        exactly, as the platform compares numbers; anything else takes the general helper."""
        return self._decimal_guarded(left, right, lambda a, b: f"({a} {pyop} {b})", slow)

    @staticmethod
    def _identity_compare(pyop: str, lc: str, rc: str) -> str | None:
        """`x = Неопределено`, `x = Истина`: equal only to the very same singleton."""
        word = "is" if pyop == "==" else "is not"
        singletons = ("None", "True", "False")
        for single, other in ((rc, lc), (lc, rc)):
            if single in singletons:
                if is_number_or_string_literal(other):
                    return "False" if pyop == "==" else "True"  # a number or string literal
                return f"({other} {word} {single})"
        return None

    def expr_Ternary(self, node: A.Ternary) -> Code:
        cond = self.condition(node.cond)
        then, tk = self.expr(node.then)
        other, ok = self.expr(node.otherwise)
        return f"({then} if {cond} else {other})", (tk if tk == ok else "any")

    # --- objects -------------------------------------------------------------------------
    def expr_Member(self, node: A.Member) -> Code:
        obj_code = self.code(node.obj)
        key = canonical(node.name)
        site = self.module.member_site(key, node.name, write=False)
        if is_simple(obj_code):
            # a Структура's key read inline (the commonest member read); anything else: the site
            entry = self.temp()
            fast = f"type({obj_code}) is _Str and ({entry} := {obj_code}.fields.get({key!r})) is not None"
            return f"({entry}[1] if {fast} else {site}[type({obj_code})]({obj_code}))", "any"
        first, obj = self.bind(obj_code)
        return f"{site}[type({first})]({obj})", "any"

    def stored(self, code: str, lines: list[str]) -> str:
        """`code` evaluated once, now: a temporary assigned in `lines` (a name or literal as it is)."""
        if is_simple(code):
            return code
        temp = self.temp()
        lines.append(f"{temp} = {code}")
        return temp

    def member_assignment(self, target: A.Member, value: A.Expr) -> list[str]:
        """Statements for `Объект.Имя = Значение`: object, then value, then the store; an existing
        key of a Структура is replaced inline."""
        key = canonical(target.name)
        site = self.module.member_site(key, target.name, write=True)
        obj_code, value_code = self.code(target.obj), self.code(value)
        if not (is_simple(obj_code) and is_pure(value)):
            first, obj = self.bind(obj_code)
            return [f"{site}[type({first})]({obj}, {value_code})"]
        lines: list[str] = []
        value_code = self.stored(value_code, lines)
        entry = self.temp()
        fast = f"type({obj_code}) is _Str and ({entry} := {obj_code}.fields.get({key!r})) is not None"
        lines.append(f"if {fast}: {obj_code}.fields[{key!r}] = ({entry}[0], {value_code})")
        lines.append(f"else: {site}[type({obj_code})]({obj_code}, {value_code})")
        return lines

    def expr_Index(self, node: A.Index) -> Code:
        obj_code = self.code(node.obj)
        key_code, key_kind = self.expr(node.index)
        if is_simple(obj_code) and is_pure(node.index):
            # Массив with a whole index in range: read the list inline (no call at all). Reading a
            # variable and a call-free index have no side effects, so the order stays as written.
            first, key = self.bind(key_code)
            items = self.array_lists.get(obj_code)
            if items is not None and self.within_bounds(obj_code, node.index):
                return f"{items}[{key_code}]", "any"
            if items is not None:  # a Массив whatever the index: only the index is checked
                fast = self.list_in_range(items, first, key, key_kind)
                return f"({items}[{key}] if {fast} else _IG[_Arr]({obj_code}, {key}))", "any"
            fast = array_in_range(obj_code, first, key)
            return f"({obj_code}.items[{key}] if {fast} else _IG[type({obj_code})]({obj_code}, {key}))", "any"
        first, obj = self.bind(obj_code)
        if is_pure(node.index) and first != obj:
            # an element of an element (`Матрица[Ж][К]`): the inner value is taken once, then read
            # inline when it is a Массив, as above; the index has no side effects
            key_first, key = self.bind(key_code)
            in_range = self.list_in_range(f"{obj}.items", key_first, key, key_kind)
            fast = f"type({first}) is _Arr and {in_range}"
            # the slow path evaluates the index again when the test stopped before binding it
            return f"({obj}.items[{key}] if {fast} else _IG[type({obj})]({obj}, {key_code}))", "any"
        return f"_IG[type({first})]({obj}, {key_code})", "any"

    def within_bounds(self, obj_code: str, index: A.Expr) -> bool:
        """Whether `obj[index]` is one of the accesses a loop's guard proved inside the list."""
        if not self.in_bounds:
            return False
        name = index.left if isinstance(index, A.Binary) else index
        if not isinstance(name, A.Name):
            return False
        offset = index_offset(index, canonical(name.name))
        return offset is not None and (obj_code, self.read_name(name.name, name), offset) in self.in_bounds

    @staticmethod
    def list_in_range(items: str, first_key: str, key: str, key_kind: str) -> str:
        """The test under which `items[key]` is the element: a whole index inside the list (a
        negative one is an error of the collection's method, not Python's from-the-end index)."""
        in_range = f"-1 < {first_key} < len({items})"
        return in_range if key_kind == "int" else f"type({first_key}) is int and -1 < {key} < len({items})"

    def index_assignment(self, target: A.Index, value: A.Expr) -> list[str]:
        """Statements for `Объект[Индекс] = Значение`: object, index, value evaluated in that order,
        then stored; a Массив with a whole index in range is stored inline."""
        obj_code, (key_code, key_kind), value_code = (
            self.code(target.obj), self.expr(target.index), self.code(value))
        if not (is_simple(obj_code) and is_pure(target.index) and is_pure(value)):
            first, obj = self.bind(obj_code)
            return [f"_IS[type({first})]({obj}, {key_code}, {value_code})"]
        lines: list[str] = []
        key_code = self.stored(key_code, lines)
        value_code = self.stored(value_code, lines)
        items = self.array_lists.get(obj_code)
        if items is not None and self.within_bounds(obj_code, target.index):
            lines.append(f"{items}[{key_code}] = {value_code}")
            return lines
        if items is not None:
            fast = self.list_in_range(items, key_code, key_code, key_kind)
            lines.append(f"if {fast}: {items}[{key_code}] = {value_code}")
            lines.append(f"else: _IS[_Arr]({obj_code}, {key_code}, {value_code})")
            return lines
        fast = array_in_range(obj_code, key_code, key_code)
        lines.append(f"if {fast}: {obj_code}.items[{key_code}] = {value_code}")
        lines.append(f"else: _IS[type({obj_code})]({obj_code}, {key_code}, {value_code})")
        return lines

    def expr_New(self, node: A.New) -> Code:
        args = ", ".join(self.arg_codes(node.args))
        if node.type_name is not None:
            return f"_new({node.type_name!r}, [{args}])", "any"
        assert node.type_expr is not None
        if len(node.args) > 1:
            self.fail(TOO_MANY_ARGS, node)
        params = self.arg_codes(node.args)[0] if node.args else "None"
        return f"_newd({self.code(node.type_expr)}, {params})", "any"

    def expr_Await(self, node: A.Await) -> Code:
        return f"_await({self.code(node.operand)})", "any"

    def arg_codes(self, args: A.Args) -> list[str]:
        return ["None" if a is None else self.code(a) for a in args]

    def declare_output_arguments(self, args: A.Args, positions: set[int] | frozenset[int]) -> None:
        """A bare undeclared name passed where a parameter is taken by reference is declared
        implicitly: it is an output variable, as in `Структура.Свойство("Ключ", Значение)`."""
        for index, arg in enumerate(args):
            if index in positions and isinstance(arg, A.Name) and not (
                self.is_variable(arg.name) or self.is_global_name(arg.name)
            ):
                self.define(canonical(arg.name))

    def expr_MethodCall(self, node: A.MethodCall) -> Code:
        key = canonical(node.name)
        obj = self.code(node.obj)
        positions = self.module.byref_methods.get(key)
        if positions:
            self.declare_output_arguments(node.args, positions)
        head = f"{obj}, {key!r}, {node.name!r}"
        if not positions:
            args = "".join(f", {c}" for c in self.arg_codes(node.args))
            site = self.module.method_site(key, node.name, len(node.args))
            first, ref = self.bind(obj)
            return f"{site}[type({first})]({ref}{args})", "any"
        codes: list[str] = []
        writebacks: list[str] = []
        for i, arg in enumerate(node.args):
            if arg is not None and i in positions and self.assignable(arg):
                read, write = self.reference(arg)
                ref = self.temp()
                codes.append(f"({ref} := _Ref({read}))")
                writebacks.append(write(f"{ref}.value"))
            else:
                codes.append("None" if arg is None else self.code(arg))
        call = f"_cmr({head}{''.join(', ' + c for c in codes)})"
        return self.with_writebacks(call, writebacks), "any"

    def with_writebacks(self, call: str, writebacks: list[str]) -> str:
        if not writebacks:
            return call
        result = self.temp()
        return f"(({result} := {call}), {', '.join(writebacks)}, {result})[-1]"

    def assignable(self, node: A.Expr) -> bool:
        return isinstance(node, A.Member | A.Index) or (
            isinstance(node, A.Name) and self.is_variable(node.name)
        )

    def reference(self, node: A.Expr) -> tuple[str, WriteBack]:
        """(code reading the current value, write-back builder) for an assignable argument; the
        object and key of a property or element are evaluated once."""
        if isinstance(node, A.Name):
            return self.read_name(node.name, node), lambda src: self.write_name_expr(node.name, src, node)
        if isinstance(node, A.Member):
            first, obj = self.bind(self.code(node.obj))
            key = canonical(node.name)
            read = f"_gm({first}, {key!r}, {node.name!r})"
            return read, lambda src: f"_sm({obj}, {key!r}, {node.name!r}, {src})"
        assert isinstance(node, A.Index)
        first_obj, obj = self.bind(self.code(node.obj))
        first_key, idx = self.bind(self.code(node.index))
        read = f"_ig({first_obj}, {first_key})"
        return read, lambda src: f"_is({obj}, {idx}, {src})"

    # --- calls of bare names -------------------------------------------------------------
    def expr_Call(self, node: A.Call) -> Code:
        code = self.call(node, as_function=True)
        key = canonical(node.name)
        if key in self.module.methods:
            return code, "any"
        if key in CHAR_CODE_KEYS:
            return code, "int"  # КодСимвола always makes a whole number (-1 outside the string)
        entry = self.module.builtin(key)
        if entry is not None and entry.fn.__annotations__.get("return") in ("str", str):
            return code, "str"  # Формат, Сред, СтрЗаменить …: typed (and mypy-checked) to make a string
        return code, "any"

    def call(self, node: A.Call, *, as_function: bool) -> str:
        key = canonical(node.name)
        info = self.module.methods.get(key)
        if info is not None:
            if as_function and info.kind == "procedure":
                self.fail(f"Использование процедуры в качестве функции ({node.name})", node)
            return self.call_module_method(info, node)
        entry = self.module.builtin(key)
        if entry is not None:
            if as_function and not entry.is_function:
                self.fail(f"Использование процедуры в качестве функции ({node.name})", node)
            return self.call_builtin(entry, key, node)
        if key in GLOBAL_METHODS:
            args = ", ".join(self.arg_codes(node.args))
            return f"_unsup({GLOBAL_METHODS[key]!r}, [{args}])"
        self.fail(f"Процедура или функция с указанным именем не определена ({node.name})", node)

    def call_builtin(self, entry: Any, key: str, node: A.Call) -> str:
        args = list(node.args)
        if entry.max_args is not None and len(args) > entry.max_args:
            self.fail(TOO_MANY_ARGS, node)
        while args and args[-1] is None and len(args) > entry.min_args:
            args.pop()
        if len(args) < entry.min_args or any(a is None for a in args[: entry.min_args]):
            self.fail(TOO_FEW_ARGS, node)
        inline = self.whole_quotient(entry, key, args) or self.char_code(entry, key, args)
        if inline is not None:
            return inline
        codes = self.arg_codes(tuple(args))
        implicit = {"context": "_R", "error": "_err", "scope": self.scope_code()}.get(entry.implicit or "")
        if entry.implicit == "error":
            self.uses_error = True
        if implicit is not None:
            if entry.implicit == "scope" and not self.dynamic:
                self.fail("Внутренняя ошибка компиляции: Вычислить вне динамической области", node)
            codes.insert(0, implicit)
        return f"{self.module.builtin_name(key, entry)}({', '.join(codes)})"

    def char_code(self, entry: Any, key: str, args: list[A.Expr | None]) -> str | None:
        """`КодСимвола(Строка, Позиция)` of a variable or literal string and position: for a string
        and a whole position inside it, the character's code without a call (a character loop's
        body); anything else — a position outside (-1), conversions, errors — the function."""
        if key not in CHAR_CODE_KEYS or len(args) != 2 or self.module.counting != "off":
            return None  # counting modes keep the call, as they always made it
        text_node, position_node = args
        if not (isinstance(text_node, A.Name | A.Const) and isinstance(position_node, A.Name | A.Const)):
            return None
        (text, _), (position, kind) = self.expr(text_node), self.expr(position_node)
        whole = "" if kind == "int" else f"type({position}) is int and "
        check = f"type({text}) is str and {whole}0 < {position} <= len({text})"
        function = self.module.builtin_name(key, entry)
        return f"(ord({text}[{position} - 1]) if {check} else {function}({text}, {position}))"

    def whole_quotient(self, entry: Any, key: str, args: list[A.Expr | None]) -> str | None:
        """`Цел(Х / Д)` with a whole constant Д > 0: for a whole Х ≥ 0 it is Python's `Х // Д` (Цел
        drops the fraction, which for Х ≥ 0 is the floor) — the midpoint of every binary search, with
        no Decimal made and dropped; any other Х goes the general way."""
        if key not in ("цел", "int") or len(args) != 1:
            return None
        arg = args[0]
        if not (isinstance(arg, A.Binary) and arg.op == "/" and isinstance(arg.right, A.Const)):
            return None
        divisor = arg.right.value
        if type(divisor) is not int or divisor <= 0:
            return None
        first, ref = self.bind(self.code(arg.left))
        general = f"{self.module.builtin_name(key, entry)}(_div({ref}, {divisor}))"
        return f"({ref} // {divisor} if type({first}) is int and {ref} >= 0 else {general})"

    def call_module_method(self, info: Any, node: A.Call) -> str:
        self.declare_output_arguments(node.args, {i for i, p in enumerate(info.params) if not p.by_value})
        args = list(node.args)
        if len(args) > len(info.params):
            self.fail(TOO_MANY_ARGS, node)
        codes: list[str] = []
        writebacks: list[tuple[int, WriteBack]] = []
        for i, param in enumerate(info.params):
            arg = args[i] if i < len(args) else None
            if arg is None:
                if i >= len(args) and not param.has_default:
                    self.fail(TOO_FEW_ARGS, node)
                codes.append(param.default_code if param.has_default else "None")
            elif i in info.modified and self.assignable(arg):
                read, write = self.reference(arg)
                codes.append(read)
                writebacks.append((i, write))
            else:
                codes.append(self.code(arg))
        codes.append("_d + 1")
        if not writebacks:
            return f"{info.py_name}({', '.join(codes)})"
        out = self.temp()
        codes.append(f"({out} := [None] * {len(info.params)})")
        call = f"{info.py_name}({', '.join(codes)})"
        return self.with_writebacks(call, [write(f"{out}[{i}]") for i, write in writebacks])

    # --- names ---------------------------------------------------------------------------
    def is_global_name(self, name: str) -> bool:
        key = canonical(name)
        return key in GLOBAL_PROPERTIES or self.module.property(key) is not None

    def global_property(self, name: str, node: A.Node) -> str:
        key = canonical(name)
        value = self.module.property(key)
        if value is not None:
            return value
        if key in GLOBAL_PROPERTIES:
            return f"_unsup({GLOBAL_PROPERTIES[key]!r}, [])"
        self.fail(f"Переменная не определена ({name})", node)
