"""Errors the store raises for things a user can fix (a bad URL, an unreadable or too new database)."""

from __future__ import annotations


class StoreError(Exception):
    """A store that cannot be opened or migrated; the message names the database and the cause."""


class EditConflict(StoreError):
    """Someone else changed what the user was editing after the user last saw it; nothing was saved.
    The message says what changed, when and (where known) by whom."""
