"""The syntax tree of a BSL module: what the parser produces and the compiler consumes.

Contract (kept stable; the executor compiles these nodes to Python):
- Every node is a frozen, slotted dataclass. Every node has `line` and `col` (1-based, the position of
  its first token); every statement also has `end_line` (the line of its last token). These three are
  keyword-only, so positional construction/matching covers the node's own fields only.
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

from dataclasses import dataclass
from typing import Literal

# ---------------------------------------------------------------------------------------------------
# Bases


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    """Any tree node: 1-based position of its first token."""

    line: int
    col: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Expr(Node):
    """Any expression."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stmt(Node):
    """Any statement; `end_line` is the line of its last token (the `;` is not part of it)."""

    end_line: int


Body = tuple[Stmt, ...]
Args = tuple["Expr | None", ...]

# ---------------------------------------------------------------------------------------------------
# Expressions

ConstKind = Literal["number", "string", "date", "boolean", "undefined", "null"]


@dataclass(frozen=True, slots=True)
class Const(Expr):
    """A literal: 12, 3.5, "текст", '20240131', Истина/Ложь, Неопределено, NULL.
    `value` follows values/base.py (see module doc); a negative default value of a parameter
    (`Знач П = -1`) is a Const with a negative value."""

    value: object
    kind: ConstKind


@dataclass(frozen=True, slots=True)
class Name(Expr):
    """A bare identifier used as a value: a local/module variable, a parameter or a global-context
    property (Символы, Метаданные, Справочники …)."""

    name: str


@dataclass(frozen=True, slots=True)
class Call(Expr):
    """A call of a bare name: a method of this module or a global-context function, `Имя(арг, …)`."""

    name: str
    args: Args


@dataclass(frozen=True, slots=True)
class MethodCall(Expr):
    """A method call on a value: `Объект.Метод(арг, …)`."""

    obj: Expr
    name: str
    args: Args


@dataclass(frozen=True, slots=True)
class Member(Expr):
    """A property read (or assignment target): `Объект.Свойство`."""

    obj: Expr
    name: str


@dataclass(frozen=True, slots=True)
class Index(Expr):
    """An indexer (or assignment target): `Объект[Ключ]`."""

    obj: Expr
    index: Expr


@dataclass(frozen=True, slots=True)
class Unary(Expr):
    """`-x`, `+x`, `НЕ x` (op: "-", "+", "not")."""

    op: str
    operand: Expr


