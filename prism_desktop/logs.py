"""The application's log: one rotating file in the user's log folder (locations.log_dir()), so a
crash report can point at it and Help → Open log folder can show it."""

from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from prism_desktop.locations import log_dir

LOG_FILE = "prism-desktop.log"
MAX_BYTES = 2 * 1024 * 1024
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"
logger = logging.getLogger("prism_desktop")


def log_path() -> Path:
    return log_dir() / LOG_FILE


def start_logging(level: int = logging.INFO) -> Path | None:
    """Log to the rotating file (once per process); None when the folder cannot be written, in
    which case the app runs on without a file log rather than not at all."""
    path = log_path()
    if any(isinstance(h, RotatingFileHandler) for h in logger.handlers):
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError as error:
        print(f"prism-desktop: no log file ({error})", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level)
    return path


def log_exception(
    kind: type[BaseException], value: BaseException, traceback: TracebackType | None, where: str
) -> None:
    logger.critical("unhandled exception in %s", where, exc_info=(kind, value, traceback))
    for handler in logger.handlers:
        handler.flush()
