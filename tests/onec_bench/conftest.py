"""The bundled 1C Code Bench workspace, copies of it to break, and the Docker requirement."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prism_desktop.sandbox.image import IMAGE_REF, engine_status
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace
from tests.docker_helpers import unavailable

REPO = Path(__file__).resolve().parents[2]
BUNDLED = REPO / "benchmarks" / "1c-code-bench"


@pytest.fixture(scope="session")
def bundled() -> OneCBenchWorkspace:
    return OneCBenchWorkspace.open(BUNDLED)


@pytest.fixture
def bench_copy(tmp_path: Path) -> Path:
    """A copy of the bundled workspace without its results."""
    root = tmp_path / "1c-code-bench"
    shutil.copytree(BUNDLED, root, ignore=shutil.ignore_patterns("results", "__pycache__"))
    return root


@pytest.fixture
def docker_engine() -> None:
    status = engine_status()
    if not status.reachable:
        unavailable(f"no Docker engine: {status.error}")
    if not status.image_present:
        unavailable(f"the sandbox image {IMAGE_REF} is missing (prism-desktop sandbox build)")
