"""The syntax tree of a BSL module: what the parser produces and the compiler consumes.

Contract (kept stable; the executor compiles these nodes to Python):
- Every node is an immutable value with `__slots__`, compared and hashed by its fields (`_fields`, in
  order). Every node has `line` and `col` (1-based, the position of
  its first token); every statement also has `end_line` (the line of its last token). These three are
  keyword-only, so positional construction covers the node's own fields only.
- Identifiers keep the spelling of the source; compare them with `names.canonical` (lower case, ё→е).
- Sequences are tuples. A missing argument in a call (`Ф(1, , 3)`) is `None` in `args`.
- Operators are normalised to English spellings: binary `+ - * / % = <> < > <= >= and or`,
  unary `- + not`.
- Constant values use the Python representation of BSL values fixed in `values/base.py`:
  Неопределено → None, NULL → values.base.NULL, Булево → bool, Число → int or decimal.Decimal,
  Строка → str, Дата → datetime.datetime.
- Preprocessor directives are resolved before parsing (inactive `#Если` branches and `#Удаление`
  blocks are dropped, `#Область` is transparent), so they never appear in the tree.
- The tree's depth is bounded (at most 60 nested blocks/parentheses, at most 200 operators or
  member accesses in one chain; deeper text is a syntax error), so recursive walkers are safe.
- A tree built from text with syntax errors is still well formed: the parser skips what it cannot
  read and reports it in the diagnostics; callers that need a correct program check for errors first.
"""

from __future__ import annotations

from typing import ClassVar, Literal, NoReturn

# The nodes are plain classes written out rather than frozen dataclasses: building 36 dataclasses at
# import cost ≈ 40 ms of CPU on every start of the engine (`prism-desktop bsl run`), more than
# parsing and compiling a typical module. Each class's own __init__ is the only writer of its slots.
_set = object.__setattr__

# ---------------------------------------------------------------------------------------------------
# Bases


class Node:
    """Any tree node: 1-based position of its first token."""

    __slots__ = ("col", "line")
    # every field in order (line, col, end_line of a statement, then the node's own): a subclass's
    # are its parent's followed by its own annotated ones, in the order they are declared
    _fields: ClassVar[tuple[str, ...]] = ("line", "col")

    line: int
    col: int

    def __init__(self, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)

    def __init_subclass__(cls) -> None:
        own = cls.__dict__.get("__annotations__", ())  # noqa: RUF063 (inspect costs start-up time)
        cls._fields = (*cls._fields, *own)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r} of an immutable {type(self).__name__}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r} of an immutable {type(self).__name__}")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Node)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class Expr(Node):
    """Any expression."""

    __slots__ = ()


class Stmt(Node):
    """Any statement; `end_line` is the line of its last token (the `;` is not part of it)."""

    __slots__ = ("end_line",)

    end_line: int


Body = tuple[Stmt, ...]
Args = tuple["Expr | None", ...]

# ---------------------------------------------------------------------------------------------------
# Expressions

ConstKind = Literal["number", "string", "date", "boolean", "undefined", "null"]


class Const(Expr):
    """A literal: 12, 3.5, "текст", '20240131', Истина/Ложь, Неопределено, NULL.
    `value` follows values/base.py (see module doc); a negative default value of a parameter
    (`Знач П = -1`) is a Const with a negative value."""

    __slots__ = ("kind", "value")

    value: object
    kind: ConstKind

    def __init__(self, value: object, kind: ConstKind, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "value", value)
        _set(self, "kind", kind)


class Name(Expr):
    """A bare identifier used as a value: a local/module variable, a parameter or a global-context
    property (Символы, Метаданные, Справочники …)."""

    __slots__ = ("name",)

    name: str

    def __init__(self, name: str, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "name", name)


class Call(Expr):
    """A call of a bare name: a method of this module or a global-context function, `Имя(арг, …)`."""

    __slots__ = ("args", "name")

    name: str
    args: Args

    def __init__(self, name: str, args: Args, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "name", name)
        _set(self, "args", args)


