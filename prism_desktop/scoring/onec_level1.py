"""Level 1 for a 1C Code Bench task: from the sandbox's measurement of one answer to a run object of
a PRISM-shaped auto file. Pure: measurements in, dicts out.

1C Code Bench has two figures, Compile Rate and Success Rate; per run they are
S — the processing's module with the answer in place of the reference compiles: 10 when it does,
    2 when our compiler rejects it, 0 when the answer holds no function of the task's name (the
    module cannot compile without it: ЗадачаРешена calls it); detail.S.compiled is what Compile
    Rate counts;
M — 10 when ЗадачаРешена() returned Истина after ЗапуститьРешение(), else 0 (passed/total = 1/1 or
    0/1, what Success Rate counts); 0 when the module does not compile, and 0 when the sandbox stopped
    the run for what the answer did (its deadline, a memory limit) before the result was written.
O, P — not applicable (N/A with the reason). Q = M. A run our infrastructure could not measure is
N/A on both axes, never 0."""

from __future__ import annotations

from typing import Any

from prism_desktop.runs.onec import BRunMeasurement, RunResult
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.level1 import FAILED_GENERATION, candidate_stop
from prism_desktop.scoring.reasons import (
    GENERATION_FAILED,
    ONEC_AXIS_NOT_APPLICABLE,
    SANDBOX_ENDED,
    SANDBOX_ENDED_WITH_DETAIL,
    SANDBOX_STOPPED_BEFORE_RESULT,
    TASK_SETUP_FAILED,
)
from prism_desktop.scoring.sm_run import sm_run_object
from prism_desktop.workspace.results import Generation

S_COMPILED, S_REJECTED, S_NO_FUNCTION = 10, 2, 0


def _not_measured(reason: str) -> dict[str, AxisScore]:
    return {"S": AxisScore.not_measured(reason), "M": AxisScore.not_measured(reason)}


def axis_scores(generation: Generation, result: RunResult | None) -> dict[str, AxisScore]:
    if generation.success is False:
        return _not_measured(GENERATION_FAILED.text(error=(generation.error or FAILED_GENERATION)[:200]))
    run = result.b_run if result is not None else None
    stop = candidate_stop(result)
    if run is None and stop is not None:
        # The sandbox stopped the run for what the answer did before the harness wrote its result:
        # not solved (M = 0, never N/A). Whether it compiled was not recorded (S N/A); Compile Rate
        # counts it as compiled, since no compile failure was (docs/multi-sample.md, as in category B).
        reason = SANDBOX_STOPPED_BEFORE_RESULT.text(stop=stop)
        return {
            "S": AxisScore.not_measured(reason),
            "M": AxisScore(0, {"status": "stopped", "passed": 0, "total": 1, "solved": False, "log": stop}),
        }
    if result is None or run is None:
        status = result.status if result is not None else "not run"
        if result is not None and result.infra_detail:
            detail = result.infra_detail[:200]
            return _not_measured(SANDBOX_ENDED_WITH_DETAIL.text(status=status, detail=detail))
        return _not_measured(SANDBOX_ENDED.text(status=status))
    if run.status == "infra_error":
        return _not_measured(TASK_SETUP_FAILED.text(detail=(run.infra_detail or "")[:200]))
    if run.status == "no_result":  # a limit stopped the candidate's own code: compiled, not solved
        return _scored(run, S_COMPILED, compiled=True, status="no_result")
    if run.status == "no_entry":
        return _scored(run, S_NO_FUNCTION, compiled=False, status="no_entry")
    if run.status == "candidate_error":
        return _scored(run, S_REJECTED, compiled=False, status="candidate_error")
    return _scored(run, S_COMPILED, compiled=True, status="ok")


def _scored(run: BRunMeasurement, s: int, *, compiled: bool, status: str) -> dict[str, AxisScore]:
    syntax: dict[str, Any] = {"compiled": compiled, "status": status}
    if run.compile_errors:
        syntax["errors"] = list(run.compile_errors)
    if status == "no_entry":
        syntax["reason"] = run.infra_detail
    solved = compiled and status == "ok" and run.passed == 1
    meaning: dict[str, Any] = {"status": status, "passed": 1 if solved else 0, "total": 1, "solved": solved}
    if run.log or (run.infra_detail and status == "no_result"):
        meaning["log"] = (run.log or run.infra_detail or "")[:2000]
    return {
        "S": AxisScore(s, syntax).measured_by(run.instrument),
        "M": AxisScore(10 if solved else 0, meaning).measured_by(run.instrument),
    }


def score_onec_run(generation: Generation, result: RunResult | None) -> dict[str, Any]:
    """One auto-file run object: {run_index, response_hash, scores{S,M,O,P,Q}, bands, detail}."""
    return sm_run_object(generation, axis_scores(generation, result), ONEC_AXIS_NOT_APPLICABLE)
