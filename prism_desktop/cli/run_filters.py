"""`--task`, `--model` and `--run` of `score`: the runs of an experiment they pick. Shared by the
command's handlers of every benchmark kind (score_command.py, coding_cli.py, onec_bench_cli.py), which
would otherwise import one another."""

from __future__ import annotations

import dataclasses
from typing import Any

from prism_desktop.cli.common import CliError
from prism_desktop.workspace.results import Experiment


def pick_runs(
    experiment: Experiment, tasks: list[str] | None, models: list[str] | None, indexes: list[int] | None
) -> Experiment:
    """The experiment with only the runs the filters name; an error names what the file holds."""
    chosen = tuple(
        g
        for g in experiment.generations
        if (not tasks or g.task_id in tasks)
        and (not models or g.model_id in models)
        and (indexes is None or g.run_index in indexes)
    )
    if tasks or models or indexes is not None:
        held: dict[str, tuple[list[Any] | None, list[Any]]] = {
            "--task": (tasks, sorted({g.task_id for g in experiment.generations})),
            "--model": (models, sorted({g.model_id for g in experiment.generations})),
            "--run": (indexes, sorted({g.run_index for g in experiment.generations})),
        }
        for option, (wanted, present) in held.items():
            unknown = [w for w in wanted or () if w not in present]
            if unknown:
                raise CliError(
                    f"{option} {' '.join(map(str, unknown))}: not in {experiment.path.name}; it holds "
                    f"{', '.join(map(str, present))}"
                )
        if not chosen:
            raise CliError(f"{experiment.path.name}: no run matches these filters together")
    return dataclasses.replace(experiment, generations=chosen)
