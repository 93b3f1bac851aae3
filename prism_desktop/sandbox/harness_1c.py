"""A 1C Code Bench task, in process: the candidate's function takes the reference's place in the
processing's object module, our checker compiles the module (Compile Rate), the synthetic infobase
gets its data, then `ЗапуститьРешение()` prepares the test environment and `ЗадачаРешена()` says
whether the task is solved (Success Rate).

1C Code Bench does the same on the 1C platform with its demo configuration; here our engine plays the
platform and our synthetic infobase the configuration. The verdict is `ЗадачаРешена()`'s return
value (Истина), read from the engine, never from what the code prints.

BRunMeasurement.status: ok (the module compiled and ran; passed 1 of 1 when ЗадачаРешена() returned
Истина), no_entry (the answer holds no method of the task's name), candidate_error (the module with
the candidate does not compile), no_result (a time or resource limit ended the run), infra_error (the
task's data or our emulator could not set the run up).
"""

from __future__ import annotations

import time

from prism_desktop import __version__
from prism_desktop.bsl import ast as A
from prism_desktop.bsl.engine import ENGINE_VERSION, Engine, EngineInternalError, ModuleLoadError
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.parser import parse_module
from prism_desktop.bsl.stdlib.system import error_description_text
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.runs.onec import BRunMeasurement, RunResult, RunSpec
from prism_desktop.sandbox.harness_1c_context import client_context_errors
from prism_desktop.sandbox.harness_b_modules import (
    NOT_COMPILED,
    CandidateModule,
    TaskSetupError,
    compile_module,
    fixture_module,
    infobase_session,
    load_config,
)
from prism_desktop.sandbox.harness_engine import clip_utf8, engine_for

INSTRUMENT = f"prism-platform {__version__} (1C Code Bench)"
OBJECT_MODULE = "МодульОбъекта"
FIXTURES_MODULE = "ДанныеИнформационнойБазы"
PREPARE = "ЗапуститьРешение"
CHECK = "ЗадачаРешена"
CLIENT = "клиент"


def run_legs(spec: RunSpec) -> RunResult:
    """Only the "tests" leg exists for these tasks: S and M both come from the one run."""
    result = RunResult(
        run_id=spec.run_id, status="ok", runner="inprocess", isolated=False, engine_version=ENGINE_VERSION
    )
    started = time.monotonic()
    output: list[str] = []
    if "tests" in spec.legs:
        result.b_run = solution_run(spec, output)
    result.stdout = clip_utf8("\n".join(output), spec.limits.output_bytes)
    result.timings.run = time.monotonic() - started
    return result


def entry_name(spec: RunSpec) -> str:
    if not spec.task.entry_point_patterns:
        raise TaskSetupError(f"task {spec.task.task_id}: no entry function name")
    return spec.task.entry_point_patterns[0]


def find_method(module: A.Module, name: str) -> A.Method | None:
    wanted = canonical(name)
    return next((m for m in module.methods if canonical(m.name) == wanted), None)


def module_with_candidate(object_module: str, entry: str, candidate: str) -> tuple[str, int]:
    """The object module with the lines of the reference function `entry` replaced by the candidate's
    code, and the module line the candidate starts on. TaskSetupError when the module lacks one of
    ЗапуститьРешение, ЗадачаРешена or `entry`."""
    parsed = parse_module(object_module, OBJECT_MODULE)
    if any(d.severity == "error" for d in parsed.diagnostics):
        first = next(d for d in parsed.diagnostics if d.severity == "error")
        raise TaskSetupError(f"ObjectModule.bsl, строка {first.line}: {first.message}")
    for name in (PREPARE, CHECK, entry):
        if find_method(parsed.module, name) is None:
            raise TaskSetupError(f"ObjectModule.bsl: no function {name} (the task's module needs it)")
    reference = find_method(parsed.module, entry)
    assert reference is not None
    lines = object_module.removeprefix("\ufeff").split("\n")
    start = min([reference.line, *(a.line for a in reference.annotations)])
    assembled = [*lines[: start - 1], *candidate.rstrip("\n").split("\n"), *lines[reference.end_line :]]
    return "\n".join(assembled), start


