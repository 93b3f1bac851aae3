"""Category B, Level 1, in process: the candidate runs as the common module КодКандидата against a
fresh synthetic infobase, called by the task's module Тесты (PRISM_FORMAT §1.8–1.10, §3.3 B, §3.4 B,
§3.5, §3.6 O-exec B, §3.8).

PRISM builds a 1C configuration, checks its modules with the 1C compiler and launches a client that
writes ПрогнатьТест's result to result.txt. Here our checker and engine play the compiler and the
platform: the result is ПрогнатьТест's return value (what the candidate prints cannot forge it), and
the data accesses the O ladder counts come from the infobase's techlog, attributed by module.

Run statuses (BRunMeasurement.status) mean what they mean in PRISM: ok (ПрогнатьТест returned or
raised), no_entry (no function or procedure: never compiled), candidate_error (КодКандидата does not
compile), no_result (a time or resource limit ended the run), infra_error (the task data or our
emulator could not set the run up — not the candidate's fault).
"""

from __future__ import annotations

import time

from prism_desktop import __version__
from prism_desktop.bsl.candidate_text import detect_entry_point
from prism_desktop.bsl.engine import ENGINE_VERSION, Engine
from prism_desktop.bsl.values.base import ExecutionLimit
from prism_desktop.runs.onec import BRunMeasurement, RunResult, RunSpec, SyntaxMeasurement
from prism_desktop.sandbox.harness_a import syntax_leg as analyzer_leg
from prism_desktop.sandbox.harness_b_modules import (
    NOT_COMPILED,
    TaskSetupError,
    compile_candidate,
    fixture_module,
    infobase_session,
    load_config,
    load_tests,
    parse_result,
    run_tests_function,
    syntax_diagnostics,
    tests_text,
)
from prism_desktop.sandbox.harness_b_perf import perf_leg
from prism_desktop.sandbox.harness_engine import clip_utf8, engine_for

INSTRUMENT = f"prism-platform {__version__}"


def run_legs(spec: RunSpec) -> RunResult:
    """Run the requested legs of a category-B spec in this process: "syntax" (diagnostics for
    O-auto), "tests" (the run S, M and P score), "perf" (O-exec, when the task has perf.yaml)."""
    result = RunResult(
        run_id=spec.run_id, status="ok", runner="inprocess", isolated=False, engine_version=ENGINE_VERSION
    )
    started = time.monotonic()
    output: list[str] = []
    if "syntax" in spec.legs:
        result.syntax = syntax_leg(spec)
    if "tests" in spec.legs:
        result.b_run = b_run_leg(spec, output)
    if "perf" in spec.legs and spec.task.perf:
        result.perf = perf_leg(spec, output, INSTRUMENT)
    result.stdout = clip_utf8("\n".join(output), spec.limits.output_bytes)
    result.timings.run = time.monotonic() - started
    return result


def _entry(spec: RunSpec) -> str | None:
    return detect_entry_point(spec.code, spec.task.entry_point_patterns, include_procedures=True)


def syntax_leg(spec: RunSpec) -> SyntaxMeasurement:
    """What O-auto reads (PRISM runs BSL LS on the code in B too): the analyzer's diagnostics of the
    code, as for category A, plus the compile errors of КодКандидата the run's S is computed from."""
    measurement = analyzer_leg(spec.code)
    try:
        compiled = compile_candidate(Engine(goto=True), spec.code, _entry(spec))
    except TaskSetupError:
        return measurement  # a construct our engine lacks is not the candidate's error
    seen = {(d.code, d.line, d.column, d.message) for d in measurement.diagnostics}
    measurement.diagnostics += [
        d for d in syntax_diagnostics(compiled.errors) if (d.code, d.line, d.column, d.message) not in seen
    ]
    return measurement


def b_run_leg(spec: RunSpec, output: list[str]) -> BRunMeasurement:
    """The one run PRISM makes per candidate in B (§3.4 B): compile, create the fixtures, run the
    checks of tests.bsl, read `PASSED=<n>;TOTAL=<m>;<log>` from ПрогнатьТест's result."""
    entry = _entry(spec)
    if entry is None:
        return BRunMeasurement(status="no_entry", instrument=INSTRUMENT)
    run = BRunMeasurement(status="ok", entry_point=entry, instrument=INSTRUMENT)
    engine = engine_for(spec.limits, spec.limits.test_timeout_s, "off", output, goto=True)
    try:
        config = load_config(spec.task)
        fixtures = fixture_module(spec.task.fixtures, config)
        tests_bsl = tests_text(spec.task)
        compiled = compile_candidate(engine, spec.code, entry)
        if compiled.module is None:
            run.status = "candidate_error"
            run.infra_detail = NOT_COMPILED
            run.compile_error_lines = compiled.compile_error_lines()
            run.compile_errors = compiled.compile_errors()
            return run
        with infobase_session(config):
            tests = load_tests(engine, fixtures, tests_bsl, entry)
            outcome = run_tests_function(engine, tests)
    except TaskSetupError as exc:
        run.status = "infra_error"
        run.infra_detail = str(exc)
        return run
    except ExecutionLimit as exc:
        run.status = "no_result"
        run.infra_detail = exc.message
        return run
    run.passed, run.total, run.log = parse_result(outcome)
    return run
