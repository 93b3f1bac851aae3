"""Compiler messages as diagnostics: tsc's `file(line,col): error TS1234: text` and the Go tools'
`file:line:col: text`. Pure standard library (runs in the container)."""

from __future__ import annotations

import re

from prism_desktop.runs.code import CodeDiagnostic

TSC_LINE = re.compile(
    r"^(?P<file>[^()\n]+)\((?P<line>\d+),(?P<col>\d+)\): (?P<sev>error|warning) (?P<code>TS\d+): (?P<msg>.*)$"
)
GO_LINE = re.compile(r"^(?:\./)?(?P<file>[\w./-]+\.go):(?P<line>\d+):(?:(?P<col>\d+):)? (?P<msg>.*)$")


def _relative(path: str, root: str) -> str:
    path = path.strip()
    prefix = root.rstrip("/") + "/"
    return path[len(prefix) :] if path.startswith(prefix) else path.removeprefix("./")


def parse_tsc(output: str, root: str) -> list[CodeDiagnostic]:
    found: list[CodeDiagnostic] = []
    for line in output.splitlines():
        match = TSC_LINE.match(line.strip())
        if match:
            found.append(
                CodeDiagnostic(
                    file=_relative(match["file"], root),
                    line=int(match["line"]),
                    column=int(match["col"]),
                    severity=match["sev"],
                    message=match["msg"],
                    code=match["code"],
                )
            )
        elif found and line.startswith("  "):  # tsc continues a message on indented lines
            found[-1].message += "\n" + line.strip()
    return found


def parse_go(output: str, root: str, severity: str) -> list[CodeDiagnostic]:
    found: list[CodeDiagnostic] = []
    for line in output.splitlines():
        match = GO_LINE.match(line.strip())
        if match:
            found.append(
                CodeDiagnostic(
                    file=_relative(match["file"], root),
                    line=int(match["line"]),
                    column=int(match["col"] or 0),
                    severity=severity,
                    message=match["msg"],
                )
            )
    return found


def python_syntax(source: str, filename: str) -> list[CodeDiagnostic]:
    """Compiles without running anything (what py_compile does, minus the .pyc)."""
    try:
        compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as error:
        return [
            CodeDiagnostic(
                file=filename,
                line=error.lineno or 0,
                column=error.offset or 0,
                severity="error",
                message=f"{type(error).__name__}: {error.msg}",
            )
        ]
    except (ValueError, RecursionError, MemoryError) as error:  # null bytes, absurd nesting
        return [
            CodeDiagnostic(
                file=filename, line=0, column=0, severity="error", message=f"{type(error).__name__}: {error}"
            )
        ]
    return []
