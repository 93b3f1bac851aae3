"""Team-store tests: the same store code on a SQLite file and on a real PostgreSQL server.
Helper modules of this folder are put on sys.path (the suite runs with --import-mode=importlib)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_HERE = os.path.dirname(__file__)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from pg_server import fresh_database  # noqa: E402


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database."""
    with fresh_database() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The same test on a SQLite file and on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'prism.db'}"
        return
    with fresh_database() as url:
        yield url
