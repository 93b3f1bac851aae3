"""pytest plugin loaded by the code sandbox (`-p prism_desktop.sandbox.code.pytest_events`): reports
each test to the runner's event pipe (events.py) as it starts and ends, with the proof of the run's
secret, and leaves out the tests the runner asks to skip (those that already have a verdict).

pytest imports `-p` plugins while it reads its command line, before conftest files and before
collection imports the test files (and through them the candidate's code), so this module reads the
secret and closes its pipe first. Runs inside the test process; pure."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from prism_desktop.sandbox.code.events import EVENTS_FD_ENV, SECRET_FD_ENV, SKIP_ENV, emit, read_secret


def _channel() -> Callable[[dict[str, Any]], None]:
    """The function that signs and sends an event (a no-op outside the sandbox). The secret lives only
    in its closure: the pipe it came from is closed before the candidate's code loads."""
    secret_fd = int(os.environ.pop(SECRET_FD_ENV, "-1"))
    lines = read_secret(secret_fd) if secret_fd >= 0 else []
    events_fd, secret = int(os.environ.get(EVENTS_FD_ENV, "-1")), (lines[0] if lines else "")

    def send(event: dict[str, Any]) -> None:
        if events_fd >= 0 and secret:
            emit(events_fd, event, secret)

    return send


_send = _channel()
_SKIP = set(json.loads(os.environ.get(SKIP_ENV, "[]")))
_ROOT = {"prefix": ""}  # the work folder: the tests run in a copy of it, so pytest shows absolute paths


def pytest_configure(config: Any) -> None:
    _ROOT["prefix"] = f"{config.rootpath}{os.sep}"


def _relative(text: str) -> str:
    """The message with paths relative to the work folder, as when the tests ran in it."""
    return text.replace(_ROOT["prefix"], "") if _ROOT["prefix"] else text


def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    items[:] = [item for item in items if item.nodeid not in _SKIP]
    for item in items:
        _send({"e": "declare", "name": item.nodeid})


def pytest_collectreport(report: Any) -> None:
    if report.failed:
        _send({"e": "collect_error", "message": f"{report.nodeid}: {_relative(report.longreprtext)}"})


def pytest_runtest_logstart(nodeid: str, location: Any) -> None:
    _send({"e": "start", "name": nodeid})


def pytest_runtest_logreport(report: Any) -> None:
    if report.when == "call" or report.failed or report.skipped:
        if report.passed:
            status = "pass"
        elif report.skipped and hasattr(report, "wasxfail"):
            status = "xfail"  # Commit-0 counts an expected failure as passed
        elif report.skipped:
            status = "skipped"
        else:
            status = "fail" if report.when == "call" else "error"
        message = _relative(report.longreprtext)
        _send({"e": "end", "name": report.nodeid, "status": status, "message": message})


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    _send({"e": "finish"})
