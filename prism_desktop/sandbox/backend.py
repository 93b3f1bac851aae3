"""What every sandbox backend offers, and cancellation. The choice between Docker and the local fallback is
sandbox/backend_choice.py (it sits above both backends, which build on this module)."""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

import prism_desktop
from prism_desktop.errors import SandboxError
from prism_desktop.runs.onec import Limits, RunResult, RunSpec

SandboxMode = Literal["auto", "docker", "local"]
SANDBOX_MODES: tuple[str, ...] = ("auto", "docker", "local")


class SandboxUnavailable(SandboxError, RuntimeError):
    """The requested sandbox cannot be used; the message says why in plain words."""


class CancelToken:
    """Cancels a batch: sets a flag and calls the kill hooks of the runs in flight."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._hooks: dict[int, Callable[[], None]] = {}
        self._ids = itertools.count()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self) -> None:
        with self._lock:
            self._event.set()
            hooks = list(self._hooks.values())
        for kill in hooks:
            with contextlib.suppress(Exception):  # the run may already be gone
                kill()

    @contextlib.contextmanager
    def on_cancel(self, kill: Callable[[], None]) -> Iterator[None]:
        """Call `kill` if the token is cancelled while the block runs (at once if it already is)."""
        key = next(self._ids)
        with self._lock:
            self._hooks[key] = kill
            already = self._event.is_set()
        if already:
            with contextlib.suppress(Exception):
                kill()
        try:
            yield
        finally:
            with self._lock:
                self._hooks.pop(key, None)


def cancel_token(cancel: threading.Event | CancelToken | None) -> CancelToken:
    """The GUI holds a threading.Event; batches want a CancelToken. Bridge them with a watcher."""
    if isinstance(cancel, CancelToken):
        return cancel
    token = CancelToken()
    if cancel is not None:
        event = cancel

        def watch() -> None:
            event.wait()
            token.cancel()

        threading.Thread(target=watch, name="prism-cancel-watch", daemon=True).start()
    return token


@dataclass
class ProbeResult:
    """A plain Python snippet run under the same confinement as a candidate run."""

    exit_code: int | None
    stdout: str
    stderr: str
    timed_out: bool = False


class SandboxBackend(Protocol):
    name: str  # "docker" | "local"
    isolated: bool

    def run(self, spec: RunSpec, cancel: CancelToken | None = None) -> RunResult:
        """One candidate run: every leg of `spec` in one sandbox. Never raises for a run that went
        wrong: the RunResult's status and infra_detail say what happened."""
        ...

    def probe(self, code: str, limits: Limits | None = None, timeout_s: float = 30.0) -> ProbeResult:
        """Run `python3 -c code` with the confinement of a candidate run (for doctor and tests;
        never reachable from a candidate)."""
        ...

    def describe(self) -> str:
        """One line for the user, e.g. "docker 20.10.24, image prism-desktop-sandbox:1"."""
        ...


def installed_package_dir() -> Path:
    """The prism_desktop package the app runs from: what the sandbox mounts or puts on its path."""
    return Path(prism_desktop.__file__).resolve().parent
