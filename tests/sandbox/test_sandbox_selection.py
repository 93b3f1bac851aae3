"""Which sandbox a mode gives: "docker" never falls back, "auto" takes Docker when it can."""

from __future__ import annotations

import pytest

from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.sandbox.backend_choice import open_backend
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.local_backend import LocalBackend

NO_ENGINE = "unix:///nonexistent/prism-test-docker.sock"


def test_docker_mode_refuses_to_fall_back(monkeypatch) -> None:
    monkeypatch.setenv("DOCKER_HOST", NO_ENGINE)
    with pytest.raises(SandboxUnavailable, match="Docker sandbox unavailable: no Docker engine answers"):
        open_backend("docker")


def test_auto_mode_falls_back_to_local_not_isolated(monkeypatch) -> None:
    monkeypatch.setenv("DOCKER_HOST", NO_ENGINE)
    backend = open_backend("auto")
    assert isinstance(backend, LocalBackend)
    assert (backend.name, backend.isolated) == ("local", False)
    assert "not isolated" in backend.describe()


def test_an_unknown_mode_is_named() -> None:
    with pytest.raises(SandboxUnavailable, match="mode 'podman': expected one of auto, docker, local"):
        open_backend("podman")


def test_local_mode_is_local_even_with_an_engine() -> None:
    assert isinstance(open_backend("local"), LocalBackend)


@pytest.mark.docker
def test_auto_mode_takes_docker_when_reachable(no_leftovers: None) -> None:
    backend = open_backend("auto")
    assert isinstance(backend, DockerBackend)
    assert (backend.name, backend.isolated) == ("docker", True)
    assert backend.describe().startswith("docker ")


@pytest.mark.docker
def test_docker_mode_without_the_image_says_how_to_build_it(docker_client) -> None:
    with pytest.raises(SandboxUnavailable, match="image prism-desktop-sandbox:missing is missing; build it"):
        DockerBackend.connect(image="prism-desktop-sandbox:missing", client=docker_client)
