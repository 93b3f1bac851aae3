"""What crosses the sandbox boundary for a code task (Python, TypeScript, Go): the spec going in and
the measurements coming out. Plain dataclasses that serialise to JSON; the in-container runner
imports this module, so it stays pure standard library."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("python", "typescript", "go")
SOURCE_FILES = {"python": "solution.py", "typescript": "solution.ts", "go": "solution.go"}
RESULT_FORMAT = "prism-desktop.code-result/1"
TEST_FILE_NAME = re.compile(
    r"^(?:test_.*\.py|.*_test\.py|conftest\.py|.*\.(?:test|spec)\.[jt]s|.*_test\.go)$"
)


def is_test_file(path: str) -> bool:
    """A test file of pytest, node:test or go test by its name (pytest's conftest.py included)."""
    return TEST_FILE_NAME.match(path.rsplit("/", 1)[-1]) is not None


@dataclass
class CodeLimits:
    per_test_timeout_s: float = 10.0
    load_timeout_s: float = 60.0  # starting the test process and loading the tests, before the first test
    compile_timeout_s: float = 120.0  # per compiler call; tsc and go are slow on a loaded machine
    run_timeout_s: float = 120.0  # every test of the run together; the container dies after + slack
    memory_mb: int = 1024
    cpus: float = 1.0
    pids: int = 128
    tmpfs_mb: int = 256
    output_bytes: int = 64_000  # kept of each process's output
    wall_slack_s: float = 15.0


@dataclass
class CodeRunSpec:
    run_id: str
    language: str  # one of LANGUAGES
    files: dict[str, str]  # relative path -> text: the candidate's files and the task's tests folder
    candidate_files: list[str]  # which of `files` the candidate wrote (diagnostics are kept for these)
    limits: CodeLimits = field(default_factory=CodeLimits)
    nonce: str = ""  # set by the backend; echoed in the result
    gate: list[str] = field(default_factory=list)  # library tasks: "ruff", "mypy" (gate.py)
    test_files: list[str] = field(default_factory=list)  # which of `files` are the task's hidden tests
    test_ids: list[str] = field(default_factory=list)  # the task's tests (from its reference): all that count
    collect_only: bool = False  # the collection pass: declare the tests of `test_files`, run none
    image: str = ""  # a library's own image (library_images.py); "" = the language's image


@dataclass
class CodeDiagnostic:
    file: str
    line: int  # 1-based; 0 when the compiler gave none
    column: int
    severity: str  # "error" | "warning"
    message: str
    code: str = ""  # e.g. "TS2322"


@dataclass
class CompileMeasurement:
    ok: bool
    tool: str  # what compiled, e.g. "tsc 4.8.4"
    diagnostics: list[CodeDiagnostic] = field(default_factory=list)
    output: str = ""  # the compiler's own text, capped
    timed_out: bool = False


@dataclass
class GateCheck:
    """One tool of the lint/type gate: findings are reported, they never change S or M."""

    tool: str  # "ruff" | "mypy"
    status: str  # "pass" | "fail" (findings) | "unavailable" (not in the image) | "timeout" | "error"
    diagnostics: list[CodeDiagnostic] = field(default_factory=list)
    output: str = ""  # the tool's own text, capped


@dataclass
class CodeSuppression:
    """An inline comment that would switch a gate tool off (`# noqa`, `# type: ignore`, `# ruff: …`,
    `# mypy: …`): the gate ignores it and reports it."""

    file: str
    line: int
    text: str


@dataclass
class CodeTestOutcome:
    __test__ = False
    name: str
    # "pass" | "xfail" (failed as marked: counts as passed) | "fail" | "error" | "timeout" | "skipped"
    # | "not_run"
    status: str
    message: str = ""
    seconds: float | None = None


@dataclass
class CodeRunResult:
    run_id: str
    status: str  # "ok" | "timeout" | "killed" | "infra_error" | "cancelled" (the sandbox itself)
    language: str
    toolchain: str = ""  # e.g. "python 3.11.2, pytest 7.2.1"
    isolated: bool = True
    compile: CompileMeasurement | None = None
    gate: list[GateCheck] | None = None  # None: no gate asked for, or the candidate did not compile
    tests: list[CodeTestOutcome] | None = None  # None: the tests did not run (compile failure, fault)
    tests_detail: str | None = None  # e.g. a collection error, or why the run stopped
    collected: list[str] | None = None  # the collection pass: the test ids the hidden files hold
    ignored_files: list[str] = field(default_factory=list)  # test files / conftest.py the answer added
    suppressions: list[CodeSuppression] = field(default_factory=list)  # what the answer tried to switch off
    unverified_events: int = 0  # lines on the event channel without a valid proof (ignored)
    stdout: str = ""
    stderr: str = ""
    seconds: float | None = None
    infra_detail: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CodeRunResult:
        values = {f.name: data[f.name] for f in dataclasses.fields(cls) if f.name in data}
        if isinstance(values.get("compile"), dict):
            compile_data = dict(values["compile"])
            compile_data["diagnostics"] = [CodeDiagnostic(**d) for d in compile_data.get("diagnostics", [])]
            values["compile"] = CompileMeasurement(**compile_data)
        if isinstance(values.get("gate"), list):
            values["gate"] = [
                GateCheck(**{**g, "diagnostics": [CodeDiagnostic(**d) for d in g.get("diagnostics", [])]})
                for g in values["gate"]
            ]
        if isinstance(values.get("suppressions"), list):
            values["suppressions"] = [CodeSuppression(**item) for item in values["suppressions"]]
        if isinstance(values.get("tests"), list):
            values["tests"] = [CodeTestOutcome(**t) for t in values["tests"]]
        return cls(**values)


def spec_to_json(spec: CodeRunSpec) -> str:
    # ASCII: a data file's bytes that are not UTF-8 travel as lone surrogates (workspace.coding.data_text),
    # which only an escaped \udcXX carries through a UTF-8 file
    return json.dumps(dataclasses.asdict(spec))


def spec_from_json(text: str) -> CodeRunSpec:
    data = json.loads(text)
    limits = CodeLimits(**data.pop("limits", {}))
    return CodeRunSpec(limits=limits, **data)
