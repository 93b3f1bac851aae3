"""O-exec for category B (PRISM_FORMAT §1.10, §3.6): for each database size n, a fresh infobase with
the task's fixtures grown by n units, a module Тесты whose ПрогнатьТест creates the fixtures, runs
perf.yaml's `call` (any BSL statements, PRISM writes them on one line without a final `;`) and
returns "PASSED=1;TOTAL=1;perf" with a per-run token; the measurement is the number of data accesses
attributed to КодКандидата in the techlog ({"sdbl": …, "reg_reads": …, "rows": …}).

A size counts as measured only when ПрогнатьТест itself returned that exact text. PRISM accepts any
result.txt containing `PASSED=`, so a candidate raising `PASSED=1;TOTAL=1;` passes there; it cannot
here, since an exception is known to us as an exception and the token is not in the candidate's text.

The `call` snippet runs in Тесты, so what it reads to build the arguments is not counted. A size
that fails or runs out of time stops the ladder. What the candidate caused (an exception, a timeout, a
limit) is scored as the worst O; what we caused (the task data or our emulator: TaskSetupError) is
status "infra", N/A (docs/gaming.md).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from prism_desktop.bsl.values.base import ExecutionLimit
from prism_desktop.platform.fixtures import FixtureError
from prism_desktop.platform.grow import grow_fixtures
from prism_desktop.sandbox.candidate_text import detect_entry_point
from prism_desktop.sandbox.harness_b_modules import (
    CANDIDATE_MODULE,
    NOT_COMPILED,
    RUN_FUNCTION,
    TaskSetupError,
    compile_candidate,
    fixture_module,
    infobase_session,
    load_config,
    load_tests,
    revive_dates,
    run_tests_function,
)
from prism_desktop.sandbox.harness_engine import engine_for
from prism_desktop.sandbox.spec import PerfMeasurement, RunSpec, SizeOutcome

PERF_RESULT = "PASSED=1;TOTAL=1;perf"
NO_ENTRY = "в коде кандидата не найдено ни одной функции или процедуры"
NOTE_CHARS = 200


def perf_tests_bsl(call: str, token: str = "") -> str:
    """The tests.bsl of a measured run: fixtures, then the task's `call` closed by its own line `;`
    (an empty statement when the call already ends with one, the end of a statement after a
    trailing comment), then the fixed result with `token`."""
    return "\n".join(
        [
            f"Функция {RUN_FUNCTION}() Экспорт",
            "СоздатьФикстуры();",
            call.rstrip(),
            ";",
            f'Возврат "{perf_result(token)}";',
            "КонецФункции",
            "",
        ]
    )


def perf_result(token: str) -> str:
    return f"{PERF_RESULT} {token}" if token else PERF_RESULT


def perf_leg(spec: RunSpec, output: list[str], instrument: str) -> PerfMeasurement:
    perf = spec.task.perf or {}
    entry = detect_entry_point(spec.code, spec.task.entry_point_patterns, include_procedures=True)
    measurement = PerfMeasurement(instrument=instrument, entry_point=entry)
    for size in perf.get("sizes", []):
        if entry is None:
            measurement.sizes.append(SizeOutcome(int(size), "error", note=NO_ENTRY))
            break
        outcome = measure_size(spec, entry, int(size), output)
        measurement.sizes.append(outcome)
        if outcome.status != "ok":
            break  # a larger database cannot go better than a failed smaller one
    return measurement


def measure_size(
    spec: RunSpec, entry: str, size: int, output: list[str], clock: Callable[[], float] = time.monotonic
) -> SizeOutcome:
    """One rung: a fresh infobase with `size` units, the harness run, the candidate's counts."""
    perf = spec.task.perf or {}
    started = clock()

    def outcome(status: str, note: str | None = None, counts: dict[str, int] | None = None) -> SizeOutcome:
        return SizeOutcome(size, status, counts=counts or {}, seconds=clock() - started, note=note)

    engine = engine_for(spec.limits, spec.limits.size_timeout_s, "off", output, goto=True)
    try:
        config = load_config(spec.task)
        try:
            grown = grow_fixtures(
                revive_dates(spec.task.fixtures, "fixtures"),
                revive_dates(perf.get("grow") or {}, "perf.grow"),
                size,
                "perf.yaml",
            )
        except FixtureError as exc:
            raise TaskSetupError(str(exc)) from None
        fixtures = fixture_module(grown, config, "fixtures.yaml + perf.yaml grow")
        compiled = compile_candidate(engine, spec.code, entry)
        if compiled.module is None:
            return outcome("error", f"{NOT_COMPILED}: {'; '.join(compiled.compile_errors())}"[:NOTE_CHARS])
        token = secrets.token_hex(16)
        with infobase_session(config) as infobase:
            tests = load_tests(engine, fixtures, perf_tests_bsl(str(perf.get("call", "")), token), entry)
            result = run_tests_function(engine, tests)
            counts = infobase.techlog.counts(CANDIDATE_MODULE)
    except TaskSetupError as exc:
        return outcome("infra", str(exc)[:NOTE_CHARS])
    except ExecutionLimit as exc:
        return outcome("timeout" if exc.kind == "timeout" else "limit", exc.message)
    if not result.returned or result.text != perf_result(token):
        return outcome("error", result.text[-NOTE_CHARS:])
    return outcome("ok", counts=counts.to_json())
