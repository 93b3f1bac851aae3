"""BSL's runtime values: the object protocol and errors (base), numbers, dates, enumerations,
comparison, formatting and presentation.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "base",
    "compare",
    "dates",
    "enums",
    "format",
    "numbers",
    "presentation",
    "promise",
]
