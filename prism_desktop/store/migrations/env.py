"""Alembic environment: runs on the connection store/migrate.py hands over (no alembic.ini), or on
`sqlalchemy.url` when invoked through the alembic command line by a developer."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection

from prism_desktop.store.engine import make_engine
from prism_desktop.store.models import Base

config = context.config
target_metadata = Base.metadata


def _configure(**kwargs: Any) -> None:
    # render_as_batch: SQLite cannot ALTER most things, so revisions rebuild tables in batches.
    context.configure(target_metadata=target_metadata, render_as_batch=True, compare_type=True, **kwargs)


def _run_on(connection: Connection) -> None:
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    _configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.begin() as own_connection:
            _run_on(own_connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
