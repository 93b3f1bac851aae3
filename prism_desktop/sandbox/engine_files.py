"""How a run's files reach its container when the Docker engine cannot see this machine's folders.

An engine on this machine (its local socket) gets the app's code and each run's folder as bind
mounts (container_options.py). An engine elsewhere — `DOCKER_HOST=tcp://…` or `ssh://…`, a team's
shared scoring host — would mount *its own* folders of those names, so nothing is mounted from here:

* the app's code goes once per engine and package state into a named volume
  (`prism-desktop-code-<fingerprint>`, filled through a created-never-started helper container with
  `put_archive`), mounted read-only into every run at the usual place;
* each run gets an anonymous volume at /run/prism: before the start, `put_archive` puts `in/spec.json`
  (owned by root, so the sandbox user can read but not change it) and an empty `out/` owned by the
  sandbox user; after the end, `get_archive` brings `out/result.json` back into the host's run
  folder, where the nonce check reads it as for a local run. Removing the container (`v=True`)
  removes the volume.

The root file system stays read-only, /tmp a tmpfs, the network off. PRISM_SANDBOX_FILES=copy (or
mount) overrides the choice; bench/sandbox_files.py compares both ways on one engine.
"""

from __future__ import annotations

import contextlib
import io
import os
import tarfile
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import docker
import docker.errors
from docker.models.containers import Container
from docker.types import Mount

from prism_desktop.errors import SandboxError
from prism_desktop.sandbox.bytecode_cache import WARM_UP, WARM_UP_TIMEOUT_S, package_fingerprint
from prism_desktop.sandbox.container_options import CODE_ROOT, RUN_ROOT, VOLUME_PYCACHE
from prism_desktop.sandbox.envelope import RESULT_FILE, SPEC_FILE
from prism_desktop.sandbox.run_dir import SANDBOX_UID, RunDir

FILES_ENV = "PRISM_SANDBOX_FILES"  # "mount" or "copy"; unset: mount on a local engine, else copy
CODE_VOLUME_PREFIX = "prism-desktop-code-"
CODE_VOLUME_LABEL = "prism-desktop.code"
CODE_STAMP = "prism-desktop-code.json"  # written last: a volume without it was never filled
STALE_CODE_DAYS = 30
# docker-py's base URL for an engine reached through a local socket or named pipe
_LOCAL_BASE_URLS = ("http+docker://localhost", "http+docker://localnpipe")


class EngineFilesError(SandboxError, RuntimeError):
    """The app's code could not be put on the engine; the message says why."""


def copies_files(client: docker.DockerClient) -> bool:
    """Whether runs on this engine get their files copied through the API (it is not on this
    machine, or PRISM_SANDBOX_FILES=copy) rather than bind-mounted."""
    choice = os.environ.get(FILES_ENV, "").strip().lower()
    if choice in ("copy", "mount"):
        return choice == "copy"
    return str(client.api.base_url) not in _LOCAL_BASE_URLS


def _tar(entries: Iterable[tuple[str, bytes | None, int, int]]) -> bytes:
    """A tar of (name, content or None for a directory, owner uid, mode)."""
    buffer = io.BytesIO()
    now = time.time()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for name, content, owner, mode in entries:
            info = tarfile.TarInfo(name)
            info.uid = info.gid = owner
            info.mode = mode
            info.mtime = now
            if content is None:
                info.type = tarfile.DIRTYPE
                archive.addfile(info)
            else:
                info.size = len(content)
                archive.addfile(info, io.BytesIO(content))
    return buffer.getvalue()


def run_files_tar(run_dir: RunDir) -> bytes:
    """A BSL run: in/spec.json read-only for the sandbox user, out/ its only writable place."""
    spec = run_dir.spec_path.read_bytes()
    return _tar(
        [
            ("in", None, 0, 0o755),
            (f"in/{SPEC_FILE}", spec, 0, 0o644),
            ("out", None, SANDBOX_UID, 0o700),
        ]
    )


def private_run_files_tar(spec: bytes, owner: int) -> bytes:
    """A code run: in/ and out/ open to `owner` alone (the code runner works as that user, the
    candidate's user can open neither), as code_docker.prepared_code_run_dir lays them out on disk."""
    return _tar(
        [
            ("in", None, owner, 0o700),
            (f"in/{SPEC_FILE}", spec, owner, 0o600),
            ("out", None, owner, 0o700),
        ]
    )


def package_tar(package_dir: Path) -> bytes:
    """The package's files (no bytecode) under prism_desktop/, owned by root; an empty pycache/
    the sandbox user may fill."""
    entries: list[tuple[str, bytes | None, int, int]] = [
        ("prism_desktop", None, 0, 0o755),
        ("pycache", None, SANDBOX_UID, 0o755),
    ]
    for path in sorted(package_dir.rglob("*")):
        if "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        name = f"prism_desktop/{path.relative_to(package_dir).as_posix()}"
        if path.is_dir():
            entries.append((name, None, 0, 0o755))
        elif path.is_file():
            entries.append((name, path.read_bytes(), 0, 0o644))
    return _tar(entries)


