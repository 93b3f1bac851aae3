"""A 1C run's types: the spec that goes into the sandbox, the measurements that come out. Plain
dataclasses that serialise to JSON, imported by the host (scoring, services, the GUI) and by the
in-container worker alike, so this module must stay pure standard library."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

Leg = Literal["syntax", "tests", "perf"]
RunStatus = Literal["ok", "timeout", "killed", "infra_error", "cancelled"]


@dataclass
class Limits:
    test_timeout_s: float = 15.0  # all tests of one run (category A)
    size_timeout_s: float = 60.0  # one size of the O ladder
    memory_mb: int = 512
    cpus: float = 1.0
    pids: int = 64
    tmpfs_mb: int = 64
    output_bytes: int = 256_000  # stdout/stderr kept per run
    recursion_depth: int = 1000  # BSL call depth
    max_collection_items: int = 5_000_000
    max_string_chars: int = 50_000_000
    wall_slack_s: float = 10.0  # container deadline = sum of leg timeouts + slack


@dataclass
class TaskData:
    """The part of a task the worker needs; values in their JSON-safe YAML form."""

    category: str  # "A" | "B" | "1C" (a 1C Code Bench task)
    task_id: str
    entry_point_patterns: list[str]
    tests: list[dict[str, Any]] = field(default_factory=list)  # A: [{"args": [...], "expected": ...}]
    perf: dict[str, Any] | None = None  # perf.yaml as read
    config_spec: dict[str, Any] | None = None  # B
    fixtures: dict[str, Any] | None = None  # B
    tests_bsl: str | None = None  # B; 1C Code Bench: the processing's object module
    reference: str | None = None  # A, B: canonical.bsl, run beside the candidate at each O size
    context: str = ""  # 1C Code Bench: "сервер" | "клиент", where the candidate's function runs


@dataclass
class RunSpec:
    run_id: str
    code: str  # the extracted candidate code (PRISM_FORMAT §3.1), not the raw response
    task: TaskData
    legs: list[str] = field(default_factory=lambda: ["syntax", "tests", "perf"])
    limits: Limits = field(default_factory=Limits)
    nonce: str = ""  # set by the backend; the worker echoes it in the result envelope


@dataclass
class Diagnostic:
    code: str  # e.g. "ParseError", "ProcedureReturnsValue"
    severity: str  # "error" | "warning" | "information"
    message: str
    line: int  # 1-based
    column: int = 1  # 1-based
    end_line: int | None = None
    end_column: int | None = None


@dataclass
class SyntaxMeasurement:
    instrument: str  # e.g. "prism-bsl 0.1.0"
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass
class TestOutcome:
    __test__ = False
    index: int  # 1-based; PRISM's marker lines count from 0, so scoring prints index - 1
    status: str  # "pass" | "fail" | "error"
    args: list[str] = field(default_factory=list)  # BSL-style presentation of each argument
    expected: str = ""
    actual: str | None = None
    error: str | None = None


@dataclass
class TestsMeasurement:
    __test__ = False
    instrument: str
    status: str  # "ok" | "no_entry" | "compile_error" | "timeout" | "limit"
    entry_point: str | None = None
    total: int = 0
    cases: list[TestOutcome] = field(default_factory=list)
    detail: str | None = None  # compile error text / limit description


SIZE_WRONG = "wrong"  # a rung's status when its result differs from the reference's: counted, then judged
SIZE_MEASURED = frozenset({"ok", SIZE_WRONG})  # statuses whose counts stand; the ladder goes on after them
SIZE_DIFFERS = "отличается от результата эталона"  # the note of a "wrong" rung


@dataclass
class SizeOutcome:
    size: int
    # "ok" | "wrong" (measured, but the result is not the reference's) | "timeout" | "error" |
    # "limit" (the candidate's doing) | "infra" (ours: N/A)
    status: str
    ops: int | None = None  # category A: line entries + cost-model charges
    counts: dict[str, int] = field(default_factory=dict)  # category B: {"sdbl": n, "reg_reads": n}
    seconds: float | None = None
    note: str | None = None  # error tail


@dataclass
class PerfMeasurement:
    instrument: str
    entry_point: str | None = None
    sizes: list[SizeOutcome] = field(default_factory=list)
    result_check: str | None = None  # the rungs' results against the reference's, or why not compared


@dataclass
class BRunMeasurement:
    """One category-B run against the synthetic infobase (PRISM_FORMAT §3.4)."""

    status: str  # ok | no_entry | candidate_error | no_result | infra_error
    passed: int = 0
    total: int = 0
    log: str = ""  # full, untruncated: P counts exception segments on it
    compile_error_lines: list[int] = field(default_factory=list)
    compile_errors: list[str] = field(default_factory=list)
    entry_point: str | None = None
    infra_detail: str | None = None
    instrument: str = ""  # name and version of what ran it, e.g. "prism-platform 0.1.0"


@dataclass
class Timings:
    create: float | None = None
    start: float | None = None
    run: float | None = None
    collect: float | None = None
    remove: float | None = None

    @property
    def total(self) -> float:
        return sum(v for v in dataclasses.astuple(self) if v is not None)


@dataclass
class RunResult:
    run_id: str
    status: str  # RunStatus: whether the sandbox itself finished; leg statuses live in the legs
    runner: str  # "docker" | "local" | "inprocess"
    isolated: bool
    engine_version: str
    syntax: SyntaxMeasurement | None = None
    tests: TestsMeasurement | None = None
    perf: PerfMeasurement | None = None
    b_run: BRunMeasurement | None = None
    stdout: str = ""
    stderr: str = ""
    timings: Timings = field(default_factory=Timings)
    infra_detail: str | None = None

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> RunResult:
        return from_dict(cls, json.loads(text))


T = TypeVar("T")


def from_dict(cls: type[T], data: dict[str, Any]) -> T:
    """Rebuild a (nested) spec dataclass from `dataclasses.asdict` output."""
    hints = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        if name not in hints:
            continue
        kwargs[name] = _revive(hints[name].type, value)
    return cls(**kwargs)


_NESTED: dict[str, type] = {}


def _revive(annotation: Any, value: Any) -> Any:
    if value is None:
        return None
    text = str(annotation)
    for name, klass in _NESTED.items():
        if text.startswith(f"list[{name}]"):
            return [from_dict(klass, v) for v in value]
        if text == name or text.startswith(f"{name} |"):
            return from_dict(klass, value)
    return value


_NESTED.update(
    {
        c.__name__: c
        for c in (
            Limits, TaskData, Diagnostic, SyntaxMeasurement, TestOutcome, TestsMeasurement,
            SizeOutcome, PerfMeasurement, BRunMeasurement, Timings, RunSpec,
        )
    }
)


def spec_to_json(spec: RunSpec) -> str:
    return json.dumps(dataclasses.asdict(spec), ensure_ascii=False)


def spec_from_json(text: str) -> RunSpec:
    return from_dict(RunSpec, json.loads(text))
