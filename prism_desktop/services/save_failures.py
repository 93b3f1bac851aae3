"""Why a save to the store failed, in words an expert can act on.

A grade is either saved or the expert is told it was not; the GUI shows this text beside a Retry
button. Every failure of a unit of work is covered: the protocol refusing a value (GradingError),
someone else's change (EditConflict), other writers holding the lock past the bound (StoreBusy),
a full disk, a read-only store, and anything else (its own message, never a traceback)."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

from prism_desktop.services.grading import GradingError
from prism_desktop.store import EditConflict, StoreError
from prism_desktop.store.retry import StoreBusy

_DISK_FULL = ("disk is full", "database or disk is full", "no space left", "could not extend file")
_READ_ONLY = ("readonly database", "read-only", "read only", "permission denied", "query_only")


def _cause(error: BaseException) -> str:
    return str(error.orig if isinstance(error, DBAPIError) else error).strip()


def failure_kind(error: BaseException) -> str:
    """ "busy", "disk_full", "read_only", "conflict", "refused" or "other"."""
    if isinstance(error, StoreBusy):
        return "busy"
    if isinstance(error, EditConflict):
        return "conflict"
    if isinstance(error, GradingError):
        return "refused"
    text = _cause(error).lower()
    if any(marker in text for marker in _DISK_FULL) or getattr(error, "errno", None) == 28:
        return "disk_full"
    if any(marker in text for marker in _READ_ONLY):
        return "read_only"
    return "other"


def failure_text(error: BaseException) -> str:
    """One sentence saying what went wrong (English; the GUI puts its own words in front)."""
    kind = failure_kind(error)
    cause = _cause(error) or type(error).__name__
    if kind == "disk_full":
        return f"the disk holding the store is full ({cause})"
    if kind == "read_only":
        return f"the store cannot be written: it is read-only here ({cause})"
    if isinstance(error, (StoreError, DBAPIError)) or kind != "other":
        return cause
    return f"{type(error).__name__}: {cause}"
