"""OneScript's own test suite run with our engine: passed/failed per test file and the total.

Usage: .venv/bin/python bench/onescript_suite.py ONESCRIPT_TESTS_DIR [--verbose] [--only FILE …]

ONESCRIPT_TESTS_DIR is the `tests/` folder of a OneScript checkout (github.com/EvilBeaver/OneScript,
MPL-2.0; it is not part of this repository — extract it, e.g.
`git --git-dir=… archive HEAD tests | tar -x -C /tmp/onescript`). Every `tests/*.os` file that is not
excluded below is loaded as a module; its `ПолучитьСписокТестов(юТест)` names the test methods, and each
is called in turn: a test passes when it returns without an error. The assertion object handed to the
file is our own (`Assertions` below), with the methods the suite calls (the xUnitFor1C-style
`ПроверитьРавенство`, `ПроверитьИстину`, …).

Excluded files need what a sandboxed engine must not or cannot give: files, network, processes, the
host's console or environment, native or COM components, OneScript libraries (`#Использовать`), or
the XML Schema/XSLT stack (EXCLUDED names the reason of each).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prism_desktop.bsl import runtime as rt
from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.stdlib.collections.array import BslArray
from prism_desktop.bsl.stdlib.types import type_ as type_named
from prism_desktop.bsl.stdlib.types import type_of, value_is_filled
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, BslType, ExecutionLimit, method
from prism_desktop.bsl.values.presentation import to_string

FILES = "reads or writes files"
NETWORK = "network"
HOST = "the host process (console, environment, processes, command line, system information)"
LIBRARY = "loads OneScript libraries or components (#Использовать, AddIn)"
EXCLUDED: dict[str, str] = {
    "addin.os": LIBRARY,
    "cgi-output.os": LIBRARY + "; CGI host output",
    "codestat.os": HOST + ": OneScript's code statistics of the running host",
    "console.os": HOST,
    "constructor.os": LIBRARY + " (asserts)",
    "delegate-action.os": LIBRARY + " (asserts)",
    "driveinfo.os": FILES + " (disks of the machine)",
    "enum.os": LIBRARY,
    "environment-variables.os": HOST,
    "file-object.os": FILES,
    "fixed-array.os": LIBRARY + " (asserts)",
    "fixed-map.os": LIBRARY + " (asserts)",
    "fixed-structure.os": LIBRARY + " (asserts)",
    "http.os": NETWORK,
    "librarytest.os": LIBRARY,
    "managed-com.os": LIBRARY + " (COM objects)",
    "native-api.os": LIBRARY + " (native components)",
    "postdataparser.os": LIBRARY + "; " + NETWORK,
    "process.os": HOST,
    "shebanged-test.os": HOST + ": a script started by the shell",
    "showversion.os": HOST + ": the host's version banner",
    "socket.os": NETWORK,
    "source-licensing.os": LIBRARY + " (asserts)",
    "superpackage.os": LIBRARY,
    "sysinfo.os": HOST,
    "tasks.os": HOST + ": background jobs (threads of the host)",
    "temp-files.os": FILES,
    "templates.os": LIBRARY,
    "testrunner.os": "the test runner of the suite itself, not a test file",
    "tests-cmd-line.os": HOST,
    "text-read.os": FILES,
    "text-write.os": FILES,
    "xmlread.os": FILES + "; part of the XML stack beyond in-memory reading",
    "xmlwrite.os": FILES + "; part of the XML stack beyond in-memory writing",
    "zip.os": FILES,
    "zipfilereader-from-stream.os": FILES + " (zip archives)",
}

# A test in an included file is host-specific when its method, or a module method it calls, names
# one of these: the files and folders of the machine, the running script's file, scripts attached
# or compiled as objects of the host, the host's system information and command line.
HOST_NAMES = (
    "ИмяВременногоФайла", "КаталогВременныхФайлов", "ТекущийСценарий", "ЗагрузитьСценарий",
    "ПодключитьСценарий", "СистемнаяИнформация", "АргументыКоманднойСтроки", "Новый Файл",
    "ЗаписьТекста", "ЧтениеТекста", "ФайловыйПоток", "КопироватьФайл", "ПереместитьФайл",
    "УдалитьФайлы", "НайтиФайлы", "ОбъединитьПути", ".Записать(ИмяФайла", ".Прочитать(ИмяФайла",
)
CALL_TIMEOUT_S = 20.0


class TestFailed(BslRuntimeError):
    """An assertion did not hold."""


class Assertions(BslObject):
    """The assertion object a test file receives (`юТест`): our own implementation of the methods the
    suite calls. A failed check raises a runtime error, which fails the test."""

    TYPE_RU = "ТестированиеOneScript"
    TYPE_EN = "OneScriptTesting"

    def __init__(self, limits: RunLimits) -> None:
        self.limits = limits

    @staticmethod
    def _fail(text: str, extra: Any = "") -> None:
        detail = to_string(extra) if extra not in (None, "") else ""
        raise TestFailed(text + (f"\n{detail}" if detail else ""))

    @method("ПроверитьРавенство", "AssertEqual")
    def equal(self, first: Any, second: Any, extra: Any = "") -> None:
        if rt.ne(first, second):
            self._fail(f"Значения не равны: <{to_string(first)}> и <{to_string(second)}>", extra)

    @method("ПроверитьНеРавенство", "AssertNotEqual")
    def not_equal(self, first: Any, second: Any, extra: Any = "") -> None:
        if not rt.ne(first, second):
            self._fail(f"Значения равны, а ожидалось неравенство: <{to_string(first)}>", extra)

    @method("Проверить", "Check")
    def check(self, condition: Any, extra: Any = "") -> None:
        if not rt.truth(condition):
            self._fail(f"Ожидалась Истина, получено <{to_string(condition)}>", extra)

    @method("ПроверитьИстину", "AssertTrue")
    def true(self, condition: Any, extra: Any = "") -> None:
        self.check(condition, extra)

    @method("ПроверитьЛожь", "AssertFalse")
    def false(self, condition: Any, extra: Any = "") -> None:
        if rt.truth(condition):
            self._fail(f"Ожидалась Ложь, получено <{to_string(condition)}>", extra)

    @method("ПроверитьБольше", "AssertGreater")
    def greater(self, first: Any, second: Any, extra: Any = "") -> None:
        if rt.le(first, second):
            self._fail(f"<{to_string(first)}> не больше <{to_string(second)}>", extra)

    @method("ПроверитьБольшеИлиРавно", "AssertGreaterOrEqual")
    def greater_or_equal(self, first: Any, second: Any, extra: Any = "") -> None:
        if rt.lt(first, second):
            self._fail(f"<{to_string(first)}> меньше <{to_string(second)}>", extra)

    @method("ПроверитьМеньше", "AssertLess")
    def less(self, first: Any, second: Any, extra: Any = "") -> None:
        if rt.ge(first, second):
            self._fail(f"<{to_string(first)}> не меньше <{to_string(second)}>", extra)

    @method("ПроверитьМеньшеИлиРавно", "AssertLessOrEqual")
    def less_or_equal(self, first: Any, second: Any, extra: Any = "") -> None:
        if rt.gt(first, second):
            self._fail(f"<{to_string(first)}> больше <{to_string(second)}>", extra)

    @method("ПроверитьРавенствоДатСТочностью2Секунды", "AssertDatesWithin2Seconds")
    def dates_close(self, first: Any, second: Any, extra: Any = "") -> None:
        if abs((first - second).total_seconds()) > 2:
            self._fail(f"Даты <{to_string(first)}> и <{to_string(second)}> расходятся > 2 с", extra)

    @method("ПроверитьЗаполненность", "AssertFilled")
    def filled(self, value: Any, extra: Any = "") -> None:
        try:
            is_filled = value_is_filled(value)
        except BslRuntimeError:
            return  # a value ЗначениеЗаполнено does not judge counts as filled
        if not is_filled:
            self._fail(f"Значение <{to_string(value)}> не заполнено", extra)

    @method("ПроверитьНеЗаполненность", "AssertNotFilled")
    def not_filled(self, value: Any, extra: Any = "") -> None:
        if value_is_filled(value):
            self._fail(f"Значение <{to_string(value)}> заполнено", extra)

    @method("ПроверитьВхождение", "AssertContains")
    def contains(self, text: Any, part: Any, extra: Any = "") -> None:
        if to_string(part) not in to_string(text):
            self._fail(f"В <{to_string(text)}> нет подстроки <{to_string(part)}>", extra)

    @method("ПроверитьТип", "AssertType")
    def has_type(self, value: Any, expected: Any, extra: Any = "") -> None:
        if isinstance(expected, str):
            expected = type_named(expected)
        if not isinstance(expected, BslType):
            self._fail("ПроверитьТип: ожидался Тип или имя типа", extra)
        actual = type_of(value)
        if actual != expected:
            self._fail(f"Тип значения <{actual.name}>, а ожидался <{expected.name}>", extra)

    @method("ПроверитьКодСОшибкой", "AssertCodeFails")
    def code_fails(self, code: Any, error: Any, extra: Any = "") -> None:
        """The code, loaded as a module of its own and run, must fail with a message holding `error`."""
        engine = Engine(limits=self.limits)
        try:
            module = engine.load(to_string(code), "Сценарий")
            engine.run_body(module)
        except ModuleLoadError as exc:
            message = exc.message
        except BslRuntimeError as exc:
            message = exc.message
        else:
            self._fail(f"Ожидалась ошибка <{to_string(error)}>, но ошибки не было", extra)
            return
        if to_string(error) not in message:
            self._fail(f"Ожидалась ошибка <{to_string(error)}>, а была <{message}>", extra)

    @method("ТестПройден", "TestPassed")
    def passed(self) -> None:
        return None

    @method("ТестПровален", "TestFailed")
    def failed(self, extra: Any = "") -> None:
        self._fail("Тест провален", extra)

    @method("ПрерватьТест", "AbortTest")
    def abort(self, extra: Any = "") -> None:
        self._fail("Тест прерван", extra)

    @method("ПодробныеОписанияОшибок", "DetailedErrors")
    def detailed_errors(self, _on: Any = True) -> None:
        return None

    @method("ИмяВременногоФайла", "TempFileName")
    def temp_file_name(self, _extension: Any = "tmp") -> None:
        raise BslRuntimeError("Временные файлы недоступны: файловая система закрыта в песочнице")

    @method("УдалитьВременныеФайлы", "DeleteTempFiles")
    def delete_temp_files(self) -> None:
        return None


@dataclass
class FileResult:
    name: str
    passed: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    load_error: str | None = None
    host_specific: dict[str, str] = field(default_factory=dict)


_METHOD = re.compile(
    r"^[ \t]*(?:Процедура|Функция)[ \t]+(\w+)[ \t]*\((.*?)^[ \t]*(?:КонецПроцедуры|КонецФункции)",
    re.IGNORECASE | re.MULTILINE | re.DOTALL,
)


def host_specific_tests(text: str, tests: list[str]) -> dict[str, str]:
    """Test -> the host name its code uses (its own body or a module method it calls, transitively)."""
    bodies = {m.group(1).lower(): m.group(2) for m in _METHOD.finditer(text)}
    found: dict[str, str] = {}
    for test in tests:
        seen: set[str] = set()
        pending = [test.lower()]
        while pending:
            name = pending.pop()
            if name in seen or name not in bodies:
                continue
            seen.add(name)
            body = bodies[name]
            lowered = body.lower()
            hit = next((h for h in HOST_NAMES if h.lower() in lowered), None)
            if hit is not None:
                found[test] = hit
                break
            called = (n for n in bodies if re.search(rf"\b{re.escape(n)}\s*\(", lowered))
            pending.extend(n for n in called if n not in seen)
    return found


_TEST_NAME = re.compile(r"\.Добавить\(\s*\"([^\"]+)\"\s*\)", re.IGNORECASE)


def _declared_tests(text: str) -> list[str]:
    """The test names a file's ПолучитьСписокТестов adds to its list, read from its text: what counts
    as failed when the file does not even load."""
    bodies = {m.group(1).lower(): m.group(2) for m in _METHOD.finditer(text)}
    return _TEST_NAME.findall(bodies.get("получитьсписоктестов", ""))


def run_file(path: Path) -> FileResult:
    result = FileResult(path.name)
    text = path.read_text(encoding="utf-8-sig")
    limits = RunLimits(timeout_s=CALL_TIMEOUT_S)
    engine = Engine(limits=limits)
    try:
        module = engine.load(text, path.stem, onescript=True)  # .os scripts: #native, parameter annotations
        engine.run_body(module)
        names = engine.call(module, "ПолучитьСписокТестов", [Assertions(limits)])
    except (ModuleLoadError, BslRuntimeError, ExecutionLimit) as exc:
        result.load_error = _describe(exc)
        declared = _declared_tests(text)
        result.host_specific = host_specific_tests(text, declared)
        result.failed = [(name, result.load_error) for name in declared if name not in result.host_specific]
        return result
    tests = [to_string(n) for n in rt.iterate(names)] if isinstance(names, BslArray) else []
    result.host_specific = host_specific_tests(text, tests)
    for name in tests:
        if name in result.host_specific:
            continue
        try:
            engine.call(module, name)
        except (BslRuntimeError, ExecutionLimit) as exc:
            result.failed.append((name, _describe(exc)))
        else:
            result.passed.append(name)
    return result


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ModuleLoadError):
        return f"не загружается: {exc.describe()}"
    if isinstance(exc, BslRuntimeError):
        where = f" (строка {exc.line})" if exc.line else ""
        return exc.message.replace("\n", " | ") + where
    return str(exc)


def suite_files(tests_dir: Path, only: list[str] | None = None) -> list[Path]:
    files = sorted(p for p in tests_dir.glob("*.os") if p.name not in EXCLUDED)
    if only:
        files = [p for p in files if p.name in only or p.stem in only]
    return files


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tests_dir", type=Path, help="the tests/ folder of a OneScript checkout")
    parser.add_argument("--verbose", action="store_true", help="print each failed test and its error")
    parser.add_argument("--only", nargs="*", help="run only these files")
    args = parser.parse_args(argv)
    if not args.tests_dir.is_dir():
        out(f"error: {args.tests_dir} is not a folder (expected OneScript's tests/)")
        return 2
    files = suite_files(args.tests_dir, args.only)
    total_passed = total = 0
    for path in files:
        result = run_file(path)
        count = len(result.passed) + len(result.failed)
        total += count
        total_passed += len(result.passed)
        note = f"  [{result.load_error}]" if result.load_error else ""
        skipped = f" {len(result.host_specific):3} host-specific" if result.host_specific else ""
        out(f"{result.name:36} {len(result.passed):4} passed {len(result.failed):4} failed{skipped}{note}")
        if args.verbose:
            for name, why in result.host_specific.items():
                out(f"    HOST {name}: uses {why}")
            for name, error in result.failed:
                out(f"    FAIL {name}: {error[:300]}")
    share = f"{100 * total_passed / total:.1f}%" if total else "N/A"
    out(f"TOTAL {len(files)} files: {total_passed} of {total} tests passed ({share})")
    out("excluded: " + ", ".join(f"{name} ({why})" for name, why in sorted(EXCLUDED.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
