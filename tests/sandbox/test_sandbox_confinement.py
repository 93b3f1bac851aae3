"""The confinement itself, observed from inside: Python snippets run through `probe`, with exactly the
options of a candidate run. Our BSL engine has no network, file or process functions, so this is
what stands behind it should a candidate ever get past the engine."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from prism_desktop.runs.onec import Limits
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.local_backend import LocalBackend


def _observe(backend, code: str, limits: Limits | None = None, timeout_s: float = 30.0) -> dict:
    probe = backend.probe(code + "\nprint(json.dumps(seen))", limits=limits, timeout_s=timeout_s)
    assert probe.exit_code == 0, probe.stderr
    return json.loads(probe.stdout.strip().splitlines()[-1])


NETWORK = """
import errno, json, socket
seen = {}
lines = open("/proc/net/dev").read().splitlines()[2:]
seen["interfaces"] = sorted(line.split(":")[0].strip() for line in lines)
seen["routes"] = open("/proc/net/route").read().splitlines()[1:]
sock = socket.socket()
try:
    sock.connect(("192.0.2.1", 80))  # TEST-NET-1: never routed; without a route no packet is sent
    seen["connect"] = "connected"
except OSError as exc:
    seen["connect"] = errno.errorcode.get(exc.errno, str(exc))
"""


@pytest.mark.docker
def test_docker_has_no_network(real_docker: DockerBackend) -> None:
    seen = _observe(real_docker, NETWORK)
    assert seen == {"interfaces": ["lo"], "routes": [], "connect": "ENETUNREACH"}


FILES = """
import json, os
seen = {}
def attempt(path, text="x"):
    try:
        with open(path, "w") as handle:
            handle.write(text)
        return "written"
    except OSError as exc:
        return exc.strerror
for path in ["/etc/passwd", "/prism-probe", "/opt/prism/prism_desktop/planted.py", "/run/planted",
             "/tmp/ok"]:
    seen[path] = attempt(path)
big = "x" * (1024 * 1024)
try:
    with open("/tmp/big", "w") as handle:
        for _ in range(100):
            handle.write(big)
    seen["big"] = "written"
except OSError as exc:
    seen["big"] = exc.strerror
seen["uid"] = os.getuid()
"""


@pytest.mark.docker
def test_docker_writes_only_to_a_small_tmp(real_docker: DockerBackend) -> None:
    seen = _observe(real_docker, FILES, limits=Limits(tmpfs_mb=16))
    assert seen.pop("uid") == 65534
    assert seen.pop("/tmp/ok") == "written"
    assert seen.pop("big") in {"File too large", "No space left on device"}
    assert set(seen.values()) <= {"Read-only file system", "Permission denied"}, seen


HOST_FILES = """
import json, os
seen = {}
for path in ["/work", "/root", "/var/run/docker.sock", "/home"]:
    try:
        seen[path] = os.listdir(path)
    except OSError as exc:
        seen[path] = exc.strerror
try:
    open("/etc/shadow").read()
    seen["shadow"] = "read"
except OSError as exc:
    seen["shadow"] = exc.strerror
lines = open("/proc/self/status").read().splitlines()
status = dict(line.split(":\\t", 1) for line in lines if ":\\t" in line)
seen["CapEff"] = status["CapEff"].strip()
seen["NoNewPrivs"] = status["NoNewPrivs"].strip()
seen["HOST_MARKER"] = os.path.exists(HOST_MARKER)
"""


@pytest.mark.docker
def test_docker_sees_no_host_files_and_holds_no_privilege(real_docker: DockerBackend, tmp_path: Path) -> None:
    marker = tmp_path / "host-secret.txt"
    marker.write_text("secret")
    seen = _observe(real_docker, f"HOST_MARKER = {str(marker)!r}\n{HOST_FILES}")
    assert seen == {
        "/work": "No such file or directory",
        "/var/run/docker.sock": "No such file or directory",
        "/root": "Permission denied",  # the image's own, empty root home
        "/home": [],
        "shadow": "Permission denied",
        "CapEff": "0000000000000000",
        "NoNewPrivs": "1",
        "HOST_MARKER": False,
    }


SPAWN = """
import json, os, time
seen = {"forked": 0, "error": None}
for _ in range(200):
    try:
        pid = os.fork()
    except OSError as exc:
        seen["error"] = exc.strerror
        break
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    seen["forked"] += 1
"""


@pytest.mark.docker
def test_docker_caps_the_number_of_processes(real_docker: DockerBackend) -> None:
    seen = _observe(real_docker, SPAWN, limits=Limits(pids=32))
    assert seen["forked"] < 32
    assert seen["error"] == "Resource temporarily unavailable"


MEMORY = """
chunks = []
while True:
    chunks.append(bytearray(32 * 1024 * 1024))
