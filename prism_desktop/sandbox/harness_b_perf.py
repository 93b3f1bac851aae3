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

At each size the task's reference runs as well, in a second fresh infobase under the same `call`, and
what the candidate's entry returned is compared with what the reference's returned: another value is
status "wrong", its counts kept; scoring makes it the worst O when the answer passed every hidden test
(measured_result.py, docs/gaming.md).
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Callable
from typing import Any

from prism_desktop.bsl.candidate_text import detect_entry_point
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit
from prism_desktop.platform import Configuration
from prism_desktop.platform.fixtures import FixtureError, FixtureModule
from prism_desktop.platform.grow import grow_fixtures
from prism_desktop.runs.onec import PerfMeasurement, RunSpec, SizeOutcome
from prism_desktop.sandbox.harness_a import NOTE_VALUE_CHARS, describe
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
from prism_desktop.sandbox.measured_result import (
    B_COMPARATOR_TYPES,
    MEASURED,
    NOT_CALLED,
    NOT_COMPARABLE,
    NOT_RETURNED,
    PROCEDURE,
    REFERENCE_FAILED,
    WRONG,
    ReturnRecorder,
    differed,
    differs_note,
    first_unwalkable,
    result_check,
    same_b_result,
    why_not_compared,
)

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
    not_compared = why_not_compared(spec.task.reference, spec.code)
    for size in perf.get("sizes", []):
        if entry is None:
            measurement.sizes.append(SizeOutcome(int(size), "error", note=NO_ENTRY))
            break
        outcome, returned = _measured_rung(spec, entry, int(size), output)
        if outcome.status == "ok" and not_compared is None and not differed(measurement.sizes):
            outcome, not_compared = _compared_with_reference(spec, outcome, returned)
        measurement.sizes.append(outcome)
        if outcome.status not in MEASURED:
            break  # a larger database cannot go better than a failed smaller one
    measurement.result_check = result_check(measurement.sizes, not_compared)
    return measurement


def measure_size(
    spec: RunSpec, entry: str, size: int, output: list[str], clock: Callable[[], float] = time.monotonic
) -> SizeOutcome:
    """One rung: a fresh infobase with `size` units, the harness run, the candidate's counts."""
    return _measured_rung(spec, entry, size, output, clock)[0]


def _measured_rung(
    spec: RunSpec, entry: str, size: int, output: list[str], clock: Callable[[], float] = time.monotonic
) -> tuple[SizeOutcome, ReturnRecorder | None]:
    """measure_size, with what the measured call of the entry returned."""
    started = clock()

    def outcome(status: str, note: str | None = None, counts: dict[str, int] | None = None) -> SizeOutcome:
        return SizeOutcome(size, status, counts=counts or {}, seconds=clock() - started, note=note)

    engine = engine_for(spec.limits, spec.limits.size_timeout_s, "off", output, goto=True)
    try:
        config, fixtures = _rung_setup(spec, size)
        compiled = compile_candidate(engine, spec.code, entry)
        if compiled.module is None:
            note = f"{NOT_COMPILED}: {'; '.join(compiled.compile_errors())}"[:NOTE_CHARS]
            return outcome("error", note), None
        returned = ReturnRecorder(compiled.module, entry)
        token = secrets.token_hex(16)
        with infobase_session(config) as infobase:
            tests = load_tests(engine, fixtures, perf_tests_bsl(_call(spec), token), entry)
            result = run_tests_function(engine, tests)
            counts = infobase.techlog.counts(CANDIDATE_MODULE)
    except TaskSetupError as exc:
        return outcome("infra", str(exc)[:NOTE_CHARS]), None
    except ExecutionLimit as exc:
        return outcome("timeout" if exc.kind == "timeout" else "limit", exc.message), None
    if not result.returned or result.text != perf_result(token):
        return outcome("error", result.text[-NOTE_CHARS:]), None
    return outcome("ok", counts=counts.to_json()), returned


def _call(spec: RunSpec) -> str:
    return str((spec.task.perf or {}).get("call", ""))


