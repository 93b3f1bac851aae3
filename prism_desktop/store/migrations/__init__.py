"""Alembic migrations of the results store, configured in code (see store/migrate.py)."""

__all__: list[str] = []
