"""Category A, Level 1, in process: syntax, hidden tests and growth measurements with the built-in
BSL engine (PRISM_FORMAT §3.3 A, §3.4 A, §3.6 O-exec A).

PRISM runs a generated module under OneScript and reads PRISM_PASS/PRISM_FAIL markers from stdout.
Here the tests are driven from Python: arguments are built as values, the entry point is called,
the result is compared with PRISM's comparator, so nothing a candidate prints can forge a result.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.antipatterns import find_antipatterns
from prism_desktop.bsl.candidate_text import detect_entry_point, strip_trailing_body
from prism_desktop.bsl.checker import check_module
from prism_desktop.bsl.engine import (
    ENGINE_NAME,
    ENGINE_VERSION,
    BslModule,
    Engine,
    EngineInternalError,
    ModuleLoadError,
)
from prism_desktop.bsl.stdlib.collections import BslArray, BslStructure, BslValueTable
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, ExecutionLimit, values_equal
from prism_desktop.bsl.values.numbers import norm
from prism_desktop.bsl.values.presentation import literal
from prism_desktop.runs.onec import (
    Diagnostic,
    PerfMeasurement,
    RunResult,
    RunSpec,
    SizeOutcome,
    SyntaxMeasurement,
    TestOutcome,
    TestsMeasurement,
)
from prism_desktop.sandbox.harness_engine import clip_utf8, engine_for
from prism_desktop.sandbox.measured_result import (
    MEASURED,
    NOT_CALLED,
    NOT_COMPARABLE,
    NOT_RETURNED,
    PRISM_COMPARATOR_TYPES,
    REFERENCE_FAILED,
    WRONG,
    ReturnRecorder,
    differed,
    differs_note,
    first_unwalkable,
    result_check,
    why_not_compared,
)

INSTRUMENT = f"{ENGINE_NAME} {ENGINE_VERSION}"
NO_FUNCTION = "в коде кандидата не найдено ни одной функции"
UNDESCRIBABLE = "результат не удаётся сравнить с ожидаемым"
TAIL = 400  # characters of an error kept as detail, as PRISM keeps of stderr
DESCRIBE_CHARS = 4000  # of a value shown in a case record (a return value may be 100 MB)
DESCRIBE_DEPTH = 64  # nesting shown (a return value may nest 5,000 deep)
HUGE_INT_BITS = 10_000  # Python's str() refuses ints past 4,300 digits
ERROR_CHARS = 2000  # of an exception text kept in a case record
NOTE_VALUE_CHARS = 300  # of each value shown when a measured result differs from the reference's
_SURROGATE = re.compile("[\ud800-\udfff]")


def run_legs(spec: RunSpec) -> RunResult:
    """Run the requested legs of a category-A spec in this process."""
    result = RunResult(
        run_id=spec.run_id, status="ok", runner="inprocess", isolated=False, engine_version=ENGINE_VERSION
    )
    started = time.monotonic()
    output: list[str] = []
    if "syntax" in spec.legs:
        result.syntax = syntax_leg(spec.code)
    if "tests" in spec.legs:
        result.tests = tests_leg(spec, output)
    if "perf" in spec.legs and spec.task.perf:
        result.perf = perf_leg(spec, output)
    result.stdout = clip_utf8("\n".join(output), spec.limits.output_bytes)
    result.timings.run = time.monotonic() - started
    return result


def _tail(text: str) -> str:
    return clean_text(text[-TAIL:])


# ---------------------------------------------------------------------------------------------
# S


def syntax_leg(code: str) -> SyntaxMeasurement:
    """Compile diagnostics (S) plus the O-auto white-list anti-patterns (warnings; S ignores them),
    as PRISM takes both from one BSL Language Server pass."""
    found = [*check_module(code, "Модуль"), *find_antipatterns(code)]
    diagnostics = [
        Diagnostic(d.code, d.severity, d.message, d.line, d.column, d.end_line, d.end_column) for d in found
    ]
    return SyntaxMeasurement(instrument=INSTRUMENT, diagnostics=diagnostics)


# ---------------------------------------------------------------------------------------------
# M


def tests_leg(spec: RunSpec, output: list[str]) -> TestsMeasurement:
    cases = spec.task.tests
    measurement = TestsMeasurement(instrument=INSTRUMENT, status="ok", total=len(cases))
    entry = detect_entry_point(spec.code, spec.task.entry_point_patterns)
    if entry is None:
        measurement.status = "no_entry"
        measurement.detail = NO_FUNCTION
        return measurement
    measurement.entry_point = entry
    deadline = time.monotonic() + spec.limits.test_timeout_s
    engine = engine_for(spec.limits, spec.limits.test_timeout_s, "off", output)
    try:
        module = engine.load(strip_trailing_body(spec.code), "Модуль")
        engine.run_body(module)
    except ModuleLoadError as exc:
        return _failed(measurement, "compile_error", f"compile_error: {_tail(exc.describe())}")
    except BslRuntimeError as exc:
        return _failed(measurement, "compile_error", f"compile_error: {_tail(_describe_error(exc))}")
    except ExecutionLimit as exc:
        return _failed(measurement, "timeout" if exc.kind == "timeout" else "limit", exc.message)
    for index, case in enumerate(cases, start=1):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return _failed(measurement, "timeout", "таймаут исполнения")
        engine.limits.timeout_s = remaining
        outcome = run_case(engine, module, entry, index, case)
        if isinstance(outcome, ExecutionLimit):
            if outcome.kind == "timeout":
                return _failed(measurement, "timeout", "таймаут исполнения")
            if outcome.kind in ("memory", "output"):
                return _failed(measurement, "limit", outcome.message)
            outcome = TestOutcome(
                index, "error", _case_args(case), _expected_text(case), None, outcome.message
            )
        measurement.cases.append(outcome)
    return measurement


def _failed(measurement: TestsMeasurement, status: str, detail: str) -> TestsMeasurement:
    measurement.status = status
    measurement.detail = detail
    measurement.cases = []
    return measurement


def _describe_error(error: BslRuntimeError) -> str:
    """The error as OneScript describes it; the candidate chooses the message, so it is cut short
    and made safe to travel."""
    message = clean_text(str(error.message)[:ERROR_CHARS])
    if error.line is None:
        return message
    return f"{{Модуль {error.module or 'Модуль'} / Ошибка в строке: {error.line} / {message}}}"


def _case_args(case: dict[str, Any]) -> list[str]:
    return [describe(from_yaml(a)) for a in case.get("args", [])]


def _expected_text(case: dict[str, Any]) -> str:
    return describe(from_yaml(case.get("expected")))


def run_case(
    engine: Engine, module: BslModule, entry: str, index: int, case: dict[str, Any]
) -> TestOutcome | ExecutionLimit:
    args = [from_yaml(a) for a in case.get("args", [])]
    shown_args = [describe(a) for a in args]  # before the call: a by-reference parameter may change them
    expected = from_yaml(case.get("expected"))
    try:
        actual = engine.call(module, entry, args)
    except BslRuntimeError as exc:
        return TestOutcome(index, "error", shown_args, describe(expected), None, _describe_error(exc))
    except ExecutionLimit as exc:
        return exc
    try:
        status = "pass" if prism_equal(actual, expected) else "fail"
        shown = describe(actual)
    except (RecursionError, MemoryError, BslRuntimeError, ValueError) as exc:
        # The candidate returned something the comparator cannot walk: its failure, not ours.
        why = f"{UNDESCRIBABLE}: {type(exc).__name__}"
        return TestOutcome(index, "fail", shown_args, describe(expected), why, None)
    return TestOutcome(index, status, shown_args, describe(expected), shown, None)


# ---------------------------------------------------------------------------------------------
# Values of tests.yaml (§1.4) and PRISM's comparator (§3.4)


def from_yaml(value: Any) -> Any:
    """A tests.yaml value as a BSL value: null, bool, numbers, strings, {"__date__"}, {"__table__"}
    (cells set by column index), other mappings → Структура, lists → Массив."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return norm(Decimal(str(value)))
    if isinstance(value, _dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, _dt.date):
        return _dt.datetime(value.year, value.month, value.day)
    if isinstance(value, list):
        return BslArray.from_values(from_yaml(v) for v in value)
    if isinstance(value, dict):
        if set(value) == {"__date__"}:
            year, month, day = (int(part) for part in str(value["__date__"]).split("-"))
            return _dt.datetime(year, month, day)
        if set(value) == {"__table__"}:
            table = value["__table__"]
            columns = [str(c) for c in table.get("columns", [])]
            rows = [[from_yaml(cell) for cell in row] for row in table.get("rows", [])]
            return BslValueTable.from_rows(columns, rows)
        return BslStructure.from_pairs((str(k), from_yaml(v)) for k, v in value.items())
    raise ValueError(
        f"tests.yaml: unsupported value {value!r} (expected null, bool, number, string, list or mapping)"
    )


