"""Model comparison over the store: the multi-sample figures of every model (scoring/samples.py) for
the runs of one experiment or all, with what the Models view draws — the pass@k curve, stability
against pass@1, and a task × model map of the share of correct samples with the runs behind each cell.

A run counts with its Level-1 result scored here when there is one, else the imported auto file's;
runs without any result are left out (not scored is not a failure), as are runs whose M was not
measured for a reason of ours (see scoring/samples.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, case, select
from sqlalchemy.orm import aliased

from prism_desktop.scoring.samples import Sample, pass_at_k, run_sample, summarise_samples
from prism_desktop.store import Store
from prism_desktop.store.models import SOURCE_AUTO_FILE, SOURCE_SCORED_HERE, Experiment, Level1Result, Run

_here = aliased(Level1Result, name="mc_here")
_file = aliased(Level1Result, name="mc_file")


@dataclass(frozen=True)
class Cell:
    """One (task, model) of the heat map: how many samples, how many correct, and the runs."""

    task_id: str
    model: str
    model_id: str
    samples: int
    correct: int
    run_ids: tuple[int, ...]

    @property
    def share(self) -> float | None:
        return self.correct / self.samples if self.samples else None


@dataclass(frozen=True)
class ModelRow:
    model: str
    model_ids: tuple[str, ...]
    category: str
    figures: dict[str, Any]  # summarise_samples() of the model's tasks in the category
    curve: tuple[tuple[int, float], ...]  # (k, pass@k) for k = 1 … the smallest n


@dataclass(frozen=True)
class Comparison:
    rows: tuple[ModelRow, ...]
    tasks: tuple[str, ...]
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (task id, model) -> cell


def pass_at_k_curve(tasks: Mapping[str, Sequence[Sample]]) -> tuple[tuple[int, float], ...]:
    """Mean pass@k over tasks for every k the smallest task allows."""
    counts = [(len(s), sum(x.correct for x in s)) for s in tasks.values() if s]
    if not counts:
        return ()
    n_min = min(n for n, _ in counts)
    return tuple((k, sum(pass_at_k(n, c, k) for n, c in counts) / len(counts)) for k in range(1, n_min + 1))


def _runs(store: Store, *conditions: Any) -> list[dict[str, Any]]:
    """Runs with a Level-1 result (scored here, else the auto file's), in task, model, run order."""

    def pick(attribute: str) -> Any:
        return case((_here.id.is_not(None), getattr(_here, attribute)), else_=getattr(_file, attribute))

    query = (
        select(
            Run.id,
            Run.run_index,
            Run.task_id,
            Run.category,
            Run.model_id,
            Run.model_name,
            pick("score_m").label("m"),
            pick("detail").label("detail"),
        )
        .outerjoin(_here, and_(_here.run_id == Run.id, _here.source == SOURCE_SCORED_HERE))
        .outerjoin(_file, and_(_file.run_id == Run.id, _file.source == SOURCE_AUTO_FILE))
        .where((_here.id.is_not(None)) | (_file.id.is_not(None)), *conditions)
        .order_by(Run.task_id, Run.model_id, Run.run_index)
    )
    with store.session() as session:
        return [row._asdict() for row in session.execute(query)]


def compare_models(store: Store, experiment_id: int | None = None) -> Comparison:
    """Every model's figures per category, the curve and the heat map cells, from the store."""
    per_row: dict[tuple[str, str], dict[str, list[Sample]]] = {}
    model_ids: dict[tuple[str, str], list[str]] = {}
    cells: dict[tuple[str, str], dict[str, Any]] = {}
    conditions = [] if experiment_id is None else [Run.experiment_id == experiment_id]
    for run in _runs(store, *conditions):
        model = run["model_name"] or run["model_id"]
        sample = run_sample({"scores": {"M": run["m"]}, "detail": run["detail"] or {}}, run["category"])
        key = (model, run["category"])
        ids = model_ids.setdefault(key, [])
        if run["model_id"] not in ids:
            ids.append(run["model_id"])
        task_samples = per_row.setdefault(key, {}).setdefault(run["task_id"], [])
        cell = cells.setdefault(
            (run["task_id"], model),
            {"model_id": run["model_id"], "samples": 0, "correct": 0, "run_ids": []},
        )
        cell["run_ids"].append(run["id"])
        if sample is None:
            continue
        task_samples.append(sample)
        cell["samples"] += 1
        cell["correct"] += sample.correct
    rows = []
    for (model, category), tasks in per_row.items():
        figures = summarise_samples(tasks)
        if figures is None:
            continue
        rows.append(
            ModelRow(model, tuple(model_ids[model, category]), category, figures, pass_at_k_curve(tasks))
        )
    rows.sort(key=lambda r: (r.category, -(r.figures["pass_at_k"]["1"] or 0.0), r.model))
    return Comparison(
        rows=tuple(rows),
        tasks=tuple(sorted({task for task, _ in cells}, key=_task_order)),
        cells={
            key: Cell(key[0], key[1], c["model_id"], c["samples"], c["correct"], tuple(c["run_ids"]))
            for key, c in cells.items()
        },
    )


def _task_order(task_id: str) -> tuple[str, int, str]:
    """A2 before A10: the letters, then the number, then the rest."""
    letters = task_id.rstrip("0123456789_")
    digits = "".join(ch for ch in task_id[len(letters) :] if ch.isdigit())
    return (letters, int(digits) if digits else -1, task_id)


def experiments_with_scores(store: Store) -> list[tuple[int, str]]:
    """(id, name) of the experiments that have at least one scored run, by name."""
    query = (
        select(Experiment.id, Experiment.name)
        .where(Experiment.id.in_(select(Run.experiment_id).join(Level1Result, Level1Result.run_id == Run.id)))
        .order_by(Experiment.name)
    )
    with store.session() as session:
        return [(row.id, row.name) for row in session.execute(query)]


@dataclass(frozen=True)
class Sibling:
    """One sample of the same (experiment, task, model): whether it is correct (None: not measured)."""

    run_id: int
    run_index: int
    correct: bool | None


def sample_siblings(store: Store, run_id: int) -> list[Sibling]:
    """Every run of the run's (experiment, task, model) in run order, the run itself included;
    `correct` is None for a run without a Level-1 result or whose M was not measured."""
    with store.session() as session:
        run = session.get(Run, run_id)
        if run is None:
            return []
        same = (
            Run.experiment_id == run.experiment_id,
            Run.task_id == run.task_id,
            Run.model_id == run.model_id,
        )
        all_runs = session.execute(select(Run.id, Run.run_index).where(*same).order_by(Run.run_index)).all()
    verdicts = {}
    for row in _runs(store, *same):
        sample = run_sample({"scores": {"M": row["m"]}, "detail": row["detail"] or {}}, row["category"])
        verdicts[row["id"]] = sample.correct if sample is not None else None
    return [Sibling(row.id, row.run_index, verdicts.get(row.id)) for row in all_runs]
