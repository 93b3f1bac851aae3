"""Alembic configured in code: the migrations ship inside the package, so an installed PRISM Desktop
needs no alembic.ini. Developers add a revision with

    python -m prism_desktop.store.migrate revision "what changed"

which autogenerates it against a scratch database migrated to the current head."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError

from prism_desktop.store.engine import WRITE_OPTION, make_engine
from prism_desktop.store.errors import StoreError

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    if url:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # configparser interpolation
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise StoreError(f"no migrations found in {MIGRATIONS_DIR}")
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at; None for a database never migrated."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _pragma_outside_transaction(connection: Connection, pragma: str) -> None:
    driver_connection = connection.connection.driver_connection
    assert driver_connection is not None  # a checked-out connection always has one
    driver_connection.execute(pragma)


# Any constant: PostgreSQL's advisory lock that serialises migrations of one database.
_PG_MIGRATION_LOCK = 0x5052_4953_4D00


def upgrade_to_head(engine: Engine) -> None:
    """Bring the database to the newest schema; a no-op when it is already there. Processes that
    open one store at once migrate it one after the other (SQLite's write lock taken at BEGIN, a
    PostgreSQL advisory lock); the later ones find it at the head and do nothing."""
    try:
        if current_revision(engine) == head_revision():
            return  # the common case takes no write lock
    except DBAPIError:
        pass  # not readable as a store; the upgrade below reports why
    with engine.connect() as connection:
        is_sqlite = connection.dialect.name == "sqlite"
        if is_sqlite:
            connection = connection.execution_options(**{WRITE_OPTION: True})  # BEGIN IMMEDIATE
        if is_sqlite:
            # A batch migration rebuilds a table with DROP TABLE, which with foreign keys on would
            # cascade-delete the children. The pragma only works outside a transaction, so it goes
            # straight to the driver before the first statement begins one.
            _pragma_outside_transaction(connection, "PRAGMA foreign_keys=OFF")
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})")
                config = alembic_config()
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                if is_sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise StoreError(
                            f"database {engine.url.render_as_string()}: migration left "
                            f"{len(broken)} rows with dangling foreign keys, e.g. {tuple(broken[0])}"
                        )
        except CommandError as exc:
            # Typically a revision this version does not know: the database is from a newer release.
            raise StoreError(
                f"database {engine.url.render_as_string()}: cannot migrate ({exc}); "
                f"it may have been written by a newer PRISM Desktop"
            ) from exc
        finally:
            if is_sqlite:
                _pragma_outside_transaction(connection, "PRAGMA foreign_keys=ON")


def make_revision(message: str) -> None:
    """Autogenerate a new revision file from the difference between the ORM and the current head."""
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite:///{Path(scratch) / 'head.db'}"
        engine = make_engine(url)
        try:
            upgrade_to_head(engine)
        finally:
            engine.dispose()
        command.revision(alembic_config(url), message=message, autogenerate=True)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "revision":
        print('usage: python -m prism_desktop.store.migrate revision "message"', file=sys.stderr)
        return 2
    make_revision(args[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
