"""Level 2: expert grades read and checked, agreement statistics, Verified marks, exports and reports.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "analysis",
    "dataset",
    "expert_export",
    "file_input",
    "messages",
    "report_html",
    "report_json",
    "scale",
    "store_input",
    "verification_rules",
    "verified_export",
]
