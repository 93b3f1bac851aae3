"""Virtual tables of registers, computed from the movement tables (schema.py keeps no totals).

Accumulation registers
  Остатки(Период, Условие)       Σ(Приход − Расход) over active movements with Период < Период (the
                                  boundary is EXCLUDED: 1C computes balances "at the start" of the
                                  moment; a Граница with ВидГраницы.Включая includes it). Rows whose
                                  balances are all zero are omitted.
  Обороты(Начало, Конец, Периодичность, Условие)   Начало ≤ Период ≤ Конец (both included);
                                  <Рес>Приход, <Рес>Расход, <Рес>Оборот (turnover registers: Оборот).
  ОстаткиИОбороты(Начало, Конец, Периодичность, МетодДополнения, Условие)
                                  НачальныйОстаток (before Начало), Приход, Расход, Оборот,
                                  КонечныйОстаток; with a periodicity, one row per period with
                                  movements (method "Движения").
Information registers
  СрезПоследних(Период, Условие)  per dimension combination the record with the greatest Период ≤
                                  Период (included); СрезПервых: the smallest Период ≥ Период.
                                  The condition is applied before the slice, as in 1C.
Accounting registers (Счет, Субконто1…n, dimensions; КорСчет, КорСубконто1…n in Обороты)
  Остатки(Период, УсловиеСчета, Субконто, Условие)  <Рес>Остаток, <Рес>ОстатокДт, <Рес>ОстатокКт
  Обороты(Начало, Конец, Периодичность, УсловиеСчета, Субконто, Условие, УсловиеКорСчета, КорСубконто)
                                  <Рес>ОборотДт, <Рес>ОборотКт, <Рес>Оборот
  ОстаткиИОбороты(Начало, Конец, Периодичность, МетодДополнения, УсловиеСчета, Субконто, Условие)
  ОборотыДтКт(Начало, Конец, Периодичность, УсловиеСчетаДт, СубконтоДт, УсловиеСчетаКт, СубконтоКт,
              Условие)            СчетДт, СчетКт, СубконтоДт/Кт<i>, <Рес>Оборот

As in 1C, a virtual table is grouped only by the dimensions the query uses; an empty date or an
omitted parameter means "no bound".
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query import dates
from prism_desktop.platform.query.errors import (
    WRONG_FUNCTION_PARAMETERS,
    WRONG_PARAMETER,
    Position,
    QueryError,
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
}
_RECORD: Final = "RECORD"
_RECORDER: Final = "RECORDER"
_AUTO: Final = "AUTO"
_PERIODICITY: Final[dict[str, str | None]] = {
    "период": None,
    "period": None,
    "запись": _RECORD,
    "record": _RECORD,
    "регистратор": _RECORDER,
    "recorder": _RECORDER,
    "авто": _AUTO,
    "auto": _AUTO,
    **dates.UNITS,
}
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
}


def q(name: str) -> str:
    return quote(name)


class _Table:
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

    def bound(self, index: int, column_sql: str, lower: bool, inclusive: bool) -> str | None:
        """A period bound: Период >= / > / <= / < the parameter (no bound when omitted or empty)."""
        from prism_desktop.platform.query.scope import SelectContext

        node = self.arg(index)
        if node is None:
            return None
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
            raise QueryError(WRONG_FUNCTION_PARAMETERS.format(self.name), node.pos)
        op = (">=" if inclusive else ">") if lower else ("<=" if inclusive else "<")
        v = expr.sql
        return f"({v} IS NULL OR {v} = '{EMPTY_DATE_SQL}' OR {column_sql} {op} {v})"

    def periodicity(self, index: int) -> str | None:
        node = self.arg(index)
        if node is None:
            return None
        if isinstance(node, A.FieldPath) and len(node.parts) == 1 and md.norm(node.parts[0]) in _PERIODICITY:
            return _PERIODICITY[md.norm(node.parts[0])]
        raise QueryError(WRONG_FUNCTION_PARAMETERS.format(self.name), node.pos)

    def condition(self, index: int, source: Source) -> tuple[str, list[str]]:
        """The FROM text over `source` (with the joins the condition needs) and the WHERE parts."""
        from prism_desktop.platform.query.scope import SelectContext

        nested = SelectContext.over(self.tr, source)
        node = self.arg(index)
        parts = [nested.boolean(node)] if node is not None else []
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


def _types(f: md.Field) -> Types:
    return (*f.type.types, UNDEFINED) if f.type.is_composite else f.type.types


def _column(name: str, types: Types, composite: bool) -> DerivedColumn:
    return DerivedColumn(name, name, types, name + "_t" if composite else None)


def _field_column(f: md.Field, name: str | None = None) -> DerivedColumn:
    return _column(name or f.name, _types(f), f.type.is_composite)


def _select(column: DerivedColumn, value_sql: str, tag_sql: str | None) -> list[str]:
    items = [f"{value_sql} AS {q(column.column)}"]
    if column.tag_column is not None:
        items.append(f"{tag_sql or 'NULL'} AS {q(column.tag_column)}")
    return items


def _fsql(alias_sql: str, f: md.Field) -> tuple[str, str | None]:
    """A physical field's value and tag SQL under a table alias."""
    tag = f"{alias_sql}.{q(f.tag_column)}" if f.tag_column else None
    return f"{alias_sql}.{q(f.column)}", tag


