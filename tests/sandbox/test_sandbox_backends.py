"""Both backends, driven through the worker by a stand-in harness: every way a run can go wrong ends
with a clear status, the same in a container and in the local fallback."""

from __future__ import annotations

import time

import pytest

from prism_desktop.sandbox.backend import SandboxBackend

BACKENDS = [
    pytest.param("standin_docker", marks=pytest.mark.docker, id="docker"),
    pytest.param("standin_docker_copy", marks=pytest.mark.docker, id="docker-copy"),
    pytest.param("standin_local", id="local"),
]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> SandboxBackend:
    return request.getfixturevalue(request.param)


def test_a_normal_run(backend: SandboxBackend, a_spec) -> None:
    result = backend.run(a_spec("ok", run_id="normal"))
    assert result.status == "ok", result.infra_detail
    assert (result.run_id, result.runner, result.isolated) == (
        "normal",
        backend.name,
        backend.name == "docker",
    )
    assert result.syntax is not None and result.tests is not None and result.tests.total == 1
    assert result.engine_version == "standin 1"
    assert result.timings.run is not None and result.timings.run > 0
    assert (result.timings.create is None) == (backend.name == "local")


@pytest.mark.parametrize("code", ["sleep", "hang-cpu"])
def test_past_the_deadline_the_run_is_killed_and_finished_legs_kept(
    backend: SandboxBackend, a_spec, code: str
) -> None:
    spec = a_spec(code, test_timeout_s=1.0, wall_slack_s=1.0)
    started = time.perf_counter()
    result = backend.run(spec)
    assert result.status == "timeout"
    assert "deadline of 2 s" in (result.infra_detail or "")
    assert result.syntax is not None  # the syntax leg finished before the tests leg hung
    assert result.tests is None
    assert time.perf_counter() - started < 10


def test_a_memory_bomb_ends_as_killed(backend: SandboxBackend, a_spec) -> None:
    result = backend.run(a_spec("grow-memory", memory_mb=256))
    assert result.status == "killed"
    assert "memory limit of 256 MB" in (result.infra_detail or "")
    assert result.syntax is not None


def test_an_engine_exception_is_an_infra_error_with_its_trace(backend: SandboxBackend, a_spec) -> None:
    result = backend.run(a_spec("raise"))
    assert result.status == "infra_error"
    assert "the engine failed in the tests leg" in (result.infra_detail or "")
    assert "engine bug" in (result.infra_detail or "")


def test_huge_output_is_capped(backend: SandboxBackend, a_spec) -> None:
    result = backend.run(a_spec("print:PRISM_PASS 1\n", output_bytes=10_000))
    assert result.status == "ok"
    assert len(result.stdout.encode()) < 10_100
    # 200 000 lines of 13 bytes and print's newline, less the 10 000 kept
    assert "[output truncated: 2590001 more bytes]" in result.stdout


def test_a_forged_result_file_is_rejected(backend: SandboxBackend, a_spec) -> None:
    result = backend.run(a_spec("forge-envelope"))
    assert result.status == "infra_error"
    assert "nonce does not match" in (result.infra_detail or "")
    assert result.engine_version != "forged" and result.tests is None


def test_a_worker_that_dies_without_a_result(backend: SandboxBackend, a_spec) -> None:
    result = backend.run(a_spec("exit-early"))
    assert result.status == "infra_error"
    assert "exited with code 3" in (result.infra_detail or "")
