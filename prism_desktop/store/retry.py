"""Waiting out other writers: several app instances and CLI processes share one store in team mode.

A unit of work that fails because another process holds the lock (SQLite "database is locked"),
because PostgreSQL chose it as a deadlock or serialization victim, because a concurrent writer
inserted the same natural key first (a unique violation on an upsert's insert), or because a row it
read was changed before its write (StaleDataError from a version check) is run again from the start,
after a short randomised wait, until a time bound; then it fails with StoreBusy, which says what
happened in plain words. A conflict the user must decide (someone else edited what the user was
looking at) is found by the unit itself on its fresh attempt, by comparing the version the user saw.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from prism_desktop.store.errors import StoreError

T = TypeVar("T")

DEFAULT_DEADLINE_S = 180.0  # an import of a large workspace holds the write lock for tens of seconds
_SQLITE_BUSY = ("database is locked", "database table is locked", "database is busy")
_PG_TRANSIENT = {"40001", "40P01", "55P03"}  # serialization failure, deadlock, lock not available
_UNIQUE_VIOLATION = "23505"


class StoreBusy(StoreError):
    """Other writers kept the store busy for longer than the bound; nothing of this unit was saved."""


def _sqlstate(exc: DBAPIError) -> str | None:
    return getattr(exc.orig, "sqlstate", None)


def is_transient(exc: BaseException) -> bool:
    """A failure caused by another writer at the same moment, which a fresh attempt can get past."""
    if isinstance(exc, StaleDataError):
        return True
    if not isinstance(exc, DBAPIError):
        return False
    message = _cause(exc).lower()
    if isinstance(exc, OperationalError) and any(text in message for text in _SQLITE_BUSY):
        return True
    state = _sqlstate(exc)
    if state in _PG_TRANSIENT:
        return True
    # The loser of two concurrent upserts of the same key: on retry it finds the winner's row.
    return isinstance(exc, IntegrityError) and (
        state == _UNIQUE_VIOLATION or "unique constraint failed" in message
    )


def _cause(exc: BaseException) -> str:
    return str(exc.orig if isinstance(exc, DBAPIError) else exc).strip()


def retrying(
    attempt: Callable[[], T],
    *,
    where: str,
    deadline_s: float = DEFAULT_DEADLINE_S,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """Call `attempt` (a whole unit of work: it must begin and commit its own transaction) until it
    succeeds, fails for another reason, or `deadline_s` passes (StoreBusy naming `where`)."""
    started = time.monotonic()
    wait = 0.05
    tries = 0
    while True:
        tries += 1
        try:
            return attempt()
        except (DBAPIError, StaleDataError) as exc:
            if not is_transient(exc):
                raise
            elapsed = time.monotonic() - started
            if elapsed >= deadline_s:
                raise StoreBusy(
                    f"{where}: other PRISM Desktop processes kept the store busy for {elapsed:.0f} s "
                    f"({tries} attempts; last: {_cause(exc)}); nothing was saved by this one, "
                    f"try again when they have finished"
                ) from exc
            sleep(min(wait * (0.5 + random.random()), max(0.0, deadline_s - elapsed)))
            wait = min(wait * 2, 2.0)
