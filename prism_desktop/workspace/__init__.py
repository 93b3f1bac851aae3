"""Typed, validated reading of a workspace (PRISM's tasks/, metrics/, results/; a coding bench; a 1C
Code Bench) and atomic writes.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "atomic",
    "coding",
    "coding_bench",
    "coding_task",
    "commit0_repo",
    "errors",
    "libraries",
    "onec_bench",
    "paths",
    "protocol",
    "results",
    "results_loader",
    "schema",
    "task_kinds",
    "tasks",
    "values",
    "workspace",
    "yamlio",
]
