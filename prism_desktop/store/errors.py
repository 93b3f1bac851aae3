"""Errors the store raises for things a user can fix (a bad URL, an unreadable or too new database)."""

from __future__ import annotations

from prism_desktop.errors import StoreError as StoreError  # the family base, raised as is too


class EditConflict(StoreError):
    """Someone else changed what the user was editing after the user last saw it; nothing was saved.
    The message says what changed, when and (where known) by whom."""
