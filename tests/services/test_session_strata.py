"""What a session's sample cannot be stratified by: the dimensions along which the runs do not differ."""

from __future__ import annotations

from prism_desktop.services.sessions import SampleCandidate, flat_dimensions


def test_flat_dimensions_name_what_cannot_be_stratified() -> None:
    unscored = [SampleCandidate(1, "A1", "m1", None), SampleCandidate(2, "A2", "m2", None)]
    assert flat_dimensions(unscored) == ["band"]
    scored = [SampleCandidate(1, "A1", "m1", 9.5), SampleCandidate(2, "A1", "m2", 2.0)]
    assert flat_dimensions(scored) == ["task"]
    assert flat_dimensions([SampleCandidate(1, "A1", "m1", 9.0)]) == ["task", "model", "band"]
    assert flat_dimensions([]) == []
