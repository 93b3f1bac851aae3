"""Virtual tables of registers, computed from the movement tables (schema.py keeps no totals).
The accounting registers' tables live in virtual_accounting.py; this module holds what they share.

Accumulation registers
  Остатки(Период, Условие)       Σ(Приход − Расход) over active movements with Период < Период (the
                                  boundary is EXCLUDED: 1C computes balances "at the start" of the
                                  moment; a Граница with ВидГраницы.Включая includes it). Rows whose
                                  balances are all zero are omitted.
  Обороты(Начало, Конец, Периодичность, Условие)   Начало ≤ Период ≤ Конец (both included);
                                  <Рес>Приход, <Рес>Расход, <Рес>Оборот (turnover registers: Оборот).
  ОстаткиИОбороты(Начало, Конец, Периодичность, МетодДополнения, Условие)
                                  <Рес>НачальныйОстаток, Приход, Расход, Оборот, КонечныйОстаток.
Information registers
  СрезПоследних(Период, Условие)  per dimension combination the record with the greatest Период ≤
                                  Период (included); СрезПервых: the smallest Период ≥ Период.
                                  The condition is applied before the slice, as in 1C.

ОстаткиИОбороты with a periodicity (balance_periods below; the accounting one works the same way):
  one row per key and period; the periods are Секунда … Год (Период = the start of the period),
  Регистратор (one row per Период and recorder), Запись (per movement: Период, Регистратор,
  НомерСтроки) or Авто (the finest period field the query uses: НомерСтроки → Запись, Регистратор →
  Регистратор, <Единица>Период → that unit, Период → Запись; none → Период). НачальныйОстаток is
  the balance at the start of the row's period (at Начало for the first one), КонечныйОстаток the
  balance at its end (at Конец for the last one), the turnovers those within [Начало, Конец].
  МетодДополнения (Движения / RegisterRecords, the default; ДвиженияИГраницыПериода /
  RegisterRecordsAndPeriodBoundaries; only meaningful with a periodicity):
    Движения                 rows only for periods with movements; a key that has a balance at
                             Начало but no movement in the interval gets one row, for the period
                             holding Начало, with zero turnovers;
    ДвиженияИГраницыПериода  besides, every key gets a row for the period holding Начало and one
                             for the period holding Конец (for Регистратор / Запись: rows at the
                             moments Начало and Конец with an empty recorder).
  Rows whose values are all zero are omitted. With Период, one row per key for the interval.

As in 1C, a virtual table is grouped only by the dimensions the query uses (its period rows are
always kept apart); an empty date or an omitted parameter means "no bound". A wrong parameter gives
1C's 'Неверные параметры "<Таблица>"' at the parameter.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query import dates
from prism_desktop.platform.query.errors import (
    WRONG_FUNCTION_PARAMETERS,
    WRONG_PARAMETER,
    Position,
    QueryError,
    field_not_found,
    table_not_found,
)
from prism_desktop.platform.query.sources import DerivedColumn, DerivedSource, Source, TableSource
from prism_desktop.platform.query.values import UNDEFINED, Boundary, Types
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.schema import EMPTY_DATE_SQL, quote
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
RECORD: Final = "RECORD"
RECORDER: Final = "RECORDER"
AUTO: Final = "AUTO"
_PERIODICITY: Final[dict[str, str | None]] = {
    "период": None,
    "period": None,
    "запись": RECORD,
    "record": RECORD,
    "регистратор": RECORDER,
    "recorder": RECORDER,
    "авто": AUTO,
    "auto": AUTO,
    **dates.UNITS,
}
MOVEMENTS: Final = "Движения"
BOUNDARIES: Final = "ДвиженияИГраницыПериода"
_ADDITION: Final[dict[str, str]] = {
    "движения": MOVEMENTS,
    "registerrecords": MOVEMENTS,
    "движенияиграницыпериода": BOUNDARIES,
    "registerrecordsandperiodboundaries": BOUNDARIES,
}
# the period fields, finest first (Авто picks the first one the query uses)
_PERIOD_FIELDS: Final[dict[str, str]] = {
    "СекундаПериод": dates.SECOND,
    "МинутаПериод": dates.MINUTE,
    "ЧасПериод": dates.HOUR,
    "ДеньПериод": dates.DAY,
    "НеделяПериод": dates.WEEK,
    "ДекадаПериод": dates.DECADE,
    "МесяцПериод": dates.MONTH,
    "КварталПериод": dates.QUARTER,
    "ПолугодиеПериод": dates.HALFYEAR,
    "ГодПериод": dates.YEAR,
}
_ARITY: Final[dict[tuple[str, str], int]] = {
    (md.ACCUMULATION_REGISTER, BALANCE): 2,
    (md.ACCUMULATION_REGISTER, TURNOVERS): 4,
    (md.ACCUMULATION_REGISTER, BALANCE_AND_TURNOVERS): 5,
    (md.INFORMATION_REGISTER, SLICE_LAST): 2,
    (md.INFORMATION_REGISTER, SLICE_FIRST): 2,
    (md.ACCOUNTING_REGISTER, BALANCE): 4,
    (md.ACCOUNTING_REGISTER, TURNOVERS): 8,
    (md.ACCOUNTING_REGISTER, BALANCE_AND_TURNOVERS): 7,
    (md.ACCOUNTING_REGISTER, DRCR_TURNOVERS): 8,
    (md.ACCOUNTING_REGISTER, RECORDS_WITH_SUBCONTO): 5,
}


def q(name: str) -> str:
    return quote(name)


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
        """1C's error for a parameter of the wrong kind, at the parameter."""
        return QueryError(
            WRONG_FUNCTION_PARAMETERS.format(self.name), node.pos if node is not None else self.pos
        )

    def _date(self, index: int) -> tuple[str, bool | None] | None:
        """A date parameter's SQL and, for a Граница, its inclusion (None: omitted or Неопределено)."""
        from prism_desktop.platform.query.scope import SelectContext

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
        expr = SelectContext(self.tr).expression(node)
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
        if node is None:
            return None
        if isinstance(node, A.FieldPath) and len(node.parts) == 1 and md.norm(node.parts[0]) in _PERIODICITY:
            return _PERIODICITY[md.norm(node.parts[0])]
        raise self.wrong(node)

    def addition(self, index: int) -> str:
        """МетодДополнения: Движения (the default) or ДвиженияИГраницыПериода, given as an identifier."""
        node = self.arg(index)
        if node is None:
            return MOVEMENTS
        if isinstance(node, A.FieldPath) and len(node.parts) == 1 and md.norm(node.parts[0]) in _ADDITION:
            return _ADDITION[md.norm(node.parts[0])]
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
        from prism_desktop.platform.query.scope import SelectContext

        nested = SelectContext.over(self.tr, source)
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
        from prism_desktop.platform.query.scope import SelectContext

        return [SelectContext(self.tr).expression(node).sql]

    def done(
        self, alias: str, sql_alias: str, columns: list[DerivedColumn], build: Callable[[set[str]], str]
    ) -> DerivedSource:
        return DerivedSource(alias, sql_alias, columns, build, self.tables)


