"""Alembic revisions, oldest first; a package so that setuptools installs them."""
