"""Where PRISM Desktop finds what it ships and keeps what it makes.

What it ships — the bundled workspace (tasks/, metrics/, results/, generation/, benchmarks/) and the
sandbox image recipes (packaging/) — lies beside the package in a source checkout (the repository is
the workspace) and in the `prism_desktop_data` folder beside the package once installed from a wheel
or frozen by PyInstaller (setup.py's build step copies it there). Never inside the package itself: the
package folder is mounted into every sandbox, and hidden tests must not be readable there.

What it makes goes to the user's folders from platformdirs: config, data (the SQLite store), cache
(sandbox bytecode, model responses) and logs. `PRISM_DESKTOP_LOG_DIR` moves the logs (tests do).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "prism-desktop"
DATA_FOLDER = "prism_desktop_data"
# What the wheel and the frozen bundle carry of the repository (copied by setup.py's build step).
SHIPPED_FOLDERS = ("tasks", "metrics", "results", "generation", "benchmarks", "packaging")
LOG_DIR_ENV_VAR = "PRISM_DESKTOP_LOG_DIR"


def package_dir() -> Path:
    return Path(__file__).resolve().parent


def shipped_root() -> Path | None:
    """The folder holding what PRISM Desktop ships: the installed data folder, else the checkout."""
    for candidate in (package_dir().parent / DATA_FOLDER, package_dir().parent):
        if (candidate / "tasks").is_dir() and (candidate / "metrics").is_dir():
            return candidate
    return None


def shipped_path(*parts: str) -> Path | None:
    """A shipped folder or file (e.g. "packaging", "sandbox"), or None when this install lacks it."""
    root = shipped_root()
    if root is None:
        return None
    path = root.joinpath(*parts)
    return path if path.exists() else None


def _user_dir(kind: str) -> Path:
    # Imported here: setup.py imports this module while building, before any dependency exists.
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP_NAME))


def config_dir() -> Path:
    return _user_dir("config")


def data_dir() -> Path:
    return _user_dir("data")


def cache_dir() -> Path:
    return _user_dir("cache")


def log_dir() -> Path:
    override = os.environ.get(LOG_DIR_ENV_VAR)
    return Path(override) if override else _user_dir("log")