def code_volume(
    client: docker.DockerClient, image: str, package_dir: Path, helper_options: dict[str, Any]
) -> str:
    """The name of the engine's volume holding this state of the package (prism_desktop/, owned by
    root) and its compiled bytecode (pycache/, written by a warm-up container as the sandbox user,
    as bytecode_cache.py does on this machine), filled when it is new or was left half-filled.
    `helper_options`: the sandbox's confinement, for the helper containers. Volumes of other
    package states may belong to teammates running another version on the same engine: only those
    older than STALE_CODE_DAYS and unused are removed."""
    fingerprint = package_fingerprint(package_dir)
    name = f"{CODE_VOLUME_PREFIX}{fingerprint}"
    writable = {**helper_options, "volumes": {}, "mounts": [Mount(CODE_ROOT, name, type="volume")]}
    try:
        client.volumes.create(name=name, labels={CODE_VOLUME_LABEL: "1"})
        helper = client.containers.create(image, **{**writable, "command": ["true"]})  # never started
    except docker.errors.DockerException as exc:
        raise EngineFilesError(f"cannot create the code volume {name} on the engine: {exc}") from exc
    try:
        if not _has_file(helper, f"{CODE_ROOT}/{CODE_STAMP}"):
            _put(helper, package_tar(package_dir), name)
            _warm_up(client, image, writable)
            _put(helper, _tar([(CODE_STAMP, fingerprint.encode(), 0, 0o644)]), name)
    except docker.errors.DockerException as exc:
        raise EngineFilesError(f"cannot copy the app's code into the volume {name}: {exc}") from exc
    finally:
        with contextlib.suppress(docker.errors.DockerException):
            helper.remove(force=True)
    _remove_stale(client, keep=name)
    return name


def _remove_stale(client: docker.DockerClient, keep: str) -> None:
    cutoff = datetime.now(UTC) - timedelta(days=STALE_CODE_DAYS)
    for volume in client.volumes.list(filters={"label": f"{CODE_VOLUME_LABEL}=1"}):
        created = str(volume.attrs.get("CreatedAt") or "")[:19]
        try:
            old = datetime.fromisoformat(created).replace(tzinfo=UTC) < cutoff
        except ValueError:
            old = False
        if volume.name != keep and old:
            with contextlib.suppress(docker.errors.DockerException):  # in use: kept
                volume.remove()


def _put(helper: Container, archive: bytes, volume: str) -> None:
    if not helper.put_archive(CODE_ROOT, archive):
        raise EngineFilesError(f"the engine refused the app's code for the volume {volume}")


def _warm_up(client: docker.DockerClient, image: str, writable: dict[str, Any]) -> None:
    """Compile the package and the standard library into pycache/; a failure only costs time
    (runs then compile from source)."""
    environment = {**writable["environment"], "PYTHONPYCACHEPREFIX": VOLUME_PYCACHE}
    command = ["python3", "-s", "-c", WARM_UP]
    container = client.containers.create(
        image, **{**writable, "environment": environment, "command": command}
    )
    try:
        container.start()
        container.wait(timeout=WARM_UP_TIMEOUT_S)
    except docker.errors.DockerException:
        pass  # see the docstring
    finally:
        with contextlib.suppress(docker.errors.DockerException):
            container.remove(force=True)


def _has_file(container: Container, path: str) -> bool:
    try:
        container.get_archive(path)
    except docker.errors.NotFound:
        return False
    return True


def put_run_files(container: Container, archive: bytes) -> None:
    """Into the created (not yet started) container: `archive` (run_files_tar or
    private_run_files_tar) at RUN_ROOT — the spec in, an empty out/."""
    if not container.put_archive(RUN_ROOT, archive):
        raise EngineFilesError("the engine refused the run's files")


def fetch_result(container: Container, out_dir: Path, max_bytes: int) -> None:
    """out/result.json from the ended container into the host's `out_dir` (nothing when the worker
    wrote none). A file over `max_bytes` is not downloaded: a sparse file of its size stands in, so
    the envelope check refuses it with its real size."""
    target = out_dir / RESULT_FILE
    try:
        stream, stat = container.get_archive(f"{RUN_ROOT}/out/{RESULT_FILE}")
    except docker.errors.NotFound:
        return
    size = int(stat.get("size") or 0)
    if size > max_bytes:
        with target.open("wb") as handle:
            handle.truncate(size)
        return
    data = b"".join(stream)
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        member = next((m for m in archive.getmembers() if m.isfile() and m.name == RESULT_FILE), None)
        content = archive.extractfile(member) if member is not None else None
        if content is not None:
            target.write_bytes(content.read(max_bytes + 1))
