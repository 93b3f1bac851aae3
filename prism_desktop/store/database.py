"""The store handle: an engine plus a session per unit of work."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import ORMExecuteState, Session, sessionmaker

from prism_desktop.store.engine import WRITE_OPTION, make_engine, resolve_url
from prism_desktop.store.errors import StoreError
from prism_desktop.store.migrate import upgrade_to_head
from prism_desktop.store.retry import DEFAULT_DEADLINE_S, retrying

_OWNER = "owner_thread"
T = TypeVar("T")


def _check_owner(session: Session) -> None:
    owner = session.info.get(_OWNER)
    if owner is not None and owner != threading.get_ident():
        raise StoreError(
            "a store session was used on another thread than the one that opened it; "
            "open one session per unit of work on the thread that does the work"
        )


def _on_execute(state: ORMExecuteState) -> None:
    _check_owner(state.session)


def _on_flush(session: Session, _context: Any, _instances: Any) -> None:
    _check_owner(session)


class Store:
    """One database. The engine is thread-safe; sessions are not: take one per unit of work with
    `session()` on the thread that uses it. A session used from another thread raises StoreError
    (queries, lazy loads and flushes are checked)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        event.listen(self._sessions, "do_orm_execute", _on_execute)
        event.listen(self._sessions, "before_flush", _on_flush)

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string()  # password hidden

    @contextmanager
    def session(self, *, write: bool = False) -> Iterator[Session]:
        """A unit of work: commits when the block ends normally, rolls back on any exception.

        `write=True` for a unit that writes: on SQLite it takes the write lock when it begins
        (BEGIN IMMEDIATE), so two writers queue on the busy timeout instead of one failing with
        "database is locked" when it upgrades a read transaction that another writer overtook."""
        session = self._sessions()
        session.info[_OWNER] = threading.get_ident()
        if write:
            session.connection(execution_options={WRITE_OPTION: True})
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()

    def run(
        self,
        work: Callable[[Session], T],
        *,
        write: bool = True,
        what: str = "saving to the store",
        deadline_s: float = DEFAULT_DEADLINE_S,
    ) -> T:
        """`work(session)` in its own unit of work, run again from the start when another writer
        was in the way (a lock, a deadlock, a concurrent insert of the same key) until `deadline_s`;
        then StoreBusy. `work` must not have effects outside the session: it may run more than once."""

        def attempt() -> T:
            with self.session(write=write) as session:
                return work(session)

        return retrying(attempt, where=f"{what} ({self.url})", deadline_s=deadline_s)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def open_store(url: str | None = None) -> Store:
    """Open (creating if needed) the store at `url` — else $PRISM_DESKTOP_DB, else the per-user
    SQLite file — and migrate it to the newest schema."""
    engine = make_engine(resolve_url(url))
    try:
        # Several processes opening one new store at once: one migrates, the others wait for it.
        retrying(lambda: upgrade_to_head(engine), where=f"migrating {engine.url.render_as_string()}")
    except DBAPIError as exc:
        engine.dispose()
        raise StoreError(f"database {engine.url.render_as_string()}: {exc.orig}") from exc
    except BaseException:
        engine.dispose()
        raise
    return Store(engine)
