"""The pieces of a category-B run against the synthetic infobase (PRISM_FORMAT §1.8–1.9, §3.4 B):
the configuration and fixtures of a task, the candidate's common module КодКандидата compiled with
our checker, the module Тесты (generated fixture helpers + tests.bsl), and ПрогнатьТест's result.

Errors that are the task's or ours (a config_spec or fixtures the emulator rejects, a tests.bsl that
does not compile) are TaskSetupError: the run is an infra_error. Whatever stops the candidate's own
module from loading is the candidate's compile error, so no construct opts a candidate out of scoring.
"""

from __future__ import annotations

import datetime as _dt
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from prism_desktop.bsl import platform_bridge
from prism_desktop.bsl.candidate_text import ensure_exported
from prism_desktop.bsl.checker import check_module
from prism_desktop.bsl.common_modules import common_module_errors
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.engine import BslModule, Engine, EngineInternalError, ModuleLoadError
from prism_desktop.bsl.parser import parse_module
from prism_desktop.bsl.platform_bridge import query_registration  # noqa: F401  (Запрос and its globals)
from prism_desktop.bsl.stdlib.system import error_description_text
from prism_desktop.bsl.syntax_1c import check_syntax_1c
from prism_desktop.bsl.values.base import BslRuntimeError
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.errors import SandboxError
from prism_desktop.platform import ConfigError, Configuration, Infobase, PlatformError, load_configuration
from prism_desktop.platform.fixtures import FixtureError, FixtureModule, generate
from prism_desktop.runs import onec as sp
from prism_desktop.sandbox.harness_b_names import undefined_types, undefined_variables

CANDIDATE_MODULE = "КодКандидата"
TESTS_MODULE = "Тесты"
RUN_FUNCTION = "ПрогнатьТест"
ENTRY_MARK = "{{ENTRY}}"
CLIENT_EXCEPTION = "КЛИЕНТ_ИСКЛЮЧЕНИЕ: "  # what PRISM's trigger writes when ПрогнатьТест raises
NOT_COMPILED = "модуль кандидата не компилируется"
COMMON_MODULE_WHERE = f"ОбщийМодуль.{CANDIDATE_MODULE}.Модуль"
MAX_COMPILE_ERRORS = 5
COMPILE_ERROR_CHARS = 200
DATE_KEY = "__date__"  # a YAML date in the JSON-safe form of TaskData
_RESULT = re.compile(r"PASSED=(\d+);TOTAL=(\d+);(.*)", re.DOTALL)


class TaskSetupError(SandboxError):
    """The task's data or our emulator cannot set up the run: an infra_error."""


# ---------------------------------------------------------------------------------------------
# The task


