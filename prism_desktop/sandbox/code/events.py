"""The test event channel. The runner gives each test process two pipes: one it reads (the events) and
one holding a fresh per-process secret (and, for Go, the test to run). Our harness in the test process
— the pytest plugin, the node:test preload and reporter, the Go harness package — reads the secret and
closes its pipe before any of the candidate's code is loaded, then writes one JSON object a line into
the events pipe, each carrying a proof (`mac`: HMAC-SHA256 of the event under the secret):

    {"e": "declare", "name": N}           a test of the file (collection)
    {"e": "start", "name": N}             a test begins (the watchdog clock starts)
    {"e": "end", "name": N, "status": "pass"|"xfail"|"fail"|"error"|"skipped"|"timeout", "message": M}
    {"e": "live", …as "end"}              node: how the test's body ended, which counts only when node's
                                          own verdict ("end") never arrives (the process was killed)
    {"e": "collect_error", "message": M}  the test files could not be loaded
    {"e": "finish"}                       the end-of-run proof: the harness saw the test run end

The candidate inherits the events pipe's write end (it can write to every descriptor it has) but never
sees the secret, so the reading side takes only lines with a valid proof, keeps the first verdict per
test and counts the others as unverified. Lines stay under PIPE_BUF, so writes of concurrent writers
never interleave. Pure standard library."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

EVENTS_FD_ENV = "PRISM_EVENTS_FD"
SECRET_FD_ENV = "PRISM_SECRET_FD"  # read and closed by our harness before the candidate's code loads
SKIP_ENV = "PRISM_SKIP_TESTS"  # JSON list of test names the test process must not run
COLLECT_ENV = "PRISM_COLLECT"  # "1": declare the tests, run none (the collection pass with the reference)
MESSAGE_CHARS = 1000
LINE_BYTES = 4000  # under PIPE_BUF (4096): concurrent writers never interleave
STATUSES = ("pass", "xfail", "fail", "error", "skipped", "timeout")


def proof(secret: str, event: dict[str, Any]) -> str:
    """The event's proof; the same text is signed by node_test_events.js and prism_harness.go."""
    signed = "\0".join(str(event.get(key) or "") for key in ("e", "name", "status"))
    return hmac.new(secret.encode(), signed.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def read_secret(fd: int) -> list[str]:
    """The secret pipe's lines (from inside the test process): read to its end, then closed."""
    chunks = []
    try:
        while chunk := os.read(fd, 4096):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks).decode().splitlines()


def emit(fd: int, event: dict[str, Any], secret: str) -> None:
    """Write one event with its proof (from inside the test process), in one write of at most PIPE_BUF."""
    if "message" in event:
        event["message"] = str(event["message"])[-MESSAGE_CHARS:]
    event["mac"] = proof(secret, event)
    data = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
    if len(data) > LINE_BYTES:
        event = {**event, "message": str(event.get("message", ""))[-200:]}
        data = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
    os.write(fd, data)


@dataclass
class EventLog:
    """What the runner has learnt from one test process: only events proven by `secret`."""

    secret: str
    declared: list[str] = field(default_factory=list)
    verdicts: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (status, message)
    live: dict[str, tuple[str, str]] = field(default_factory=dict)  # node's wrapper: until a verdict comes
    seconds: dict[str, float] = field(default_factory=dict)  # name -> from its start to its end
    current: str | None = None
    finished: bool = False  # the harness's end-of-run proof arrived
    unverified: int = 0  # lines without a valid proof: whatever else reached the pipe
    collect_errors: list[str] = field(default_factory=list)
    _started: dict[str, float] = field(default_factory=dict)
    _pending: bytes = b""

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """Take raw bytes; returns the proven events completed by them (already applied)."""
        self._pending += data
        *lines, self._pending = self._pending.split(b"\n")
        events = []
        for raw in lines:
            event = self._verified(raw)
            if event is not None:
                self._apply(event)
                events.append(event)
            elif raw.strip():
                self.unverified += 1
        return events

    def _verified(self, raw: bytes) -> dict[str, Any] | None:
        event = _parse(raw)
        if event is None or not isinstance(event.get("mac"), str):
            return None
        if not all(isinstance(event.get(key, ""), str) for key in ("e", "name", "status")):
            return None
        return event if hmac.compare_digest(event["mac"], proof(self.secret, event)) else None

    def _apply(self, event: dict[str, Any]) -> None:
        kind, name = event.get("e"), event.get("name")
        if kind == "finish":
            self.finished = True
        elif kind == "collect_error":
            self.collect_errors.append(str(event.get("message") or ""))
        elif not isinstance(name, str) or not name:
            return
        elif kind == "declare":
            self._declare(name)
        elif kind == "start":
            self.current = name
            self._started.setdefault(name, time.monotonic())
            self._declare(name)
        elif kind in ("end", "live"):
            status = event.get("status") if event.get("status") in STATUSES else "error"
            kept = self.verdicts if kind == "end" else self.live
            if name not in kept:
                kept[name] = (str(status), str(event.get("message") or ""))
            if name not in self.seconds and name in self._started:
                self.seconds[name] = round(time.monotonic() - self._started[name], 3)
            self._declare(name)
            if self.current == name:
                self.current = None

    def outcomes(self) -> dict[str, tuple[str, str]]:
        """Each test's verdict: the final one, else the live one."""
        return {**self.live, **self.verdicts}

    def _declare(self, name: str) -> None:
        if name not in self.declared:
            self.declared.append(name)


def _parse(raw: bytes) -> dict[str, Any] | None:
    try:
        event = json.loads(raw.decode("utf-8"))  # node's JSON.stringify keeps non-ASCII text as is
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return event if isinstance(event, dict) else None
