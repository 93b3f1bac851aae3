"""Virtual tables of accounting registers (Счет, Субконто1…n, dimensions; КорСчет, КорСубконто1…n in
Обороты), computed from the records (one row per entry, subconto inline; schema.py).

  Остатки(Период, УсловиеСчета, Субконто, Условие)
      <Рес>Остаток, <Рес>ОстатокДт, <Рес>ОстатокКт, <Рес>РазвернутыйОстатокДт/Кт
  Обороты(Начало, Конец, Периодичность, УсловиеСчета, Субконто, Условие, УсловиеКорСчета, КорСубконто)
      <Рес>ОборотДт, <Рес>ОборотКт, <Рес>Оборот
  ОстаткиИОбороты(Начало, Конец, Периодичность, МетодДополнения, УсловиеСчета, Субконто, Условие)
      <Рес>НачальныйОстаток(Дт/Кт), <Рес>НачальныйРазвернутыйОстатокДт/Кт, <Рес>Оборот(Дт/Кт),
      <Рес>КонечныйОстаток(Дт/Кт), <Рес>КонечныйРазвернутыйОстатокДт/Кт; periods and МетодДополнения
      as for accumulation registers (virtual_tables.balance_periods)
  ОборотыДтКт(Начало, Конец, Периодичность, УсловиеСчетаДт, СубконтоДт, УсловиеСчетаКт, СубконтоКт,
              Условие)           СчетДт, СчетКт, СубконтоДт/Кт<i>, dimensions, <Рес>Оборот
  ДвиженияССубконто(Начало, Конец, Условие, Порядок, Первые)
      the active records with every field of the register (Период, Регистратор, НомерСтроки,
      Активность, СчетДт/СчетКт or Счет and ВидДвижения, ВидСубконтоДт<i>/СубконтоДт<i> and the Кт
      side, dimensions, resources, attributes), both bounds included; Условие over those fields;
      Порядок: one field of the table (then Период, Регистратор, НомерСтроки; without it only
      those); Первые: a whole number of rows.

Balances by account kind (ВидСчета): an active account's balance is a debit one (ОстатокДт = the
balance, even negative), a passive account's a credit one (ОстатокКт = −balance); an active-passive
account's balance goes to Дт when positive and to Кт when negative. The свернутые ОстатокДт/Кт split
it per account and the keys the query uses; the развернутые РазвернутыйОстатокДт/Кт per account and
every subconto and dimension (the full analytics), then summed over what the query does not use — so
an active-passive account owed +100 by one counterparty and −30 to another shows Остаток 70,
ОстатокДт 70, ОстатокКт 0, РазвернутыйОстатокДт 100, РазвернутыйОстатокКт 30 when the query
groups by Счет alone.

Субконто<i> (and ВидСубконто<i>) of an entry whose account has fewer kinds of subconto than i is NULL
in every table, as the platform's (a record stores no value for a kind its account lacks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query.errors import table_not_found
from prism_desktop.platform.query.sources import DerivedColumn, DerivedSource, TableSource
from prism_desktop.platform.query.virtual_columns import (
    field_column,
    fsql,
    key,
    names,
    nonzero,
    q,
    select,
    used_columns,
)
from prism_desktop.platform.query.virtual_kinds import (
    BALANCE,
    DRCR_TURNOVERS,
    RECORDS_WITH_SUBCONTO,
    TURNOVERS,
    Table,
)
from prism_desktop.platform.query.virtual_periods import (
    MOVEMENTS,
    PeriodRows,
    balance_periods,
    effective_periodicity,
    grouping_keys,
    period_columns,
    period_key,
    period_outputs,
)
from prism_desktop.platform.types import DATE_TYPE

_SUBCONTO_FIELD: Final = re.compile(r"^(?:Вид)?Субконто(Дт|Кт)?(\d+)$")
# kinds of accounts (ВидСчета, stored as its position)
_ACTIVE: Final = 0
_PASSIVE: Final = 1


def accounting_table(
    t: Table, reg: md.AccountingRegister, kind: str, alias: str, sql_alias: str
) -> DerivedSource:
    if kind == DRCR_TURNOVERS:
        return _drcr_turnovers(t, reg, alias, sql_alias)
    if kind == RECORDS_WITH_SUBCONTO:
        return _records_with_subconto(t, reg, alias, sql_alias)
    if kind == TURNOVERS:
        return _turnovers(t, reg, alias, sql_alias)
    return _balances(t, reg, kind == BALANCE, alias, sql_alias)


# --- subconto --------------------------------------------------------------------------------


def _ext_field(reg: md.AccountingRegister, r: str, f: md.Field) -> tuple[str, str | None]:
    """A record field's value and tag SQL; a subconto value or kind is NULL where the record has no
    kind of subconto at that position."""
    value, tag = fsql(r, f)
    match = _SUBCONTO_FIELD.match(f.name)
    if match is None:
        return value, tag
    side, position = match.group(1) or "", match.group(2)
    kind = f"{r}.{q('ВидСубконто' + side + position)}"
    missing = f"COALESCE({kind}, 0) = 0"
    return (
        f"(CASE WHEN {missing} THEN NULL ELSE {value} END)",
        f"(CASE WHEN {missing} THEN NULL ELSE {tag} END)" if tag else None,
    )


def _subconto(
    reg: md.AccountingRegister, r: str, side: str, kinds: list[str] | None, i: int
) -> tuple[str, str | None]:
    """The value (and tag) of Субконто<i> of one side: positional, or the value of the i-th listed kind."""
    value_field = reg.field(f"Субконто{side}{i}")
    assert value_field is not None
    if kinds is None:
        return _ext_field(reg, r, value_field)
    kind_sql = kinds[i - 1] if i <= len(kinds) else "NULL"
    n = reg.ext_dimension_count
    values = " ".join(
        f"WHEN {r}.{q(f'ВидСубконто{side}{j}')} = {kind_sql} THEN {r}.{q(f'Субконто{side}{j}')}"
        for j in range(1, n + 1)
    )
    if value_field.tag_column is None:
        return f"(CASE {values} END)", None
    tags = " ".join(
        f"WHEN {r}.{q(f'ВидСубконто{side}{j}')} = {kind_sql} THEN {r}.{q(f'Субконто{side}{j}_t')}"
        for j in range(1, n + 1)
    )
    return f"(CASE {values} END)", f"(CASE {tags} END)"


def _kinds_table(t: Table, reg: md.AccountingRegister) -> str:
    """The table of the chart of accounts' ВидыСубконто rows (counted as read by the query)."""
    chart = t.ctx.config.find(md.CHART_OF_ACCOUNTS, reg.chart_of_accounts)
    section = chart.tabular_section("ВидыСубконто") if chart is not None else None
    assert section is not None
    t.tables.add(section.table)
    return section.table