def types_of(f: md.Field) -> Types:
    return (*f.type.types, UNDEFINED) if f.type.is_composite else f.type.types


def field_column(f: md.Field, name: str | None = None) -> DerivedColumn:
    name = name or f.name
    return DerivedColumn(name, name, types_of(f), name + "_t" if f.type.is_composite else None)


def select(column: DerivedColumn, value_sql: str, tag_sql: str | None) -> list[str]:
    items = [f"{value_sql} AS {q(column.column)}"]
    if column.tag_column is not None:
        items.append(f"{tag_sql or 'NULL'} AS {q(column.tag_column)}")
    return items


def fsql(alias_sql: str, f: md.Field) -> tuple[str, str | None]:
    """A physical field's value and tag SQL under a table alias."""
    tag = f"{alias_sql}.{q(f.tag_column)}" if f.tag_column else None
    return f"{alias_sql}.{q(f.column)}", tag


def names(column: DerivedColumn) -> list[str]:
    """The SQL column names of a column: its value and, for several types, its tag."""
    return [column.column] + ([column.tag_column] if column.tag_column else [])


def key(column: DerivedColumn, value_sql: str, tag_sql: str | None) -> tuple[list[str], list[str]]:
    """Select items and GROUP BY expressions of a grouping column (grouping by the expressions: an
    output alias equal to a source column name would group by the source column in SQLite)."""
    groups = [value_sql] + ([tag_sql] if column.tag_column is not None and tag_sql else [])
    return select(column, value_sql, tag_sql), groups