def _type(value: Any) -> str | None:
    return value.TYPE_RU if isinstance(value, BslObject) else None


def _count(value: BslObject) -> Any:
    return value.bsl_call("Количество", [])


def prism_equal(actual: Any, expected: Any) -> bool:
    kind = _type(expected)
    if kind == "Массив":
        if _type(actual) != "Массив" or _count(actual) != _count(expected):
            return False
        return all(prism_equal(a, e) for a, e in zip(actual.bsl_iter(), expected.bsl_iter(), strict=True))
    if kind == "Структура":
        if _type(actual) != "Структура":
            return False
        for pair in expected.bsl_iter():
            key = pair.bsl_get("Ключ")
            if not actual.bsl_call("Свойство", [key, None]):
                return False
            if not prism_equal(actual.bsl_get(key), pair.bsl_get("Значение")):
                return False
        return True
    if kind == "ТаблицаЗначений":
        return _tables_equal(actual, expected)
    return values_equal(actual, expected)


def _row_cells(row: BslObject, width: int) -> list[Any]:
    return [row.bsl_index_get(j) for j in range(width)]


def _tables_equal(actual: Any, expected: BslObject) -> bool:
    if _type(actual) != "ТаблицаЗначений":
        return False
    width = _count(expected.bsl_get("Колонки"))
    if _count(actual) != _count(expected) or _count(actual.bsl_get("Колонки")) != width:
        return False
    remaining = [_row_cells(row, width) for row in actual.bsl_iter()]
    for row in expected.bsl_iter():
        cells = _row_cells(row, width)
        for i, candidate in enumerate(remaining):
            if all(prism_equal(a, e) for a, e in zip(candidate, cells, strict=True)):
                del remaining[i]
                break
        else:
            return False
    return True


