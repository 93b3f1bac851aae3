"""Where the store lives and how connections to it are set up."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from prism_desktop.store.errors import StoreError

APP_NAME = "prism-desktop"
DB_ENV_VAR = "PRISM_DESKTOP_DB"
PG_URL_EXAMPLE = "postgresql+psycopg://user@host:5432/database"


def default_url() -> str:
    """The per-user SQLite file, e.g. ~/.local/share/prism-desktop/prism.db on Linux."""
    return f"sqlite:///{Path(user_data_dir(APP_NAME)) / 'prism.db'}"


def resolve_url(url: str | None = None) -> str:
    """The URL to use: the explicit one (`--db`), else $PRISM_DESKTOP_DB, else the default file."""
    return url or os.environ.get(DB_ENV_VAR) or default_url()


def describe_url(url: str) -> tuple[str, str]:
    """(backend, where) of a store URL for people, never with its password: ("sqlite", the file) or
    e.g. ("postgresql", "user@host:5432/database")."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return backend, parsed.database or ":memory:"
    user = f"{parsed.username}@" if parsed.username else ""
    port = f":{parsed.port}" if parsed.port else ""
    return backend, f"{user}{parsed.host or 'localhost'}{port}/{parsed.database or ''}"


def _sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL, or None for in-memory databases and other dialects."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def _on_sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling skips BEGIN before DDL, so a failed migration or import
    # would be half-applied; take control of BEGIN instead (_on_sqlite_begin), as SQLAlchemy advises.
    dbapi_connection.isolation_level = None
    # The pragmas must run outside a transaction, which is the state right after connecting.
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        # Readers (GUI) do not block the writer (workers). WAL is a property of the file: switching
        # needs a moment of exclusive access, so only a file not in WAL yet asks for it.
        if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # safe with WAL, far fewer fsyncs
    finally:
        cursor.close()


SQLITE_BUSY_TIMEOUT_S = 10.0
WRITE_OPTION = "prism_write"  # execution option of a write unit of work (Store.session(write=True))


def _on_sqlite_begin(connection: Connection) -> None:
    immediate = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def make_engine(url: str) -> Engine:
    """An engine for any SQLAlchemy URL; SQLite gets WAL mode and enforced foreign keys."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        # A file path where a URL belongs is the usual slip: say how to write it.
        hint = ""
        if "://" not in url:
            hint = f"; for a SQLite file write sqlite:///{Path(url).expanduser().resolve()}"
        raise StoreError(f"database URL {url!r}: not a valid SQLAlchemy URL ({exc}){hint}") from exc
    kwargs: dict[str, Any] = {}
    is_sqlite = parsed.get_backend_name() == "sqlite"
    if is_sqlite:
        file = _sqlite_file(url)
        if file is None:
            # One shared connection, or every session would see its own empty in-memory database.
            kwargs.update(poolclass=StaticPool, connect_args={"check_same_thread": False})
        else:
            # SQLite's own wait for a busy lock; Store.run retries past it up to its bound.
            kwargs.update(connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S})
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"database {file}: cannot create its folder ({exc.strerror})") from exc
    try:
        engine = create_engine(url, **kwargs)
    except (NoSuchModuleError, ImportError) as exc:
        hint = ""
        if parsed.get_backend_name() in ("postgres", "postgresql"):
            hint = f"; for PostgreSQL write {PG_URL_EXAMPLE} (the driver PRISM Desktop installs)"
        raise StoreError(
            f"database URL {parsed.render_as_string()}: driver not available ({exc}){hint}"
        ) from exc
    if is_sqlite:
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
    return engine
