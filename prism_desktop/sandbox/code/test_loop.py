"""Running a task's tests to per-test verdicts: streamed test processes are watched test by test and
restarted without the tests already decided when one runs past its timeout; per-process tests
(Go) are judged by each process's exit. Pure standard library."""

from __future__ import annotations

import time
from pathlib import Path

from prism_desktop.sandbox.code.context import RunContext, StreamRun
from prism_desktop.sandbox.code.languages import StreamCommand, TestPlan
from prism_desktop.sandbox.code.spec import CodeTestOutcome

MAX_RESTARTS = 50  # one restart per test that timed out; a bound for a runaway plan


def run_plan(plan: TestPlan, ctx: RunContext) -> tuple[list[CodeTestOutcome], str | None]:
    """Every test's outcome, in the order the tests were declared, and a note on why some did not run."""
    deadline = time.monotonic() + ctx.limits.run_timeout_s
    outcomes: dict[str, CodeTestOutcome] = {}
    notes: list[str] = []
    for command in plan.streams:
        note = _run_stream(command, ctx, deadline, outcomes)
        if note:
            notes.append(note)
    for name, argv, cwd, env in plan.per_process:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            outcomes[name] = CodeTestOutcome(
                name, "not_run", "the run's deadline passed before this test started"
            )
            continue
        outcomes[name] = _run_one(name, argv, cwd, env, ctx, min(ctx.limits.per_test_timeout_s, remaining))
    if any(o.status == "not_run" for o in outcomes.values()):
        notes.append(
            f"timeout: the run's deadline of {ctx.limits.run_timeout_s:g} s passed; tests left are not_run"
        )
    return list(outcomes.values()), "; ".join(notes) or None


def _run_stream(
    command: StreamCommand, ctx: RunContext, deadline: float, outcomes: dict[str, CodeTestOutcome]
) -> str | None:
    decided: list[str] = []
    declared: list[str] = []
    per_test = ctx.limits.per_test_timeout_s
    for _restart in range(MAX_RESTARTS):
        run = ctx.stream(command.argv, cwd=command.cwd, env=command.env, skip=decided, deadline=deadline)
        for name in run.log.declared:
            if name not in declared:
                declared.append(name)
        for name, (status, message) in run.log.verdicts.items():
            if name not in outcomes:
                outcomes[name] = CodeTestOutcome(name, status, message, run.log.seconds.get(name))
                decided.append(name)
        if run.log.collect_errors and not run.log.verdicts:
            return "the tests could not be loaded: " + " | ".join(run.log.collect_errors)[-3000:]
        if run.stopped == "test_timeout" and run.log.current is not None:
            outcomes[run.log.current] = CodeTestOutcome(
                run.log.current, "timeout", f"no verdict within {per_test:g} s; killed"
            )
            decided.append(run.log.current)
            continue  # again, without the tests already decided
        return _close_stream(run, declared, outcomes, per_test)
    return f"stopped after {MAX_RESTARTS} restarts"


def _close_stream(
    run: StreamRun, declared: list[str], outcomes: dict[str, CodeTestOutcome], per_test: float
) -> str | None:
    """Verdicts for the tests a finished (or killed) stream left without one; the note to keep."""
    undecided = _undecided(declared, outcomes)
    tail = run.output.strip()[-1500:]
    if declared and not undecided:
        return None if run.stopped is None else "the test process did not exit after its last test; killed"
    if run.stopped == "deadline":
        why, status = "timeout: the run's deadline passed", "not_run"
        if run.log.current is not None:
            outcomes[run.log.current] = CodeTestOutcome(run.log.current, "timeout", why)
    elif run.stopped == "silence":
        why = "timeout: the tests did not start (loading them hung) or nothing ended between two tests"
        status = "timeout"
    elif not declared:
        why, status = f"no test ran (exit {run.exit_code})", "error"
    else:
        why, status = (
            f"the test process ended (exit {run.exit_code}) before every test had a verdict",
            "error",
        )
    for name in _undecided(declared, outcomes):
        outcomes[name] = CodeTestOutcome(name, status, why)
    return f"{why}. Output: {tail}" if tail else why


def _undecided(declared: list[str], outcomes: dict[str, CodeTestOutcome]) -> list[str]:
    return [name for name in declared if name not in outcomes]


def _run_one(
    name: str, argv: list[str], cwd: Path, env: dict[str, str], ctx: RunContext, timeout_s: float
) -> CodeTestOutcome:
    run = ctx.run(argv, cwd=cwd, env=env, timeout_s=timeout_s)
    tail = run.output.strip()[-1500:]
    if run.timed_out:
        return CodeTestOutcome(name, "timeout", f"no verdict within {timeout_s:g} s; killed", run.seconds)
    if run.exit_code == 0 and f"--- PASS: {name} " in run.output:
        return CodeTestOutcome(name, "pass", "", run.seconds)
    if run.exit_code == 0:
        return CodeTestOutcome(
            name, "error", f"the test binary exited 0 without running {name}: {tail}", run.seconds
        )
    status = "fail" if f"--- FAIL: {name} " in run.output else "error"
    return CodeTestOutcome(name, status, tail, run.seconds)