@dataclass(frozen=True, slots=True)
class Binary(Expr):
    """Arithmetic, comparison and logical operators (op: + - * / % = <> < > <= >= and or).
    `and`/`or` short-circuit at run time, as in 1C."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Ternary(Expr):
    """`?(Условие, ЕслиИстина, ЕслиЛожь)`: only the chosen branch is evaluated."""

    cond: Expr
    then: Expr
    otherwise: Expr


@dataclass(frozen=True, slots=True)
class New(Expr):
    """Object construction.
    - `Новый Массив(3)` / `Новый Структура`: type_name="Массив", args=(…) / (), type_expr=None.
    - `Новый("Массив", Параметры)`: type_name=None, type_expr=<the type expression>, args holds the
      remaining arguments (the platform expects at most one: an array of constructor parameters)."""

    type_name: str | None
    args: Args
    type_expr: Expr | None = None


@dataclass(frozen=True, slots=True)
class Await(Expr):
    """`Ждать Выражение` inside an `Асинх` method."""

    operand: Expr


# ---------------------------------------------------------------------------------------------------
# Statements


@dataclass(frozen=True, slots=True)
class Assign(Stmt):
    """`Цель = Значение;` — target is a Name, Member or Index."""

    target: Expr
    value: Expr


@dataclass(frozen=True, slots=True)
class CallStmt(Stmt):
    """A call used as a statement; `call` is a Call, a MethodCall, or an Await of an expression
    (`Ждать Метод();`). The result is discarded."""

    call: Expr


@dataclass(frozen=True, slots=True)
class CondBranch(Node):
    """One `Если`/`ИначеЕсли` arm: its position is that of the keyword."""

    cond: Expr
    body: Body


@dataclass(frozen=True, slots=True)
class If(Stmt):
    """`Если … Тогда … ИначеЕсли … Иначе … КонецЕсли`: branches[0] is the `Если` arm; `else_body`
    is None when there is no `Иначе`, () when it is empty; `else_line` is the line of `Иначе`."""

    branches: tuple[CondBranch, ...]
    else_body: Body | None = None
    else_line: int | None = None


@dataclass(frozen=True, slots=True)
class While(Stmt):
    """`Пока Условие Цикл … КонецЦикла`."""

    cond: Expr
    body: Body


@dataclass(frozen=True, slots=True)
class ForRange(Stmt):
    """`Для Переменная = Начало По Конец Цикл … КонецЦикла`: bounds are evaluated once, the
    variable steps by 1 while it is <= Конец."""

    var: str
    start: Expr
    end: Expr
    body: Body


@dataclass(frozen=True, slots=True)
class ForEach(Stmt):
    """`Для Каждого Элемент Из Коллекция Цикл … КонецЦикла`."""

    var: str
    iterable: Expr
    body: Body


@dataclass(frozen=True, slots=True)
class Try(Stmt):
    """`Попытка … Исключение … КонецПопытки`; `handler_line` is the line of `Исключение`."""

    body: Body
    handler: Body
    handler_line: int


@dataclass(frozen=True, slots=True)
class Raise(Stmt):
    """`ВызватьИсключение;` (re-raise inside a handler: message None, args ()),
    `ВызватьИсключение Выражение;` (message set, args ()), and the 8.3.21+ form
    `ВызватьИсключение(Текст, Категория, Код, Подробно, Причина);` (message = first argument,
    args = the remaining ones, missing ones None)."""

    message: Expr | None
    args: Args = ()


@dataclass(frozen=True, slots=True)
class Return(Stmt):
    """`Возврат;` or `Возврат Выражение;`."""

    value: Expr | None


@dataclass(frozen=True, slots=True)
class Break(Stmt):
    """`Прервать;`"""


@dataclass(frozen=True, slots=True)
class Continue(Stmt):
    """`Продолжить;`"""


@dataclass(frozen=True, slots=True)
class Goto(Stmt):
    """`Перейти ~Метка;` — label without the tilde."""

    label: str


@dataclass(frozen=True, slots=True)
class Label(Stmt):
    """`~Метка:` — marks the position of the next statement in the same body."""

    name: str


@dataclass(frozen=True, slots=True)
class Execute(Stmt):
    """`Выполнить(Текст);` / `Выполнить Текст;` — the text is parsed and checked at run time only."""

    code: Expr


@dataclass(frozen=True, slots=True)
class AddHandler(Stmt):
    """`ДобавитьОбработчик Объект.Событие, Обработчик;` (remove=False) and
    `УдалитьОбработчик …;` (remove=True). `event` is normally a Member; `handler` a Name or Member."""

    event: Expr
    handler: Expr
    remove: bool = False


@dataclass(frozen=True, slots=True)
class VarName(Node):
    """One name in a `Перем` declaration."""

    name: str
    export: bool = False


@dataclass(frozen=True, slots=True)
class Annotation(Node):
    """`&НаСервере`, `&Перед("ИмяМетода")` …: name without `&`, args are the literal arguments."""

    name: str
    args: tuple[Expr, ...] = ()


@dataclass(frozen=True, slots=True)
class VarDecl(Stmt):
    """`Перем А, Б Экспорт;` — at module level (Module.variables) or local (Method.local_vars)."""

    names: tuple[VarName, ...]
    annotations: tuple[Annotation, ...] = ()


# ---------------------------------------------------------------------------------------------------
# Methods and the module


@dataclass(frozen=True, slots=True)
class Param(Node):
    """A formal parameter: `Знач Имя = Значение`. `default` is a Const (or None: required)."""

    name: str
    by_value: bool = False
    default: Expr | None = None


MethodKind = Literal["procedure", "function"]


@dataclass(frozen=True, slots=True)
class Method(Stmt):
    """`Процедура`/`Функция` with its parameters, flags, local `Перем` declarations and body.
    `line`/`col` are those of the first keyword (`Асинх`, `Процедура` or `Функция`, not the
    annotations); `name_line`/`name_col` locate the name; `end_line` is the line of КонецПроцедуры/
    КонецФункции."""

    name: str
    kind: MethodKind
    params: tuple[Param, ...]
    body: Body
    export: bool = False
    is_async: bool = False
    annotations: tuple[Annotation, ...] = ()
    local_vars: tuple[VarDecl, ...] = ()
    name_line: int = 0
    name_col: int = 0


@dataclass(frozen=True, slots=True)
class Module(Node):
    """A whole module: variable section, methods, then the module body (main program)."""

    variables: tuple[VarDecl, ...] = ()
    methods: tuple[Method, ...] = ()
    body: Body = ()
    filename: str = "<module>"


AnyNode = Expr | Stmt | Module | CondBranch | VarName | Annotation | Param
