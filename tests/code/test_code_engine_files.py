"""Code runs on an engine that cannot see this machine's folders (a team's scoring host): the app's
code from the engine's code volume, the run's in/ and out/ copied through the engine's API with the
owners and modes they have on disk, the anonymous run volume removed with the container. Here on this
machine's engine, told to copy; the correct and hostile candidates of test_code_sandbox_python.py run
this way too (any_run_answer)."""

from __future__ import annotations

import shutil
from pathlib import Path

import docker
import pytest

from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.sandbox.container_options import RUN_ROOT
from prism_desktop.services.code_candidates import candidate_files, reference_answer
from prism_desktop.services.code_level1 import run_spec
from prism_desktop.services.code_test_ids import TaskTestIds
from prism_desktop.workspace.coding import CodingWorkspace
from tests.code.conftest import statuses
from tests.docker_helpers import copied_package, record_created, unavailable

pytestmark = [pytest.mark.docker, pytest.mark.slow]


def test_a_copied_code_run_needs_none_of_this_machines_folders(
    engine: docker.DockerClient,
    coding_workspace: CodingWorkspace,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not code_image(engine, "go").present:
        unavailable("the Go code image is missing (prism-desktop sandbox build --code go)")
    package = copied_package(tmp_path)
    backend = CodeDockerBackend(engine, package_dir=package, copy_files=True, languages=("go",))
    assert backend.code_volume is not None and "files copied through the engine's API" in backend.describe()
    shutil.rmtree(package)
    task = coding_workspace.task("algo_go_001")
    ids = TaskTestIds(backend, tmp_path / "ids").ids(task)  # the collection pass: copied as well
    created = record_created(monkeypatch)
    volumes_before = {v.name for v in engine.volumes.list()}
    files, candidates, problem = candidate_files(task, reference_answer(task) or "")
    assert files is not None, problem
    result = backend.run(run_spec(task, files, candidates, "copied-go", ids))

    assert result.status == "ok", result.infra_detail
    assert result.toolchain.startswith("go ") and set(statuses(result).values()) == {"pass"}
    ((options, _),) = created
    assert options["volumes"] == {}  # no bind mount of this machine's folders
    assert [(m["Target"], m["Type"]) for m in options["mounts"]] == [
        ("/opt/prism", "volume"),
        (RUN_ROOT, "volume"),
    ]
    assert {v.name for v in engine.volumes.list()} <= volumes_before  # the run's volume went with it