def used_columns(columns: Sequence[DerivedColumn], used: set[str]) -> list[DerivedColumn]:
    return [c for c in columns if md.norm(c.name) in used]


def nonzero(columns: Sequence[tuple[str, md.Field]]) -> str:
    """A test that some of the named resource values is not zero (rounded to the resource's
    precision, so that float residues of REAL sums count as zero)."""
    tests = []
    for name, res in columns:
        precision = max((t.precision for t in res.type.types), default=0)
        tests.append(f"ROUND({q(name)}, {precision}) <> 0")
    return " OR ".join(tests) if tests else "1"


def make_virtual_table(
    ctx: SelectContext,
    register: md.Register,
    name: str,
    params: list[A.Expr | None],
    alias: str,
    sql_alias: str,
    pos: Position,
) -> DerivedSource:
    kind = VIRTUAL_TABLES[md.norm(name)]
    arity = _ARITY.get((register.kind, kind))
    if (
        arity is None
        or (
            isinstance(register, md.AccumulationRegister)
            and not register.is_balance
            and kind in (BALANCE, BALANCE_AND_TURNOVERS)
        )
        or (isinstance(register, md.InformationRegister) and not register.is_periodic)
    ):
        raise table_not_found(f"{register.full_name}.{name}", pos)
    if len(params) > arity:
        raise QueryError(WRONG_FUNCTION_PARAMETERS.format(kind), pos)
    table = Table(ctx, register, kind, params, pos)
    if isinstance(register, md.AccumulationRegister):
        if kind == BALANCE_AND_TURNOVERS:
            return _accumulation_periods(table, register, alias, sql_alias)
        return _accumulation(table, register, kind, alias, sql_alias)
    if isinstance(register, md.InformationRegister):
        return _slice(table, register, kind == SLICE_LAST, alias, sql_alias)
    assert isinstance(register, md.AccountingRegister)
    # imported here: the accounting module builds on this one
    from prism_desktop.platform.query.virtual_accounting import accounting_table

    return accounting_table(table, register, kind, alias, sql_alias)


# --- periods ---------------------------------------------------------------------------------


def grouping_keys(
    used: set[str],
    field_columns: list[tuple[DerivedColumn, md.Field]],
    periods: list[tuple[DerivedColumn, str | None]],
    alias_sql: str,
    phys_alias: str,
) -> tuple[list[str], list[str]]:
    """Select items and GROUP BY expressions of the used grouping columns of a turnovers table:
    register fields under `alias_sql` first, then the period fields."""
    items: list[str] = []
    groups: list[str] = []
    for column, f in field_columns:
        if md.norm(column.name) in used:
            selected, grouped = key(column, *fsql(alias_sql, f))
            items += selected
            groups += grouped
    for column, unit in periods:
        if md.norm(column.name) in used:
            selected, grouped = key(column, *period_value(unit, phys_alias, column))
            items += selected
            groups += grouped
    return items, groups


def period_columns(periodicity: str | None, register: md.Register) -> list[tuple[DerivedColumn, str | None]]:
    """Period fields of Обороты/ОстаткиИОбороты: (column, unit or the marker of Регистратор/НомерСтроки)."""
    if periodicity is None:
        return []
    date_types: Types = (DATE_TYPE,)
    columns: list[tuple[DerivedColumn, str | None]] = [
        (DerivedColumn("Период", "Период", date_types), periodicity)
    ]
    columns += [(DerivedColumn(n, n, date_types), unit) for n, unit in _PERIOD_FIELDS.items()]
    recorder = register.field("Регистратор")
    if periodicity in (RECORD, RECORDER, AUTO) and recorder is not None:
        columns.append((field_column(recorder), RECORDER))
    if periodicity in (RECORD, AUTO):
        line = register.field("НомерСтроки")
        if line is not None:
            columns.append((field_column(line), RECORD))
    return columns


