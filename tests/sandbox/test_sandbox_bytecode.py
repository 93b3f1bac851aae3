"""The bytecode cache: filled once, used by later runs, and never able to change a result."""

from __future__ import annotations

import sys
from pathlib import Path

import docker
import pytest

from prism_desktop.sandbox.bytecode_cache import STAMP, package_fingerprint, read_stamp
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.local_backend import LocalBackend


def _pycs(root: Path, module_path: str) -> list[Path]:
    return list(root.rglob(f"{module_path}.cpython-*.pyc"))


@pytest.mark.docker
def test_docker_cache_is_compiled_once_and_mounted(
    docker_client: docker.DockerClient, standin_package: Path, tmp_path: Path, no_leftovers: None, a_spec
) -> None:
    backend = DockerBackend(
        docker_client, package_dir=standin_package, sweep_orphans=False, bytecode_root=tmp_path
    )
    cache = backend.bytecode_dir
    assert cache is not None and cache.parent == tmp_path
    assert _pycs(cache, "prism_desktop/sandbox/worker") and _pycs(cache, "json/__init__")
    assert read_stamp(cache)["package"] == package_fingerprint(standin_package)
    stamp_written = (cache / STAMP).stat().st_mtime_ns

    again = DockerBackend(
        docker_client, package_dir=standin_package, sweep_orphans=False, bytecode_root=tmp_path
    )
    assert again.bytecode_dir == cache
    assert (cache / STAMP).stat().st_mtime_ns == stamp_written  # no second warm-up

    for pyc in _pycs(cache, "prism_desktop/sandbox/worker"):
        pyc.write_bytes(b"not bytecode")  # a damaged entry only costs time
    result = again.run(a_spec("ok"))
    assert result.status == "ok" and result.tests is not None


def test_local_workers_fill_their_own_cache(standin_package: Path, tmp_path: Path, a_spec) -> None:
    backend = LocalBackend(package_dir=standin_package, bytecode_root=tmp_path)
    assert backend.bytecode_dir == tmp_path / f"local-{sys.implementation.cache_tag}"
    assert backend.run(a_spec("ok")).status == "ok"
    assert _pycs(backend.bytecode_dir, "prism_desktop/sandbox/worker")
    assert backend.run(a_spec("ok")).status == "ok"
