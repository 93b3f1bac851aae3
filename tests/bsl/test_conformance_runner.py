"""Runs every tests/bsl/conformance/**/*.bsl program with the engine and compares what it prints
(and how it ends) with the expectation written at the end of the file (format: conformance/README.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit

ROOT = Path(__file__).parent / "conformance"
PROGRAMS = sorted(ROOT.rglob("*.bsl"))

EXPECT = "// ожидается:"
ERROR = "// ошибка: "
COMPILE_ERROR = "// ошибка компиляции: "
KNOWN_DIVERGENCE = "// известное расхождение: "


def _known_divergence(path: Path) -> str | None:
    """A documented engine divergence: the program stays as the platform behaves, and the test is a
    strict expected failure (it fails loudly the day the engine is fixed)."""
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if line.startswith(KNOWN_DIVERGENCE):
            return line[len(KNOWN_DIVERGENCE):]
    return None


def _params() -> list:
    params = []
    for path in PROGRAMS:
        reason = _known_divergence(path)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(path, marks=marks, id=str(path.relative_to(ROOT).with_suffix(""))))
    return params


@dataclass
class Expectation:
    lines: list[str] | None  # expected stdout lines; None: not checked
    error: str | None  # substring of the uncaught runtime error
    compile_error: str | None  # substring of the compile error


def read_expectation(path: Path) -> Expectation:
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    start = len(lines)
    while start > 0 and lines[start - 1].startswith("//"):
        start -= 1
    block = lines[start:]
    expected: list[str] | None = None
    error = compile_error = None
    collecting = False
    for line in block:
        if line == EXPECT:
            expected, collecting = [], True
        elif line.startswith(COMPILE_ERROR):
            compile_error, collecting = line[len(COMPILE_ERROR):], False
        elif line.startswith(KNOWN_DIVERGENCE):
            collecting = False
        elif line.startswith(ERROR):
            error, collecting = line[len(ERROR):], False
        elif collecting and expected is not None:
            if line != "//" and not line.startswith("// "):
                raise AssertionError(f"{path}: expected-output line must start with '// ': {line!r}")
            expected.append(line[3:])
    if expected is None and error is None and compile_error is None:
        markers = f"'{EXPECT}', '{ERROR.strip()}' or '{COMPILE_ERROR.strip()}'"
        raise AssertionError(f"{path}: no {markers} block at the end")
    return Expectation(expected, error, compile_error)


@pytest.mark.parametrize("path", _params())
def test_conformance_program(path: Path) -> None:
    expectation = read_expectation(path)
    engine = Engine(limits=RunLimits(timeout_s=20))
    try:
        module = engine.load(path.read_text(encoding="utf-8-sig"), path.stem)
    except ModuleLoadError as exc:
        assert expectation.compile_error is not None, f"unexpected compile error: {exc.describe()}"
        assert expectation.compile_error in exc.message
        return
    assert expectation.compile_error is None, "the module compiled, a compile error was expected"
    failure: str | None = None
    try:
        engine.run_body(module)
    except BslRuntimeError as exc:
        failure = exc.message
    except ExecutionLimit as exc:
        failure = f"limit: {exc.message}"
    if expectation.lines is not None:
        printed = "\n".join(engine.output).split("\n") if engine.output else []
        assert printed == expectation.lines
    if expectation.error is not None:
        assert failure is not None, "the program ended normally, an uncaught error was expected"
        assert expectation.error in failure
    else:
        assert failure is None, f"uncaught error: {failure}"


def test_core_programs_are_present() -> None:
    assert len(list((ROOT / "core").glob("*.bsl"))) >= 80
