"""The query console of debug mode: a 1C query run against a fresh infobase of a category-B task — its
config_spec.yaml, filled by its fixtures.yaml exactly as PRISM fills it before the tests — the way a
1C developer tries a query in the platform's query console before writing it into code.

The query is the expert's own text and the fixtures are the task's, so it runs in-process: no
candidate code is involved. The result reports every statement of a batch and the data accesses the
query made (the technological log's count, without the fixtures').
"""

from __future__ import annotations

import datetime as _dt
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.platform_bridge.query_values import cell_to_bsl
from prism_desktop.bsl.values.base import BslRuntimeError
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.errors import InputError
from prism_desktop.platform.query import QueryError, QueryResult, execute_batch
from prism_desktop.platform.query.values import NUMBER, QueryNull
from prism_desktop.sandbox.harness_b_modules import (
    TaskSetupError,
    fixture_module,
    infobase_session,
    load_config,
)
from prism_desktop.services.level1 import task_data
from prism_desktop.workspace.tasks import Task

FIXTURES_MODULE = "Тесты"  # the module PRISM puts the fixture helpers in
NULL_TEXT = "NULL"


@dataclass(frozen=True)
class ConsoleTable:
    """A statement's result as text, made while the infobase is open (a reference is presented by
    reading it); None stands for NULL."""

    columns: list[str]
    cells: list[list[str | None]]
    numeric: list[bool]  # per column: only numbers (shown right-aligned, as 1C shows them)

    @classmethod
    def of(cls, result: QueryResult) -> ConsoleTable:
        def text(value: Any) -> str | None:
            return None if isinstance(value, QueryNull) else cell_text(value)

        cells = [[text(v) for v in node.values] for node in result.linear()]
        numeric = [bool(c.types) and all(t.name == NUMBER for t in c.types) for c in result.columns]
        return cls([c.name for c in result.columns], cells, numeric)


@dataclass(frozen=True)
class ConsoleResult:
    results: list[QueryResult]  # one per statement of the batch, in order (empty from QueryProcess)
    tables: list[ConsoleTable]  # the same, as text
    accesses: int  # logical data accesses of the query (the techlog's sdbl count)
    seconds: float


class ConsoleError(InputError):
    """Why the query gave no result: 1C's message, and its (line, column) in the text when the
    query language reports one."""

    def __init__(self, message: str, position: tuple[int, int] | None = None):
        super().__init__(message)
        self.message = message
        self.position = position


def cell_text(value: Any) -> str:
    """A result cell as 1C presents it (a number with its digit groups, a date as 05.03.2024 9:07:00,
    a reference by its description: the infobase must be open); NULL as NULL."""
    if isinstance(value, QueryNull):
        return NULL_TEXT
    return to_string(cell_to_bsl(value))


def rows_text(result: QueryResult) -> list[list[str]]:
    """Every record in the direct traversal (totals of ИТОГИ before their groups), as cell texts."""
    return [[cell_text(v) for v in node.values] for node in result.linear()]


def parameter_value(raw: str) -> Any:
    """A parameter typed as text: true/false (истина/ложь), YYYY-MM-DD[THH:MM:SS] a date, a number,
    anything else a string."""
    lowered = raw.lower()
    if lowered in ("true", "истина"):
        return True
    if lowered in ("false", "ложь"):
        return False
    for pattern in ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%S"):
        try:
            return _dt.datetime.strptime(raw, pattern)
        except ValueError:
            pass
    try:
        number = Decimal(raw)
    except InvalidOperation:
        return raw
    if not number.is_finite():
        return raw
    return int(number) if number == number.to_integral_value() else number


def parse_parameters(text: str) -> dict[str, Any]:
    """`Имя = Значение` lines (or `;`-separated pairs) into query parameters; ValueError naming the
    piece that has no `=`."""
    params: dict[str, Any] = {}
    for piece in (p.strip() for line in text.splitlines() for p in line.split(";")):
        if not piece:
            continue
        name, sep, raw = piece.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"{piece!r}: expected Имя = Значение")
        params[name.strip().lstrip("&")] = parameter_value(raw.strip())
    return params


