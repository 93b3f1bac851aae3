"""Generation for the app: run a generator, then import the experiment it wrote through the import
service, so the new runs are in the store (and the runs table) and can be scored at once."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from sqlalchemy import select

from prism_desktop.generation.runner import GenerationResult, Generator
from prism_desktop.services.importing import ImportSummary, import_results
from prism_desktop.store import Store
from prism_desktop.store.models import Experiment, Run
from prism_desktop.workspace.workspace import Workspace


@dataclass
class GeneratedRuns:
    result: GenerationResult
    summary: ImportSummary | None = None  # None when no experiment file was written
    experiment_id: int | None = None
    run_ids: list[int] = field(default_factory=list)  # every run of the experiment in the store


def generate_into_store(
    store: Store, workspace: Workspace, generator: Generator, stop: threading.Event | None = None
) -> GeneratedRuns:
    result = generator.run(stop)
    generated = GeneratedRuns(result)
    if result.experiment_path is None:
        return generated
    generated.summary = import_results(store, workspace, [result.experiment_path])
    with store.session() as session:
        experiment_id = session.scalar(select(Experiment.id).where(Experiment.name == result.experiment_name))
        if experiment_id is not None:
            generated.experiment_id = experiment_id
            generated.run_ids = list(
                session.scalars(select(Run.id).where(Run.experiment_id == experiment_id).order_by(Run.id))
            )
    return generated