def solution_run(spec: RunSpec, output: list[str]) -> BRunMeasurement:
    entry = entry_name(spec)
    candidate = parse_module(spec.code, OBJECT_MODULE)
    if find_method(candidate.module, entry) is None:
        return BRunMeasurement(status="no_entry", instrument=INSTRUMENT, infra_detail=f"нет функции {entry}")
    run = BRunMeasurement(status="ok", entry_point=entry, instrument=INSTRUMENT, total=1)
    engine = engine_for(spec.limits, spec.limits.test_timeout_s, "off", output, goto=True)
    try:
        config = load_config(spec.task)
        fixtures = fixture_module(spec.task.fixtures, config)
        text, first_line = module_with_candidate(spec.task.tests_bsl or "", entry, spec.code)
        compiled = _compile(engine, text, spec, first_line)
        if compiled.module is None:
            run.status = "candidate_error"
            run.infra_detail = NOT_COMPILED
            run.compile_error_lines = compiled.compile_error_lines()
            run.compile_errors = compiled.compile_errors()
            return run
        with infobase_session(config):
            _create_fixtures(engine, fixtures.tests_module(""))
            solved, log = _prepare_and_check(engine, compiled)
    except TaskSetupError as exc:
        run.status = "infra_error"
        run.infra_detail = str(exc)
        return run
    except ExecutionLimit as exc:
        run.status = "no_result"
        run.infra_detail = exc.message
        return run
    except EngineInternalError as exc:
        run.status = "infra_error"
        run.infra_detail = f"внутренняя ошибка эмулятора: {error_description_text(exc)}"
        return run
    run.passed = 1 if solved else 0
    run.log = log
    return run


def _compile(engine: Engine, text: str, spec: RunSpec, first_line: int) -> CandidateModule:
    """The assembled module compiled as 1C would; in the client context the candidate's own lines
    may not use what only the server has."""
    where = f"ВнешняяОбработка.{spec.task.task_id}.МодульОбъекта"
    if spec.task.context == CLIENT:
        found = client_context_errors(spec.code, first_line - 1)
        if found:
            return CandidateModule(None, found, where=where)
    return compile_module(engine, text, OBJECT_MODULE, (), common=False, where=where)


def _create_fixtures(engine: Engine, text: str) -> None:
    """The infobase's data (fixtures.yaml); any failure here is the task's, not the answer's."""
    try:
        engine.call(engine.load(text, FIXTURES_MODULE), "СоздатьФикстуры")
    except ModuleLoadError as exc:
        raise TaskSetupError(
            f"fixtures.yaml: the generated data module does not compile: {exc.message}"
        ) from None
    except EngineInternalError:
        raise
    except BslRuntimeError as exc:
        raise TaskSetupError(f"fixtures.yaml: {error_description_text(exc)}") from None


def _prepare_and_check(engine: Engine, compiled: CandidateModule) -> tuple[bool, str]:
    """ЗапуститьРешение() then ЗадачаРешена(): solved only when the latter returns Истина (an error
    in either is the run's failure, written to the log)."""
    module = compiled.module
    assert module is not None
    try:
        engine.call(module, PREPARE)
    except EngineInternalError:
        raise
    except BslRuntimeError as exc:
        return False, f"{PREPARE}: {error_description_text(exc)}"
    try:
        value = engine.call(module, CHECK)
    except EngineInternalError:
        raise
    except BslRuntimeError as exc:
        return False, f"{CHECK}: {error_description_text(exc)}"
    shown = to_string(value) if value is not None else "Неопределено"
    return value is True, f"{CHECK}() = {shown}"
