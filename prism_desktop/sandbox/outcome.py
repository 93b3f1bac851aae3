"""From what happened to a sandboxed process to a RunResult: one set of rules for every backend, so a
candidate ends with the same status in a container and in the local fallback."""

from __future__ import annotations

import dataclasses
import signal
from dataclasses import dataclass

from prism_desktop.runs.onec import Limits, RunResult, Timings
from prism_desktop.sandbox.envelope import EnvelopeError, read_envelope
from prism_desktop.sandbox.output_cap import join_capped
from prism_desktop.sandbox.run_dir import RunDir, wall_deadline

ENVELOPE_OVERHEAD_BYTES = 32 * 1024 * 1024  # measurements besides the (capped) output
DETAIL_TAIL_CHARS = 600


@dataclass
class ProcessEnd:
    """How the sandboxed worker ended, as the backend observed it."""

    exit_code: int | None  # None: no exit status (we killed it, or the engine lost it)
    stdout: str = ""  # the worker's own streams, already capped
    stderr: str = ""
    deadline_hit: bool = False
    cancelled: bool = False
    oom_killed: bool = False


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _killed_by(exit_code: int | None) -> str | None:
    """The signal that ended the worker (Popen reports -N, a container 128+N), if any."""
    if exit_code is None:
        return None
    if exit_code < 0:
        return _signal_name(-exit_code)
    if exit_code > 128:
        return _signal_name(exit_code - 128)
    return None


def _tail(text: str) -> str:
    text = text.strip()
    return text[-DETAIL_TAIL_CHARS:] if text else "(no output)"


@dataclass
class Outcome:
    result: RunResult
    net_isolated: bool | None  # what the worker saw of the network (None: no verified envelope)


def result_file_limit(limits: Limits) -> int:
    """The largest result.json the host accepts: the capped output twice (stdout and stderr) and
    the measurements."""
    return 2 * limits.output_bytes + ENVELOPE_OVERHEAD_BYTES


def build_result(
    run_dir: RunDir, end: ProcessEnd, *, runner: str, isolated: bool, timings: Timings
) -> Outcome:
    """The run's RunResult from the verified envelope (if any) and how the process ended."""
    spec = run_dir.spec
    limits = spec.limits
    envelope = None
    rejected: str | None = None
    try:
        envelope = read_envelope(run_dir.out_dir, spec.nonce, max_bytes=result_file_limit(limits))
    except EnvelopeError as exc:
        rejected = str(exc)

    base = (
        envelope.result
        if envelope is not None
        else RunResult(spec.run_id, status="ok", runner=runner, isolated=isolated, engine_version="")
    )
    result = dataclasses.replace(
        base,
        run_id=spec.run_id,
        runner=runner,
        isolated=isolated,
        stdout=join_capped([base.stdout, end.stdout], limits.output_bytes),
        stderr=join_capped([base.stderr, end.stderr], limits.output_bytes),
        timings=timings,
        infra_detail=None,
    )
    signal_name = _killed_by(end.exit_code)

    net_isolated = envelope.net_isolated if envelope is not None else None

    def finish(status: str, detail: str | None) -> Outcome:
        return Outcome(dataclasses.replace(result, status=status, infra_detail=detail), net_isolated)

    if end.cancelled:
        return finish("cancelled", "the run was cancelled")
    if end.deadline_hit:
        return finish(
            "timeout", f"wall-clock deadline of {wall_deadline(spec):g} s passed; the run was killed"
        )
    if envelope is not None and envelope.complete:
        fault = envelope.fault
        if fault is None:
            return finish("ok", None)
        where = f" in the {fault.leg} leg" if fault.leg else ""
        if fault.kind in ("memory", "recursion"):
            return finish("killed", f"{fault.detail}{where}")
        return finish("infra_error", f"the engine failed{where}: {_tail(fault.detail)}")
    if end.oom_killed:
        return finish("killed", f"memory limit of {limits.memory_mb} MB: the kernel killed the run")
    if signal_name is not None:
        return finish("killed", f"the worker was killed by {signal_name}")
    if rejected is not None and envelope is None and "nonce" in rejected:
        return finish("infra_error", f"result rejected: {rejected}")
    why = rejected or "the result envelope is incomplete"
    return finish(
        "infra_error",
        f"the worker exited with code {end.exit_code} without a result ({why}): {_tail(end.stderr)}",
    )