"""


@pytest.mark.docker
def test_docker_kills_a_process_past_its_memory_without_swap(real_docker: DockerBackend) -> None:
    started = time.perf_counter()
    probe = real_docker.probe(MEMORY, limits=Limits(memory_mb=128), timeout_s=60)
    assert probe.exit_code == 137  # SIGKILL from the OOM killer: no swap to spill into
    assert time.perf_counter() - started < 30


CGROUP = """
import json
seen = {}
for name in ["cpu.cfs_quota_us", "cpu.cfs_period_us"]:
    try:
        seen[name] = int(open("/sys/fs/cgroup/cpu/" + name).read())
    except OSError:
        seen[name] = None
try:
    seen["cpu.max"] = open("/sys/fs/cgroup/cpu.max").read().split()
except OSError:
    seen["cpu.max"] = None
"""


@pytest.mark.docker
def test_docker_gets_the_cpu_quota(real_docker: DockerBackend) -> None:
    seen = _observe(real_docker, CGROUP, limits=Limits(cpus=0.5))
    if seen["cpu.max"] is not None:  # cgroup v2
        quota, period = (int(v) for v in seen["cpu.max"])
    else:
        quota, period = seen["cpu.cfs_quota_us"], seen["cpu.cfs_period_us"]
    assert quota / period == pytest.approx(0.5)


LOCAL_LIMITS = """
import json, os, resource
seen = {name: resource.getrlimit(getattr(resource, "RLIMIT_" + name.upper()))[0]
        for name in ["as", "cpu", "nproc", "fsize", "nofile"]}
lines = open("/proc/net/dev").read().splitlines()[2:]
seen["interfaces"] = sorted(line.split(":")[0].strip() for line in lines)
seen["own_group"] = os.getpgrp() == os.getpid()
"""


def test_local_fallback_applies_rlimits_and_its_own_session(real_local: LocalBackend) -> None:
    limits = Limits(memory_mb=300, pids=40, tmpfs_mb=8)
    seen = _observe(real_local, LOCAL_LIMITS, limits=limits, timeout_s=20)
    assert seen["as"] == 300 * 1024 * 1024
    assert seen["cpu"] == 21
    assert seen["nproc"] == 40
    assert seen["fsize"] == 8 * 1024 * 1024
    assert seen["nofile"] == 128
    assert seen["own_group"] is True


def test_local_fallback_reports_whether_its_network_namespace_applied(
    standin_local: LocalBackend, a_spec
) -> None:
    seen = _observe(standin_local, LOCAL_LIMITS)
    applied = seen["interfaces"] == ["lo"]
    if os.geteuid() == 0:
        assert applied  # root may always unshare the network
    assert "not yet checked" in standin_local.describe()
    standin_local.run(a_spec("ok"))
    assert standin_local.netns_applied is applied
    expected = "private network namespace applied" if applied else "host network"
    assert expected in standin_local.describe()


LOCAL_SPAWN = """
import subprocess, time
subprocess.Popen(["sleep", "987654"])
time.sleep(3600)
"""


def _sleepers() -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if b"987654" in (proc / "cmdline").read_bytes():
                found.append(proc.name)
        except OSError:
            continue
    return found


def test_local_timeout_kills_the_whole_process_group(real_local: LocalBackend) -> None:
    probe = real_local.probe(LOCAL_SPAWN, timeout_s=2)
    assert probe.timed_out and probe.exit_code is None
    time.sleep(0.2)
    assert _sleepers() == []
