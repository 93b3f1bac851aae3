"""The infobase: one SQLite database per run (in memory or a throwaway file) whose schema is generated
from the metadata (schema.py), with the object-level operations the 1C object model needs: read, write
and delete objects with their tabular sections, look objects up, select them, number them.
Register records, virtual tables and constants are in infobase_registers.py (`Infobase.registers`).

Every data access is logged in `Infobase.techlog` (techlog.py). Values are plain Python (types.py).

SQLite extras for query translators: the function `lower1c(text)` (Unicode lower case: SQLite's own
lower() only folds ASCII, and 1C compares strings case-insensitively) and the collation `CI1C`.
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.field_sql import condition, decode_row, select_list
from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.infobase_registers import RegisterStore
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.schema import (
    configuration_ddl,
    field_columns,
    quote,
    sql_scalar,
    to_sql,
)
from prism_desktop.platform.techlog import DELETE, READ, WRITE, Techlog
from prism_desktop.platform.types import EMPTY_DATE, STRING

# Rows a manager selection (Справочники.X.Выбрать()) fetches per data access, one "read" event each.
# PRISM's published B logs (B12, B16: a loop over a whole catalog of 23 and of 83 items counts 1 and 4
# SDBL events in 1C's techlog) put 1C's portion between 23 and 27 rows.
SELECTION_PORTION: Final = 25
Clock = Callable[[], _dt.datetime]


def _lower(text: Any) -> Any:
    return text.lower() if isinstance(text, str) else text


def _ci_collation(a: str, b: str) -> int:
    la, lb = a.lower(), b.lower()
    return (la > lb) - (la < lb)


def _now() -> _dt.datetime:
    return _dt.datetime.now().replace(microsecond=0)


@dataclass
class ObjectData:
    """An object's field values (by field name, without Ссылка) and tabular-section rows (by section
    name: a list of {field name: value}, without Ссылка/НомерСтроки). `ref` is empty for a new
    object."""

    meta: md.MetaObject
    ref: RefKey
    values: dict[str, Any]
    tabular: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


@dataclass
class Row:
    """A selected object: its reference and field values."""

    ref: RefKey
    values: dict[str, Any]


class Infobase:
    """One emulated 1C infobase: metadata + SQLite + techlog."""

    def __init__(
        self,
        config: md.Configuration,
        path: str | None = None,
        clock: Clock | None = None,
        techlog: Techlog | None = None,
    ):
        self.config = config
        self.clock: Clock = clock or _now
        self.techlog = techlog or Techlog()
        self.db = sqlite3.connect(path or ":memory:", isolation_level=None)
        self.db.execute("PRAGMA journal_mode=OFF")
        self.db.execute("PRAGMA synchronous=OFF")
        self.db.create_function("lower1c", 1, _lower, deterministic=True)
        self.db.create_collation("CI1C", _ci_collation)
        for statement in configuration_ddl(config):
            self.db.execute(statement)
        self._populate()
        self.registers = RegisterStore(self)

    def close(self) -> None:
        self.db.close()

    def now(self) -> _dt.datetime:
        return self.clock().replace(microsecond=0, tzinfo=None)

    # --- creation ----------------------------------------------------------------------------
    def _populate(self) -> None:
        """Enumeration values and predefined items exist from the start, as in a new 1C infobase."""
        for obj in self.config.of_kind(md.ENUM):
            assert isinstance(obj, md.Enum)
            self.db.executemany(
                f"INSERT INTO {quote(obj.table)} VALUES (?, ?, ?)",
                [(i + 1, i, name) for i, name in enumerate(obj.values)],
            )
        for obj in self.config.of_kind(md.CATALOG):
            assert isinstance(obj, md.Catalog)
            for item in obj.predefined:
                data = self.new_object(obj, folder=item.folder)
                data.values.update(
                    {
                        "Наименование": item.name,
                        "Предопределенный": True,
                        "ИмяПредопределенныхДанных": item.name,
                    }
                )
                self._store(data)

    # --- objects -----------------------------------------------------------------------------
    def meta_of(self, ref: RefKey) -> md.MetaObject:
        obj = self.config.find(ref.kind, ref.name)
        if obj is None:
            raise PlatformError(f"Объект не найден ({ref.full_name})")
        return obj

    def new_object(self, meta: md.MetaObject, folder: bool = False) -> ObjectData:
        """A new, unwritten object with every field at its empty value."""
        values = {f.name: f.type.default() for f in meta.fields if f.name != "Ссылка"}
        if folder:
            values["ЭтоГруппа"] = True
        return ObjectData(meta, meta.empty_ref(), values, {name: [] for name in meta.tabular_sections})

    def _object_fields(self, meta: md.MetaObject) -> list[md.Field]:
        return [f for f in meta.fields if f.name != "Ссылка"]

    def read_values(self, ref: RefKey, detail: str = "") -> dict[str, Any] | None:
        """The object's field values (one data access), None when no such object exists."""
        meta = self.meta_of(ref)
        self.techlog.record(READ, (meta.table,), detail or f"{meta.full_name}: чтение по ссылке")
        if ref.is_empty:
            return None
        fields = self._object_fields(meta)
        row = self.db.execute(
            f"SELECT {select_list(fields)} FROM {quote(meta.table)} WHERE {quote('Ссылка')} = ?", (ref.id,)
        ).fetchone()
        return None if row is None else decode_row(row, fields)

    def read_object(self, ref: RefKey) -> ObjectData | None:
        """The whole object with its tabular sections (one data access), None when it does not exist."""
        meta = self.meta_of(ref)
        tables = (meta.table, *(ts.table for ts in meta.tabular_sections.values()))
        self.techlog.record(READ, tables, f"{meta.full_name}: чтение объекта")
        if ref.is_empty:
            return None
        fields = self._object_fields(meta)
        row = self.db.execute(
            f"SELECT {select_list(fields)} FROM {quote(meta.table)} WHERE {quote('Ссылка')} = ?", (ref.id,)
        ).fetchone()
        if row is None:
            return None
        data = ObjectData(meta, ref, decode_row(row, fields))
        for name, ts in meta.tabular_sections.items():
            data.tabular[name] = self._read_rows(ts, ref.id)
        return data

    def _read_rows(self, ts: md.TabularSection, owner_id: int) -> list[dict[str, Any]]:
        columns = [f for f in ts.fields if f.name not in ("Ссылка", "НомерСтроки")]
        if not columns:
            rows = self.db.execute(
                f"SELECT 1 FROM {quote(ts.table)} WHERE {quote('Ссылка')} = ?", (owner_id,)
            )
            return [{} for _ in rows]
        cursor = self.db.execute(
            f"SELECT {select_list(columns)} FROM {quote(ts.table)} WHERE {quote('Ссылка')} = ? "
            f"ORDER BY {quote('НомерСтроки')}",
            (owner_id,),
        )
        return [decode_row(row, columns) for row in cursor]

    def exists(self, ref: RefKey) -> bool:
        if ref.is_empty:
            return False
        meta = self.meta_of(ref)
        self.techlog.record(READ, (meta.table,), f"{meta.full_name}: проверка существования")
        return (
            self.db.execute(
                f"SELECT 1 FROM {quote(meta.table)} WHERE {quote('Ссылка')} = ?", (ref.id,)
            ).fetchone()
            is not None
        )

    def write_object(self, data: ObjectData) -> RefKey:
        """Insert or update the object and replace its tabular-section rows (one data access)."""
        meta = data.meta
        tables = (meta.table, *(ts.table for ts in meta.tabular_sections.values()))
        self.techlog.record(WRITE, tables, f"{meta.full_name}: запись объекта")
        return self._store(data)

    def _store(self, data: ObjectData) -> RefKey:
        meta = data.meta
        self._fill_standard(data)
        fields = self._object_fields(meta)
        params: list[Any] = []
        for f in fields:
            params.extend(to_sql(f.type.adjust(data.values.get(f.name), f.name), f))
        columns = [c for f in fields for c in field_columns(f)]
        if data.ref.is_empty:
            marks = ", ".join("?" for _ in columns)
            cursor = self.db.execute(
                f"INSERT INTO {quote(meta.table)} ({', '.join(quote(c) for c in columns)}) VALUES ({marks})",
                params,
            )
            assert cursor.lastrowid is not None
            data.ref = RefKey(meta.kind, meta.name, cursor.lastrowid)
        else:
            sets = ", ".join(f"{quote(c)} = ?" for c in columns)
            cursor = self.db.execute(
                f"UPDATE {quote(meta.table)} SET {sets} WHERE {quote('Ссылка')} = ?", [*params, data.ref.id]
            )
            if cursor.rowcount == 0:
                raise PlatformError(f"Объект не найден ({data.ref.full_name}, {data.ref.id})")
        for name, ts in meta.tabular_sections.items():
            self._store_rows(ts, data.ref.id, data.tabular.get(name, []))
        return data.ref

    def _store_rows(self, ts: md.TabularSection, owner_id: int, rows: list[dict[str, Any]]) -> None:
        self.db.execute(f"DELETE FROM {quote(ts.table)} WHERE {quote('Ссылка')} = ?", (owner_id,))
        if not rows:
            return
        columns = [f for f in ts.fields if f.name not in ("Ссылка", "НомерСтроки")]
        names = ["Ссылка", "НомерСтроки", *(c for f in columns for c in field_columns(f))]
        marks = ", ".join("?" for _ in names)
        batch = []
        for i, row in enumerate(rows, start=1):
            params: list[Any] = [owner_id, i]
            for f in columns:
                params.extend(to_sql(f.type.adjust(row.get(f.name, f.type.default()), f.name), f))
            batch.append(params)
        self.db.executemany(
            f"INSERT INTO {quote(ts.table)} ({', '.join(quote(n) for n in names)}) VALUES ({marks})", batch
        )

    def _fill_standard(self, data: ObjectData) -> None:
        """Automatic numbering (codes, document numbers) and a document's empty date -> now."""
        meta = data.meta
        values = data.values
        if isinstance(meta, md.Catalog | md.ChartOfCharacteristicTypes) and not values.get("Код"):
            values["Код"] = self._next_number(meta, "Код", meta.code_length)
        if isinstance(meta, md.Document):
            if not values.get("Номер"):
                values["Номер"] = self._next_number(meta, "Номер", meta.number_length)
            if values.get("Дата") in (None, EMPTY_DATE):
                values["Дата"] = self.now()

    def _next_number(self, meta: md.MetaObject, column: str, length: int) -> str:
        row = self.db.execute(
            f"SELECT MAX(CAST({quote(column)} AS INTEGER)) FROM {quote(meta.table)}"
        ).fetchone()
        return str((row[0] or 0) + 1).zfill(length)

    def delete_object(self, ref: RefKey) -> None:
        """Delete the object, its tabular sections and (for a document) its register records."""
        meta = self.meta_of(ref)
        tables = [meta.table, *(ts.table for ts in meta.tabular_sections.values())]
        if isinstance(meta, md.Document):
            for kind, name in meta.recorded_registers():
                register = self.config.register(kind, name)
                assert register is not None
                tables.append(register.table)
                self.registers.delete_by_recorder(register, ref)
        self.techlog.record(DELETE, tables, f"{meta.full_name}: удаление")
        self.db.execute(f"DELETE FROM {quote(meta.table)} WHERE {quote('Ссылка')} = ?", (ref.id,))
        for ts in meta.tabular_sections.values():
            self.db.execute(f"DELETE FROM {quote(ts.table)} WHERE {quote('Ссылка')} = ?", (ref.id,))

    # --- lookups and selections --------------------------------------------------------------
    def _conditions(self, meta: md.MetaObject, filters: dict[str, Any]) -> tuple[list[str], list[Any]]:
        where: list[str] = []
        params: list[Any] = []
        for name, value in filters.items():
            f = meta.field(name)
            if f is None:
                raise PlatformError(f"Поле объекта не обнаружено ({name})")
            where_part, part_params = condition(f, value)
            where.append(where_part)
            params.extend(part_params)
        return where, params

    def find(
        self, meta: md.MetaObject, filters: dict[str, Any], *, prefix: str | None = None, detail: str = ""
    ) -> RefKey:
        """The first object (by id) matching every `filters` field (strings case-insensitively) and,
        when `prefix` is given, whose Наименование starts with it; the empty reference when none."""
        self.techlog.record(READ, (meta.table,), detail or f"{meta.full_name}: поиск")
        where, params = self._conditions(meta, filters)
        if prefix is not None:
            where.append(f"substr(lower1c({quote('Наименование')}), 1, ?) = ?")
            params.extend([len(prefix), prefix.lower()])
        sql = f"SELECT {quote('Ссылка')} FROM {quote(meta.table)}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        row = self.db.execute(sql + f" ORDER BY {quote('Ссылка')} LIMIT 1", params).fetchone()
        return RefKey(meta.kind, meta.name, row[0]) if row else meta.empty_ref()

    def select(
        self,
        meta: md.MetaObject,
        filters: dict[str, Any] | None = None,
        *,
        descendants_of: RefKey | None = None,
        period: tuple[Any, Any] | None = None,
        order: list[tuple[str, bool]] | None = None,
    ) -> list[Row]:
        """Objects matching `filters`, optionally all descendants of a group (hierarchical selection)
        and a document date interval; ordered by `order` [(field, descending)] or the kind's default
        (catalogs and charts: Наименование, documents: Дата; then Ссылка). Logs no event: the caller
        (a selection) logs one per portion of SELECTION_PORTION rows it consumes."""
        where, params = self._conditions(meta, filters or {})
        if descendants_of is not None:
            where.append(
                f"{quote('Ссылка')} IN (WITH RECURSIVE sub(id) AS (SELECT {quote('Ссылка')} FROM "
                f"{quote(meta.table)} WHERE {quote('Родитель')} = ? UNION ALL SELECT t.{quote('Ссылка')} "
                f"FROM {quote(meta.table)} t JOIN sub ON t.{quote('Родитель')} = sub.id) SELECT id FROM sub)"
            )
            params.append(descendants_of.id)
        if period is not None:
            start, end = period
            if start is not None:
                where.append(f"{quote('Дата')} >= ?")
                params.append(sql_scalar(start))
            if end is not None:
                where.append(f"{quote('Дата')} <= ?")
                params.append(sql_scalar(end))
        fields = self._object_fields(meta)
        sql = f"SELECT {quote('Ссылка')}, {select_list(fields)} FROM {quote(meta.table)}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY " + ", ".join(self._order_terms(meta, order))
        return [
            Row(RefKey(meta.kind, meta.name, row[0]), decode_row(row, fields, 1))
            for row in self.db.execute(sql, params)
        ]

    def _order_terms(self, meta: md.MetaObject, order: list[tuple[str, bool]] | None) -> list[str]:
        if order is None:
            default = (
                "Дата"
                if isinstance(meta, md.Document)
                else "Код"
                if isinstance(meta, md.ChartOfAccounts)
                else "Наименование"
                if meta.field("Наименование")
                else "Ссылка"
            )
            order = [(default, False)]
        terms = []
        for name, descending in order:
            f = meta.field(name)
            if f is None:
                raise PlatformError(f"Поле объекта не обнаружено ({name})")
            collate = " COLLATE CI1C" if not f.type.is_composite and f.type.types[0].name == STRING else ""
            terms.append(f"{quote(f.column)}{collate}{' DESC' if descending else ''}")
        return [*terms, quote("Ссылка")]
