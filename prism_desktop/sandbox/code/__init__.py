"""Code tasks (Python, TypeScript, Go, libraries) in the sandbox: the run spec, the candidate's files,
the test-framework harnesses and their signed verdicts.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "candidate",
    "context",
    "library_candidate",
]