class MethodCall(Expr):
    """A method call on a value: `Объект.Метод(арг, …)`."""

    __slots__ = ("args", "name", "obj")

    obj: Expr
    name: str
    args: Args

    def __init__(self, obj: Expr, name: str, args: Args, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "obj", obj)
        _set(self, "name", name)
        _set(self, "args", args)


class Member(Expr):
    """A property read (or assignment target): `Объект.Свойство`."""

    __slots__ = ("name", "obj")

    obj: Expr
    name: str

    def __init__(self, obj: Expr, name: str, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "obj", obj)
        _set(self, "name", name)


class Index(Expr):
    """An indexer (or assignment target): `Объект[Ключ]`."""

    __slots__ = ("index", "obj")

    obj: Expr
    index: Expr

    def __init__(self, obj: Expr, index: Expr, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "obj", obj)
        _set(self, "index", index)


class Unary(Expr):
    """`-x`, `+x`, `НЕ x` (op: "-", "+", "not")."""

    __slots__ = ("op", "operand")

    op: str
    operand: Expr

    def __init__(self, op: str, operand: Expr, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "op", op)
        _set(self, "operand", operand)


class Binary(Expr):
    """Arithmetic, comparison and logical operators (op: + - * / % = <> < > <= >= and or).
    `and`/`or` short-circuit at run time, as in 1C."""

    __slots__ = ("left", "op", "right")

    op: str
    left: Expr
    right: Expr

    def __init__(self, op: str, left: Expr, right: Expr, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "op", op)
        _set(self, "left", left)
        _set(self, "right", right)


class Ternary(Expr):
    """`?(Условие, ЕслиИстина, ЕслиЛожь)`: only the chosen branch is evaluated."""

    __slots__ = ("cond", "otherwise", "then")

    cond: Expr
    then: Expr
    otherwise: Expr

    def __init__(self, cond: Expr, then: Expr, otherwise: Expr, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "cond", cond)
        _set(self, "then", then)
        _set(self, "otherwise", otherwise)


class New(Expr):
    """Object construction.
    - `Новый Массив(3)` / `Новый Структура`: type_name="Массив", args=(…) / (), type_expr=None.
    - `Новый("Массив", Параметры)`: type_name=None, type_expr=<the type expression>, args holds the
      remaining arguments (the platform expects at most one: an array of constructor parameters)."""

    __slots__ = ("args", "type_expr", "type_name")

    type_name: str | None
    args: Args
    type_expr: Expr | None

    def __init__(
        self, type_name: str | None, args: Args, type_expr: Expr | None = None, *, line: int, col: int
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "type_name", type_name)
        _set(self, "args", args)
        _set(self, "type_expr", type_expr)


class Await(Expr):
    """`Ждать Выражение` inside an `Асинх` method."""

    __slots__ = ("operand",)

    operand: Expr

    def __init__(self, operand: Expr, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "operand", operand)


# ---------------------------------------------------------------------------------------------------
# Statements


class Assign(Stmt):
    """`Цель = Значение;` — target is a Name, Member or Index."""

    __slots__ = ("target", "value")

    target: Expr
    value: Expr

    def __init__(self, target: Expr, value: Expr, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "target", target)
        _set(self, "value", value)


class CallStmt(Stmt):
    """A call used as a statement; `call` is a Call, a MethodCall, or an Await of an expression
    (`Ждать Метод();`). The result is discarded."""

    __slots__ = ("call",)

    call: Expr

    def __init__(self, call: Expr, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "call", call)


class CondBranch(Node):
    """One `Если`/`ИначеЕсли` arm: its position is that of the keyword."""

    __slots__ = ("body", "cond")

    cond: Expr
    body: Body

    def __init__(self, cond: Expr, body: Body, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "cond", cond)
        _set(self, "body", body)


class If(Stmt):
    """`Если … Тогда … ИначеЕсли … Иначе … КонецЕсли`: branches[0] is the `Если` arm; `else_body`
    is None when there is no `Иначе`, () when it is empty; `else_line` is the line of `Иначе`."""

    __slots__ = ("branches", "else_body", "else_line")

    branches: tuple[CondBranch, ...]
    else_body: Body | None
    else_line: int | None

    def __init__(
        self,
        branches: tuple[CondBranch, ...],
        else_body: Body | None = None,
        else_line: int | None = None,
        *,
        line: int,
        col: int,
        end_line: int,
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "branches", branches)
        _set(self, "else_body", else_body)
        _set(self, "else_line", else_line)


