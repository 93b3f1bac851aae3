"""Code-task sandbox fixtures: a real engine and the language images (built by `prism-desktop sandbox
build --code missing`, which .ci/docker.sh runs). Without them the tests skip, except under CI=true,
where that is a failure."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import docker
import pytest

from prism_desktop.runs.code import CodeRunResult
from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.sandbox.image import ENGINE_ERRORS, connect
from prism_desktop.services.code_candidates import candidate_files
from prism_desktop.services.code_level1 import run_spec
from prism_desktop.services.code_test_ids import TaskTestIds
from prism_desktop.workspace.coding import CodingWorkspace
from tests.docker_helpers import our_containers, unavailable

BUNDLED = Path(__file__).resolve().parents[2] / "benchmarks" / "coding"
RunAnswer = Callable[[str, str], CodeRunResult]


@pytest.fixture(scope="session")
def coding_workspace() -> CodingWorkspace:
    return CodingWorkspace.open(BUNDLED)


@pytest.fixture(scope="session")
def engine() -> Iterator[docker.DockerClient]:
    try:
        client = connect()
    except ENGINE_ERRORS as exc:
        unavailable(f"no Docker engine ({exc})")
        raise
    yield client
    client.close()


@pytest.fixture(scope="session")
def test_ids_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The collected test ids of the bundled tasks, for this session only."""
    return tmp_path_factory.mktemp("code-test-ids")


def _answer_runner(
    engine: docker.DockerClient, coding_workspace: CodingWorkspace, backend: CodeDockerBackend, cache: Path
) -> Iterator[RunAnswer]:
    """Run a model-like answer of a bundled task in its language's container, counting the task's tests
    as collected with its reference (TaskTestIds); no container may be left."""
    before = our_containers(engine)
    test_ids = TaskTestIds(backend, cache)

    def run(task_id: str, answer: str) -> CodeRunResult:
        task = coding_workspace.task(task_id)
        image = code_image(engine, task.language)
        if not image.present:
            build = f"prism-desktop sandbox build --code {task.language}"
            unavailable(f"the image {image.ref} is missing ({build})")
        files, candidates, problem = candidate_files(task, answer)
        assert files is not None, problem
        return backend.run(run_spec(task, files, candidates, f"test-{task_id}", test_ids.ids(task)))

    yield run
    left = our_containers(engine) - before
    assert not left, f"code sandbox containers left behind: {left}"


@pytest.fixture
def run_answer(
    engine: docker.DockerClient, coding_workspace: CodingWorkspace, test_ids_cache: Path
) -> Iterator[RunAnswer]:
    """Runs with the run folder and the app's code bind-mounted (an engine on this machine)."""
    yield from _answer_runner(engine, coding_workspace, CodeDockerBackend(engine), test_ids_cache)


@pytest.fixture
def run_answer_copied(
    engine: docker.DockerClient, coding_workspace: CodingWorkspace, test_ids_cache: Path
) -> Iterator[RunAnswer]:
    """Runs as on an engine on another machine: nothing bind-mounted, the app's code in the engine's
    code volume, the run's files copied in and the result copied out (sandbox/engine_files.py)."""
    if not code_image(engine, "python").present:
        unavailable("the Python code image is missing (prism-desktop sandbox build --code python)")
    backend = CodeDockerBackend(engine, copy_files=True)
    yield from _answer_runner(engine, coding_workspace, backend, test_ids_cache)


@pytest.fixture(params=["mounted", "copied"])
def any_run_answer(request: pytest.FixtureRequest) -> RunAnswer:
    """Both ways the run's files reach the container."""
    fixture = "run_answer" if request.param == "mounted" else "run_answer_copied"
    answer: RunAnswer = request.getfixturevalue(fixture)
    return answer


def statuses(result: CodeRunResult) -> dict[str, str]:
    """test name (without the file part) -> status"""
    return {t.name.split("::")[-1]: t.status for t in result.tests or []}