def _sides(
    t: Table, reg: md.AccountingRegister, kinds: list[str] | None, kor_kinds: list[str] | None
) -> tuple[str, list[DerivedColumn]]:
    """Each record as its debit side and its credit side: Счет, Субконто<i>, КорСчет, КорСубконто<i>,
    dimensions, Период, Регистратор, НомерСтроки and <Рес>Дт / <Рес>Кт amounts. With the Субконто
    parameter (`kinds`) only the sides whose account has every listed kind of subconto count (1C: the
    totals are computed only over the accounts having the given kinds)."""
    r = q(t.tr.alias("r"))
    kinds_table = _kinds_table(t, reg) if kinds else None
    n = reg.ext_dimension_count
    account = reg.field("СчетДт") or reg.field("Счет")
    assert account is not None
    columns = [field_column(account, "Счет")]
    for i in range(1, n + 1):
        f = reg.field(f"СубконтоДт{i}") or reg.field(f"Субконто{i}")
        assert f is not None
        columns.append(field_column(f, f"Субконто{i}"))
    if reg.correspondence:
        columns.append(field_column(account, "КорСчет"))
        columns += [
            DerivedColumn(
                "Кор" + c.name, "Кор" + c.name, c.types, "Кор" + c.tag_column if c.tag_column else None
            )
            for c in columns[1 : n + 1]
        ]
    dims = reg.dimensions()
    columns += [field_column(d) for d in dims]
    recorder, line = reg.field("Регистратор"), reg.field("НомерСтроки")
    assert recorder is not None and line is not None
    columns += [DerivedColumn("Период", "Период", (DATE_TYPE,)), field_column(recorder), field_column(line)]
    resources = reg.resources()
    columns += [
        DerivedColumn(res.name + x, res.name + x, res.type.types) for res in resources for x in ("Дт", "Кт")
    ]

    def side(own: str, other: str, debit: bool, filter_sql: str | None) -> str:
        items: list[str] = []
        suffix = own if reg.correspondence else ""
        items += select(columns[0], f"{r}.{q('Счет' + suffix)}", None)
        for i in range(1, n + 1):
            items += select(columns[i], *_subconto(reg, r, suffix, kinds, i))
        if reg.correspondence:
            items += select(columns[n + 1], f"{r}.{q('Счет' + other)}", None)
            for i in range(1, n + 1):
                items += select(columns[n + 1 + i], *_subconto(reg, r, other, kor_kinds, i))
        for d in dims:
            items += select(field_column(d), *fsql(r, d))
        items += [f"{r}.{q('Период')} AS {q('Период')}"]
        items += select(field_column(recorder), *fsql(r, recorder))
        items.append(f"{r}.{q('НомерСтроки')} AS {q('НомерСтроки')}")
        for res in resources:
            amount = f"{r}.{q(res.column)}"
            items.append(f"{amount if debit else 0} AS {q(res.name + 'Дт')}")
            items.append(f"{0 if debit else amount} AS {q(res.name + 'Кт')}")
        where = [f"{r}.{q('Активность')} = 1", *([filter_sql] if filter_sql else [])]
        if kinds and kinds_table:
            account_sql = f"{r}.{q('Счет' + suffix)}"
            where += [
                f"EXISTS (SELECT 1 FROM {q(kinds_table)} AS k_ WHERE k_.{q('Ссылка')} = {account_sql} "
                f"AND k_.{q('ВидСубконто')} = {kind})"
                for kind in kinds
            ]
        return f"SELECT {', '.join(items)} FROM {q(reg.table)} AS {r} WHERE {' AND '.join(where)}"

    if reg.correspondence:
        sql = side("Дт", "Кт", True, None) + " UNION ALL " + side("Кт", "Дт", False, None)
    else:
        sql = (
            side("", "", True, f"{r}.{q('ВидДвижения')} = 0")
            + " UNION ALL "
            + side("", "", False, f"{r}.{q('ВидДвижения')} = 1")
        )
    return sql, columns