def _key(column: DerivedColumn, value_sql: str, tag_sql: str | None) -> tuple[list[str], list[str]]:
    """Select items and GROUP BY expressions of a grouping column (grouping by the expressions: an
    output alias equal to a source column name would group by the source column in SQLite)."""
    groups = [value_sql] + ([tag_sql] if column.tag_column is not None and tag_sql else [])
    return _select(column, value_sql, tag_sql), groups


def _group(column: DerivedColumn) -> list[str]:
    return [q(column.column)] + ([q(column.tag_column)] if column.tag_column else [])


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
    table = _Table(ctx, register, kind, params, pos)
    if isinstance(register, md.AccumulationRegister):
        return _accumulation(table, register, kind, alias, sql_alias)
    if isinstance(register, md.InformationRegister):
        return _slice(table, register, kind == SLICE_LAST, alias, sql_alias)
    assert isinstance(register, md.AccountingRegister)
    return _accounting(table, register, kind, alias, sql_alias)


# --- accumulation registers ------------------------------------------------------------------


def _no_periodicity(t: _Table, periodicity: str | None) -> None:
    """ОстаткиИОбороты is computed for the whole interval; per-period rows are not emulated."""
    if periodicity is not None:
        node = t.arg(2)
        raise QueryError(
            f"Периодичность виртуальной таблицы {t.name} не поддерживается эмулятором "
            "PRISM Desktop: укажите Период",
            node.pos if node is not None else t.pos,
        )


