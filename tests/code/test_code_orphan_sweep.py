"""Issue 25 item 5: a coding-bench run killed with SIGKILL leaves its code container behind; the next
code backend removes it when it starts, by the same rule the BSL backend sweeps with (docs/sandbox.md).
A real Docker engine, a real `score`-like process in a subprocess, a real SIGKILL."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import docker
import docker.errors
import pytest

from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.sandbox.container_options import LABEL, OWNER_LABEL
from prism_desktop.services.code_test_ids import TaskTestIds
from prism_desktop.workspace.coding import CodingWorkspace
from tests.docker_helpers import unavailable

pytestmark = [pytest.mark.docker, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]

# A process that scores one answer of algo_py_001 in its code container; the answer sleeps at import,
# so the container is still there when the process is killed.
SCORING_PROCESS = textwrap.dedent(
    """
    import json
    import os
    from pathlib import Path
    from prism_desktop.sandbox.code_docker import CodeDockerBackend
    from prism_desktop.sandbox.image import connect
    from prism_desktop.services.code_candidates import candidate_files
    from prism_desktop.services.code_level1 import run_spec
    from prism_desktop.workspace.coding import CodingWorkspace

    task = CodingWorkspace.open(Path("benchmarks/coding")).task("algo_py_001")
    answer = "```python\\nimport time\\ntime.sleep(600)\\ndef merge_sorted_lists(lists): return []\\n```"
    files, candidates, _ = candidate_files(task, answer)
    test_ids = json.loads(os.environ["TEST_IDS"])  # the task's ids, collected by the test beforehand
    CodeDockerBackend(connect()).run(run_spec(task, files, candidates, "killed-run", test_ids))
    """
)


def containers_of(client: docker.DockerClient, pid: int) -> list[str]:
    """Sandbox containers whose owner label names process `pid` of this host."""
    found = client.containers.list(all=True, filters={"label": f"{LABEL}=1"})
    return [c.id for c in found if c.labels.get(OWNER_LABEL, "").split("/")[1:2] == [str(pid)]]


def test_a_code_backend_sweeps_the_container_of_a_killed_run(engine: docker.DockerClient) -> None:
    if not code_image(engine, "python").present:
        unavailable("the Python code image is missing (prism-desktop sandbox build --code python)")
    task = CodingWorkspace.open(ROOT / "benchmarks" / "coding").task("algo_py_001")
    test_ids = TaskTestIds(CodeDockerBackend(engine)).ids(task)  # its own container, gone before we watch
    process = subprocess.Popen(
        [sys.executable, "-c", SCORING_PROCESS],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TEST_IDS": json.dumps(test_ids)},
    )
    left: list[str] = []
    try:
        deadline = time.monotonic() + 90
        while not left and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.5)
            left = containers_of(engine, process.pid)
        assert left, "the scoring process never created its code container"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        time.sleep(1)
        assert containers_of(engine, process.pid) == left  # nobody removed it: the owner died first

        backend = CodeDockerBackend(engine)

        for container_id in left:
            with pytest.raises(docker.errors.NotFound):
                engine.containers.get(container_id)
        assert backend.orphans_removed >= 1
    finally:
        if process.poll() is None:
            process.kill()
        for container_id in left:
            with contextlib.suppress(docker.errors.NotFound):
                engine.containers.get(container_id).remove(force=True, v=True)
