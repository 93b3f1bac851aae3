"""Running a task's tests to per-test verdicts. Only the task's own test ids count (spec.test_ids,
established from the hidden tests with the reference, outside the candidate's reach); a verdict counts
only when it came on the event channel with the run's proof (events.py). Streamed test processes are
watched test by test and restarted without the tests already decided when one runs past its timeout.
A test left without a proven verdict is `error` (`timeout`/`not_run` when the clock ran out). Pure
standard library."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from prism_desktop.runs.code import CodeTestOutcome
from prism_desktop.sandbox.code.context import RunContext, StreamRun
from prism_desktop.sandbox.code.languages import StreamCommand, TestPlan

MAX_RESTARTS = 50  # one restart per test that timed out; a bound for a runaway plan
NO_PROOF = "the test process ended (exit {code}) before the harness's end-of-run proof"
NO_VERDICT = "the harness ended the run (exit {code}) without a verdict for this test"


@dataclass
class PlanRun:
    """What the test processes of a run established."""

    outcomes: dict[str, CodeTestOutcome] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    declared: list[str] = field(default_factory=list)  # proven declarations (the collection pass)
    unverified: int = 0  # event lines without a valid proof
    fallback: tuple[str, str] | None = None  # (status, why) for tests no process declared

    def note(self, text: str | None) -> None:
        if text and text not in self.notes:
            self.notes.append(text)


def run_plan(
    plan: TestPlan, ctx: RunContext, test_ids: list[str]
) -> tuple[list[CodeTestOutcome], str | None, int]:
    """Every task test's outcome in the task's order, a note on why some did not pass, and how many
    event lines came without a valid proof."""
    deadline = time.monotonic() + ctx.limits.run_timeout_s
    state = PlanRun()
    expected = set(test_ids)
    for command in plan.streams:
        if command.select is not None and time.monotonic() >= deadline:
            state.outcomes[command.select] = CodeTestOutcome(
                command.select, "not_run", "the run's deadline passed before this test started"
            )
            continue
        _run_stream(command, ctx, deadline, expected, state)
    leftover = [name for name in test_ids if name not in state.outcomes]
    status, why = state.fallback or ("error", "no proven verdict: the harness never reported this test")
    for name in leftover:
        state.outcomes[name] = CodeTestOutcome(name, status, why)
    if any(o.status == "not_run" for o in state.outcomes.values()):
        state.note(
            f"timeout: the run's deadline of {ctx.limits.run_timeout_s:g} s passed; tests left are not_run"
        )
    if state.unverified:
        state.note(f"{state.unverified} line(s) on the event channel had no valid proof and were ignored")
    outcomes = [state.outcomes[name] for name in test_ids]
    return outcomes, "; ".join(state.notes) or None, state.unverified


def collect_plan(plan: TestPlan, ctx: RunContext) -> tuple[list[str], str | None]:
    """The test ids the plan's processes declare (the collection pass over the reference)."""
    if plan.static_ids is not None:
        return list(plan.static_ids), None
    deadline = time.monotonic() + ctx.limits.run_timeout_s
    state = PlanRun()
    for command in plan.streams:
        argv, cwd = _started_in(command, ctx)
        run = ctx.stream(argv, cwd=cwd, env=command.env, skip=[], deadline=deadline)
        state.declared += [name for name in run.log.declared if name not in state.declared]
        if run.log.collect_errors:
            state.note("the tests could not be loaded: " + " | ".join(run.log.collect_errors)[-3000:])
        elif run.exit_code != 0 or run.stopped is not None:
            state.note(
                f"collection ended with exit {run.exit_code} ({run.stopped or 'ended'}): {run.output[-1500:]}"
            )
    return state.declared, "; ".join(state.notes) or None


def _started_in(command: StreamCommand, ctx: RunContext) -> tuple[list[str], Path]:
    """The command line and folder of one start: with `writable_cwd`, a fresh copy of the folder, the
    command's paths into it moved there (test ids and paths the tests derive from the working folder stay
    as in the original: chardet's parameters are paths relative to it)."""
    if not command.writable_cwd:
        return command.argv, command.cwd
    copy, original = ctx.writable_copy(command.cwd), str(command.cwd)
    return [arg.replace(original, str(copy)) for arg in command.argv], copy  # files, --rootdir, --confcutdir


def _run_stream(
    command: StreamCommand, ctx: RunContext, deadline: float, expected: set[str], state: PlanRun
) -> None:
    mine: list[str] = [command.select] if command.select is not None else []
    per_test = ctx.limits.per_test_timeout_s
    for _restart in range(MAX_RESTARTS):
        decided = [name for name in state.outcomes]
        argv, cwd = _started_in(command, ctx)
        run = ctx.stream(
            argv, cwd=cwd, env=command.env, skip=decided, deadline=deadline,
            select_test=command.select,
        )  # fmt: skip
        state.unverified += run.log.unverified
        mine += [name for name in run.log.declared if name in expected and name not in mine]
        for name, (status, message) in run.log.outcomes().items():
            if name in expected and name not in state.outcomes:
                if status != "pass" and not message and command.select is not None:
                    message = run.output.strip()[-1500:]  # Go: the testing package's own account
                state.outcomes[name] = CodeTestOutcome(name, status, message, run.log.seconds.get(name))
        if run.log.collect_errors and not run.log.outcomes():
            why = "the tests could not be loaded: " + " | ".join(run.log.collect_errors)[-3000:]
            state.note(why)
            state.fallback = ("error", why[-1500:])
            return
        current = run.log.current
        if run.stopped == "test_timeout" and current in expected and current not in state.outcomes:
            state.outcomes[current] = CodeTestOutcome(
                current, "timeout", f"no verdict within {per_test:g} s; killed"
            )
            if command.select is None:
                continue  # again, without the tests already decided
        _close_stream(run, mine, state)
        return
    state.note(f"stopped after {MAX_RESTARTS} restarts")


def _close_stream(run: StreamRun, mine: list[str], state: PlanRun) -> None:
    """Verdicts for the tests a finished (or killed) stream left without one; the note to keep."""
    undecided = [name for name in mine if name not in state.outcomes]
    tail = run.output.strip()[-1500:]
    if mine and not undecided:
        if run.stopped is not None and run.log.outcomes():
            state.note("the test process did not exit after its last test; killed")
        return
    if run.stopped == "deadline":
        why, status = "timeout: the run's deadline passed", "not_run"
        current = run.log.current
        if current in undecided:
            state.outcomes[current] = CodeTestOutcome(current, "timeout", why)
    elif run.stopped in ("silence", "test_timeout"):
        why = "timeout: the tests did not start (loading them hung) or nothing ended between two tests"
        status = "timeout"
    else:
        why = (NO_VERDICT if run.log.finished else NO_PROOF).format(code=run.exit_code)
        status = "error"
    for name in undecided:
        if name not in state.outcomes:
            state.outcomes[name] = CodeTestOutcome(name, status, why)
    if not mine:  # the process declared nothing: its tests are among those no process reported
        state.fallback = (status, why)
    state.note(f"{why}. Output: {tail}" if tail else why)