def period_value(unit: str | None, alias: str, column: DerivedColumn) -> tuple[str, str | None]:
    if unit == RECORDER:
        tag = f"{q(alias)}.{q('Регистратор_t')}" if column.tag_column else None
        return f"{q(alias)}.{q('Регистратор')}", tag
    if unit == RECORD:
        return f"{q(alias)}.{q(column.name)}", None
    if unit in (None, AUTO):
        return f"{q(alias)}.{q('Период')}", None
    return f"q1c_begin({q(alias)}.{q('Период')}, '{unit}')", None


def effective_periodicity(declared: str | None, used: set[str]) -> str | None:
    """Авто resolved by the period fields the query uses (finest first); others as declared."""
    if declared != AUTO:
        return declared
    if "номерстроки" in used:
        return RECORD
    if "регистратор" in used:
        return RECORDER
    unit = next((u for n, u in _PERIOD_FIELDS.items() if md.norm(n) in used), None)
    if unit is not None:
        return unit
    return RECORD if "период" in used else None


def period_outputs(
    periods: list[tuple[DerivedColumn, str | None]], effective: str | None, used: set[str], alias: str
) -> list[str]:
    """Select items of the used period fields of a balance_periods row under `alias`."""
    items: list[str] = []
    w = q(alias)
    for column, unit in periods:
        if md.norm(column.name) not in used:
            continue
        if unit in (RECORDER, RECORD):
            present = effective == RECORD or (unit == RECORDER and effective == RECORDER)
            value = f"{w}.{q(column.column)}" if present else "NULL"
            tag = f"{w}.{q(column.tag_column)}" if present and column.tag_column else None
            items += select(column, value, tag)
        elif effective is None:
            items += select(column, "NULL", None)
        elif column.name == "Период":
            items += select(column, f"{w}.{q('Период')}", None)
        else:
            items += select(column, f"q1c_begin({w}.{q('Период')}, '{unit}')", None)
    return items


@dataclass(frozen=True)
class PeriodRows:
    """The input of balance_periods.

    rows_sql     the movements up to Конец after the conditions: the `detail` key columns, Период,
                 Регистратор (and its tag when `recorder` has several types), НомерСтроки, i_ (1 for
                 a movement at or after Начало, else 0) and, per resource j, a<j>_ (the amount that
                 increases the balance: Приход, Дт) and b<j>_ (the amount that decreases it: Расход,
                 Кт)
    detail       the key columns the balances are computed per
    used         the key columns the result is completed per (a subset of `detail`): each detail key
                 gets a row for every period of its `used` key, so that sums over a `used` key are
                 balances of that key
    start, end   the SQL dates of Начало and Конец (NULL when empty; None when omitted)
    """

    rows_sql: str
    detail: list[DerivedColumn]
    used: list[DerivedColumn]
    resources: int
    periodicity: str | None
    addition: str
    start: str | None
    end: str | None
    recorder: md.Field | None


def period_key(periodicity: str | None, recorder: md.Field | None) -> list[str]:
    """The columns of a balance_periods row that identify its period."""
    if periodicity is None:
        return []
    if periodicity not in (RECORD, RECORDER):
        return ["Период"]
    tagged = recorder is not None and recorder.tag_column is not None
    key = ["Период", *(["Регистратор_t"] if tagged else []), "Регистратор"]
    return key + (["НомерСтроки"] if periodicity == RECORD else [])


