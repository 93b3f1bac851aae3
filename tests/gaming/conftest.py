"""The gaming suite's sandbox tests use the real Docker engine of tests/sandbox; the measurement-trap
tests share one backend and the honest runs they compare with."""

from typing import Any

import docker
import pytest

from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.sandbox.docker_backend import DockerBackend
from tests.gaming.measurement_traps import A_TASK, B_TASK, b_loop_answer, measured
from tests.sandbox.conftest import _docker_required, docker_client  # noqa: F401  (fixtures, by name)


@pytest.fixture(scope="module")
def docker_backend(docker_client: docker.DockerClient) -> SandboxBackend:  # noqa: F811
    """The real Docker backend, shared by the module's tests (the honest runs are measured once)."""
    return DockerBackend(docker_client, sweep_orphans=False)


@pytest.fixture(scope="module")
def b_honest(docker_backend: SandboxBackend) -> dict[str, Any]:
    _, run = measured(docker_backend, B_TASK, b_loop_answer())
    assert run["scores"]["M"] == 10.0 and run["scores"]["O"] is not None, run["detail"]
    return run


@pytest.fixture(scope="module")
def a_honest(docker_backend: SandboxBackend) -> dict[str, Any]:
    _, run = measured(docker_backend, A_TASK, A_TASK.perf_baseline or "")
    assert run["scores"]["M"] == 10.0 and run["scores"]["O"] is not None, run["detail"]
    return run
