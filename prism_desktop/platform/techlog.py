"""Data-access accounting: our technological log.

PRISM's O-exec for category B reads the 1C technological log and counts, for events whose context
mentions the candidate's module: SDBL events (every logical data access: a query, a read of an object
behind a reference, a selection portion, a record-set read or write) and physical reads of register
tables ("FROM _AccumRg…/_InfoRg…/_AccRg…" inside DBMS events). We record the same two counts directly:
each data access of the infobase is one event carrying

  kind    "query" (a query text executed), "read" (an implicit read: dereference, ПолучитьОбъект,
          manager lookup, selection portion, record-set read, constant), "write" (object, record set,
          constant written), "delete";
  tables  the physical tables touched (schema.py names); an event whose tables include a register
          table (accum_, info_, accreg_) and which reads is one register read;
  rows    the rows returned to the caller (for a query), None when not meaningful;
  stack   the BSL modules on the call stack when it happened, outermost first (a stack provider
          installed by the BSL bridge supplies it; without one the stack is empty).

An event is attributed to a module when the module is anywhere on its stack, as a 1C techlog event
is attributed when its context mentions the module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from prism_desktop.platform.schema import is_register_table

QUERY: Final = "query"
READ: Final = "read"
WRITE: Final = "write"
DELETE: Final = "delete"
_READING: Final = (QUERY, READ)

StackProvider = Callable[[], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class TechlogEvent:
    kind: str
    tables: tuple[str, ...]
    detail: str
    stack: tuple[str, ...]
    rows: int | None = None

    @property
    def reads_register(self) -> bool:
        """A physical read of a register table (PRISM's reg_reads; a replace-write also deletes FROM
        the table, which the 1C techlog shows as such a read)."""
        return any(is_register_table(t) for t in self.tables) and self.kind in (*_READING, WRITE)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tables": list(self.tables),
            "detail": self.detail,
            "stack": list(self.stack),
            "rows": self.rows,
        }


@dataclass
class Counts:
    """What PRISM's O-exec B uses: sdbl (all logical data accesses) and reg_reads (register table
    reads), plus rows (rows returned by queries, PRISM's later `count: rows` option)."""

    sdbl: int = 0
    reg_reads: int = 0
    rows: int = 0

    def to_json(self) -> dict[str, int]:
        return {"sdbl": self.sdbl, "reg_reads": self.reg_reads, "rows": self.rows}


@dataclass
class Techlog:
    """The event log of one infobase session. Recording is always on: it is a list append."""

    events: list[TechlogEvent] = field(default_factory=list)
    stack_provider: StackProvider | None = None
    enabled: bool = True

    def record(self, kind: str, tables: Iterable[str], detail: str = "", rows: int | None = None) -> None:
        """Log one data access. Query translators call this once per executed query."""
        if not self.enabled:
            return
        stack = self.stack_provider() if self.stack_provider is not None else ()
        self.events.append(TechlogEvent(kind, tuple(tables), detail, stack, rows))

    def record_query(self, text: str, tables: Iterable[str], rows: int | None = None) -> None:
        """The hook for the query language: one executed query (its text, the physical tables it
        reads, the rows it returned)."""
        self.record(QUERY, tables, text, rows)

    def clear(self) -> None:
        self.events.clear()

    def counts(self, module: str | None = None) -> Counts:
        """Totals over all events, or over the events attributed to `module`."""
        result = Counts()
        for event in self.events:
            if module is not None and module not in event.stack:
                continue
            result.sdbl += 1
            if event.reads_register:
                result.reg_reads += 1
            if event.kind == QUERY and event.rows is not None:
                result.rows += event.rows
        return result

    def modules(self) -> list[str]:
        seen: dict[str, None] = {}
        for event in self.events:
            for name in event.stack:
                seen.setdefault(name, None)
        return list(seen)

    def to_json(self, include_events: bool = True) -> dict[str, Any]:
        """{"total": counts, "by_module": {module: counts}, "events": [...]}."""
        data: dict[str, Any] = {
            "total": self.counts().to_json(),
            "by_module": {m: self.counts(m).to_json() for m in self.modules()},
        }
        if include_events:
            data["events"] = [e.to_json() for e in self.events]
        return data