def revive_dates(value: Any, where: str = "") -> Any:
    """TaskData carries YAML dates as {"__date__": "YYYY-MM-DD[THH:MM:SS]"}; the fixture generator
    needs them back as dates (a date becomes Дата(Y, M, D), §1.8)."""
    if isinstance(value, dict):
        if set(value) == {DATE_KEY}:
            text = str(value[DATE_KEY])
            try:
                if "T" in text:
                    return _dt.datetime.fromisoformat(text)
                return _dt.date.fromisoformat(text)
            except ValueError:
                expected = "expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS"
                raise TaskSetupError(f"{where or 'task data'}: found the date {text!r}, {expected}") from None
        return {k: revive_dates(v, f"{where}.{k}" if where else str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [revive_dates(v, f"{where}[{i}]") for i, v in enumerate(value)]
    return value


def load_config(task: sp.TaskData) -> Configuration:
    if task.config_spec is None:
        raise TaskSetupError(f"task {task.task_id}: config_spec.yaml is missing (category B needs it)")
    try:
        return load_configuration(revive_dates(task.config_spec, "config_spec"), "config_spec.yaml")
    except ConfigError as exc:
        raise TaskSetupError(str(exc)) from None


def fixture_module(fixtures: Any, config: Configuration, source: str = "fixtures.yaml") -> FixtureModule:
    try:
        return generate(revive_dates(fixtures, "fixtures"), config, source)
    except FixtureError as exc:
        raise TaskSetupError(str(exc)) from None


def tests_text(task: sp.TaskData) -> str:
    if not task.tests_bsl:
        raise TaskSetupError(f"task {task.task_id}: tests.bsl is missing or empty (category B needs it)")
    return task.tests_bsl


@contextmanager
def infobase_session(config: Configuration) -> Iterator[Infobase]:
    """A fresh in-memory infobase that BSL code sees for the duration of the block."""
    try:
        infobase = platform_bridge.start(Infobase(config))
    except (PlatformError, sqlite3.Error) as exc:
        raise TaskSetupError(
            f"the emulator cannot create the infobase for this configuration: {exc}"
        ) from None
    try:
        yield infobase
    finally:
        platform_bridge.stop()
        infobase.close()


# ---------------------------------------------------------------------------------------------
# The candidate's module


@dataclass
class CandidateModule:
    """The candidate compiled as the common module КодКандидата: `module` when it compiled,
    else the compile errors (1C's /CheckModules would list them)."""

    module: BslModule | None
    errors: list[Diagnostic] = field(default_factory=list)
    where: str = COMMON_MODULE_WHERE  # how 1C's check log names the module

    def compile_error_lines(self) -> list[int]:
        return [d.line for d in self.errors]

    def compile_errors(self) -> list[str]:
        """The first few errors as 1C's check log writes them, each cut short as PRISM stores them."""
        return [
            f"{{{self.where}({d.line},{d.column})}}: {d.message}"[:COMPILE_ERROR_CHARS]
            for d in self.errors[:MAX_COMPILE_ERRORS]
        ]


def compile_candidate(engine: Engine, code: str, entry: str | None) -> CandidateModule:
    """Check and load the auto-exported candidate into `engine` and register it as the common
    module КодКандидата; a load error is a compile error of the candidate."""
    text = ensure_exported(code, entry) if entry else code
    compiled = compile_module(engine, text, CANDIDATE_MODULE, (CANDIDATE_MODULE, TESTS_MODULE), common=True)
    if compiled.module is not None:
        engine.add_common_module(CANDIDATE_MODULE, compiled.module)
    return compiled


def compile_module(
    engine: Engine,
    text: str,
    name: str,
    known_modules: tuple[str, ...],
    *,
    common: bool,
    where: str = COMMON_MODULE_WHERE,
) -> CandidateModule:
    """Check `text` as 1C's compiler would (syntax first, then names and types; a common module's
    content rules when `common`) and load it into `engine` as the module `name`; `known_modules` are
    the common modules its code may name, `where` how compile errors name the module."""
    parsed = parse_module(text, name)
    syntax = check_syntax_1c(text, name)
    # 1C checks names only in a module that parses: with a syntax error it reports the syntax errors
    # alone (PRISM's published B logs: one `Ожидается ключевое слово 'КонецЕсли'`, no undefined names),
    # but a type unknown to `Новый` is found while parsing (B4: `Тип не определен (ОписаниеТипа)`
    # before a `Пропущен символ '"'`), up to where the compiler stopped reading
    errors = [d for d in syntax.diagnostics if d.severity == "error"]
    if errors:
        errors += [d for d in undefined_types(parsed.module) if syntax.end is None or d.line < syntax.end[0]]
    else:
        errors = [d for d in check_module(text, name) if d.severity == "error"]
        errors += undefined_variables(parsed.module, known_modules)
        errors += undefined_types(parsed.module)
    if common:
        errors += common_module_errors(parsed.module)
    if errors:
        return CandidateModule(None, sorted(errors, key=Diagnostic.sort_key), where=where)
    try:
        module = engine.load(text, name)
    except ModuleLoadError as exc:
        # Whatever our loader rejects is the candidate's compile error (S and M scored): an engine
        # gap must not let a candidate opt out of scoring (docs/gaming.md).
        found = exc.diagnostics or [Diagnostic("CompileError", "error", exc.message, exc.line, exc.column)]
        return CandidateModule(None, found, where=where)
    return CandidateModule(module, where=where)


def syntax_diagnostics(errors: list[Diagnostic]) -> list[sp.Diagnostic]:
    return [
        sp.Diagnostic(d.code, d.severity, d.message, d.line, d.column, d.end_line, d.end_column)
        for d in errors
    ]


# ---------------------------------------------------------------------------------------------
# The module Тесты and its result


def load_tests(engine: Engine, fixtures: FixtureModule, tests_bsl: str, entry: str) -> BslModule:
    """Тесты = the generated Спр()/СоздатьФикстуры() + tests.bsl with {{ENTRY}} replaced (§1.9);
    loaded after КодКандидата is registered, so its calls of the candidate compile."""
    prelude_lines = fixtures.prelude().count("\n") + 1  # tests_module puts tests.bsl after them
    try:
        module = engine.load(fixtures.tests_module(tests_bsl.replace(ENTRY_MARK, entry)), TESTS_MODULE)
    except ModuleLoadError as exc:
        if exc.line > prelude_lines:
            where = f"tests.bsl, строка {exc.line - prelude_lines}"
        else:
            where = f"сгенерированные Спр()/СоздатьФикстуры(), строка {exc.line}"
        raise TaskSetupError(f"модуль {TESTS_MODULE} не компилируется ({where}): {exc.message}") from None
    method = module.method(RUN_FUNCTION)
    if method is None or method.kind != "function" or not method.export:
        found = "none" if method is None else ("a procedure" if method.kind != "function" else "no Экспорт")
        raise TaskSetupError(f"tests.bsl: expected `Функция {RUN_FUNCTION}() Экспорт`, found {found}")
    return module


@dataclass(frozen=True)
class RunFunctionOutcome:
    """What PRISM's trigger writes to result.txt (`text`), and how ПрогнатьТест ended. `returned` is
    known only to us: PRISM reads PASSED= in the text even when it came from an exception, which
    lets a candidate raise `PASSED=1;TOTAL=1;` and be counted; here an exception never is."""

    text: str
    returned: bool


def run_tests_function(engine: Engine, tests: BslModule) -> RunFunctionOutcome:
    """ПрогнатьТест's return value, or the client exception text when it raises. ExecutionLimit
    (timeout, memory …) passes through: like a killed 1C client, it leaves no result. An engine bug
    escaping ПрогнатьТест is a TaskSetupError."""
    try:
        value = engine.call(tests, RUN_FUNCTION)
    except EngineInternalError as exc:  # a bug of ours escaped the checks: not the candidate's result
        raise TaskSetupError(f"внутренняя ошибка эмулятора: {error_description_text(exc)}") from None
    except BslRuntimeError as exc:
        return RunFunctionOutcome(CLIENT_EXCEPTION + error_description_text(exc), returned=False)
    return RunFunctionOutcome(value if isinstance(value, str) else to_string(value), returned=True)


def parse_result(outcome: RunFunctionOutcome) -> tuple[int, int, str]:
    """(passed, total, log) from `PASSED=<n>;TOTAL=<m>;<rest>` anywhere in what ПрогнатьТест
    returned, the rest spanning lines; when it raised, or without that pattern, (0, 0, the whole
    text), so platform markers are still found but nothing the candidate raised counts as passed."""
    found = _RESULT.search(outcome.text) if outcome.returned else None
    if found is None:
        return 0, 0, outcome.text
    return int(found.group(1)), int(found.group(2)), found.group(3)
