"""The PostgreSQL server of the team-store tests: .ci/postgres.sh starts a throw-away cluster and
exports its URL as PRISM_TEST_PG_URL. Each test gets a database of its own, dropped afterwards.
Without a server the tests skip, except under CI=true, where that is a failure."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

PG_ENV_VAR = "PRISM_TEST_PG_URL"


def server_url() -> str:
    """The URL of the test server's maintenance database; skips (or fails under CI) without one."""
    url = os.environ.get(PG_ENV_VAR)
    problem = None if url else f"no PostgreSQL server ({PG_ENV_VAR} unset; bash .ci/postgres.sh start)"
    if url:
        try:
            engine = create_engine(url)
            with engine.connect():
                pass
            engine.dispose()
        except Exception as exc:  # any failure to connect is reported the same way
            problem = f"PostgreSQL at {url} does not answer ({exc})"
    if problem is not None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI=true and {problem}: .ci/postgres.sh must start a server")
        pytest.skip(problem)
    assert url is not None
    return url


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new empty database on the test server; yields its URL and drops it afterwards."""
    url = make_url(server_url())
    name = f"prism_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
