"""The in-sandbox worker: `python -m prism_desktop.sandbox.worker --spec FILE --out DIR`.

Runs every leg of one candidate run through the in-process harness and writes the measurements into
DIR/result.json inside a nonce envelope (envelope.py). Candidate output never reaches the worker's
real stdout: it is captured with a byte cap and travels inside the result. After each leg the
envelope is rewritten, so a deadline kill still leaves the legs that finished.

Imports only the pure layers (spec, harness, engine): it runs in a bare python3 container and in
the local fallback alike, so both give the same measurements.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib
import resource
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

from prism_desktop.runs.onec import RunResult, RunSpec, spec_from_json
from prism_desktop.sandbox.envelope import Envelope, WorkerFault, write_envelope
from prism_desktop.sandbox.output_cap import CappedTextIO, join_capped

EXIT_OK = 0
EXIT_BAD_INPUT = 2
TRACE_TAIL_CHARS = 2000
LegRunner = Callable[[RunSpec], RunResult]


HARNESSES = {  # task category -> the module whose run_legs runs it in process
    "A": "prism_desktop.sandbox.harness_a",
    "B": "prism_desktop.sandbox.harness_b",
    "1C": "prism_desktop.sandbox.harness_1c",
}


def harness_for(category: str) -> LegRunner:
    """The in-process runner of a task category (imported on demand: a run loads one harness)."""
    if category not in HARNESSES:
        known = ", ".join(HARNESSES)
        raise ValueError(f"task category {category!r}: this worker runs the categories {known}")
    runner: LegRunner = importlib.import_module(HARNESSES[category]).run_legs
    return runner


def limit_address_space(memory_mb: int) -> None:
    """Make a memory bomb end in MemoryError (a clean fault) rather than the OOM killer's SIGKILL,
    identically in a container and in the local fallback. Lowering a limit needs no privilege."""
    wanted = memory_mb * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def network_isolated() -> bool | None:
    """True when the only network interface in sight is loopback (network none / a private netns)."""
    try:
        lines = Path("/proc/net/dev").read_text().splitlines()[2:]
    except OSError:
        return None
    names = {line.split(":", 1)[0].strip() for line in lines if ":" in line}
    return names <= {"lo"}


@contextlib.contextmanager
def captured_output(limit: int) -> Iterator[tuple[CappedTextIO, CappedTextIO]]:
    """Route what the candidate prints into capped buffers instead of the real streams."""
    out, err = CappedTextIO(limit), CappedTextIO(limit)
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = saved


def merge_leg(total: RunResult | None, part: RunResult, limit: int) -> RunResult:
    """Fold one leg's result into the run's result (each leg fills its own measurement; the output
    stays within `limit` bytes per stream)."""
    if total is None:
        total = RunResult(part.run_id, part.status, part.runner, part.isolated, part.engine_version)
    return dataclasses.replace(
        total,
        syntax=part.syntax or total.syntax,
        tests=part.tests or total.tests,
        perf=part.perf or total.perf,
        b_run=part.b_run or total.b_run,
        stdout=join_capped([total.stdout, part.stdout], limit),
        stderr=join_capped([total.stderr, part.stderr], limit),
        engine_version=total.engine_version or part.engine_version,
    )


def _fault(exc: BaseException, leg: str, spec: RunSpec) -> WorkerFault:
    if isinstance(exc, MemoryError):
        return WorkerFault("memory", leg, f"memory limit of {spec.limits.memory_mb} MB reached")
    if isinstance(exc, RecursionError):
        return WorkerFault("recursion", leg, f"Python recursion limit reached: {exc}")
    trace = "".join(traceback.format_exception(exc))
    return WorkerFault("exception", leg, trace[-TRACE_TAIL_CHARS:])


def run_spec(spec: RunSpec, out_dir: Path, runner: LegRunner | None = None) -> Envelope:
    """Run the legs one by one, rewriting the envelope after each; returns the final envelope."""
    limit = spec.limits.output_bytes
    envelope = Envelope(
        nonce=spec.nonce,
        result=RunResult(spec.run_id, status="ok", runner="worker", isolated=False, engine_version=""),
        complete=False,
        net_isolated=network_isolated(),
        worker_seconds=0.0,
    )
    write_envelope(out_dir, envelope)
    merged: RunResult | None = None
    started = time.perf_counter()
    try:
        run = runner or harness_for(spec.task.category)
    except ValueError as exc:
        envelope.fault = WorkerFault("exception", spec.legs[0] if spec.legs else "", str(exc))
        run = None
    for leg in spec.legs if run is not None else []:
        assert run is not None  # narrowed by the loop condition
        with captured_output(limit) as (out, err):
            try:
                part = run(dataclasses.replace(spec, legs=[leg]))
            except Exception as exc:  # MemoryError/RecursionError included: a fault, not a crash
                envelope.fault = _fault(exc, leg, spec)
                part = RunResult(spec.run_id, status="ok", runner="worker", isolated=False, engine_version="")
        # what the leg printed is kept even when it faulted: it often shows why
        part = dataclasses.replace(
            part,
            stdout=join_capped([part.stdout, out.getvalue()], limit),
            stderr=join_capped([part.stderr, err.getvalue()], limit),
        )
        merged = merge_leg(merged, part, limit)
        envelope.result = merged
        envelope.worker_seconds = time.perf_counter() - started
        if envelope.fault is not None:
            break
        envelope.legs_done.append(leg)
        write_envelope(out_dir, envelope)
    envelope.worker_seconds = time.perf_counter() - started
    envelope.complete = True
    write_envelope(out_dir, envelope)
    return envelope


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m prism_desktop.sandbox.worker")
    parser.add_argument("--spec", required=True, type=Path, help="the RunSpec JSON file")
    parser.add_argument("--out", required=True, type=Path, help="directory for result.json")
    args = parser.parse_args(argv)
    try:
        spec = spec_from_json(args.spec.read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError) as exc:
        print(f"worker: cannot read the run spec {args.spec}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    limit_address_space(spec.limits.memory_mb)
    run_spec(spec, args.out)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
