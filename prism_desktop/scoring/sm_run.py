"""The auto-file run object of a benchmark scored on S and M only (the coding bench, the 1C Code
Bench): O and P are N/A with the bench's reason, and Q is M."""

from __future__ import annotations

from typing import Any

from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.hashing import response_hash
from prism_desktop.scoring.reasons import Reason
from prism_desktop.workspace.results import Generation

AXES = ("S", "M", "O", "P")


def sm_run_object(
    generation: Generation, results: dict[str, AxisScore], not_scored: Reason
) -> dict[str, Any]:
    """{run_index, response_hash, scores{S,M,O,P,Q}, bands, detail} from the S and M of `results`."""
    results = dict(results)
    for axis in ("O", "P"):
        results[axis] = AxisScore.not_measured(not_scored.text(axis=axis))
    scores: dict[str, float | int | None] = {axis: results[axis].score for axis in AXES}
    scores["Q"] = scores["M"]
    stored_hash = generation.response_hash
    if not stored_hash and generation.success is not False:
        stored_hash = response_hash(generation.response, success=generation.success)
    return {
        "run_index": generation.run_index,
        "response_hash": stored_hash,
        "scores": scores,
        "bands": {"M": None, "P": None},
        "detail": {axis: r.detail for axis, r in results.items() if r.detail is not None},
    }