def _keys(reg: md.AccountingRegister, side_columns: list[DerivedColumn]) -> list[DerivedColumn]:
    """Счет, Субконто1…n and the dimensions among the side columns."""
    wanted = {"Счет", *(f"Субконто{i}" for i in range(1, reg.ext_dimension_count + 1))}
    wanted |= {d.name for d in reg.dimensions()}
    return [c for c in side_columns if c.name in wanted]


# --- Обороты ---------------------------------------------------------------------------------


def _turnovers(t: Table, reg: md.AccountingRegister, alias: str, sql_alias: str) -> DerivedSource:
    sides, side_columns = _sides(t, reg, t.kinds(4), t.kinds(7))
    source = DerivedSource(reg.name, t.tr.alias("sd"), side_columns, lambda _u: sides, {reg.table})
    s = q(source.sql_alias)
    period = f"{s}.{q('Период')}"
    periodicity = t.periodicity(2)
    from_sql, where = t.condition(source, 5, 3)
    if t.arg(6) is not None:
        # УсловиеКорСчета is written over Счет, which means the correspondent account here
        kor = DerivedSource(
            reg.name,
            source.sql_alias,
            [DerivedColumn("Счет", "КорСчет", side_columns[0].types)],
            lambda _u: sides,
        )
        where.append(t.ctx.over_source(kor).boolean(t.arg(6)))  # type: ignore[arg-type]
    bounds = [
        t.bound(0, period, lower=True, inclusive=True),
        t.bound(1, period, lower=False, inclusive=True),
    ]
    where += [b for b in bounds if b]
    keys = _keys(reg, side_columns) + [c for c in side_columns if c.name.startswith("Кор")]
    periods = period_columns(periodicity, reg)
    sums = [
        (res.name + name, f"SUM({expr})", res)
        for res in reg.resources()
        for name, expr in (
            ("ОборотДт", f"{s}.{q(res.name + 'Дт')}"),
            ("ОборотКт", f"{s}.{q(res.name + 'Кт')}"),
            ("Оборот", f"{s}.{q(res.name + 'Дт')} - {s}.{q(res.name + 'Кт')}"),
        )
    ]
    columns = (
        list(keys) + [c for c, _ in periods] + [DerivedColumn(n, n, res.type.types) for n, _, res in sums]
    )

    def build(used: set[str]) -> str:
        items: list[str] = []
        groups: list[str] = []
        for column in used_columns(keys, used):
            selected, grouped = key(
                column,
                f"{s}.{q(column.column)}",
                f"{s}.{q(column.tag_column)}" if column.tag_column else None,
            )
            items += selected
            groups += grouped
        period_items, period_groups = grouping_keys(used, [], periods, s, source.sql_alias)
        items += period_items + [f"{e} AS {q(n)}" for n, e, _ in sums]
        sql = f"SELECT {', '.join(items)} FROM {from_sql}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        if groups + period_groups:
            sql += " GROUP BY " + ", ".join(groups + period_groups)
        return sql + " HAVING " + " OR ".join(f"{e} <> 0" for _, e, _ in sums)

    return t.done(alias, sql_alias, columns, build)


