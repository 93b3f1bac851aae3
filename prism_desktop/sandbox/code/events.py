"""The test event channel: the test process (our pytest plugin, our node:test wrapper) writes one JSON
object a line into a pipe the runner holds, synchronously, before and after each test:

    {"e": "declare", "names": [...]}      the tests that will run, in order
    {"e": "start", "name": N}             a test begins (the watchdog clock starts)
    {"e": "end", "name": N, "status": "pass"|"xfail"|"fail"|"error"|"skipped"|"timeout", "message": M}
    {"e": "collect_error", "message": M}  the test files could not be loaded

Lines stay under PIPE_BUF, so writes of concurrent writers never interleave. The reading side keeps
the first verdict per test and ignores malformed lines: whatever the test process prints to its
stdout, or writes to report files, is never read. Pure standard library."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

EVENTS_FD_ENV = "PRISM_EVENTS_FD"
SKIP_ENV = "PRISM_SKIP_TESTS"  # JSON list of test names the test process must not run
MESSAGE_CHARS = 1000
LINE_BYTES = 4000  # under PIPE_BUF (4096): concurrent writers never interleave


def emit(fd: int, event: dict[str, Any]) -> None:
    """Write one event (from inside the test process), in one write of at most PIPE_BUF bytes."""
    if "message" in event:
        event["message"] = str(event["message"])[-MESSAGE_CHARS:]
    data = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
    if len(data) > LINE_BYTES:
        event = {**event, "message": str(event.get("message", ""))[-200:]}
        data = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
    os.write(fd, data)


@dataclass
class EventLog:
    """What the runner has learnt from one test process."""

    declared: list[str] = field(default_factory=list)
    verdicts: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (status, message)
    seconds: dict[str, float] = field(default_factory=dict)  # name -> from its start to its end
    current: str | None = None
    _started: dict[str, float] = field(default_factory=dict)
    collect_errors: list[str] = field(default_factory=list)
    _pending: bytes = b""

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """Take raw bytes; returns the events completed by them (already applied)."""
        self._pending += data
        *lines, self._pending = self._pending.split(b"\n")
        events = []
        for raw in lines:
            event = _parse(raw)
            if event is not None:
                self._apply(event)
                events.append(event)
        return events

    def _apply(self, event: dict[str, Any]) -> None:
        kind = event.get("e")
        if kind == "declare" and isinstance(event.get("names"), list):
            for name in event["names"]:
                if isinstance(name, str) and name not in self.declared:
                    self.declared.append(name)
        elif kind == "start" and isinstance(event.get("name"), str):
            self.current = event["name"]
            self._started.setdefault(event["name"], time.monotonic())
            if event["name"] not in self.declared:
                self.declared.append(event["name"])
        elif kind == "end" and isinstance(event.get("name"), str):
            name = event["name"]
            status = (
                event.get("status")
                if event.get("status") in ("pass", "xfail", "fail", "error", "skipped", "timeout")
                else "error"
            )
            if name not in self.verdicts:
                self.verdicts[name] = (str(status), str(event.get("message") or ""))
                if name in self._started:
                    self.seconds[name] = round(time.monotonic() - self._started[name], 3)
            if name not in self.declared:
                self.declared.append(name)
            if self.current == name:
                self.current = None
        elif kind == "collect_error":
            self.collect_errors.append(str(event.get("message") or ""))


def _parse(raw: bytes) -> dict[str, Any] | None:
    try:
        event = json.loads(raw.decode("utf-8"))  # node's JSON.stringify keeps non-ASCII text as is
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return event if isinstance(event, dict) else None
