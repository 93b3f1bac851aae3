"""The blind rule: what an expert may see of a run, and of a session, and when it is revealed."""

from __future__ import annotations

from prism_desktop.services.visibility import SHOWN, run_visibility, session_visibility


def test_outside_a_blind_session_everything_is_shown() -> None:
    assert run_visibility(blind=False, needed_axes=("S", "M", "O"), my_axes=()) == SHOWN
    assert session_visibility(blind=False, runs_left=["#1"]) == SHOWN


def test_a_blind_run_is_revealed_only_when_every_axis_is_graded() -> None:
    partly = run_visibility(blind=True, needed_axes=("S", "M", "O", "P"), my_axes={"S", "M", "O"})
    assert not partly.machine and not partly.model and not partly.other_experts
    assert partly.remaining == ("P",) and not partly.everything
    done = run_visibility(blind=True, needed_axes=("S", "M", "O", "P"), my_axes={"P", "O", "M", "S"})
    assert done == SHOWN and done.everything
    # Extra axes (P graded on an A run by an older protocol) do not matter; none needed hides all.
    assert run_visibility(blind=True, needed_axes=("S", "M", "O"), my_axes={"S", "M", "O", "P"}).machine
    assert not run_visibility(blind=True, needed_axes=(), my_axes={"S"}).machine


def test_session_figures_wait_for_the_last_run() -> None:
    hidden = session_visibility(blind=True, runs_left=["#3", "#9"])
    assert not hidden.machine and hidden.remaining == ("#3", "#9")
    assert session_visibility(blind=True, runs_left=[]) == SHOWN
