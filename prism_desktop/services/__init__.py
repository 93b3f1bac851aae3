"""Use cases shared by the CLI and the GUI: import, Level 1, reference checks, grading, sessions,
queries over runs.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "agreement",
    "annotations",
    "benchmark_kinds",
    "code_level1",
    "code_reference_check",
    "code_review",
    "generation",
    "grading",
    "importing",
    "level1",
    "level1_store",
    "model_comparison",
    "onec_level1",
    "onec_workspace",
    "query_console",
    "reference_check",
    "review_session",
    "runs_query",
    "save_failures",
    "score_experiment",
    "sessions",
    "task_kinds",
    "team_sessions",
    "visibility",
]
