"""The syntax tree of a query batch. Every node keeps the position 1C reports errors at."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from prism_desktop.platform.query.errors import Position

# --- expressions ---------------------------------------------------------------------------------


@dataclass(eq=False)
class Expr:
    pos: Position


@dataclass(eq=False)
class Literal(Expr):
    """A number (int/Decimal), a string, a boolean, Неопределено (None) or NULL (`is_null`)."""

    value: Any
    is_null: bool = False


@dataclass(eq=False)
class Param(Expr):
    name: str


@dataclass(eq=False)
class FieldPath(Expr):
    """`Т.Товар.Наименование`: dotted names, resolved against the sources in scope."""

    parts: list[str]

    @property
    def text(self) -> str:
        return ".".join(self.parts)


@dataclass(eq=False)
class Unary(Expr):
    op: str  # "-", "НЕ"
    operand: Expr


@dataclass(eq=False)
class Binary(Expr):
    op: str  # + - * / = <> < > <= >= И ИЛИ
    left: Expr
    right: Expr


@dataclass(eq=False)
class InList(Expr):
    """`x В (a, b)`, `x В (&Список)`, `x В (ВЫБРАТЬ …)`, `(x, y) В (ВЫБРАТЬ …)`, with ИЕРАРХИИ."""

    operands: list[Expr]
    values: list[Expr]
    subquery: SelectQuery | None
    hierarchy: bool = False
    negated: bool = False


@dataclass(eq=False)
class Between(Expr):
    operand: Expr
    low: Expr
    high: Expr
    negated: bool = False


@dataclass(eq=False)
class Like(Expr):
    operand: Expr
    pattern: Expr
    escape: Expr | None = None
    negated: bool = False


@dataclass(eq=False)
class IsNull(Expr):
    operand: Expr
    negated: bool = False


@dataclass(eq=False)
class Refs(Expr):
    """`x ССЫЛКА Справочник.Товары`."""

    operand: Expr
    table: str
    negated: bool = False


@dataclass(eq=False)
class Case(Expr):
    operand: Expr | None
    whens: list[tuple[Expr, Expr]]
    otherwise: Expr | None


@dataclass(eq=False)
class Call(Expr):
    """A function or aggregate: `СУММА(x)`, `КОЛИЧЕСТВО(РАЗЛИЧНЫЕ x)`, `КОЛИЧЕСТВО(*)`, `ГОД(d)`.
    A period word argument (НАЧАЛОПЕРИОДА(д, МЕСЯЦ)) is a one-part FieldPath."""

    name: str
    args: list[Expr]
    distinct: bool = False
    star: bool = False


@dataclass(eq=False)
class Cast(Expr):
    """`ВЫРАЗИТЬ(x КАК Число(15, 2))` / `КАК Строка(50)` / `КАК Справочник.Товары`."""

    operand: Expr
    type_name: str
    qualifiers: list[int] = field(default_factory=list)


@dataclass(eq=False)
class ValueOf(Expr):
    """`ЗНАЧЕНИЕ(Перечисление.Виды.Опт)`, `ЗНАЧЕНИЕ(Справочник.Товары.ПустаяСсылка)`."""

    path: str


@dataclass(eq=False)
class TypeOf(Expr):
    """`ТИП(Справочник.Товары)` (compared with ТИПЗНАЧЕНИЯ(x))."""

    type_name: str


@dataclass(eq=False)
class TupleExpr(Expr):
    """`(a, b)`: valid only as the left side of В (a row compared with a subquery's rows)."""

    items: list[Expr]


@dataclass(eq=False)
class NestedTable(Expr):
    """A nested-table field of the select list: `Д.Товары.(Товар, Количество КАК Кол)`, `Д.Товары.*`
    or a bare `Д.Товары`; `fields` is None when every field of the table is taken."""

    path: FieldPath
    fields: list[SelectField] | None = None


# --- sources -------------------------------------------------------------------------------------


@dataclass(eq=False)
class TableSource:
    """`Справочник.Товары`, `Документ.Приход.Товары`, `РегистрНакопления.Остатки.Остатки(&Д, …)`,
    a temporary table `ВТ`, or a parameter table `&Таблица` (parts == ["&Таблица"])."""

    parts: list[str]
    params: list[Expr | None] | None
    alias: str | None
    pos: Position

    @property
    def name(self) -> str:
        return ".".join(self.parts)


@dataclass(eq=False)
class SubquerySource:
    query: SelectQuery
    alias: str | None
    pos: Position


@dataclass(eq=False)
class Join:
    kind: str  # "LEFT" "RIGHT" "INNER" "FULL"
    source: TableSource | SubquerySource
    on: Expr
    pos: Position


@dataclass(eq=False)
class FromItem:
    """One comma-separated item of ИЗ: a source and the joins chained onto it."""

    source: TableSource | SubquerySource
    joins: list[Join] = field(default_factory=list)


# --- queries -------------------------------------------------------------------------------------


@dataclass(eq=False)
class SelectField:
    expr: Expr | None  # None: `*` (or `Т.*` with star_alias)
    alias: str | None
    pos: Position
    star_alias: str | None = None


@dataclass(eq=False)
class OrderItem:
    expr: Expr
    descending: bool
    pos: Position


@dataclass(eq=False)
class TotalsSpec:
    """ИТОГИ [агрегаты] ПО [ОБЩИЕ,] группировки."""

    aggregates: list[SelectField]
    overall: bool
    groupings: list[tuple[Expr, str | None]]  # expression, alias
    pos: Position
    # grouping index -> ТОЛЬКО: a grouping with ИЕРАРХИЯ (True when ТОЛЬКО ИЕРАРХИЯ)
    hierarchy: dict[int, bool] = field(default_factory=dict)


@dataclass(eq=False)
class SelectQuery:
    pos: Position
    fields: list[SelectField]
    sources: list[FromItem]
    allowed: bool = False
    distinct: bool = False
    top: int | None = None
    into: str | None = None
    into_pos: Position | None = None
    where: Expr | None = None
    group_by: list[Expr] = field(default_factory=list)
    having: Expr | None = None
    # the whole UNION chain's tail and clauses (only on the head query)
    unions: list[tuple[bool, SelectQuery]] = field(default_factory=list)  # (ВСЕ, query)
    order_by: list[OrderItem] = field(default_factory=list)
    totals: TotalsSpec | None = None
    index_by: list[Expr] = field(default_factory=list)


@dataclass(eq=False)
class DropTable:
    name: str
    pos: Position


Statement = SelectQuery | DropTable


@dataclass
class Batch:
    statements: list[Statement]


def subexpressions(expr: Expr) -> Iterator[Expr]:
    """Every expression nested in `expr` (not `expr` itself, not inside nested queries), depth first."""
    for name in expr.__dataclass_fields__:
        value = getattr(expr, name)
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, tuple):  # Case.whens
                for part in item:
                    if isinstance(part, Expr):
                        yield part
                        yield from subexpressions(part)
            elif isinstance(item, Expr):
                yield item
                yield from subexpressions(item)