# --- Остатки, ОстаткиИОбороты ----------------------------------------------------------------


@dataclass(frozen=True)
class _Measure:
    """A field of Остатки / ОстаткиИОбороты per resource: `suffix` after the resource's name, `value`
    the balance_periods column it comes from (n opening balance, e closing balance, a / b debit /
    credit turnover, t their difference) and, for a balance, `split`: None the balance itself, "dr" /
    "cr" its свернутый debit / credit part, "xdr" / "xcr" its развернутый one."""

    suffix: str
    value: str
    split: str | None = None

    @property
    def expanded(self) -> bool:
        return self.split in ("xdr", "xcr")

    def sql(self, j: int) -> str:
        """Its SQL for resource j over rows per account, used keys and period (v_ the account's kind;
        <x><j>p_ / <x><j>m_ the positive and negated negative parts summed over the detail rows)."""
        if self.value == "t":
            return f"SUM({q(f'a{j}_')} - {q(f'b{j}_')})"
        v = q(f"{self.value}{j}_")
        if self.split is None:
            return f"SUM({v})"
        debit = self.split in ("dr", "xdr")
        if self.expanded:
            own = q(f"{self.value}{j}{'p' if debit else 'm'}_")
        else:
            own = f"MAX({'' if debit else '-'}{v}, 0)"
        active, passive = (v, "0") if debit else ("0", f"-{v}")
        return f"SUM(CASE v_ WHEN {_ACTIVE} THEN {active} WHEN {_PASSIVE} THEN {passive} ELSE {own} END)"


def _balance_measures(prefix: str, value: str) -> list[_Measure]:
    return [
        _Measure(prefix + "Остаток", value),
        _Measure(prefix + "ОстатокДт", value, "dr"),
        _Measure(prefix + "ОстатокКт", value, "cr"),
        _Measure(prefix + "РазвернутыйОстатокДт", value, "xdr"),
        _Measure(prefix + "РазвернутыйОстатокКт", value, "xcr"),
    ]


# the fields per resource, in 1C's order
_BALANCE_MEASURES: Final = _balance_measures("", "e")
_BALANCE_AND_TURNOVER_MEASURES: Final = [
    *_balance_measures("Начальный", "n"),
    _Measure("Оборот", "t"),
    _Measure("ОборотДт", "a"),
    _Measure("ОборотКт", "b"),
    *_balance_measures("Конечный", "e"),
]