def describe(value: Any, budget: int = DESCRIBE_CHARS) -> str:
    """A readable BSL-style presentation for case records: literals as written in code, arrays as
    [..], structures as {Ключ: ..}, tables as columns and rows. Bounded, because a candidate's
    return value is hostile input: at most `budget` characters (then "…"), nesting cut at
    DESCRIBE_DEPTH, a collection that contains itself shown as "<цикл>", a lone surrogate replaced
    (it cannot travel as UTF-8). Whatever the value, this returns."""
    parts: list[str] = []
    _Describer(parts, budget).add(value, 0, ())
    return clean_text("".join(parts))


def clean_text(text: str) -> str:
    """Text that can travel as UTF-8 JSON: lone surrogates (Символ(55296)) become U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


class _Describer:
    def __init__(self, parts: list[str], budget: int):
        self.parts = parts
        self.left = budget

    def put(self, text: str) -> bool:
        """Append within the budget; False once it is spent (the caller stops walking)."""
        if self.left <= 0:
            return False
        if len(text) > self.left:
            self.parts.append(text[: self.left] + "…")
            self.left = 0
            return False
        self.parts.append(text)
        self.left -= len(text)
        return True

    def add(self, value: Any, depth: int, path: tuple[int, ...]) -> bool:
        kind = _type(value)
        if kind is None:
            return self.put(_scalar(value, self.left))
        if id(value) in path:
            return self.put("<цикл>")
        if depth >= DESCRIBE_DEPTH:
            return self.put("…")
        inner = (*path, id(value))
        if kind in ("Массив", "ФиксированныйМассив"):
            return self.sequence("[", value.bsl_iter(), "]", depth, inner)
        if kind in ("Структура", "ФиксированнаяСтруктура", "Соответствие", "ФиксированноеСоответствие"):
            if not self.put(kind + "{"):
                return False
            for i, pair in enumerate(value.bsl_iter()):
                if i and not self.put(", "):
                    return False
                if not self.add_key(pair.bsl_get("Ключ"), depth, inner) or not self.put(": "):
                    return False
                if not self.add(pair.bsl_get("Значение"), depth + 1, inner):
                    return False
            return self.put("}")
        if kind == "ТаблицаЗначений":
            names = [c.bsl_get("Имя") for c in value.bsl_get("Колонки").bsl_iter()]
            if not self.put(f"ТаблицаЗначений({', '.join(names)}; "):
                return False
            for i, row in enumerate(value.bsl_iter()):
                if (i and not self.put(", ")) or not self.sequence(
                    "[", iter(_row_cells(row, len(names))), "]", depth, inner
                ):
                    return False
            return self.put(")")
        return self.put(_scalar(value, self.left))

    def add_key(self, key: Any, depth: int, path: tuple[int, ...]) -> bool:
        return self.put(key) if isinstance(key, str) else self.add(key, depth + 1, path)

    def sequence(self, opening: str, items: Any, closing: str, depth: int, path: tuple[int, ...]) -> bool:
        if not self.put(opening):
            return False
        for i, item in enumerate(items):
            if (i and not self.put(", ")) or not self.add(item, depth + 1, path):
                return False
        return self.put(closing)


def _scalar(value: Any, budget: int) -> str:
    if isinstance(value, str) and len(value) > budget:
        return literal(value[: budget + 1])  # put() cuts it and marks the cut
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > HUGE_INT_BITS:
        return f"<число из ≈{int(value.bit_length() * 0.30103) + 1} цифр>"  # str() refuses such ints
    return literal(value)


# ---------------------------------------------------------------------------------------------
# O-exec


def perf_leg(spec: RunSpec, output: list[str]) -> PerfMeasurement:
    """The O ladder; at each size the reference runs on the same generated input and a result other
    than its own makes the rung "wrong" (measured_result.py)."""
    perf = spec.task.perf or {}
    measurement = PerfMeasurement(instrument=INSTRUMENT)
    entry = detect_entry_point(spec.code, spec.task.entry_point_patterns)
    measurement.entry_point = entry
    if entry is None:
        return measurement
    candidate_lines = spec.code.count("\n") + 1
    not_compared = why_not_compared(spec.task.reference, spec.code)
    for size in perf.get("sizes", []):
        outcome, returned = _measured_rung(spec, entry, int(size), candidate_lines, output)
        if outcome.status == "ok" and not_compared is None and not differed(measurement.sizes):
            outcome, not_compared = _compared_with_reference(spec, outcome, returned)
        measurement.sizes.append(outcome)
        if outcome.status not in MEASURED:
            break  # a larger input cannot do better than a failed smaller one
    measurement.result_check = result_check(measurement.sizes, not_compared)
    return measurement


def _substitute(text: str, size: int, entry: str) -> str:
    return text.replace("{n}", str(size)).replace("{entry}", entry)


def _script(code: str, perf: dict[str, Any], size: int, entry: str) -> str:
    """The code, then the task's gen and call for `size`: one rung's module."""
    gen, call = (_substitute(str(perf.get(part, "")), size, entry) for part in ("gen", "call"))
    return "\n".join([code, gen, call])


def measure_size(
    spec: RunSpec,
    entry: str,
    size: int,
    candidate_lines: int,
    output: list[str],
    clock: Callable[[], float] = time.monotonic,
) -> SizeOutcome:
    """One rung of the ladder: candidate, then gen and call; ops = line entries and cost-model
    charges on the candidate's lines only."""
    return _measured_rung(spec, entry, size, candidate_lines, output, clock)[0]


