"""The `prism-desktop` command: one module per sub-command; `main` is the console script.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "main",
]
