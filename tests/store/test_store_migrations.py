from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from prism_desktop.store import DB_ENV_VAR, Store, StoreError, default_url, open_store, resolve_url
from prism_desktop.store.migrate import MIGRATIONS_DIR, current_revision, head_revision
from prism_desktop.store.models import Base


def test_fresh_file_is_migrated_to_head(tmp_path: Path) -> None:
    db = tmp_path / "nested" / "folder" / "prism.db"
    with open_store(f"sqlite:///{db}") as store:
        assert db.is_file()
        assert current_revision(store.engine) == head_revision()
        tables = set(Base.metadata.tables)
        with store.engine.connect() as connection:
            found = {row[0] for row in connection.exec_driver_sql("SELECT name FROM sqlite_master "
                                                                  "WHERE type='table'")}
        assert tables <= found


def test_migrated_schema_equals_the_orm_metadata(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_diff_is_detected_when_schema_lags_the_orm(store: Store) -> None:
    # The comparison above is only meaningful if a real difference would show up.
    with store.engine.begin() as connection:
        connection.exec_driver_sql("DROP INDEX ix_runs_model_id_task_id")
    with store.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert [entry[0] for entry in diff] == ["add_index"]


def test_wal_mode_and_foreign_keys_are_on(store: Store) -> None:
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    with store.session() as session:
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_reopening_keeps_data_and_revision(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'prism.db'}"
    with open_store(url) as store, store.session() as session:
        session.execute(text("INSERT INTO experts (name, created_at) VALUES ('expert_01', '2025-01-01')"))
    with open_store(url) as store, store.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT name FROM experts").scalars().all() == ["expert_01"]
        assert current_revision(store.engine) == head_revision()


def test_in_memory_store_shares_one_database_between_sessions() -> None:
    with open_store("sqlite://") as store:
        with store.session() as session:
            session.execute(text("INSERT INTO experts (name, created_at) VALUES ('e', '2025-01-01')"))
        with store.session() as session:
            assert session.execute(text("SELECT count(*) FROM experts")).scalar() == 1


def test_database_from_a_newer_release_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "prism.db"
    open_store(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffffffffffff'")
    with pytest.raises(StoreError, match="newer PRISM Desktop"):
        open_store(f"sqlite:///{db}")


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "notes.txt"
    db.write_text("these are not the tables you are looking for\n" * 100, encoding="utf-8")
    with pytest.raises(StoreError, match=r"notes\.txt"):
        open_store(f"sqlite:///{db}")


def test_bad_url_and_missing_driver_are_store_errors() -> None:
    with pytest.raises(StoreError, match="not a valid SQLAlchemy URL"):
        open_store("not a url at all")
    with pytest.raises(StoreError, match="driver not available"):
        open_store("nosuchdialect://user:secret@host/db")


def test_url_resolution_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DB_ENV_VAR, "sqlite:////from/env.db")
    assert resolve_url("sqlite:////from/flag.db") == "sqlite:////from/flag.db"
    assert resolve_url(None) == "sqlite:////from/env.db"
    monkeypatch.delenv(DB_ENV_VAR)
    assert resolve_url(None) == default_url()
    assert default_url().startswith("sqlite:///")
    assert Path(default_url().removeprefix("sqlite:///")).parts[-2:] == ("prism-desktop", "prism.db")


def test_migrations_are_packaged_without_alembic_ini() -> None:
    assert (MIGRATIONS_DIR / "env.py").is_file()
    assert not (MIGRATIONS_DIR.parent / "alembic.ini").exists()
    assert (MIGRATIONS_DIR / "versions" / "__init__.py").is_file()  # so setuptools installs them
