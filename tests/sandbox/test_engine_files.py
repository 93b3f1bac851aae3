"""Runs whose files are copied through the engine's API (what an engine on another machine needs;
here on this machine's engine): nothing of this machine is mounted, the worker reads its spec but
can write neither the spec, the code nor the root; the run's volume goes with its container; the
code volume is filled once per package state. (The other backend tests run in this mode too:
test_sandbox_backends.py, id docker-copy; over TLS: test_remote_engine.py.)"""

from __future__ import annotations

from typing import Any

import docker
import docker.errors
import pytest

from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.engine_files import CODE_VOLUME_LABEL, FILES_ENV, copies_files
from tests.docker_helpers import record_created

pytestmark = pytest.mark.docker


@pytest.fixture
def created(monkeypatch: pytest.MonkeyPatch) -> list[tuple[dict[str, Any], Any]]:
    return record_created(monkeypatch)


def test_a_copied_run_mounts_nothing_of_this_machine_and_its_inputs_stay_read_only(
    standin_docker_copy: DockerBackend, docker_client: docker.DockerClient, created: list, a_spec
) -> None:
    backend = standin_docker_copy
    assert "files copied through the engine's API" in backend.describe()
    assert backend.bytecode_dir is None and backend.code_volume is not None
    assert docker_client.volumes.get(backend.code_volume).attrs["Labels"][CODE_VOLUME_LABEL] == "1"

    result = backend.run(a_spec("touch-inputs", run_id="touch"))
    assert result.status == "ok", result.infra_detail
    lines = [
        line for line in result.stdout.splitlines() if line.split(" ")[0] in ("WROTE", "REFUSED", "READ")
    ]
    assert [line.split(" ")[0] for line in lines] == ["REFUSED"] * 5 + ["READ"], result.stdout
    assert lines[-1] == "READ True"  # the spec is readable: the worker needs it
    assert lines[0].endswith(" 13") and lines[-2].endswith(" 30")  # EACCES on in/, EROFS on the root

    ((options, container),) = created
    assert options["volumes"] == {}  # no bind mount of this machine's folders
    assert [(m["Type"], m["Target"], m["ReadOnly"]) for m in options["mounts"]] == [
        ("volume", "/opt/prism", True),
        ("volume", "/run/prism", False),
    ]
    assert options["read_only"] and options["network_disabled"] and options["tmpfs"]
    run_volume = next(m["Name"] for m in container.attrs["Mounts"] if m["Destination"] == "/run/prism")
    with pytest.raises(docker.errors.NotFound):  # removed with its container
        docker_client.volumes.get(run_volume)


def test_the_code_volume_is_filled_once_per_package_state(
    standin_docker_copy: DockerBackend, docker_client: docker.DockerClient, created: list, standin_package
) -> None:
    again = DockerBackend(docker_client, package_dir=standin_package, sweep_orphans=False, copy_files=True)
    assert again.code_volume == standin_docker_copy.code_volume
    assert len(created) == 1  # only the helper that found the stamp: no copy, no warm-up


def test_the_engine_decides_unless_told(docker_client: docker.DockerClient, monkeypatch) -> None:
    monkeypatch.delenv(FILES_ENV, raising=False)
    assert not copies_files(docker_client)  # this machine's socket: bind mounts
    monkeypatch.setenv(FILES_ENV, "copy")
    assert copies_files(docker_client)