class While(Stmt):
    """`Пока Условие Цикл … КонецЦикла`."""

    __slots__ = ("body", "cond")

    cond: Expr
    body: Body

    def __init__(self, cond: Expr, body: Body, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "cond", cond)
        _set(self, "body", body)


class ForRange(Stmt):
    """`Для Переменная = Начало По Конец Цикл … КонецЦикла`: bounds are evaluated once, the
    variable steps by 1 while it is <= Конец."""

    __slots__ = ("body", "end", "start", "var")

    var: str
    start: Expr
    end: Expr
    body: Body

    def __init__(
        self, var: str, start: Expr, end: Expr, body: Body, *, line: int, col: int, end_line: int
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "var", var)
        _set(self, "start", start)
        _set(self, "end", end)
        _set(self, "body", body)


class ForEach(Stmt):
    """`Для Каждого Элемент Из Коллекция Цикл … КонецЦикла`."""

    __slots__ = ("body", "iterable", "var")

    var: str
    iterable: Expr
    body: Body

    def __init__(self, var: str, iterable: Expr, body: Body, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "var", var)
        _set(self, "iterable", iterable)
        _set(self, "body", body)


class Try(Stmt):
    """`Попытка … Исключение … КонецПопытки`; `handler_line` is the line of `Исключение`."""

    __slots__ = ("body", "handler", "handler_line")

    body: Body
    handler: Body
    handler_line: int

    def __init__(
        self, body: Body, handler: Body, handler_line: int, *, line: int, col: int, end_line: int
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "body", body)
        _set(self, "handler", handler)
        _set(self, "handler_line", handler_line)


class Raise(Stmt):
    """`ВызватьИсключение;` (re-raise inside a handler: message None, args ()),
    `ВызватьИсключение Выражение;` (message set, args ()), and the 8.3.21+ form
    `ВызватьИсключение(Текст, Категория, Код, Подробно, Причина);` (message = first argument,
    args = the remaining ones, missing ones None)."""

    __slots__ = ("args", "message")

    message: Expr | None
    args: Args

    def __init__(self, message: Expr | None, args: Args = (), *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "message", message)
        _set(self, "args", args)


class Return(Stmt):
    """`Возврат;` or `Возврат Выражение;`."""

    __slots__ = ("value",)

    value: Expr | None

    def __init__(self, value: Expr | None, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "value", value)


class Break(Stmt):
    """`Прервать;`"""

    __slots__ = ()

    def __init__(self, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)


class Continue(Stmt):
    """`Продолжить;`"""

    __slots__ = ()

    def __init__(self, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)


class Goto(Stmt):
    """`Перейти ~Метка;` — label without the tilde."""

    __slots__ = ("label",)

    label: str

    def __init__(self, label: str, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "label", label)


class Label(Stmt):
    """`~Метка:` — marks the position of the next statement in the same body."""

    __slots__ = ("name",)

    name: str

    def __init__(self, name: str, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "name", name)


class Execute(Stmt):
    """`Выполнить(Текст);` / `Выполнить Текст;` — the text is parsed and checked at run time only."""

    __slots__ = ("code",)

    code: Expr

    def __init__(self, code: Expr, *, line: int, col: int, end_line: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "code", code)


class AddHandler(Stmt):
    """`ДобавитьОбработчик Объект.Событие, Обработчик;` (remove=False) and
    `УдалитьОбработчик …;` (remove=True). `event` is normally a Member; `handler` a Name or Member."""

    __slots__ = ("event", "handler", "remove")

    event: Expr
    handler: Expr
    remove: bool

    def __init__(
        self, event: Expr, handler: Expr, remove: bool = False, *, line: int, col: int, end_line: int
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "event", event)
        _set(self, "handler", handler)
        _set(self, "remove", remove)


class VarName(Node):
    """One name in a `Перем` declaration."""

    __slots__ = ("export", "name")

    name: str
    export: bool

    def __init__(self, name: str, export: bool = False, *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "name", name)
        _set(self, "export", export)


