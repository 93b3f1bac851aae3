"""The kinds of virtual tables (Остатки, Обороты …, by name in both languages) and Table, the one being
built: its parameters and the helpers that the accumulation, information (virtual_tables.py) and
accounting (virtual_accounting.py) registers' tables share. A parameter's expression is compiled by
the query's own SelectContext (Table.ctx), which scope.py supplies: this module is below it."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import (
    WRONG_FUNCTION_PARAMETERS,
    WRONG_PARAMETER,
    Position,
    QueryError,
    field_not_found,
)
from prism_desktop.platform.query.sources import DerivedColumn, DerivedSource, Source
from prism_desktop.platform.query.values import Boundary
from prism_desktop.platform.query.virtual_periods import (
    ADDITION_METHODS,
    MOVEMENTS,
    PERIODICITIES,
)
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.schema import EMPTY_DATE_SQL
from prism_desktop.platform.types import DATE_TYPE

if TYPE_CHECKING:
    from prism_desktop.platform.query.scope import SelectContext

BALANCE: Final = "Остатки"
TURNOVERS: Final = "Обороты"
BALANCE_AND_TURNOVERS: Final = "ОстаткиИОбороты"
SLICE_LAST: Final = "СрезПоследних"
SLICE_FIRST: Final = "СрезПервых"
DRCR_TURNOVERS: Final = "ОборотыДтКт"
RECORDS_WITH_SUBCONTO: Final = "ДвиженияССубконто"
VIRTUAL_TABLES: Final[dict[str, str]] = {
    "остатки": BALANCE,
    "balance": BALANCE,
    "обороты": TURNOVERS,
    "turnovers": TURNOVERS,
    "остаткииобороты": BALANCE_AND_TURNOVERS,
    "balanceandturnovers": BALANCE_AND_TURNOVERS,
    "срезпоследних": SLICE_LAST,
    "slicelast": SLICE_LAST,
    "срезпервых": SLICE_FIRST,
    "slicefirst": SLICE_FIRST,
    "оборотыдткт": DRCR_TURNOVERS,
    "drcrturnovers": DRCR_TURNOVERS,
    "движенияссубконто": RECORDS_WITH_SUBCONTO,
    "recordswithextdimensions": RECORDS_WITH_SUBCONTO,
}

class Table:
    """One virtual table being built: its parameters and the helpers its kinds share."""

    def __init__(
        self, ctx: SelectContext, register: md.Register, name: str, params: list[A.Expr | None], pos: Position
    ):
        self.ctx = ctx
        self.tr = ctx.tr
        self.register = register
        self.name = name
        self.params = params
        self.pos = pos
        self.tables: set[str] = {register.table}

    def arg(self, index: int) -> A.Expr | None:
        return self.params[index] if index < len(self.params) else None

    def wrong(self, node: A.Expr | None) -> QueryError:
        """1C's error for a parameter of the wrong kind, at the parameter; it names the table in full
        (`Неверные параметры "РегистрБухгалтерии.Хозрасчетный.Обороты"` in PRISM's published logs)."""
        return QueryError(
            WRONG_FUNCTION_PARAMETERS.format(f"{self.register.full_name}.{self.name}"),
            node.pos if node is not None else self.pos,
        )

    def _date(self, index: int) -> tuple[str, bool | None] | None:
        """A date parameter's SQL and, for a Граница, its inclusion (None: omitted or Неопределено)."""
        node = self.arg(index)
        if node is None:
            return None
        inclusive: bool | None = None
        if isinstance(node, A.Param):
            value = self.tr.param_value(node.name, node.pos)
            if isinstance(value, Boundary):
                inclusive = value.inclusive
            elif value is None:
                return None
            elif not isinstance(value, _dt.datetime):
                raise QueryError(WRONG_PARAMETER.format(node.name), node.pos)
        expr = self.ctx.standalone().expression(node)
        if expr.types and any(t != DATE_TYPE for t in expr.types):
            raise self.wrong(node)
        return expr.sql, inclusive

    def bound(self, index: int, column_sql: str, lower: bool, inclusive: bool) -> str | None:
        """A period bound: Период >= / > / <= / < the parameter (no bound when omitted or empty)."""
        date = self._date(index)
        if date is None:
            return None
        v, given = date
        if given is not None:
            inclusive = given
        op = (">=" if inclusive else ">") if lower else ("<=" if inclusive else "<")
        return f"({v} IS NULL OR {v} = '{EMPTY_DATE_SQL}' OR {column_sql} {op} {v})"

    def moment(self, index: int) -> str | None:
        """The SQL of a date parameter's value, NULL when it is the empty date (None when omitted)."""
        date = self._date(index)
        return None if date is None else f"NULLIF({date[0]}, '{EMPTY_DATE_SQL}')"

    def periodicity(self, index: int) -> str | None:
        node = self.arg(index)
        return None if node is None else self.word(node, PERIODICITIES)

    def addition(self, index: int) -> str:
        """МетодДополнения: Движения (the default) or ДвиженияИГраницыПериода, given as an identifier."""
        node = self.arg(index)
        return MOVEMENTS if node is None else self.word(node, ADDITION_METHODS) or MOVEMENTS

    def word(self, node: A.Expr, words: Mapping[str, str | None]) -> str | None:
        """A parameter given as one of a set of identifiers (Месяц, Движения …)."""
        if isinstance(node, A.FieldPath) and len(node.parts) == 1 and md.norm(node.parts[0]) in words:
            return words[md.norm(node.parts[0])]
        raise self.wrong(node)

    def count(self, index: int) -> int | None:
        """A number of rows (Первые): a non-negative whole number, literal or parameter."""
        node = self.arg(index)
        if node is None:
            return None
        if isinstance(node, A.Param):
            value = self.tr.param_value(node.name, node.pos)
            error = QueryError(WRONG_PARAMETER.format(node.name), node.pos)
        elif isinstance(node, A.Literal) and not node.is_null:
            value, error = node.value, self.wrong(node)
        else:
            raise self.wrong(node)
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, Decimal))
            or value < 0
            or value != int(value)
        ):
            raise error
        return int(value)

    def ordering(self, index: int, columns: Sequence[DerivedColumn]) -> DerivedColumn | None:
        """Порядок: one field of the table (None when omitted)."""
        node = self.arg(index)
        if node is None:
            return None
        if not isinstance(node, A.FieldPath) or len(node.parts) != 1:
            raise self.wrong(node)
        column = next((c for c in columns if md.norm(c.name) == md.norm(node.parts[0])), None)
        if column is None:
            raise field_not_found(node.text, node.pos)
        return column

    def condition(self, source: Source, *indexes: int) -> tuple[str, list[str]]:
        """The FROM text over `source` (with the joins the conditions need) and the WHERE parts."""
        nested = self.ctx.over_source(source)
        parts = [nested.boolean(node) for node in map(self.arg, indexes) if node is not None]
        self.tables |= nested.tables()
        return nested.from_clause(), parts

    def kinds(self, index: int) -> list[str] | None:
        """The Субконто parameter: the SQL of each listed kind of subconto (None when omitted)."""
        node = self.arg(index)
        if node is None:
            return None
        if isinstance(node, A.Param):
            value = self.tr.param_value(node.name, node.pos)
            values = value if isinstance(value, (list, tuple)) else [value]
            if not all(isinstance(v, RefKey) for v in values):
                raise QueryError(WRONG_PARAMETER.format(node.name), node.pos)
            return [self.tr.bind(v) for v in values]
        return [self.ctx.standalone().expression(node).sql]

    def done(
        self, alias: str, sql_alias: str, columns: list[DerivedColumn], build: Callable[[set[str]], str]
    ) -> DerivedSource:
        return DerivedSource(alias, sql_alias, columns, build, self.tables)
