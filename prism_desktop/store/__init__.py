"""The results store: SQLAlchemy models, engine and sessions, Alembic migrations."""

from prism_desktop.store.database import Store, open_store
from prism_desktop.store.engine import DB_ENV_VAR, default_url, describe_url, make_engine, resolve_url
from prism_desktop.store.errors import EditConflict, StoreError

__all__ = [
    "DB_ENV_VAR",
    "EditConflict",
    "Store",
    "StoreError",
    "database",
    "default_url",
    "describe_url",
    "make_engine",
    "models",
    "open_store",
    "resolve_url",
    "retry",
]
