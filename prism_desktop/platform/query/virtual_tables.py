"""Virtual tables of registers, computed from the movement tables (schema.py keeps no totals).
The accounting registers' tables live in virtual_accounting.py, the periods of the turnover tables in
virtual_periods.py, the column helpers all three share in virtual_columns.py, the kinds and their
parameters (Table) in virtual_kinds.py; this module checks a table's parameters, builds it
(make_virtual_table) and holds the accumulation and information registers.

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

ОстаткиИОбороты with a periodicity: see virtual_periods.py.

As in 1C, a virtual table is grouped only by the dimensions the query uses (its period rows are
always kept apart); an empty date or an omitted parameter means "no bound". A wrong parameter gives
1C's 'Неверные параметры "<Таблица>"' at the parameter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import (
    WRONG_FUNCTION_PARAMETERS,
    Position,
    QueryError,
    table_not_found,
)
from prism_desktop.platform.query.sources import DerivedColumn, DerivedSource, TableSource
from prism_desktop.platform.query.virtual_accounting import accounting_table
from prism_desktop.platform.query.virtual_columns import field_column, fsql, names, nonzero, q, select
from prism_desktop.platform.query.virtual_kinds import (
    BALANCE,
    BALANCE_AND_TURNOVERS,
    DRCR_TURNOVERS,
    RECORDS_WITH_SUBCONTO,
    SLICE_FIRST,
    SLICE_LAST,
    TURNOVERS,
    VIRTUAL_TABLES,
    Table,
)
from prism_desktop.platform.query.virtual_periods import (
    PeriodRows,
    balance_periods,
    effective_periodicity,
    grouping_keys,
    period_columns,
    period_outputs,
)

if TYPE_CHECKING:
    from prism_desktop.platform.query.scope import SelectContext

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


# Parameters an accounting register's table has only when its chart has subconto (Субконто,
# КорСубконто …) or when the register keeps correspondence (УсловиеКорСчета, КорСубконто): without
# them the platform's tables take fewer parameters, and the later ones move up.
_SUBCONTO_SLOTS: Final[dict[str, tuple[int, ...]]] = {
    BALANCE: (2,),
    TURNOVERS: (4, 7),
    BALANCE_AND_TURNOVERS: (5,),
    DRCR_TURNOVERS: (4, 6),
}
_CORRESPONDENCE_SLOTS: Final[dict[str, tuple[int, ...]]] = {TURNOVERS: (6, 7)}


def accounting_slots(register: md.AccountingRegister, kind: str) -> list[int]:
    """The positions, in the table's full parameter list, of the parameters this register's table
    takes (the accounting manager's Остатки/Обороты write their query text with them)."""
    absent = set(_SUBCONTO_SLOTS.get(kind, ())) if register.ext_dimension_count == 0 else set()
    if not register.correspondence:
        absent |= set(_CORRESPONDENCE_SLOTS.get(kind, ()))
    return [slot for slot in range(_ARITY[(md.ACCOUNTING_REGISTER, kind)]) if slot not in absent]


def _accounting_slots(
    register: md.AccountingRegister, kind: str, params: list[A.Expr | None], arity: int, pos: Position
) -> tuple[list[A.Expr | None], int]:
    """The parameters as written, placed in the table's full parameter list (the slots this register
    does not have stay empty)."""
    slots = accounting_slots(register, kind)
    if len(params) > len(slots):
        raise QueryError(WRONG_FUNCTION_PARAMETERS.format(f"{register.full_name}.{kind}"), pos)
    full: list[A.Expr | None] = [None] * arity
    for slot, param in zip(slots, params, strict=False):
        full[slot] = param
    return full, arity


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
    if isinstance(register, md.AccountingRegister):
        if kind == DRCR_TURNOVERS and not register.correspondence:
            raise table_not_found(f"{register.full_name}.{name}", pos)
        params, arity = _accounting_slots(register, kind, params, arity, pos)
    if len(params) > arity:
        raise QueryError(WRONG_FUNCTION_PARAMETERS.format(f"{register.full_name}.{kind}"), pos)
    table = Table(ctx, register, kind, params, pos)
    if isinstance(register, md.AccumulationRegister):
        if kind == BALANCE_AND_TURNOVERS:
            return _accumulation_periods(table, register, alias, sql_alias)
        return _accumulation(table, register, kind, alias, sql_alias)
    if isinstance(register, md.InformationRegister):
        return _slice(table, register, kind == SLICE_LAST, alias, sql_alias)
    assert isinstance(register, md.AccountingRegister)
    return accounting_table(table, register, kind, alias, sql_alias)


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