def _balances(
    t: Table, reg: md.AccountingRegister, balance: bool, alias: str, sql_alias: str
) -> DerivedSource:
    sides, side_columns = _sides(t, reg, t.kinds(2 if balance else 5), None)
    source = DerivedSource(reg.name, t.tr.alias("sd"), side_columns, lambda _u: sides, {reg.table})
    s = q(source.sql_alias)
    period = f"{s}.{q('Период')}"
    if balance:
        end_bound = t.bound(0, period, lower=False, inclusive=False)
        declared, addition, start, end, inside = None, MOVEMENTS, None, None, "1"
        from_sql, where = t.condition(source, 3, 1)
    else:
        end_bound = t.bound(1, period, lower=False, inclusive=True)
        declared, addition = t.periodicity(2), t.addition(3)
        start, end = t.moment(0), t.moment(1)
        inside = t.bound(0, period, lower=True, inclusive=True) or "1"
        from_sql, where = t.condition(source, 6, 4)
    where += [end_bound] if end_bound else []
    keys = _keys(reg, side_columns)
    account = keys[0]
    periods = period_columns(declared, reg)
    resources = reg.resources()
    recorder = reg.field("Регистратор")
    chart = t.ctx.config.find(md.CHART_OF_ACCOUNTS, reg.chart_of_accounts)
    assert chart is not None and recorder is not None
    t.tables.add(chart.table)
    measures = _BALANCE_MEASURES if balance else _BALANCE_AND_TURNOVER_MEASURES
    columns = list(keys) + [c for c, _ in periods]
    columns += [
        DerivedColumn(res.name + m.suffix, res.name + m.suffix, res.type.types)
        for res in resources
        for m in measures
    ]
    expanded_keys = {md.norm(res.name + m.suffix) for res in resources for m in measures if m.expanded}

    def build(used: set[str]) -> str:
        used_keys = used_columns(keys, used)
        level = [account] + [c for c in used_keys if c is not account]
        # the expanded balances need the full analytics; the others the account and the used keys
        detail = keys if used & expanded_keys else level
        effective = effective_periodicity(declared, used)
        items = [
            item
            for c in detail
            for item in select(c, f"{s}.{q(c.column)}", f"{s}.{q(c.tag_column)}" if c.tag_column else None)
        ]
        items += [f"{s}.{q(n)} AS {q(n)}" for n in ("Период", *names(field_column(recorder)), "НомерСтроки")]
        items.append(f"CASE WHEN {inside} THEN 1 ELSE 0 END AS i_")
        for j, res in enumerate(resources):
            items += [
                f"{s}.{q(res.name + 'Дт')} AS {q(f'a{j}_')}",
                f"{s}.{q(res.name + 'Кт')} AS {q(f'b{j}_')}",
            ]
        rows = f"SELECT {', '.join(items)} FROM {from_sql}" + (
            " WHERE " + " AND ".join(where) if where else ""
        )
        spec = PeriodRows(rows, detail, used_keys, len(resources), effective, addition, start, end, recorder)
        body = balance_periods(t.tr.alias("bp"), spec)
        # per account, used keys and period: the account's kind and the balances with their parts
        per_account = [q(n) for c in level for n in names(c)] + [
            q(n) for n in period_key(effective, recorder)
        ]
        per_account.append("s_")
        sums = [f"SUM({q(f'{x}{j}_')}) AS {q(f'{x}{j}_')}" for j in range(len(resources)) for x in "abne"]
        sums += [
            f"SUM(MAX({sign}{q(f'{x}{j}_')}, 0)) AS {q(f'{x}{j}{part}_')}"
            for j in range(len(resources))
            for x in "ne"
            for sign, part in (("", "p"), ("-", "m"))
        ]
        w = q(t.tr.alias("w"))
        kind_of = f"(SELECT {q('Вид')} FROM {q(chart.table)} WHERE {q('Ссылка')} = {w}.{q('Счет')}) AS v_"
        accounts = (
            f"SELECT {', '.join([*per_account, kind_of, *sums])} FROM ({body}) AS {w} "
            f"GROUP BY {', '.join(per_account)}"
        )
        wa = t.tr.alias("wa")
        out = [f"{q(wa)}.{q(n)} AS {q(n)}" for c in used_keys for n in names(c)]
        out += period_outputs(periods, effective, used, wa)
        measured: list[tuple[str, md.Field]] = []
        for j, res in enumerate(resources):
            for measure in measures:
                out.append(f"{measure.sql(j)} AS {q(res.name + measure.suffix)}")
                measured.append((res.name + measure.suffix, res))
        groups = [q(n) for c in used_keys for n in names(c)] + [q(n) for n in period_key(effective, recorder)]
        groups = [f"{q(wa)}.{g}" for g in [*groups, "s_"]]
        sql = f"SELECT {', '.join(out)} FROM ({accounts}) AS {q(wa)} GROUP BY {', '.join(groups)}"
        return f"SELECT * FROM ({sql}) WHERE {nonzero(measured)}"

    return t.done(alias, sql_alias, columns, build)