def _measured_rung(
    spec: RunSpec,
    entry: str,
    size: int,
    candidate_lines: int,
    output: list[str],
    clock: Callable[[], float] = time.monotonic,
) -> tuple[SizeOutcome, ReturnRecorder | None]:
    """measure_size, with what the measured call returned."""
    script = _script(spec.code, spec.task.perf or {}, size, entry)
    engine = engine_for(spec.limits, spec.limits.size_timeout_s, "codestat", output)
    started = clock()

    def failed(status: str, note: str) -> tuple[SizeOutcome, None]:
        return SizeOutcome(size, status, seconds=clock() - started, note=note), None

    try:
        module = engine.load(script, "Модуль")
        returned = ReturnRecorder(module, entry)
        engine.run_body(module)
    except ModuleLoadError as exc:
        return failed("error", _tail(exc.describe()))
    except EngineInternalError as exc:  # our engine failed: known by its type, never by its text
        return failed("infra", _tail(_describe_error(exc)))
    except BslRuntimeError as exc:
        return failed("error", _tail(_describe_error(exc)))
    except ExecutionLimit as exc:
        return failed("timeout" if exc.kind == "timeout" else "limit", exc.message)
    return SizeOutcome(size, "ok", ops=module.ops(candidate_lines), seconds=clock() - started), returned


