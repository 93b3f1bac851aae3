"""Helpers shared by the Docker tests of the BSL and the code sandboxes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import docker
import pytest
from docker.models.containers import ContainerCollection

from prism_desktop.sandbox.backend import installed_package_dir
from prism_desktop.sandbox.container_options import LABEL, OWNER_LABEL, owner_tag


def record_created(monkeypatch: pytest.MonkeyPatch) -> list[tuple[dict[str, Any], Any]]:
    """(options, container) of every container created from now on in the test, in order."""
    calls: list[tuple[dict[str, Any], Any]] = []
    original = ContainerCollection.create

    def create(self: ContainerCollection, image: str, **options: Any) -> Any:
        container = original(self, image, **options)
        calls.append((options, container))
        return container

    monkeypatch.setattr(ContainerCollection, "create", create)
    return calls


def copied_package(folder: Path) -> Path:
    """A copy of the installed package (no bytecode) under `folder`, to delete once a backend holds
    it: what an engine on another machine could never see anyway."""
    package = folder / "prism_desktop"
    shutil.copytree(installed_package_dir(), package, ignore=shutil.ignore_patterns("__pycache__"))
    return package


def unavailable(problem: str) -> None:
    """Skip for want of a Docker engine or an image, except under CI=true, where .ci/docker.sh provides
    them and their absence is a failure."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI=true and {problem}: Docker tests must run in CI (.ci/docker.sh provides it)")
    pytest.skip(problem)


def our_containers(client: docker.DockerClient) -> set[str]:
    """Sandbox containers created by this test process (others may be running sandboxes at the same
    time). The engine filters by both labels and the list is sparse (no inspect per container), so a
    container another process removes while we list is simply absent instead of a NotFound."""
    labels = [f"{LABEL}=1", f"{OWNER_LABEL}={owner_tag()}"]
    return {c.id for c in client.containers.list(all=True, sparse=True, filters={"label": labels})}