def _rung_setup(spec: RunSpec, size: int) -> tuple[Configuration, FixtureModule]:
    """The configuration and the task's fixtures grown by `size` units (TaskSetupError: ours)."""
    config = load_config(spec.task)
    try:
        grown = grow_fixtures(
            revive_dates(spec.task.fixtures, "fixtures"),
            revive_dates((spec.task.perf or {}).get("grow") or {}, "perf.grow"),
            size,
            "perf.yaml",
        )
    except FixtureError as exc:
        raise TaskSetupError(str(exc)) from None
    return config, fixture_module(grown, config, "fixtures.yaml + perf.yaml grow")


def _compared_with_reference(
    spec: RunSpec, outcome: SizeOutcome, returned: ReturnRecorder | None
) -> tuple[SizeOutcome, str | None]:
    """What the candidate's entry returned at this rung against what the reference's returns in a
    second fresh infobase of the same size: (the outcome, status "wrong" when they differ; why it
    was not compared, or None)."""
    size = outcome.size

    def judge(reference: Any) -> str | None:
        """The difference, judged while the reference's infobase is open (showing a reference reads
        its name there: both infobases hold the same objects under the same ids)."""
        unwalkable = first_unwalkable(reference, B_COMPARATOR_TYPES)
        if unwalkable is not None:
            raise _NotComparable(f"{NOT_COMPARABLE} {unwalkable} (размер {size})")
        if returned is None or not returned.returned:
            return NOT_CALLED
        try:
            if same_b_result(returned.value, reference):
                return None
        except (RecursionError, MemoryError, BslRuntimeError) as exc:  # not walkable: not the reference's
            return differs_note(type(exc).__name__, _shown(reference))
        return differs_note(_shown(returned.value), _shown(reference))

    try:
        difference = _against_reference(spec, size, judge)
    except _NotComparable as exc:
        return outcome, str(exc)
    if difference is None:
        return outcome, None
    return dataclasses.replace(outcome, status=WRONG, note=difference), None


class _NotComparable(Exception):
    """The rung's result cannot be compared (the message says why): the task's limit, not a verdict."""


def _shown(value: Any) -> str:
    try:
        return describe(value, NOTE_VALUE_CHARS)
    except (BslRuntimeError, RecursionError, ValueError):
        return type(value).__name__


def _against_reference(spec: RunSpec, size: int, judge: Callable[[Any], str | None]) -> str | None:
    """Run the reference's entry in a fresh infobase of `size` units under the same `call` and return
    `judge(what it returned)`, judged inside that infobase; _NotComparable when there is nothing to
    judge (a procedure returns nothing; a reference that fails is the task's problem, not a verdict)."""
    reference = spec.task.reference or ""
    entry = detect_entry_point(reference, spec.task.entry_point_patterns, include_procedures=True)
    engine = engine_for(spec.limits, spec.limits.size_timeout_s, "off", [], goto=True)
    try:
        config, fixtures = _rung_setup(spec, size)
        compiled = compile_candidate(engine, reference, entry)
        if entry is None or compiled.module is None:
            raise _NotComparable(f"{REFERENCE_FAILED} {size}: {NOT_COMPILED}")
        method = compiled.module.method(entry)
        if method is not None and method.kind != "function":
            raise _NotComparable(PROCEDURE)
        returned = ReturnRecorder(compiled.module, entry)
        token = secrets.token_hex(16)
        with infobase_session(config):
            tests = load_tests(engine, fixtures, perf_tests_bsl(_call(spec), token), entry)
            result = run_tests_function(engine, tests)
            if not result.returned or result.text != perf_result(token):
                raise _NotComparable(f"{REFERENCE_FAILED} {size}: {result.text[-NOTE_CHARS:]}")
            if not returned.returned:
                raise _NotComparable(f"{NOT_RETURNED} {size}")
            return judge(returned.value)
    except TaskSetupError as exc:
        raise _NotComparable(f"{REFERENCE_FAILED} {size}: {str(exc)[:NOTE_CHARS]}") from None
    except ExecutionLimit as exc:
        raise _NotComparable(f"{REFERENCE_FAILED} {size}: {exc.message}") from None
