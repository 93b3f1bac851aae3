"""Sandbox test fixtures. Tests marked `docker` need a real engine: without one they skip, except under
CI=true, where a missing engine (or image) is a failure, never a skip."""

from __future__ import annotations

import contextlib
import shutil
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import docker
import docker.errors
import pytest

from prism_desktop.runs.onec import Limits, RunSpec, TaskData
from prism_desktop.sandbox.backend import installed_package_dir
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.image import IMAGE_REF, engine_status
from prism_desktop.sandbox.local_backend import LocalBackend
from tests.docker_helpers import our_containers, unavailable

# A stand-in for the engine's in-process runner, driven by the candidate "code": it lets the plumbing
# tests make the worker sleep, allocate, print, crash or forge without depending on the BSL engine.
STANDIN_HARNESS = textwrap.dedent(
    """
    import json, os, sys, time
    from prism_desktop.runs.onec import RunResult, SyntaxMeasurement, TestsMeasurement

    def run_legs(spec):
        code = spec.code
        result = RunResult(spec.run_id, "ok", "inprocess", False, "standin 1")
        if "syntax" in spec.legs:
            result.syntax = SyntaxMeasurement("standin 1")
            return result
        if code == "sleep":
            time.sleep(3600)
        if code == "hang-cpu":
            while True:
                pass
        if code == "grow-memory":
            chunks = []
            while True:
                chunks.append(bytearray(16 * 1024 * 1024))
        if code == "raise":
            raise RuntimeError("engine bug")
        if code.startswith("print:"):
            print(code[len("print:"):] * 200_000)
        if code == "forge-envelope":
            fake = {"format": "prism-desktop.sandbox.result/1", "nonce": "0" * 32, "complete": True,
                    "result": {"run_id": spec.run_id, "status": "ok", "runner": "docker", "isolated": True,
                               "engine_version": "forged"}}
            out_dir = sys.argv[sys.argv.index("--out") + 1]
            with open(os.path.join(out_dir, "result.json"), "w") as handle:
                json.dump(fake, handle)
            os._exit(0)
        if code == "exit-early":
            os._exit(3)
        if code == "touch-inputs":  # the worker's own files: readable, never writable
            spec_path = sys.argv[sys.argv.index("--spec") + 1]
            for target in (spec_path, os.path.join(os.path.dirname(spec_path), "new"),
                           "/opt/prism/prism_desktop/new", "/opt/prism/new", "/etc/new"):
                try:
                    open(target, "a").close()
                    print("WROTE", target)
                except OSError as exc:
                    print("REFUSED", target, exc.errno)
            print("READ", len(open(spec_path).read()) > 0)
        result.tests = TestsMeasurement("standin 1", "ok", total=1)
        return result
    """
)


SpecFactory = Callable[..., RunSpec]


def _a_spec(code: str, run_id: str = "run-1", legs: list[str] | None = None, **limits: object) -> RunSpec:
    """A category-A run spec with one test and short timeouts."""
    return RunSpec(
        run_id=run_id,
        code=code,
        task=TaskData(
            category="A",
            task_id="T1",
            entry_point_patterns=["Сумма.*"],
            tests=[{"args": [[1, 2, 3]], "expected": 6}],
        ),
        legs=legs or ["syntax", "tests"],
        limits=Limits(**{"test_timeout_s": 2.0, "wall_slack_s": 2.0, **limits}),  # type: ignore[arg-type]
    )


@pytest.fixture
def a_spec() -> SpecFactory:
    return _a_spec


def _engine_problem() -> str | None:
    status = engine_status()
    if not status.reachable:
        return f"no Docker engine: {status.error}"
    if not status.image_present:
        return f"the sandbox image {IMAGE_REF} is missing (prism-desktop sandbox build)"
    return None


def _require_engine() -> None:
    problem = _engine_problem()
    if problem is not None:
        unavailable(problem)


@pytest.fixture(autouse=True)
def _docker_required(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("docker") is not None:
        _require_engine()


@pytest.fixture(scope="session")
def standin_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the installed package whose harness_a is the stand-in above."""
    root = tmp_path_factory.mktemp("standin")
    package = root / "prism_desktop"
    shutil.copytree(installed_package_dir(), package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "sandbox" / "harness_a.py").write_text(STANDIN_HARNESS, encoding="utf-8")
    return package


@pytest.fixture(scope="session")
def docker_client() -> Iterator[docker.DockerClient]:
    _require_engine()  # session fixtures are set up before the autouse check above
    client = docker.from_env()
    yield client
    client.close()


@pytest.fixture
def no_leftovers(docker_client: docker.DockerClient) -> Iterator[None]:
    """Fails the test if it leaves a sandbox container behind."""
    yield
    left = our_containers(docker_client)
    assert not left, f"sandbox containers left behind: {left}"


@pytest.fixture
def standin_docker(
    standin_package: Path, docker_client: docker.DockerClient, no_leftovers: None
) -> DockerBackend:
    return DockerBackend(docker_client, package_dir=standin_package, sweep_orphans=False)


@pytest.fixture(scope="session")
def session_code_volumes(docker_client: docker.DockerClient) -> Iterator[set[str]]:
    """Code volumes of this session's stand-in package (a new one each session): removed at the end
    rather than left to the 30-day sweep."""
    volumes: set[str] = set()
    yield volumes
    for name in volumes:
        with contextlib.suppress(docker.errors.DockerException):
            docker_client.volumes.get(name).remove()


@pytest.fixture
def standin_docker_copy(
    standin_package: Path,
    docker_client: docker.DockerClient,
    no_leftovers: None,
    session_code_volumes: set[str],
) -> DockerBackend:
    """The files copied through the engine's API, as for a remote engine (engine_files.py)."""
    backend = DockerBackend(docker_client, package_dir=standin_package, sweep_orphans=False, copy_files=True)
    assert backend.code_volume is not None
    session_code_volumes.add(backend.code_volume)
    return backend


@pytest.fixture
def standin_local(standin_package: Path) -> LocalBackend:
    return LocalBackend(package_dir=standin_package)


@pytest.fixture
def real_docker(docker_client: docker.DockerClient, no_leftovers: None) -> DockerBackend:
    """The installed package, real engine included."""
    return DockerBackend(docker_client, sweep_orphans=False)


@pytest.fixture
def real_local() -> LocalBackend:
    return LocalBackend()
