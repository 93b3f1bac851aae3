"""Periods of the turnover tables: the period fields a periodicity offers, and
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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import dates
from prism_desktop.platform.query.sources import DerivedColumn
from prism_desktop.platform.query.values import Types
from prism_desktop.platform.query.virtual_columns import field_column, fsql, key, names, q, select
from prism_desktop.platform.types import DATE_TYPE

RECORD: Final = "RECORD"
RECORDER: Final = "RECORDER"
AUTO: Final = "AUTO"
PERIODICITIES: Final[dict[str, str | None]] = {
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
ADDITION_METHODS: Final[dict[str, str]] = {
    "движения": MOVEMENTS,
    "registerrecords": MOVEMENTS,
    "движенияиграницыпериода": BOUNDARIES,
    "registerrecordsandperiodboundaries": BOUNDARIES,
}
# the period fields, finest first (Авто picks the first one the query uses)
PERIOD_FIELDS: Final[dict[str, str]] = {
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
    columns += [(DerivedColumn(n, n, date_types), unit) for n, unit in PERIOD_FIELDS.items()]
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
    return dates.begin_sql(f"{q(alias)}.{q('Период')}", unit), None


def effective_periodicity(declared: str | None, used: set[str]) -> str | None:
    """Авто resolved by the period fields the query uses (finest first); others as declared."""
    if declared != AUTO:
        return declared
    if "номерстроки" in used:
        return RECORD
    if "регистратор" in used:
        return RECORDER
    unit = next((u for n, u in PERIOD_FIELDS.items() if md.norm(n) in used), None)
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
            items += select(column, dates.begin_sql(f"{w}.{q('Период')}", unit), None)
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
        return [dates.begin_sql(moment, unit)] if period else []

    inside = f"{m}.i_ = 1"
    amounts = [q(f"{x}{j}_") for j in range(spec.resources) for x in "ab"]
    sums = [f"SUM({a}) AS {a}" for a in amounts]
    own = [
        f"CASE WHEN {inside} THEN "
        + (f"{m}.{p}" if by_record else dates.begin_sql(f"{m}.{p}", unit))
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
