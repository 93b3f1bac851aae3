"""services/sessions.py: stratified sampling (pure) and calibration sessions in the store."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from grading_data import Seeded, seed_store

from prism_desktop.services.grading import ensure_expert, next_ungraded_run, save_grade
from prism_desktop.services.sessions import (
    SampleCandidate,
    SessionError,
    create_session,
    list_sessions,
    sample_candidates,
    score_band,
    session_progress,
    session_runs,
    split_tasks,
    stratified_sample,
    stratify,
    task_split,
)
from prism_desktop.vocabulary import AXES
from prism_desktop.workspace.protocol import L2Axis, L2Protocol


def _population() -> list[SampleCandidate]:
    """4 tasks × 3 models, strata of very different sizes (1 to 12 runs), some unscored."""
    candidates: list[SampleCandidate] = []
    run_id = 0
    for t, task in enumerate(("A1", "A2", "A3", "A4")):
        for m, model in enumerate(("alpha", "beta", "gamma")):
            for k in range(1 + (t * 3 + m) % 12):
                run_id += 1
                quality = None if (k + m) % 7 == 6 else [9.0, 6.5, 2.0][(t + k) % 3]
                candidates.append(SampleCandidate(run_id, task, model, quality))
    return candidates


def test_score_band_uses_the_constitution_thresholds() -> None:
    assert [score_band(q) for q in (10, 8.0, 7.99, 5.0, 4.99, 0.0, None)] == [
        "high",
        "high",
        "acceptable",
        "acceptable",
        "low",
        "low",
        "unscored",
    ]


@pytest.mark.parametrize("size", [1, 5, 40, 60, 200])
def test_sample_has_the_asked_size_and_distinct_runs(size: int) -> None:
    population = _population()
    size = min(size, len(population))
    sample = stratified_sample(population, size, seed=7)
    assert len(sample) == size == len(set(sample))
    assert set(sample) <= {c.run_id for c in population}


def test_every_stratum_is_covered_when_the_size_allows() -> None:
    population = _population()
    strata = stratify(population)
    sample = set(stratified_sample(population, len(strata) + 3, seed=1))
    for members in strata.values():
        assert sample & {c.run_id for c in members}


def test_allocation_is_proportional_beyond_the_minimum() -> None:
    population = _population()
    strata = stratify(population)
    size = len(strata) + 20
    assert size < len(population)
    sample = set(stratified_sample(population, size, seed=3))
    for members in strata.values():
        taken = len(sample & {c.run_id for c in members})
        expected = 1 + (size - len(strata)) * (len(members) - 1) / (len(population) - len(strata))
        assert abs(taken - expected) < 1.0, (members[0], taken, expected)


def test_fewer_runs_than_strata_take_distinct_strata() -> None:
    population = _population()
    strata = stratify(population)
    sample = stratified_sample(population, 5, seed=11)
    stratum_of = {c.run_id: key for key, members in strata.items() for c in members}
    assert len({stratum_of[r] for r in sample}) == 5


def test_sampling_is_deterministic_by_seed_and_independent_of_input_order() -> None:
    population = _population()
    first = stratified_sample(population, 30, seed=42)
    assert stratified_sample(list(reversed(population)), 30, seed=42) == first
    others = {tuple(stratified_sample(population, 30, seed=s)) for s in range(5)}
    assert len(others) > 1


def test_sampling_rejects_impossible_sizes() -> None:
    population = _population()
    with pytest.raises(SessionError, match="expected at least 1"):
        stratified_sample(population, 0, seed=1)
    with pytest.raises(SessionError, match=f"expected at most {len(population)}"):
        stratified_sample(population, len(population) + 1, seed=1)


def test_split_is_seeded_and_keeps_both_sets() -> None:
    tasks = [f"A{i}" for i in range(1, 11)]
    split = split_tasks(tasks, seed=5)
    assert split == split_tasks(list(reversed(tasks)), seed=5)
    assert Counter(split.values()) == {"validation": 5, "calibration": 5}
    assert set(split_tasks(["A1", "A2"], seed=5, validation_share=0.1).values()) == {
        "validation",
        "calibration",
    }
    with pytest.raises(SessionError, match="between 0 and 1"):
        split_tasks(tasks, seed=5, validation_share=1.0)


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[Seeded]:
    data = seed_store(tmp_path / "prism.db")
    yield data
    data.store.close()


def test_candidates_carry_the_machine_quality(seeded: Seeded) -> None:
    by_run = {c.run_id: c.quality for c in sample_candidates(seeded.store)}
    assert by_run[seeded.run("vendor/alpha", "linear")] == 8.0
    assert by_run[seeded.b_runs[1]] is None
    assert {c.run_id for c in sample_candidates(seeded.store, category="B")} == set(seeded.b_runs)


def test_create_session_stores_items_split_and_blind_order(seeded: Seeded) -> None:
    session_id = create_session(seeded.store, name="Калибровка 1", size=6, seed=9)
    again = create_session(seeded.store, name="Калибровка 2", size=6, seed=9)
    runs = session_runs(seeded.store, session_id)
    assert len(runs) == 6 and runs == session_runs(seeded.store, again)
    split = task_split(seeded.store, session_id)
    assert set(split) == {"A16", "B90"} and set(split.values()) == {"calibration", "validation"}
    (newest, _older) = list_sessions(seeded.store)
    assert (newest.id, newest.blind, newest.runs, newest.seed) == (again, True, 6, 9)
    assert newest.calibration_tasks + newest.validation_tasks == 2
    with pytest.raises(SessionError, match="name: empty"):
        create_session(seeded.store, name=" ", size=2, seed=1)


def test_experts_progress_and_navigation_inside_a_session(seeded: Seeded) -> None:
    session_id = create_session(seeded.store, name="К", size=3, seed=2, blind=False)
    runs = session_runs(seeded.store, session_id)
    expert = ensure_expert(seeded.store, "Иванов")
    assert session_progress(seeded.store, session_id, expert) == (0, 3)
    assert next_ungraded_run(seeded.store, expert_id=expert, session_id=session_id) == runs[0]
    for axis in ("S", "M", "O", "P") if runs[0] in seeded.b_runs else ("S", "M", "O"):
        save_grade(seeded.store, expert_id=expert, run_id=runs[0], axis=axis, step=8, session_id=session_id)
    assert session_progress(seeded.store, session_id, expert) == (1, 3)
    assert (
        next_ungraded_run(seeded.store, expert_id=expert, session_id=session_id, after_run_id=runs[0])
        == runs[1]
    )
    # Standalone grading of the same run is a separate scope.
    assert next_ungraded_run(seeded.store, expert_id=expert) == min(seeded.a_runs + seeded.b_runs)


def test_session_progress_counts_by_the_expert_protocol(seeded: Seeded) -> None:
    """A run is done when every axis the L2 protocol grades for its category is graded (one meaning,
    grading.fully_graded): a protocol grading P on category A too leaves S, M, O short of done."""
    session_id = create_session(seeded.store, name="P всюду", size=3, seed=2, blind=False)
    expert = ensure_expert(seeded.store, "Иванов")
    a_run = next(r for r in session_runs(seeded.store, session_id) if r not in seeded.b_runs)
    for axis in ("S", "M", "O"):
        save_grade(seeded.store, expert_id=expert, run_id=a_run, axis=axis, step=8, session_id=session_id)
    p_everywhere = L2Protocol("test", {axis: L2Axis(axis, {}, ("A", "B")) for axis in AXES})
    assert session_progress(seeded.store, session_id, expert, seeded.workspace.protocols.l2) == (1, 3)
    assert session_progress(seeded.store, session_id, expert, p_everywhere) == (0, 3)
    save_grade(
        seeded.store, expert_id=expert, run_id=a_run, axis="P", step=8, session_id=session_id, l2=p_everywhere
    )
    assert session_progress(seeded.store, session_id, expert, p_everywhere) == (1, 3)