class Annotation(Node):
    """`&НаСервере`, `&Перед("ИмяМетода")` …: name without `&`, args are the literal arguments."""

    __slots__ = ("args", "name")

    name: str
    args: tuple[Expr, ...]

    def __init__(self, name: str, args: tuple[Expr, ...] = (), *, line: int, col: int) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "name", name)
        _set(self, "args", args)


class VarDecl(Stmt):
    """`Перем А, Б Экспорт;` — at module level (Module.variables) or local (Method.local_vars)."""

    __slots__ = ("annotations", "names")

    names: tuple[VarName, ...]
    annotations: tuple[Annotation, ...]

    def __init__(
        self,
        names: tuple[VarName, ...],
        annotations: tuple[Annotation, ...] = (),
        *,
        line: int,
        col: int,
        end_line: int,
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "names", names)
        _set(self, "annotations", annotations)


# ---------------------------------------------------------------------------------------------------
# Methods and the module


class Param(Node):
    """A formal parameter: `Знач Имя = Значение`. `default` is a Const (or None: required);
    `annotations` are OneScript's (`&Тип("Строка") Имя`), which the platform does not have."""

    __slots__ = ("annotations", "by_value", "default", "name")

    name: str
    by_value: bool
    default: Expr | None
    annotations: tuple[Annotation, ...]

    def __init__(
        self,
        name: str,
        by_value: bool = False,
        default: Expr | None = None,
        *,
        line: int,
        col: int,
        annotations: tuple[Annotation, ...] = (),
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "name", name)
        _set(self, "by_value", by_value)
        _set(self, "default", default)
        _set(self, "annotations", annotations)


MethodKind = Literal["procedure", "function"]


class Method(Stmt):
    """`Процедура`/`Функция` with its parameters, flags, local `Перем` declarations and body.
    `line`/`col` are those of the first keyword (`Асинх`, `Процедура` or `Функция`, not the
    annotations); `name_line`/`name_col` locate the name; `end_line` is the line of КонецПроцедуры/
    КонецФункции."""

    __slots__ = (
        "annotations",
        "body",
        "export",
        "is_async",
        "kind",
        "local_vars",
        "name",
        "name_col",
        "name_line",
        "params",
    )

    name: str
    kind: MethodKind
    params: tuple[Param, ...]
    body: Body
    export: bool
    is_async: bool
    annotations: tuple[Annotation, ...]
    local_vars: tuple[VarDecl, ...]
    name_line: int
    name_col: int

    def __init__(
        self,
        name: str,
        kind: MethodKind,
        params: tuple[Param, ...],
        body: Body,
        export: bool = False,
        is_async: bool = False,
        annotations: tuple[Annotation, ...] = (),
        local_vars: tuple[VarDecl, ...] = (),
        name_line: int = 0,
        name_col: int = 0,
        *,
        line: int,
        col: int,
        end_line: int,
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "end_line", end_line)
        _set(self, "name", name)
        _set(self, "kind", kind)
        _set(self, "params", params)
        _set(self, "body", body)
        _set(self, "export", export)
        _set(self, "is_async", is_async)
        _set(self, "annotations", annotations)
        _set(self, "local_vars", local_vars)
        _set(self, "name_line", name_line)
        _set(self, "name_col", name_col)


class Module(Node):
    """A whole module: variable section, methods, then the module body (main program)."""

    __slots__ = ("body", "filename", "methods", "variables")

    variables: tuple[VarDecl, ...]
    methods: tuple[Method, ...]
    body: Body
    filename: str

    def __init__(
        self,
        variables: tuple[VarDecl, ...] = (),
        methods: tuple[Method, ...] = (),
        body: Body = (),
        filename: str = "<module>",
        *,
        line: int,
        col: int,
    ) -> None:
        _set(self, "line", line)
        _set(self, "col", col)
        _set(self, "variables", variables)
        _set(self, "methods", methods)
        _set(self, "body", body)
        _set(self, "filename", filename)


AnyNode = Expr | Stmt | Module | CondBranch | VarName | Annotation | Param