def run_query(task: Task, text: str, params: Mapping[str, Any]) -> ConsoleResult:
    """Execute the batch `text` against the task's filled infobase; ConsoleError when the task cannot
    give an infobase or the query fails."""
    if task.category != "B":
        raise ConsoleError(f"task {task.id}: the query console needs a category B task (an infobase)")
    data = task_data(task)
    try:
        config = load_config(data)
        fixtures = fixture_module(data.fixtures, config)
        with infobase_session(config) as infobase:
            engine = Engine(clock=infobase.now)
            try:
                module = engine.load(fixtures.prelude(), FIXTURES_MODULE)
                engine.call(module, "СоздатьФикстуры")
            except (ModuleLoadError, BslRuntimeError) as exc:
                raise ConsoleError(f"fixtures.yaml: the fixtures could not be created: {exc}") from None
            infobase.techlog.clear()
            started = time.perf_counter()
            try:
                results = execute_batch(infobase, text, dict(params))
            except QueryError as exc:
                position = (exc.position.line, exc.position.column) if exc.position else None
                raise ConsoleError(exc.message, position) from None
            seconds = time.perf_counter() - started
            accesses = infobase.techlog.counts().sdbl
            tables = [ConsoleTable.of(result) for result in results]
    except TaskSetupError as exc:
        raise ConsoleError(str(exc)) from None
    return ConsoleResult(results, tables, accesses, seconds)


# ---------------------------------------------------------------------------------------------
# A query that can be stopped (issue 20 item 9)

DEFAULT_TIMEOUT_S = 30.0
_POLL_S = 0.05


class QueryStopped(ConsoleError):
    """The query was stopped (by the user, or at its time limit) and gave no result."""


class QueryProcess:
    """run_query in a child process. A catastrophic ПОДОБНО pattern (regex backtracking) or a
    cartesian join holds the interpreter for minutes and no thread can interrupt it, so the query
    runs where it can be killed: `result()` waits for it (from a background thread), `stop()` ends it
    from any thread, and its time limit ends it too. The child (`python -m` this module) sends back
    only the tables' text; the query is the expert's own, no candidate code is involved."""

    def __init__(
        self, task: Task, text: str, params: Mapping[str, Any], timeout_s: float = DEFAULT_TIMEOUT_S
    ):
        self.task, self.text, self.params, self.timeout_s = task, text, dict(params), timeout_s
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def result(self) -> ConsoleResult:
        if self._stop.is_set():
            raise QueryStopped("the query was stopped")
        package_root = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")])}
        process = subprocess.Popen(
            [sys.executable, "-m", __name__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        received: list[bytes] = []
        reader = threading.Thread(target=lambda: received.append(process.communicate(self._request())[0]))
        reader.start()
        deadline = time.monotonic() + self.timeout_s
        try:
            while reader.is_alive():
                reader.join(_POLL_S)
                if self._stop.is_set():
                    raise QueryStopped("the query was stopped")
                if time.monotonic() > deadline:
                    raise QueryStopped(f"the query was stopped after {self.timeout_s:g} s (its time limit)")
        finally:
            if process.poll() is None:
                process.kill()
            reader.join(5)
        try:
            outcome = pickle.loads(received[0])
        except (IndexError, pickle.UnpicklingError, EOFError):
            raise ConsoleError(
                f"the query process ended without a result (exit code {process.returncode})"
            ) from None
        if outcome[0] == "error":
            raise ConsoleError(outcome[1], outcome[2])
        _, tables, accesses, seconds = outcome
        return ConsoleResult([], tables, accesses, seconds)

    def _request(self) -> bytes:
        return pickle.dumps((self.task, self.text, self.params))


def _child() -> None:
    """The child's side: the request on stdin, the outcome on stdout (nothing else is printed there)."""
    task, text, params = pickle.load(sys.stdin.buffer)
    out = sys.stdout.buffer
    sys.stdout = sys.stderr
    try:
        found = run_query(task, text, params)
        outcome: tuple[Any, ...] = ("ok", found.tables, found.accesses, found.seconds)
    except ConsoleError as exc:
        outcome = ("error", exc.message, exc.position)
    except Exception as exc:  # shown by the parent; a traceback would be lost here
        outcome = ("error", f"{type(exc).__name__}: {exc}", None)
    out.write(pickle.dumps(outcome))
    out.flush()


if __name__ == "__main__":
    # Through the package's own module, so what is pickled names prism_desktop…, not __main__.
    from prism_desktop.services import query_console

    query_console._child()