def balance_periods(prefix: str, spec: PeriodRows) -> str:
    """The SELECT of balances and turnovers per detail key and period: the detail key columns, the
    period key (Период; with Регистратор / Запись also Регистратор and НомерСтроки), s_ (1 for the
    closing boundary row of Регистратор / Запись), and per resource j: a<j>_, b<j>_ (the turnovers),
    n<j>_ (the opening balance) and e<j>_ (the closing balance).

    Movements before Начало are summed into one opening row per key (o_ = 1); the others into a row
    per key and period; the periods each key gets are completed (МетодДополнения, module docstring);
    a running sum per key in period order gives the closing balance of each row."""
    g, u, c, m = (q(prefix + x) for x in ("g", "u", "c", "m"))
    detail = [q(n) for col in spec.detail for n in names(col)]
    used = [q(n) for col in spec.used for n in names(col)]
    unit = spec.periodicity
    by_record = unit in (RECORD, RECORDER)
    period = [q(p) for p in period_key(unit, spec.recorder)]

    def period_of(moment: str) -> list[str]:
        """The period key of the row holding a moment (the bound rows of the completion)."""
        if by_record:
            return [moment] + ["NULL"] * (len(period) - 1)
        return [f"q1c_begin({moment}, '{unit}')"] if period else []

    inside = f"{m}.i_ = 1"
    amounts = [q(f"{x}{j}_") for j in range(spec.resources) for x in "ab"]
    sums = [f"SUM({a}) AS {a}" for a in amounts]
    own = [
        f"CASE WHEN {inside} THEN "
        + (f"{m}.{p}" if by_record else f"q1c_begin({m}.{p}, '{unit}')")
        + f" END AS {p}"
        for p in period
    ]
    marked = _join([f"{m}.{n}" for n in detail], [f"CASE WHEN {inside} THEN 0 ELSE 1 END AS o_"], own)
    grouped = (
        f"SELECT {_join(detail, ['o_'], period, ['s_'], sums)} FROM ("
        f"SELECT {_join([marked, '0 AS s_'], amounts)} FROM ({spec.rows_sql}) AS {m}) "
        f"GROUP BY {_join(detail, ['o_'], period)}"
    )
    # the periods of each `used` key: those with movements, completed by the method
    completion = [f"SELECT {_join(used, period, ['s_'])} FROM {g} WHERE o_ = 0"]
    if spec.start is not None or unit is None:
        # a key with a balance at Начало and no movement after it: one row, for Начало's period
        start = period_of(spec.start) if spec.start is not None else []
        per_key = f"SELECT {_join(used, ['MIN(o_) AS mo_'])} FROM {g}" + (
            f" GROUP BY {_join(used)}" if used else ""
        )
        completion.append(f"SELECT {_join(used, start, ['0 AS s_'])} FROM ({per_key}) WHERE mo_ = 1")
    if spec.addition == BOUNDARIES and unit is not None:
        for moment, closing in ((spec.start, 0), (spec.end, 1 if by_record else 0)):
            if moment is not None:
                completion.append(
                    f"SELECT DISTINCT {_join(used, period_of(moment), [f'{closing} AS s_'])} FROM {g} "
                    f"WHERE {moment} IS NOT NULL"
                )
    on = " AND ".join(f"k_.{n} IS {u}.{n}" for n in used) or "1"
    completed = (
        f"SELECT {_join(detail, ['o_'], period, ['s_'], sums)} FROM ("
        f"SELECT {_join(detail, ['o_'], period, ['s_'], amounts)} FROM {g} UNION ALL "
        f"SELECT {_join([f'k_.{n}' for n in detail], ['0'], [f'{u}.{p}' for p in period], [f'{u}.s_'])}"
        f"{''.join(f', 0 AS {a}' for a in amounts)} "
        f"FROM (SELECT DISTINCT {_join(detail) or '1'} FROM {g}) AS k_ JOIN {u} ON {on}"
        f") GROUP BY {_join(detail, ['o_'], period, ['s_'])}"
    )
    partition = f"PARTITION BY {_join(detail)} " if detail else ""
    order = _join(["o_ DESC"], period[:1], ["s_"], period[1:])
    running = [
        f"SUM({q(f'a{j}_')} - {q(f'b{j}_')}) OVER ({partition}ORDER BY {order} ROWS UNBOUNDED PRECEDING) "
        f"AS {q(f'e{j}_')}"
        for j in range(spec.resources)
    ]
    balances = [
        f"{q(f'e{j}_')} - ({q(f'a{j}_')} - {q(f'b{j}_')}) AS {q(f'n{j}_')}, {q(f'e{j}_')}"
        for j in range(spec.resources)
    ]
    result = _join(detail, period, ["s_"], amounts, balances)
    return (
        f"WITH {g} AS ({grouped}), {u} AS ({' UNION '.join(completion)}), {c} AS ({completed}) "
        f"SELECT {result} FROM (SELECT {_join(['*'], running)} FROM {c}) WHERE o_ = 0"
    )


def _join(*parts: Sequence[str]) -> str:
    """Comma-separated SQL items of several lists (empty lists contribute nothing)."""
    return ", ".join(item for part in parts for item in part)


