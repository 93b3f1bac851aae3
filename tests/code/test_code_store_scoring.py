"""Level 1 from the app on a coding workspace (services.level1_store.score_stored_runs, what Level 1 →
Score… runs): the stored answers of a Python, a Go and a library run are scored again in their language
images and give the scores the bundled auto file holds (it was scored in Docker the same way); with the
sandbox set to local nothing runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import docker
import pytest
from sqlalchemy import select

from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.services.benchmark_kinds import open_workspace
from prism_desktop.services.grading import load_run_review
from prism_desktop.services.importing import import_results
from prism_desktop.services.level1_store import score_stored_runs
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import SOURCE_AUTO_FILE, SOURCE_SCORED_HERE, Level1Result, Run
from prism_desktop.workspace.coding_bench import CodingBenchWorkspace
from tests.code.conftest import BUNDLED
from tests.docker_helpers import unavailable

RUNS = (
    ("algo_py_001", "demo/aster-code-14b", 1),  # passes 1 test of 7
    ("algo_go_001", "demo/north-coder-32b", 0),  # does not compile
    ("lib_semverkit", "demo/aster-code-14b", 3),  # applies, fails every test
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    yield opened
    opened.close()


def test_stored_code_runs_are_scored_in_their_images(engine: docker.DockerClient, store: Store) -> None:
    for language in ("python", "go"):
        image = code_image(engine, language)
        if not image.present:
            unavailable(f"the image {image.ref} is missing (prism-desktop sandbox build --code {language})")
    workspace = open_workspace(BUNDLED)
    assert isinstance(workspace, CodingBenchWorkspace)
    import_results(store, workspace)
    with store.session() as session:
        ids = [
            session.scalars(select(Run.id).filter_by(task_id=t, model_id=m, run_index=i)).one()
            for t, m, i in RUNS
        ]
    seen: list[int] = []
    assert (
        score_stored_runs(store, workspace, ids, jobs=2, on_result=lambda run_id, *_: seen.append(run_id))
        == 3
    )
    assert sorted(seen) == sorted(ids)
    with store.session() as session:
        for run_id in ids:
            results = {r.source: r for r in session.scalars(select(Level1Result).filter_by(run_id=run_id))}
            here, imported = results[SOURCE_SCORED_HERE], results[SOURCE_AUTO_FILE]
            assert (here.score_s, here.score_m, here.score_o, here.score_p) == (
                imported.score_s,
                imported.score_m,
                imported.score_o,
                imported.score_p,
            )
            assert here.runner == "docker" and here.isolated is True
            assert here.protocol_version == "coding-l1/1"
            assert here.instruments["S"].startswith("prism-code-runner ")
            assert here.detail["M"]["total"] == imported.detail["M"]["total"]
    review = load_run_review(store, ids[0])
    assert review.level1_source == SOURCE_SCORED_HERE  # what the review shows from now on
    assert review.auto_run is not None and review.auto_run["detail"]["M"]["passed"] == 1


def test_local_sandbox_never_runs_code(store: Store) -> None:
    workspace = open_workspace(BUNDLED)
    import_results(store, workspace)
    with store.session() as session:
        run_id = session.scalars(select(Run.id).limit(1)).one()
    with pytest.raises(SandboxUnavailable, match="only in Docker"):
        score_stored_runs(store, workspace, [run_id], sandbox="local")
    with store.session() as session:
        assert session.scalars(select(Level1Result).filter_by(source=SOURCE_SCORED_HERE)).first() is None