# --- ОборотыДтКт -----------------------------------------------------------------------------


def _drcr_turnovers(t: Table, reg: md.AccountingRegister, alias: str, sql_alias: str) -> DerivedSource:
    if not reg.correspondence:
        raise table_not_found(f"{reg.full_name}.{DRCR_TURNOVERS}", t.pos)
    phys_alias = t.tr.alias("r")
    phys = TableSource(reg.name, phys_alias, reg.table, reg.fields, reg.kind, None)
    r = q(phys_alias)
    period = f"{r}.{q('Период')}"
    where = [f"{r}.{q('Активность')} = 1"]
    bounds = [
        t.bound(0, period, lower=True, inclusive=True),
        t.bound(1, period, lower=False, inclusive=True),
    ]
    where += [b for b in bounds if b]
    periodicity = t.periodicity(2)
    from_sql, cond = t.condition(phys, 7, 3, 5)
    where += cond
    keys = [
        f
        for f in reg.fields
        if f.name in ("СчетДт", "СчетКт")
        or f.name.startswith(("СубконтоДт", "СубконтоКт"))
        or f.role == md.DIMENSION
    ]
    key_columns = [(field_column(f), f) for f in keys]
    periods = period_columns(periodicity, reg)
    sums = [(res.name + "Оборот", f"SUM({r}.{q(res.column)})", res) for res in reg.resources()]
    columns = (
        [c for c, _ in key_columns]
        + [c for c, _ in periods]
        + [DerivedColumn(n, n, res.type.types) for n, _, res in sums]
    )

    def build(used: set[str]) -> str:
        items: list[str] = []
        groups: list[str] = []
        for column, f in key_columns:
            if md.norm(column.name) in used:
                selected, grouped = key(column, *_ext_field(reg, r, f))
                items += selected
                groups += grouped
        period_items, period_groups = grouping_keys(used, [], periods, r, phys_alias)
        items += period_items + [f"{e} AS {q(n)}" for n, e, _ in sums]
        sql = f"SELECT {', '.join(items)} FROM {from_sql} WHERE {' AND '.join(where)}"
        if groups + period_groups:
            sql += " GROUP BY " + ", ".join(groups + period_groups)
        return sql

    return t.done(alias, sql_alias, columns, build)


# --- ДвиженияССубконто -----------------------------------------------------------------------


def _records_with_subconto(t: Table, reg: md.AccountingRegister, alias: str, sql_alias: str) -> DerivedSource:
    r = q(t.tr.alias("r"))
    fields = list(reg.fields)
    columns = [field_column(f) for f in fields]
    items = [item for f, c in zip(fields, columns, strict=True) for item in select(c, *_ext_field(reg, r, f))]
    records = f"SELECT {', '.join(items)} FROM {q(reg.table)} AS {r} WHERE {r}.{q('Активность')} = 1"
    source = DerivedSource(reg.name, t.tr.alias("ms"), columns, lambda _u: records, {reg.table})
    s = q(source.sql_alias)
    period = f"{s}.{q('Период')}"
    from_sql, where = t.condition(source, 2)
    bounds = [
        t.bound(0, period, lower=True, inclusive=True),
        t.bound(1, period, lower=False, inclusive=True),
    ]
    where += [b for b in bounds if b]
    first = t.ordering(3, columns)
    limit = t.count(4)
    standard = [c for c in columns if c.name in ("Период", "Регистратор", "НомерСтроки")]
    order = [f"{s}.{q(n)}" for c in ([first] if first else []) + standard for n in reversed(names(c))]

    def build(used: set[str]) -> str:
        selected = ", ".join(f"{s}.{q(n)} AS {q(n)}" for c in columns for n in names(c))
        sql = f"SELECT {selected} FROM {from_sql}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY " + ", ".join(order)
        return sql + (f" LIMIT {limit}" if limit is not None else "")

    return t.done(alias, sql_alias, columns, build)
