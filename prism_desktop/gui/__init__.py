"""The Qt shell: the main window, its views and dialogs, workers on QThreadPool. The only place Qt is
imported; the CLI starts it through `app`.

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "app",
    "app_options",
]
