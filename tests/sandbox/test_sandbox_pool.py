"""Batches: N runs at once, a callback per finished run, cancellation, and an engine that dies in the
middle (simulated by cutting a socket proxy in front of the real engine, then bringing it back)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import docker
import pytest

from prism_desktop.runs.onec import Limits, RunResult
from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.sandbox.container_options import LABEL, OWNER_LABEL, confinement
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.image import IMAGE_REF
from prism_desktop.sandbox.pool import SandboxPool

BACKENDS = [
    pytest.param("standin_docker", marks=pytest.mark.docker, id="docker"),
    pytest.param("standin_local", id="local"),
]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> SandboxBackend:
    return request.getfixturevalue(request.param)


def test_default_parallelism_is_one_run_per_core(standin_local: SandboxBackend) -> None:
    assert SandboxPool(standin_local).workers == os.cpu_count()


def test_every_run_reported_once_and_returned_in_order(backend: SandboxBackend, a_spec) -> None:
    seen: list[str] = []

    def on_result(result: RunResult) -> None:
        seen.append(result.run_id)
        if result.run_id == "r1":
            raise RuntimeError("a subscriber's bug")

    specs = [a_spec("ok", run_id=f"r{i}") for i in range(4)]
    results = SandboxPool(backend, workers=2).run_batch(specs, on_result=on_result)
    assert [r.run_id for r in results] == ["r0", "r1", "r2", "r3"]
    assert all(r.status == "ok" for r in results)
    assert sorted(seen) == ["r0", "r1", "r2", "r3"]


def test_cancel_kills_running_runs_and_skips_queued_ones(backend: SandboxBackend, a_spec) -> None:
    pool = SandboxPool(backend, workers=2)
    specs = [a_spec("sleep", run_id=f"s{i}", test_timeout_s=60.0) for i in range(4)]
    threading.Timer(1.5, pool.cancel).start()
    started = time.perf_counter()
    results = pool.run_batch(specs)
    assert time.perf_counter() - started < 15
    assert [r.status for r in results] == ["cancelled"] * 4
    assert sum("before this run started" in (r.infra_detail or "") for r in results) == 2


class SocketProxy:
    """A UNIX socket relaying to the engine's socket; `cut()` drops every connection and stops
    answering, as a dying daemon does."""

    def __init__(self, path: Path, target: str = "/var/run/docker.sock"):
        self.path, self.target = path, target
        self._conns: list[socket.socket] = []
        self._lock = threading.Lock()
        self._server = socket.socket(socket.AF_UNIX)
        self._server.bind(str(path))
        self._server.listen(64)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            upstream = socket.socket(socket.AF_UNIX)
            upstream.connect(self.target)
            with self._lock:
                self._conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def cut(self) -> None:
        self._server.close()
        self.path.unlink(missing_ok=True)
        with self._lock:
            for conn in self._conns:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
                conn.close()


@pytest.mark.docker
def test_engine_dying_mid_batch_gives_infra_errors_and_keeps_finished_runs(
    standin_package: Path, no_leftovers: None, a_spec
) -> None:
    path = Path(f"/tmp/prism-proxy-{os.getpid()}.sock")
    proxy = SocketProxy(path)
    backend = DockerBackend(docker.DockerClient(base_url=f"unix://{path}"), package_dir=standin_package)
    specs = [a_spec("ok", run_id="done-1"), a_spec("ok", run_id="done-2")]
    specs += [a_spec("sleep", run_id=f"hit-{i}", test_timeout_s=60.0) for i in range(3)]

    def on_result(result: RunResult) -> None:
        if result.run_id == "done-2":
            threading.Timer(1.5, proxy.cut).start()  # while hit-0 and hit-1 are running

    started = time.perf_counter()
    results = SandboxPool(backend, workers=2).run_batch(specs, on_result=on_result)
    assert time.perf_counter() - started < 20
    assert [r.status for r in results] == ["ok", "ok", "infra_error", "infra_error", "infra_error"]
    assert all(r.tests is not None for r in results[:2])
    assert all("the Docker engine failed" in (r.infra_detail or "") for r in results[2:])
    assert len(backend.stranded) == 2  # the two containers it could not remove

    restarted = SocketProxy(path)  # the engine is back
    try:
        assert backend.remove_stranded() == 2
        assert backend.stranded == set()
        resumed = SandboxPool(backend, workers=2).run_batch([a_spec("ok", run_id="hit-2")])
        assert resumed[0].status == "ok"
    finally:
        restarted.cut()


@pytest.mark.docker
def test_orphans_of_a_crashed_app_are_removed_at_start_up(
    docker_client: docker.DockerClient, standin_package: Path
) -> None:
    options = confinement(Limits(), standin_package)
    options["labels"] = {LABEL: "1", OWNER_LABEL: f"{socket.gethostname()}/{_finished_pid()}/1"}
    orphan = docker_client.containers.create(IMAGE_REF, command=["sleep", "600"], **options)
    orphan.start()
    try:
        backend = DockerBackend(docker_client, package_dir=standin_package)
        assert backend.orphans_removed >= 1
        with pytest.raises(docker.errors.NotFound):
            docker_client.containers.get(orphan.id)
    finally:
        with contextlib.suppress(docker.errors.NotFound):
            orphan.remove(force=True)


def _finished_pid() -> int:
    """The pid of a process that has already exited."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid
