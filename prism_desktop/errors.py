"""The one tree of errors PRISM Desktop raises on purpose, at the bottom floor beside vocabulary.py:
every layer (the store, the sandbox worker in its bare container, the GUI) may import it, and it
imports nothing of PRISM Desktop. The family bases live here; each concrete error keeps its name and
its module (callers import it from there) and subclasses its family. docs/architecture.md, section
"Errors", draws the whole tree.

    PrismError
    ├── InputError       input a user can fix: a file (naming the file, key or line and what was
    │                    expected) or a request (a grade off the scale, a bad option)
    ├── StoreError       a store that cannot be opened, migrated or written; edit conflicts
    ├── SandboxError     the sandbox cannot run a candidate (no engine, no image, a broken result)
    ├── GenerationError  a generation that cannot start, a model that cannot be called or failed
    └── CliError         (cli/common.py) a command-line failure with its exit code

What a candidate's code does wrong (a BSL runtime error, a compile error, a 1C platform error, a
patch that does not apply) is a verdict the scorer records, never a PrismError: those exceptions
stay outside the tree on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence


class PrismError(Exception):
    """Base of every error PRISM Desktop raises on purpose; its message is meant for the user."""


class InputError(PrismError):
    """Input a user can fix. `problems`: one entry per thing wrong, each printing as one line that
    names the file, the key or line, what was found and what was expected (WorkspaceError); empty
    when the message alone says it."""

    problems: Sequence[object] = ()


class StoreError(PrismError):
    """A store that cannot be opened, migrated or written; the message names the database and the
    cause (store/errors.py adds EditConflict, store/retry.py StoreBusy)."""


class SandboxError(PrismError):
    """The sandbox cannot run or read a candidate's run: our infrastructure, not the candidate."""


class GenerationError(PrismError):
    """A generation that cannot start as asked (bad selection, bad option) — raised as is by
    generation/plan.py; its subclasses are a model that cannot be called at all and a failed call."""
