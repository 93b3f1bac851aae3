"""pytest plugin loaded by the code sandbox (`-p prism_desktop.sandbox.code.pytest_events`): reports
each test to the runner's event pipe (events.py) as it starts and ends, and leaves out the tests the
runner asks to skip (those that already have a verdict). Runs inside the test process; pure."""

from __future__ import annotations

import json
import os
from typing import Any

from prism_desktop.sandbox.code.events import EVENTS_FD_ENV, SKIP_ENV, emit

_FD = int(os.environ.get(EVENTS_FD_ENV, "-1"))
_SKIP = set(json.loads(os.environ.get(SKIP_ENV, "[]")))


def _send(event: dict[str, Any]) -> None:
    if _FD >= 0:
        emit(_FD, event)


def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    items[:] = [item for item in items if item.nodeid not in _SKIP]
    _send({"e": "declare", "names": [item.nodeid for item in items]})


def pytest_collectreport(report: Any) -> None:
    if report.failed:
        _send({"e": "collect_error", "message": f"{report.nodeid}: {report.longreprtext}"})


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
        _send({"e": "end", "name": report.nodeid, "status": status, "message": report.longreprtext})
