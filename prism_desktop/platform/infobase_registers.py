"""Register records, the registers' virtual tables used by managers, and constants.

Record rows are {field name: value} dicts. A record set is identified by a filter (field name ->
value; for a document's movements, {"Регистратор": ref}). Writing with replace first deletes the
records matching the filter — an empty filter means the whole register, as in 1C.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from prism_desktop.platform import metadata as md
from prism_desktop.platform.field_sql import condition, decode_row, select_list
from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.schema import field_columns, quote, sql_scalar, to_sql
from prism_desktop.platform.techlog import READ, WRITE
from prism_desktop.platform.types import EMPTY_DATE, SystemEnumValue

if TYPE_CHECKING:
    from prism_desktop.platform.infobase import Infobase

DUPLICATE_KEY = "Запись с такими ключевыми полями существует!"


def period_start(date: _dt.datetime, periodicity: str) -> _dt.datetime:
    """The start of the register period containing `date` (an info register's Период is stored so)."""
    if periodicity in ("Second", "Nonperiodical") or date == EMPTY_DATE:
        return date
    if periodicity == "Day":
        return date.replace(hour=0, minute=0, second=0)
    if periodicity == "Month":
        return date.replace(day=1, hour=0, minute=0, second=0)
    if periodicity == "Quarter":
        return date.replace(month=(date.month - 1) // 3 * 3 + 1, day=1, hour=0, minute=0, second=0)
    return date.replace(month=1, day=1, hour=0, minute=0, second=0)


def _is_expense(value: Any) -> bool:
    return isinstance(value, SystemEnumValue) and value.index == 1


class RegisterStore:
    def __init__(self, infobase: Infobase):
        self.ib = infobase

    # --- record sets --------------------------------------------------------------------------
    def _where(self, register: md.Register, filters: dict[str, Any]) -> tuple[str, list[Any]]:
        parts: list[str] = []
        params: list[Any] = []
        for name, value in filters.items():
            f = register.field(name)
            if f is None:
                raise PlatformError(f"Поле объекта не обнаружено ({name})")
            sql, values = condition(f, value)
            parts.append(sql)
            params.extend(values)
        return (" WHERE " + " AND ".join(parts)) if parts else "", params

    def read_records(
        self, register: md.Register, filters: dict[str, Any], detail: str = ""
    ) -> list[dict[str, Any]]:
        """The records of the set selected by `filters` (one data access, a register read)."""
        self.ib.techlog.record(
            READ, (register.table,), detail or f"{register.full_name}: чтение набора записей"
        )
        return self._rows(register, filters)

    def _rows(
        self,
        register: md.Register,
        filters: dict[str, Any],
        extra: str = "",
        extra_params: tuple[Any, ...] = (),
    ) -> list[dict[str, Any]]:
        fields = list(register.fields)
        where, params = self._where(register, filters)
        if extra:
            where = (where + " AND " if where else " WHERE ") + extra
            params.extend(extra_params)
        order = [quote(c) for c in ("Период", "Регистратор", "НомерСтроки") if register.field(c) is not None]
        sql = f"SELECT {select_list(fields)} FROM {quote(register.table)}{where}"
        if order:
            sql += " ORDER BY " + ", ".join(order)
        return [decode_row(row, fields) for row in self.ib.db.execute(sql, params)]

    def write_records(
        self, register: md.Register, filters: dict[str, Any], rows: list[dict[str, Any]], replace: bool = True
    ) -> None:
        """Write a record set (one data access): with `replace`, the records matching `filters` are
        replaced; the filter's values are set on every record; line numbers are assigned."""
        self.ib.techlog.record(WRITE, (register.table,), f"{register.full_name}: запись набора записей")
        prepared = [self._prepare(register, row, filters) for row in rows]
        db = self.ib.db
        db.execute("SAVEPOINT record_set")
        try:
            if replace:
                where, params = self._where(register, filters)
                db.execute(f"DELETE FROM {quote(register.table)}{where}", params)
            if isinstance(register, md.InformationRegister) and not register.has_recorder:
                self._check_keys(register, prepared, against_stored=bool(filters) or not replace)
            if register.field("НомерСтроки") is not None:
                start = 0 if replace else self._max_line(register, filters)
                for i, row in enumerate(prepared, start=start + 1):
                    row["НомерСтроки"] = i
            self._insert(register, prepared)
        except BaseException:
            db.execute("ROLLBACK TO record_set")
            raise
        finally:
            db.execute("RELEASE record_set")

    def _max_line(self, register: md.Register, filters: dict[str, Any]) -> int:
        where, params = self._where(register, filters)
        row = self.ib.db.execute(
            f"SELECT MAX({quote('НомерСтроки')}) FROM {quote(register.table)}{where}", params
        ).fetchone()
        return int(row[0] or 0)

    def _prepare(self, register: md.Register, row: dict[str, Any], filters: dict[str, Any]) -> dict[str, Any]:
        values = register.fields.defaults()
        if "Активность" in values:
            values["Активность"] = True
        values.update({k: v for k, v in row.items() if register.field(k) is not None})
        for name, value in filters.items():
            f = register.field(name)
            assert f is not None
            values[f.name] = value
        if isinstance(register, md.InformationRegister) and register.is_periodic:
            values["Период"] = period_start(values["Период"], register.periodicity)
        return {f.name: f.type.adjust(values[f.name], f.name) for f in register.fields}

    def _insert(self, register: md.Register, rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        fields = list(register.fields)
        columns = [c for f in fields for c in field_columns(f)]
        marks = ", ".join("?" for _ in columns)
        batch = [[v for f in fields for v in to_sql(row[f.name], f)] for row in rows]
        self.ib.db.executemany(
            f"INSERT INTO {quote(register.table)} ({', '.join(quote(c) for c in columns)}) VALUES ({marks})",
            batch,
        )

    def _key_fields(self, register: md.InformationRegister) -> list[md.Field]:
        period = [register.field("Период")] if register.is_periodic else []
        return [f for f in (*period, *register.dimensions()) if f is not None]

    def _check_keys(
        self, register: md.InformationRegister, rows: list[dict[str, Any]], against_stored: bool
    ) -> None:
        """An independent information register holds one record per key (Период + dimensions)."""
        keys = self._key_fields(register)
        seen: set[tuple[Any, ...]] = set()
        for row in rows:
            key = tuple(sql_scalar(row[f.name]) for f in keys)
            if key in seen or (against_stored and self._rows(register, {f.name: row[f.name] for f in keys})):
                raise PlatformError(DUPLICATE_KEY)
            seen.add(key)

    def write_record(
        self, register: md.InformationRegister, row: dict[str, Any], replace: bool = True
    ) -> None:
        """A record manager's Записать: one record by key; an existing record with the same key is
        replaced, or is an error without `replace`."""
        prepared = self._prepare(register, row, {})
        key = {f.name: prepared[f.name] for f in self._key_fields(register)}
        self.ib.techlog.record(WRITE, (register.table,), f"{register.full_name}: запись менеджера записи")
        if self._rows(register, key):
            if not replace:
                raise PlatformError(DUPLICATE_KEY)
            where, params = self._where(register, key)
            self.ib.db.execute(f"DELETE FROM {quote(register.table)}{where}", params)
        self._insert(register, [prepared])

    def read_record(self, register: md.InformationRegister, key: dict[str, Any]) -> dict[str, Any] | None:
        self.ib.techlog.record(READ, (register.table,), f"{register.full_name}: чтение менеджера записи")
        prepared = {**key}
        if register.is_periodic and "Период" in prepared:
            prepared["Период"] = period_start(prepared["Период"], register.periodicity)
        rows = self._rows(register, prepared)
        return rows[0] if rows else None

    def delete_record(self, register: md.InformationRegister, key: dict[str, Any]) -> None:
        self.ib.techlog.record(WRITE, (register.table,), f"{register.full_name}: удаление записи")
        where, params = self._where(register, key)
        self.ib.db.execute(f"DELETE FROM {quote(register.table)}{where}", params)

    def delete_by_recorder(self, register: md.Register, recorder: RefKey) -> None:
        where, params = self._where(register, {"Регистратор": recorder})
        self.ib.db.execute(f"DELETE FROM {quote(register.table)}{where}", params)

    # --- virtual tables (manager methods) -----------------------------------------------------
    def balances(
        self, register: md.AccumulationRegister, period: _dt.datetime | None, filters: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """Остатки(Период, Отбор): per dimension combination, Σ(receipts − expenses) over active records
        with Период < `period` (all records when None); combinations whose resources are all zero are
        omitted. One data access."""
        if not register.is_balance:
            raise PlatformError("Метод объекта не обнаружен (Остатки)")
        self.ib.techlog.record(READ, (register.table,), f"{register.full_name}.Остатки")
        extra, params = self._active_before(period)
        rows = self._rows(register, filters, extra, params)
        return self._aggregate(
            register, rows, lambda row: -1 if _is_expense(row.get("ВидДвижения")) else 1, drop_zero=True
        )

    def turnovers(
        self,
        register: md.AccumulationRegister,
        start: _dt.datetime | None,
        end: _dt.datetime | None,
        filters: dict[str, Any],
    ) -> list[dict[str, Any]]:
        """Обороты(Начало, Конец, Отбор): per dimension combination, Σ resources over active records with
        start ≤ Период ≤ end (a Balance register's expenses count negative). One data access."""
        self.ib.techlog.record(READ, (register.table,), f"{register.full_name}.Обороты")
        parts = [f"{quote('Активность')} = 1"]
        params: list[Any] = []
        if start is not None and start != EMPTY_DATE:
            parts.append(f"{quote('Период')} >= ?")
            params.append(sql_scalar(start))
        if end is not None and end != EMPTY_DATE:
            parts.append(f"{quote('Период')} <= ?")
            params.append(sql_scalar(end))
        rows = self._rows(register, filters, " AND ".join(parts), tuple(params))
        sign = (
            (lambda row: -1 if _is_expense(row.get("ВидДвижения")) else 1)
            if register.is_balance
            else (lambda row: 1)
        )
        return self._aggregate(register, rows, sign, drop_zero=False)

    @staticmethod
    def _active_before(period: _dt.datetime | None) -> tuple[str, tuple[Any, ...]]:
        if period is None or period == EMPTY_DATE:
            return f"{quote('Активность')} = 1", ()
        return f"{quote('Активность')} = 1 AND {quote('Период')} < ?", (sql_scalar(period),)

    @staticmethod
    def _aggregate(
        register: md.Register, rows: list[dict[str, Any]], sign: Any, drop_zero: bool
    ) -> list[dict[str, Any]]:
        dims = [f.name for f in register.dimensions()]
        resources = [f.name for f in register.resources()]
        totals: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in rows:
            key = tuple(
                sql_scalar(row[d]) if not isinstance(row[d], RefKey) else (row[d].full_name, row[d].id)
                for d in dims
            )
            entry = totals.get(key)
            if entry is None:
                entry = {d: row[d] for d in dims} | {r: 0 for r in resources}
                totals[key] = entry
            factor = sign(row)
            for r in resources:
                entry[r] = entry[r] + factor * Decimal(row[r])
        result = []
        for entry in totals.values():
            for r in resources:
                value = entry[r]
                entry[r] = int(value) if value == value.to_integral_value() else value
            if drop_zero and all(entry[r] == 0 for r in resources):
                continue
            result.append(entry)
        return result

    def slice(
        self,
        register: md.InformationRegister,
        period: _dt.datetime | None,
        filters: dict[str, Any],
        last: bool = True,
    ) -> list[dict[str, Any]]:
        """СрезПоследних / СрезПервых: per dimension combination, the record with the greatest Период ≤
        `period` (last) or the smallest Период ≥ `period` (first); no bound when None. One access."""
        self.ib.techlog.record(
            READ, (register.table,), f"{register.full_name}.{'СрезПоследних' if last else 'СрезПервых'}"
        )
        extra = ""
        params: tuple[Any, ...] = ()
        if register.is_periodic and period is not None and period != EMPTY_DATE:
            extra, params = f"{quote('Период')} {'<=' if last else '>='} ?", (sql_scalar(period),)
        if register.has_recorder:
            extra = (extra + " AND " if extra else "") + f"{quote('Активность')} = 1"
        rows = self._rows(register, filters, extra, params)
        dims = [f.name for f in register.dimensions()]
        chosen: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in rows:  # ordered by Период ascending
            key = tuple(
                (v.full_name, v.id) if isinstance(v, RefKey) else sql_scalar(v)
                for v in (row[d] for d in dims)
            )
            if last or key not in chosen:
                chosen[key] = row
        return list(chosen.values())

    # --- constants ----------------------------------------------------------------------------
    def get_constant(self, constant: md.Constant) -> Any:
        self.ib.techlog.record(READ, (constant.table,), f"{constant.full_name}: чтение")
        f = constant.value_field
        row = self.ib.db.execute(f"SELECT {select_list([f])} FROM {quote(constant.table)}").fetchone()
        return f.type.default() if row is None else decode_row(row, [f])[f.name]

    def set_constant(self, constant: md.Constant, value: Any) -> None:
        self.ib.techlog.record(WRITE, (constant.table,), f"{constant.full_name}: запись")
        f = constant.value_field
        columns = field_columns(f)
        self.ib.db.execute(f"DELETE FROM {quote(constant.table)}")
        self.ib.db.execute(
            f"INSERT INTO {quote(constant.table)} ({', '.join(quote(c) for c in columns)}) "
            f"VALUES ({', '.join('?' for _ in columns)})",
            to_sql(f.type.adjust(value, f.name), f),
        )
