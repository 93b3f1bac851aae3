"""Scoring through a Docker engine reached over TCP with TLS (DOCKER_HOST=tcp://…, as a team's shared
scoring host would be): a second dockerd on a loopback port, with a CA, a server and a client
certificate this test makes with openssl, started and stopped by the test. `sandbox status` names that
engine, a candidate run goes through it, and without a client certificate the engine refuses, said in
plain words. A TCP engine is treated as one on another machine: nothing of this machine is mounted,
the app's code and each run's files are copied through the API (sandbox/engine_files.py) — a run
still passes with the package folder it was copied from deleted, and so does a Python coding task."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import docker
import pytest

from prism_desktop.cli.main import main
from prism_desktop.sandbox.backend_choice import open_backend
from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.image import IMAGE_REF, connect, engine_status
from prism_desktop.services.code_candidates import candidate_files, reference_answer
from prism_desktop.services.code_level1 import run_spec
from prism_desktop.services.code_test_ids import TaskTestIds
from prism_desktop.workspace.coding import CodingWorkspace
from tests.docker_helpers import copied_package, record_created, unavailable

pytestmark = [pytest.mark.docker, pytest.mark.slow]
SUM = (
    "Функция Сумма(М)\n    Р = 0;\n    Для Каждого Х Из М Цикл\n        Р = Р + Х;\n"
    "    КонецЦикла;\n    Возврат Р;\nКонецФункции\n"
)


def _openssl(folder: Path, *args: str) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)


def make_certificates(folder: Path) -> None:
    """ca.pem, cert.pem + key.pem (client) and cert-server.pem + key-server.pem (for 127.0.0.1)."""
    _openssl(
        folder,
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "ca-key.pem",
        "-out",
        "ca.pem",
        "-days",
        "1",
        "-subj",
        "/CN=prism-test-ca",
    )
    (folder / "server.ext").write_text("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    (folder / "client.ext").write_text("extendedKeyUsage=clientAuth\n")
    for name, subject, ext in (
        ("server", "/CN=127.0.0.1", "server.ext"),
        ("client", "/CN=prism-test", "client.ext"),
    ):
        key = "key-server.pem" if name == "server" else "key.pem"
        cert = "cert-server.pem" if name == "server" else "cert.pem"
        _openssl(
            folder,
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            key,
            "-out",
            f"{name}.csr",
            "-subj",
            subject,
        )
        _openssl(
            folder,
            "x509",
            "-req",
            "-in",
            f"{name}.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca-key.pem",
            "-CAcreateserial",
            "-out",
            cert,
            "-days",
            "1",
            "-extfile",
            ext,
        )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _env(port: int, certs: Path) -> dict[str, str]:
    return {
        "DOCKER_HOST": f"tcp://127.0.0.1:{port}",
        "DOCKER_TLS_VERIFY": "1",
        "DOCKER_CERT_PATH": str(certs),
    }


@pytest.fixture(scope="module")
def tls_engine() -> Iterator[tuple[int, Path]]:
    if os.geteuid() != 0 or shutil.which("dockerd") is None or shutil.which("openssl") is None:
        pytest.skip("a second dockerd needs root, dockerd and openssl")
    root = Path(tempfile.mkdtemp(prefix="prism-d2-", dir="/tmp"))  # short: containerd's socket path
    certs = root / "certs"
    certs.mkdir()
    make_certificates(certs)
    port = _free_port()
    log = (root / "dockerd.log").open("wb")
    daemon = subprocess.Popen(
        [
            "dockerd",
            "--data-root",
            str(root / "data"),
            "--exec-root",
            str(root / "exec"),
            "--pidfile",
            str(root / "dockerd.pid"),
            "-H",
            f"tcp://127.0.0.1:{port}",
            "--tlsverify",
            "--tlscacert",
            str(certs / "ca.pem"),
            "--tlscert",
            str(certs / "cert-server.pem"),
            "--tlskey",
            str(certs / "key-server.pem"),
            "--iptables=false",
            "--bridge=none",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        remote = None
        deadline = time.monotonic() + 90
        while remote is None:
            assert daemon.poll() is None, (root / "dockerd.log").read_text(errors="replace")[-2000:]
            try:
                remote = _client(port, certs)
            except docker.errors.DockerException:
                assert time.monotonic() < deadline, "the second dockerd did not answer within 90 s"
                time.sleep(1)
        # The sandbox image, from this machine's engine to the second one.
        image = docker.from_env().api.get_image(IMAGE_REF)
        remote.images.load(b"".join(image))
        remote.close()
        yield port, certs
    finally:
        daemon.terminate()
        try:
            daemon.wait(timeout=60)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()
        log.close()
        shutil.rmtree(root, ignore_errors=True)


def _client(port: int, certs: Path) -> docker.DockerClient:
    saved = {k: os.environ.get(k) for k in ("DOCKER_HOST", "DOCKER_TLS_VERIFY", "DOCKER_CERT_PATH")}
    os.environ.update(_env(port, certs))
    try:
        return connect(timeout=10)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def test_status_names_the_tls_engine_and_a_run_goes_through_it(
    tls_engine: tuple[int, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], a_spec
) -> None:
    port, certs = tls_engine
    for key, value in _env(port, certs).items():
        monkeypatch.setenv(key, value)
    # A CA bundle for other HTTPS (common on corporate machines) must not replace the engine's CA.
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(certs / "cert.pem"))
    assert main(["sandbox", "status"]) == 0
    out = capsys.readouterr().out
    assert f"reachable at tcp://127.0.0.1:{port} (TLS, server certificate verified)" in out
    assert "runs go: docker (isolated)" in out

    backend = open_backend("docker")
    assert f"127.0.0.1:{port}" in backend.client.api.base_url  # type: ignore[attr-defined]
    assert "files copied through the engine's API" in backend.describe()
    result = backend.run(a_spec(SUM, run_id="over-tls", test_timeout_s=60.0, wall_slack_s=60.0))  # a busy CI
    assert result.status == "ok", result.infra_detail
    assert (result.runner, result.isolated) == ("docker", True)
    assert result.tests is not None and result.tests.total == 1
    assert [case.status for case in result.tests.cases] == ["pass"]


def test_a_client_certificate_of_another_ca_is_refused(
    tls_engine: tuple[int, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    port, certs = tls_engine
    stranger = tmp_path / "stranger"
    stranger.mkdir()
    make_certificates(stranger)  # a client certificate the engine's CA never signed
    shutil.copy(certs / "ca.pem", stranger / "ca.pem")  # while the engine itself is trusted
    for key, value in _env(port, stranger).items():
        monkeypatch.setenv(key, value)
    status = engine_status()
    assert not status.reachable
    assert "the Docker engine did not answer" in (status.error or "")


def test_a_remote_engine_needs_none_of_this_machines_folders(
    tls_engine: tuple[int, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, a_spec
) -> None:
    port, certs = tls_engine
    for key, value in _env(port, certs).items():
        monkeypatch.setenv(key, value)
    package = copied_package(tmp_path)
    backend = DockerBackend(connect(), package_dir=package)
    assert backend.code_volume is not None and backend.bytecode_dir is None
    shutil.rmtree(package)
    created = record_created(monkeypatch)
    result = backend.run(a_spec(SUM, run_id="copied", test_timeout_s=60.0, wall_slack_s=60.0))
    assert result.status == "ok", result.infra_detail
    assert result.tests is not None and [case.status for case in result.tests.cases] == ["pass"]
    assert [options["volumes"] for options, _ in created] == [{}]  # no bind mount
    assert backend.client.volumes.get(backend.code_volume).attrs["Labels"]["prism-desktop.code"] == "1"


def test_a_python_task_is_scored_on_the_remote_engine(
    tls_engine: tuple[int, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A coding-bench answer on the team's scoring host: the language image there, the files copied."""
    local = docker.from_env()
    image = code_image(local, "python")
    if not image.present:
        unavailable(f"{image.ref} is missing (prism-desktop sandbox build --code python)")
    port, certs = tls_engine
    remote = _client(port, certs)
    remote.images.load(b"".join(local.api.get_image(image.ref)))
    for key, value in _env(port, certs).items():
        monkeypatch.setenv(key, value)
    workspace = CodingWorkspace.open(Path(__file__).resolve().parents[2] / "benchmarks" / "coding")
    task = workspace.task("algo_py_001")
    backend = CodeDockerBackend.connect(("python",))
    assert f"127.0.0.1:{port}" in backend.client.api.base_url
    assert backend.code_volume is not None and "files copied through the engine's API" in backend.describe()
    files, candidates, problem = candidate_files(task, reference_answer(task) or "")
    assert files is not None, problem
    ids = TaskTestIds(backend, tmp_path / "ids").ids(task)
    result = backend.run(run_spec(task, files, candidates, "remote-python", ids))
    assert result.status == "ok", result.infra_detail
    assert result.tests is not None and len(result.tests) == task.test_count
    assert {test.status for test in result.tests} == {"pass"}