# --- accumulation registers ------------------------------------------------------------------


def _accumulation(
    t: Table, reg: md.AccumulationRegister, kind: str, alias: str, sql_alias: str
) -> DerivedSource:
    """Остатки and Обороты."""
    phys_alias = t.tr.alias("r")
    phys = TableSource(reg.name, phys_alias, reg.table, reg.fields, reg.kind, None)
    r = q(phys_alias)
    period = f"{r}.{q('Период')}"
    where = [f"{r}.{q('Активность')} = 1"]
    periodicity: str | None = None
    if kind == BALANCE:
        bounds = [t.bound(0, period, lower=False, inclusive=False)]
        cond_index = 1
    else:
        bounds = [
            t.bound(0, period, lower=True, inclusive=True),
            t.bound(1, period, lower=False, inclusive=True),
        ]
        periodicity = t.periodicity(2)
        cond_index = 3
    where += [b for b in bounds if b]
    from_sql, cond = t.condition(phys, cond_index)
    where += cond
    dims = [(field_column(d), d) for d in reg.dimensions()]
    periods = period_columns(periodicity, reg)
    signed = {
        res.name: (
            f"(CASE WHEN {r}.{q('ВидДвижения')} = 0 THEN {r}.{q(res.column)} ELSE -{r}.{q(res.column)} END)"
            if reg.is_balance
            else f"{r}.{q(res.column)}"
        )
        for res in reg.resources()
    }
    receipt = f"{r}.{q('ВидДвижения')} = 0"

    def resource_items(res: md.Field) -> list[tuple[str, str]]:
        value, s = f"{r}.{q(res.column)}", signed[res.name]
        if kind == BALANCE:
            return [(res.name + "Остаток", f"SUM({s})")]
        if not reg.is_balance:
            return [(res.name + "Оборот", f"SUM({s})")]
        return [
            (res.name + "Приход", f"SUM(CASE WHEN {receipt} THEN {value} ELSE 0 END)"),
            (res.name + "Расход", f"SUM(CASE WHEN {receipt} THEN 0 ELSE {value} END)"),
            (res.name + "Оборот", f"SUM({s})"),
        ]

    resources = {res.name: resource_items(res) for res in reg.resources()}
    columns = (
        [c for c, _ in dims]
        + [c for c, _ in periods]
        + [DerivedColumn(n, n, res.type.types) for res in reg.resources() for n, _ in resources[res.name]]
    )

    def build(used: set[str]) -> str:
        items, groups = grouping_keys(used, dims, periods, r, phys_alias)
        sums = [(n, e) for res in reg.resources() for n, e in resources[res.name]]
        items += [f"{e} AS {q(n)}" for n, e in sums]
        sql = f"SELECT {', '.join(items)} FROM {from_sql}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        if groups:
            sql += " GROUP BY " + ", ".join(groups)
        return sql + " HAVING " + " OR ".join(f"{e} <> 0" for _, e in sums)

    return t.done(alias, sql_alias, columns, build)


def _accumulation_periods(
    t: Table, reg: md.AccumulationRegister, alias: str, sql_alias: str
) -> DerivedSource:
    """ОстаткиИОбороты(Начало, Конец, Периодичность, МетодДополнения, Условие)."""
    phys_alias = t.tr.alias("r")
    phys = TableSource(reg.name, phys_alias, reg.table, reg.fields, reg.kind, None)
    r = q(phys_alias)
    declared = t.periodicity(2)
    addition = t.addition(3)
    from_sql, where = t.condition(phys, 4)
    end_bound = t.bound(1, f"{r}.{q('Период')}", lower=False, inclusive=True)
    where += [f"{r}.{q('Активность')} = 1", *([end_bound] if end_bound else [])]
    inside = t.bound(0, f"{r}.{q('Период')}", lower=True, inclusive=True) or "1"
    start, end = t.moment(0), t.moment(1)
    dims = [(field_column(d), d) for d in reg.dimensions()]
    periods = period_columns(declared, reg)
    resources = reg.resources()
    recorder, line = reg.field("Регистратор"), reg.field("НомерСтроки")
    assert recorder is not None and line is not None
    suffixes = ("НачальныйОстаток", "Приход", "Расход", "Оборот", "КонечныйОстаток")
    columns = [c for c, _ in dims] + [c for c, _ in periods]
    columns += [
        DerivedColumn(res.name + x, res.name + x, res.type.types) for res in resources for x in suffixes
    ]

    def build(used: set[str]) -> str:
        keys = [(c, f) for c, f in dims if md.norm(c.name) in used]
        receipt = f"{r}.{q('ВидДвижения')} = 0"
        items = [item for c, f in keys for item in select(c, *fsql(r, f))]
        items += [f"{r}.{q('Период')} AS {q('Период')}", *select(field_column(recorder), *fsql(r, recorder))]
        items.append(f"{r}.{q('НомерСтроки')} AS {q('НомерСтроки')}")
        items.append(f"CASE WHEN {inside} THEN 1 ELSE 0 END AS i_")
        for j, res in enumerate(resources):
            v = f"{r}.{q(res.column)}"
            items += [
                f"CASE WHEN {receipt} THEN {v} ELSE 0 END AS {q(f'a{j}_')}",
                f"CASE WHEN {receipt} THEN 0 ELSE {v} END AS {q(f'b{j}_')}",
            ]
        rows = f"SELECT {', '.join(items)} FROM {from_sql} WHERE {' AND '.join(where)}"
        effective = effective_periodicity(declared, used)
        detail = [c for c, _ in keys]
        spec = PeriodRows(rows, detail, detail, len(resources), effective, addition, start, end, recorder)
        w = t.tr.alias("w")
        out = [f"{q(w)}.{q(n)} AS {q(n)}" for c in detail for n in names(c)]
        out += period_outputs(periods, effective, used, w)
        measured: list[tuple[str, md.Field]] = []
        for j, res in enumerate(resources):
            a, b, n, e = (f"{q(w)}.{q(f'{x}{j}_')}" for x in "abne")
            for suffix, value in zip(suffixes, (n, a, b, f"{a} - {b}", e), strict=True):
                out.append(f"{value} AS {q(res.name + suffix)}")
                measured.append((res.name + suffix, res))
        body = balance_periods(t.tr.alias("bp"), spec)
        return f"SELECT * FROM (SELECT {', '.join(out)} FROM ({body}) AS {q(w)}) WHERE {nonzero(measured)}"

    return t.done(alias, sql_alias, columns, build)


# --- information registers -------------------------------------------------------------------


def _slice(t: Table, reg: md.InformationRegister, last: bool, alias: str, sql_alias: str) -> DerivedSource:
    phys_alias = t.tr.alias("r")
    phys = TableSource(reg.name, phys_alias, reg.table, reg.fields, reg.kind, None)
    r = q(phys_alias)
    period = f"{r}.{q('Период')}"
    where = [b for b in [t.bound(0, period, lower=not last, inclusive=True)] if b]
    if reg.has_recorder:
        where.append(f"{r}.{q('Активность')} = 1")
    from_sql, cond = t.condition(phys, 1)
    where += cond
    fields = list(reg.fields)
    columns = [field_column(f) for f in fields]
    partition = [
        f"{r}.{q(c)}" for d in reg.dimensions() for c in ([d.tag_column] if d.tag_column else []) + [d.column]
    ]
    direction = "DESC" if last else "ASC"
    order = [f"{period} {direction}"] + [
        f"{r}.{q(c)} {direction}" for c in ("Регистратор", "НомерСтроки") if reg.field(c) is not None
    ]

    def build(used: set[str]) -> str:
        items = [item for f, c in zip(fields, columns, strict=True) for item in select(c, *fsql(r, f))]
        window = (
            f"ROW_NUMBER() OVER ({'PARTITION BY ' + ', '.join(partition) + ' ' if partition else ''}"
            f"ORDER BY {', '.join(order)}) AS rn_"
        )
        inner = f"SELECT {', '.join(items)}, {window} FROM {from_sql}"
        if where:
            inner += " WHERE " + " AND ".join(where)
        outer = ", ".join(q(n) for c in columns for n in names(c))
        return f"SELECT {outer} FROM ({inner}) WHERE rn_ = 1"

    return t.done(alias, sql_alias, columns, build)
