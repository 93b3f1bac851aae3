"""Alembic revisions, oldest first; a package so that setuptools installs them."""

__all__: list[str] = []