def _grouping_keys(
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
            selected, grouped = _key(column, *_fsql(alias_sql, f))
            items += selected
            groups += grouped
    for column, unit in periods:
        if md.norm(column.name) in used:
            selected, grouped = _key(column, *_period_value(unit, phys_alias, column))
            items += selected
            groups += grouped
    return items, groups


def _period_columns(periodicity: str | None, register: md.Register) -> list[tuple[DerivedColumn, str | None]]:
    """Period fields of Обороты/ОстаткиИОбороты: (column, unit or the marker of Регистратор/НомерСтроки)."""
    if periodicity is None:
        return []
    date_types: Types = (DATE_TYPE,)
    columns: list[tuple[DerivedColumn, str | None]] = [
        (DerivedColumn("Период", "Период", date_types), periodicity)
    ]
    columns += [(DerivedColumn(n, n, date_types), unit) for n, unit in _PERIOD_FIELDS.items()]
    recorder = register.field("Регистратор")
    if periodicity in (_RECORD, _RECORDER, _AUTO) and recorder is not None:
        columns.append((_field_column(recorder), _RECORDER))
    if periodicity in (_RECORD, _AUTO):
        line = register.field("НомерСтроки")
        if line is not None:
            columns.append((_field_column(line), _RECORD))
    return columns


def _period_value(unit: str | None, alias: str, column: DerivedColumn) -> tuple[str, str | None]:
    if unit == _RECORDER:
        tag = f"{q(alias)}.{q('Регистратор_t')}" if column.tag_column else None
        return f"{q(alias)}.{q('Регистратор')}", tag
    if unit == _RECORD:
        return f"{q(alias)}.{q(column.name)}", None
    if unit in (None, _AUTO):
        return f"{q(alias)}.{q('Период')}", None
    return f"q1c_begin({q(alias)}.{q('Период')}, '{unit}')", None


def _accumulation(
    t: _Table, reg: md.AccumulationRegister, kind: str, alias: str, sql_alias: str
) -> DerivedSource:
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
        bounds = [t.bound(1, period, lower=False, inclusive=True)]
        periodicity = t.periodicity(2)
        cond_index = 3 if kind == TURNOVERS else 4
        if kind == BALANCE_AND_TURNOVERS:
            _no_periodicity(t, periodicity)
        if kind == TURNOVERS:
            bounds.append(t.bound(0, period, lower=True, inclusive=True))
    where += [b for b in bounds if b]
    start = t.bound(0, period, lower=True, inclusive=True) if kind == BALANCE_AND_TURNOVERS else None
    from_sql, cond = t.condition(cond_index, phys)
    where += cond
    dims = [(_field_column(d), d) for d in reg.dimensions()]
    periods = _period_columns(periodicity, reg)
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
        inside = start or "1"
        if kind == BALANCE:
            return [(res.name + "Остаток", f"SUM({s})")]
        if kind == TURNOVERS:
            if not reg.is_balance:
                return [(res.name + "Оборот", f"SUM({s})")]
            return [
                (res.name + "Приход", f"SUM(CASE WHEN {receipt} THEN {value} ELSE 0 END)"),
                (res.name + "Расход", f"SUM(CASE WHEN {receipt} THEN 0 ELSE {value} END)"),
                (res.name + "Оборот", f"SUM({s})"),
            ]
        return [
            (res.name + "НачальныйОстаток", f"SUM(CASE WHEN {inside} THEN 0 ELSE {s} END)"),
            (res.name + "Приход", f"SUM(CASE WHEN {inside} AND {receipt} THEN {value} ELSE 0 END)"),
            (res.name + "Расход", f"SUM(CASE WHEN {inside} AND NOT ({receipt}) THEN {value} ELSE 0 END)"),
            (res.name + "Оборот", f"SUM(CASE WHEN {inside} THEN {s} ELSE 0 END)"),
            (res.name + "КонечныйОстаток", f"SUM({s})"),
        ]

    resources = {res.name: resource_items(res) for res in reg.resources()}
    columns = (
        [c for c, _ in dims]
        + [c for c, _ in periods]
        + [DerivedColumn(n, n, res.type.types) for res in reg.resources() for n, _ in resources[res.name]]
    )

    def build(used: set[str]) -> str:
        items, groups = _grouping_keys(used, dims, periods, r, phys_alias)
        sums = [(n, e) for res in reg.resources() for n, e in resources[res.name]]
        items += [f"{e} AS {q(n)}" for n, e in sums]
        sql = f"SELECT {', '.join(items)} FROM {from_sql}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        if groups:
            sql += " GROUP BY " + ", ".join(groups)
        return sql + " HAVING " + " OR ".join(f"{e} <> 0" for _, e in sums)

    return t.done(alias, sql_alias, columns, build)


# --- information registers -------------------------------------------------------------------


def _slice(t: _Table, reg: md.InformationRegister, last: bool, alias: str, sql_alias: str) -> DerivedSource:
    phys_alias = t.tr.alias("r")
    phys = TableSource(reg.name, phys_alias, reg.table, reg.fields, reg.kind, None)
    r = q(phys_alias)
    period = f"{r}.{q('Период')}"
    where = [b for b in [t.bound(0, period, lower=not last, inclusive=True)] if b]
    if reg.has_recorder:
        where.append(f"{r}.{q('Активность')} = 1")
    from_sql, cond = t.condition(1, phys)
    where += cond
    fields = list(reg.fields)
    columns = [_field_column(f) for f in fields]
    partition = [
        f"{r}.{q(c)}" for d in reg.dimensions() for c in ([d.tag_column] if d.tag_column else []) + [d.column]
    ]
    direction = "DESC" if last else "ASC"
    order = [f"{period} {direction}"] + [
        f"{r}.{q(c)} {direction}" for c in ("Регистратор", "НомерСтроки") if reg.field(c) is not None
    ]

    def build(used: set[str]) -> str:
        items = [item for f, c in zip(fields, columns, strict=True) for item in _select(c, *_fsql(r, f))]
        window = (
            f"ROW_NUMBER() OVER ({'PARTITION BY ' + ', '.join(partition) + ' ' if partition else ''}"
            f"ORDER BY {', '.join(order)}) AS rn_"
        )
        inner = f"SELECT {', '.join(items)}, {window} FROM {from_sql}"
        if where:
            inner += " WHERE " + " AND ".join(where)
        outer = ", ".join(n for c in columns for n in _group(c))
        return f"SELECT {outer} FROM ({inner}) WHERE rn_ = 1"

    return t.done(alias, sql_alias, columns, build)


# --- accounting registers --------------------------------------------------------------------


def _accounting(
    t: _Table, reg: md.AccountingRegister, kind: str, alias: str, sql_alias: str
) -> DerivedSource:
    if kind == DRCR_TURNOVERS:
        return _drcr_turnovers(t, reg, alias, sql_alias)
    n = reg.ext_dimension_count
    side_alias = t.tr.alias("r")
    kinds_index = {BALANCE: 2, TURNOVERS: 4, BALANCE_AND_TURNOVERS: 5}[kind]
    kinds = t.kinds(kinds_index)
    kor_kinds = t.kinds(7) if kind == TURNOVERS else None
    sides, side_columns = _sides(t, reg, side_alias, kinds, kor_kinds)
    source = DerivedSource(reg.name, t.tr.alias("sd"), side_columns, lambda _u: sides, {reg.table})
    period = f"{q(source.sql_alias)}.{q('Период')}"
    if kind == BALANCE:
        bounds = [t.bound(0, period, lower=False, inclusive=False)]
        account_index, cond_index, periodicity = 1, 3, None
    else:
        bounds = [t.bound(1, period, lower=False, inclusive=True)]
        periodicity = t.periodicity(2)
        account_index, cond_index = (3, 5) if kind == TURNOVERS else (4, 6)
        if kind == BALANCE_AND_TURNOVERS:
            _no_periodicity(t, periodicity)
        if kind == TURNOVERS:
            bounds.append(t.bound(0, period, lower=True, inclusive=True))
    start_test = None
    if kind == BALANCE_AND_TURNOVERS:
        start_bound = t.bound(0, period, lower=True, inclusive=True)
        start_test = start_bound or "1"
    from_sql, where = t.condition(cond_index, source)
    for index in (account_index,):
        node = t.arg(index)
        if node is not None:
            from prism_desktop.platform.query.scope import SelectContext

            nested = SelectContext.over(t.tr, source)
            where.append(nested.boolean(node))
    if kind == TURNOVERS and t.arg(6) is not None:
        from prism_desktop.platform.query.scope import SelectContext

        kor = DerivedSource(
            reg.name,
            source.sql_alias,
            [DerivedColumn("Счет", "КорСчет", side_columns[0].types)],
            lambda _u: sides,
        )
        where.append(SelectContext.over(t.tr, kor).boolean(t.arg(6)))  # type: ignore[arg-type]
    where += [b for b in bounds if b]
    s = q(source.sql_alias)
    keys = [
        c
        for c in side_columns
        if c.name in ("Счет", *(f"Субконто{i}" for i in range(1, n + 1)))
        or c.name in {d.name for d in reg.dimensions()}
    ]
    if kind == TURNOVERS:
        keys += [c for c in side_columns if c.name.startswith("Кор")]
    periods = _period_columns(periodicity, reg)
    resources = reg.resources()
    chart = t.ctx.config.find(md.CHART_OF_ACCOUNTS, reg.chart_of_accounts)
    assert chart is not None
    t.tables.add(chart.table)
    account_type = f"(SELECT {q('Вид')} FROM {q(chart.table)} WHERE {q('Ссылка')} = {s}.{q('Счет')})"

    def sums(res: md.Field) -> list[tuple[str, str]]:
        dr, cr = f"{s}.{q(res.name + 'Дт')}", f"{s}.{q(res.name + 'Кт')}"
        if kind == TURNOVERS:
            return [
                (res.name + "ОборотДт", f"SUM({dr})"),
                (res.name + "ОборотКт", f"SUM({cr})"),
                (res.name + "Оборот", f"SUM({dr} - {cr})"),
            ]
        if kind == BALANCE:
            return [(res.name + "Остаток", f"SUM({dr} - {cr})")]
        inside = start_test or "1"
        return [
            (res.name + "НачальныйОстаток", f"SUM(CASE WHEN {inside} THEN 0 ELSE {dr} - {cr} END)"),
            (res.name + "ОборотДт", f"SUM(CASE WHEN {inside} THEN {dr} ELSE 0 END)"),
            (res.name + "ОборотКт", f"SUM(CASE WHEN {inside} THEN {cr} ELSE 0 END)"),
            (res.name + "Оборот", f"SUM(CASE WHEN {inside} THEN {dr} - {cr} ELSE 0 END)"),
            (res.name + "КонечныйОстаток", f"SUM({dr} - {cr})"),
        ]

    split = {BALANCE: ("Остаток",), BALANCE_AND_TURNOVERS: ("НачальныйОстаток", "КонечныйОстаток")}.get(
        kind, ()
    )
    result_columns = list(keys) + [c for c, _ in periods]
    sum_names = [name for res in resources for name, _ in sums(res)]
    for res in resources:
        for name, _ in sums(res):
            result_columns.append(DerivedColumn(name, name, res.type.types))
            if name.removeprefix(res.name) in split:
                result_columns += [
                    DerivedColumn(name + "Дт", name + "Дт", res.type.types),
                    DerivedColumn(name + "Кт", name + "Кт", res.type.types),
                ]

    def build(used: set[str]) -> str:
        # inner: per account (for the Дт/Кт split by account type) and the used keys
        items: list[str] = []
        groups: list[str] = []
        outer_keys: list[str] = []
        for column in keys:
            if md.norm(column.name) in used or column.name == "Счет":
                tag = f"{s}.{q(column.tag_column)}" if column.tag_column else None
                items += _select(column, f"{s}.{q(column.column)}", tag)
                groups += [f"{s}.{g}" for g in _group(column)]
                if md.norm(column.name) in used:
                    outer_keys += _group(column)
        for column, unit in periods:
            if md.norm(column.name) in used:
                selected, grouped = _key(column, *_period_value(unit, source.sql_alias, column))
                items += selected
                groups += grouped
                outer_keys += _group(column)
        inner_sums = [(name, expr) for res in resources for name, expr in sums(res)]
        items += [f"{expr} AS {q(name)}" for name, expr in inner_sums]
        items.append(f"{account_type} AS {q('ВидСчета_')}")
        inner = f"SELECT {', '.join(items)} FROM {from_sql}"
        if where:
            inner += " WHERE " + " AND ".join(where)
        inner += " GROUP BY " + ", ".join(groups)
        outer_items = list(outer_keys)
        totals: list[str] = []
        for name in sum_names:
            outer_items.append(f"SUM({q(name)}) AS {q(name)}")
            totals.append(f"SUM({q(name)})")
            if any(name.endswith(x) for x in split):
                v = q(name)
                outer_items.append(
                    f"SUM(CASE {q('ВидСчета_')} WHEN 0 THEN {v} WHEN 1 THEN 0 ELSE MAX({v}, 0) END) AS "
                    f"{q(name + 'Дт')}"
                )
                outer_items.append(
                    f"SUM(CASE {q('ВидСчета_')} WHEN 0 THEN 0 WHEN 1 THEN -{v} ELSE MAX(-{v}, 0) END) AS "
                    f"{q(name + 'Кт')}"
                )
        sql = f"SELECT {', '.join(outer_items)} FROM ({inner})"
        if outer_keys:
            sql += " GROUP BY " + ", ".join(outer_keys)
        return sql + " HAVING " + " OR ".join(f"{x} <> 0" for x in totals)

    return t.done(alias, sql_alias, result_columns, build)


def _subconto(
    reg: md.AccountingRegister, r: str, side: str, kinds: list[str] | None, i: int
) -> tuple[str, str | None]:
    """The value (and tag) of Субконто<i> of one side: positional, or the value of the i-th listed kind."""
    value_field = reg.field(f"Субконто{side}{i}")
    assert value_field is not None
    tag_col = value_field.tag_column
    if kinds is None:
        return f"{r}.{q(value_field.column)}", (f"{r}.{q(tag_col)}" if tag_col else None)
    kind_sql = kinds[i - 1] if i <= len(kinds) else "NULL"
    n = reg.ext_dimension_count
    values = " ".join(
        f"WHEN {r}.{q(f'ВидСубконто{side}{j}')} = {kind_sql} THEN {r}.{q(f'Субконто{side}{j}')}"
        for j in range(1, n + 1)
    )
    tags = (
        " ".join(
            f"WHEN {r}.{q(f'ВидСубконто{side}{j}')} = {kind_sql} THEN {r}.{q(f'Субконто{side}{j}_t')}"
            for j in range(1, n + 1)
        )
        if tag_col
        else ""
    )
    return f"(CASE {values} END)", (f"(CASE {tags} END)" if tag_col else None)


def _sides(
    t: _Table, reg: md.AccountingRegister, r_alias: str, kinds: list[str] | None, kor_kinds: list[str] | None
) -> tuple[str, list[DerivedColumn]]:
    """Each record as its debit side and its credit side: Период, Регистратор, Счет, Субконто<i>,
    КорСчет, КорСубконто<i>, dimensions and <Рес>Дт / <Рес>Кт amounts."""
    r = q(r_alias)
    n = reg.ext_dimension_count
    account = reg.field("СчетДт") or reg.field("Счет")
    assert account is not None
    columns = [_field_column(account, "Счет")]
    for i in range(1, n + 1):
        f = reg.field(f"СубконтоДт{i}") or reg.field(f"Субконто{i}")
        assert f is not None
        columns.append(_field_column(f, f"Субконто{i}"))
    if reg.correspondence:
        columns.append(_field_column(account, "КорСчет"))
        columns += [
            DerivedColumn(
                "Кор" + c.name, "Кор" + c.name, c.types, "Кор" + c.tag_column if c.tag_column else None
            )
            for c in columns[1 : n + 1]
        ]
    dims = reg.dimensions()
    columns += [_field_column(d) for d in dims]
    recorder, line = reg.field("Регистратор"), reg.field("НомерСтроки")
    assert recorder is not None and line is not None
    columns += [DerivedColumn("Период", "Период", (DATE_TYPE,)), _field_column(recorder), _field_column(line)]
    resources = reg.resources()
    columns += [
        DerivedColumn(res.name + x, res.name + x, res.type.types) for res in resources for x in ("Дт", "Кт")
    ]

    def side(own: str, other: str, debit: bool, filter_sql: str | None) -> str:
        items: list[str] = []
        suffix = own if reg.correspondence else ""
        items += _select(columns[0], f"{r}.{q('Счет' + suffix)}", None)
        for i in range(1, n + 1):
            value, tag = _subconto(reg, r, suffix, kinds, i)
            items += _select(columns[i], value, tag)
        if reg.correspondence:
            items += _select(columns[n + 1], f"{r}.{q('Счет' + other)}", None)
            for i in range(1, n + 1):
                value, tag = _subconto(reg, r, other, kor_kinds, i)
                items += _select(columns[n + 1 + i], value, tag)
        for d in dims:
            items += _select(_field_column(d), *_fsql(r, d))
        items += [f"{r}.{q('Период')} AS {q('Период')}"]
        items += _select(
            _field_column(recorder),
            f"{r}.{q('Регистратор')}",
            f"{r}.{q('Регистратор_t')}" if recorder.tag_column else None,
        )
        items.append(f"{r}.{q('НомерСтроки')} AS {q('НомерСтроки')}")
        for res in resources:
            amount = f"{r}.{q(res.column)}"
            items.append(f"{amount if debit else 0} AS {q(res.name + 'Дт')}")
            items.append(f"{0 if debit else amount} AS {q(res.name + 'Кт')}")
        where = f"{r}.{q('Активность')} = 1" + (f" AND {filter_sql}" if filter_sql else "")
        return f"SELECT {', '.join(items)} FROM {q(reg.table)} AS {r} WHERE {where}"

    if reg.correspondence:
        sql = side("Дт", "Кт", True, None) + " UNION ALL " + side("Кт", "Дт", False, None)
    else:
        sql = (
            side("", "", True, f"{r}.{q('ВидДвижения')} = 0")
            + " UNION ALL "
            + side("", "", False, f"{r}.{q('ВидДвижения')} = 1")
        )
    return sql, columns


def _drcr_turnovers(t: _Table, reg: md.AccountingRegister, alias: str, sql_alias: str) -> DerivedSource:
    if not reg.correspondence:
        raise table_not_found(f"{reg.full_name}.{DRCR_TURNOVERS}", t.pos)
    phys_alias = t.tr.alias("r")
    phys = TableSource(reg.name, phys_alias, reg.table, reg.fields, reg.kind, None)
    r = q(phys_alias)
    period = f"{r}.{q('Период')}"
    where = [f"{r}.{q('Активность')} = 1"]
    where += [
        b
        for b in (
            t.bound(0, period, lower=True, inclusive=True),
            t.bound(1, period, lower=False, inclusive=True),
        )
        if b
    ]
    periodicity = t.periodicity(2)
    from_sql, cond = t.condition(7, phys)
    where += cond
    for index in (3, 5):
        node = t.arg(index)
        if node is not None:
            from prism_desktop.platform.query.scope import SelectContext

            where.append(SelectContext.over(t.tr, phys).boolean(node))
    keys = [
        f
        for f in reg.fields
        if f.name in ("СчетДт", "СчетКт")
        or f.name.startswith(("СубконтоДт", "СубконтоКт"))
        or f.role == md.DIMENSION
    ]
    key_columns = [(_field_column(f), f) for f in keys]
    periods = _period_columns(periodicity, reg)
    sums = [(res.name + "Оборот", f"SUM({r}.{q(res.column)})", res) for res in reg.resources()]
    columns = (
        [c for c, _ in key_columns]
        + [c for c, _ in periods]
        + [DerivedColumn(n, n, res.type.types) for n, _, res in sums]
    )

    def build(used: set[str]) -> str:
        items, groups = _grouping_keys(used, key_columns, periods, r, phys_alias)
        items += [f"{e} AS {q(n)}" for n, e, _ in sums]
        sql = f"SELECT {', '.join(items)} FROM {from_sql} WHERE {' AND '.join(where)}"
        if groups:
            sql += " GROUP BY " + ", ".join(groups)
        return sql

    return t.done(alias, sql_alias, columns, build)