def _compared_with_reference(
    spec: RunSpec, outcome: SizeOutcome, returned: ReturnRecorder | None
) -> tuple[SizeOutcome, str | None]:
    """The rung's result against the reference's on the same generated input, with the tests'
    comparator: (the outcome, its status "wrong" when they differ; why it was not compared, or None)."""
    size = outcome.size
    reference, why_not = _reference_value(spec, size)
    if why_not is not None:
        return outcome, why_not
    unwalkable = first_unwalkable(reference, PRISM_COMPARATOR_TYPES)
    if unwalkable is not None:
        return outcome, f"{NOT_COMPARABLE} {unwalkable} (размер {size})"
    if returned is None or not returned.returned:
        return dataclasses.replace(outcome, status=WRONG, note=NOT_CALLED), None
    try:
        if prism_equal(returned.value, reference):
            return outcome, None
        shown = describe(returned.value, NOTE_VALUE_CHARS)
    except (RecursionError, MemoryError, BslRuntimeError, ValueError) as exc:  # as a test case: it fails
        shown = f"{UNDESCRIBABLE}: {type(exc).__name__}"
    note = differs_note(shown, describe(reference, NOTE_VALUE_CHARS))
    return dataclasses.replace(outcome, status=WRONG, note=note), None


def _reference_value(spec: RunSpec, size: int) -> tuple[Any, str | None]:
    """What the reference's measured call returns at `size` (run with counting off: only its value is
    wanted), or why there is none — the task's (our) problem, so the rung is simply not compared."""
    reference = spec.task.reference or ""
    entry = detect_entry_point(reference, spec.task.entry_point_patterns)
    if entry is None:
        return None, f"{REFERENCE_FAILED} {size}: {NO_FUNCTION}"
    engine = engine_for(spec.limits, spec.limits.size_timeout_s, "off", [])
    try:
        module = engine.load(_script(reference, spec.task.perf or {}, size, entry), "Эталон")
        returned = ReturnRecorder(module, entry)
        engine.run_body(module)
    except ModuleLoadError as exc:
        return None, f"{REFERENCE_FAILED} {size}: {_tail(exc.describe())}"
    except BslRuntimeError as exc:
        return None, f"{REFERENCE_FAILED} {size}: {_tail(_describe_error(exc))}"
    except ExecutionLimit as exc:
        return None, f"{REFERENCE_FAILED} {size}: {exc.message}"
    if not returned.returned:
        return None, f"{NOT_RETURNED} {size}"
    return returned.value, None
