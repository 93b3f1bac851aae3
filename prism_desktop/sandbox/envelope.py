"""The result channel between the worker and the host.

The worker writes its RunResult into `result.json` in a directory only the worker and the host see
(never on stdout, which candidate code prints to), wrapped in an envelope that echoes the per-run
nonce the host put in the spec. The host rejects an envelope whose nonce or format is wrong, so
nothing the candidate manages to emit can pass for a result. Pure standard library: the worker
imports it inside the container.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.errors import SandboxError
from prism_desktop.runs.onec import RunResult, from_dict

ENVELOPE_FORMAT = "prism-desktop.sandbox.result/1"
RESULT_FILE = "result.json"
SPEC_FILE = "spec.json"


class EnvelopeError(SandboxError, ValueError):
    """The result file is missing, malformed or carries the wrong nonce."""


@dataclass
class WorkerFault:
    """Why the worker stopped before finishing every leg."""

    kind: str  # "memory" | "recursion" | "exception"
    leg: str  # the leg that was running
    detail: str


@dataclass
class Envelope:
    nonce: str
    result: RunResult
    complete: bool  # False while legs are still running (a deadline kill keeps what finished)
    net_isolated: bool | None = None  # what the worker saw: only a loopback interface
    fault: WorkerFault | None = None
    worker_seconds: float | None = None  # time spent inside the harness
    legs_done: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        data = {"format": ENVELOPE_FORMAT, **asdict(self)}
        return json.dumps(data, ensure_ascii=False)


def write_envelope(directory: Path, envelope: Envelope) -> None:
    """Replace the result file atomically: the host never reads half an envelope."""
    temp = directory / f".{RESULT_FILE}.tmp"
    # "replace": a lone surrogate from candidate text that slipped through must not lose the run
    temp.write_text(envelope.to_json(), encoding="utf-8", errors="replace")
    os.replace(temp, directory / RESULT_FILE)


def read_envelope(directory: Path, nonce: str, max_bytes: int) -> Envelope:
    """The verified envelope from `directory`; EnvelopeError names what is wrong with it."""
    path = directory / RESULT_FILE
    try:
        size = path.stat().st_size
    except FileNotFoundError as exc:
        raise EnvelopeError(f"{path.name}: the worker wrote no result") from exc
    if size > max_bytes:
        raise EnvelopeError(f"{path.name}: {size} bytes, more than the {max_bytes} allowed")
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EnvelopeError(f"{path.name}: not a JSON result envelope ({exc})") from exc
    if not isinstance(data, dict) or data.get("format") != ENVELOPE_FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise EnvelopeError(f"{path.name}: format {found!r}, expected {ENVELOPE_FORMAT!r}")
    if not nonce or data.get("nonce") != nonce:
        raise EnvelopeError(f"{path.name}: nonce does not match this run; result rejected")
    try:
        fault = data.get("fault")
        return Envelope(
            nonce=nonce,
            result=from_dict(RunResult, data["result"]),
            complete=bool(data["complete"]),
            net_isolated=data.get("net_isolated"),
            fault=from_dict(WorkerFault, fault) if isinstance(fault, dict) else None,
            worker_seconds=data.get("worker_seconds"),
            legs_done=list(data.get("legs_done") or []),
        )
    except (KeyError, TypeError) as exc:
        raise EnvelopeError(f"{path.name}: envelope field missing or of the wrong type ({exc})") from exc
