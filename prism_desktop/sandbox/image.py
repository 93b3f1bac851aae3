"""The sandbox image and the engine: what is there, and building the image (offline or from the
Dockerfile) with progress."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import docker
import docker.errors
import docker.utils
import requests.exceptions

from prism_desktop.errors import SandboxError
from prism_desktop.locations import shipped_path

IMAGE_REPOSITORY = "prism-desktop-sandbox"
IMAGE_RECIPE = "1"  # bump when the Dockerfile or build_offline.sh change what the image holds
IMAGE_REF = f"{IMAGE_REPOSITORY}:{IMAGE_RECIPE}"
DOCKERFILE_BASE = "debian:bookworm-slim"
API_TIMEOUT_S = 30
BUILD_METHODS = ("auto", "offline", "dockerfile")
BuildMethod = Literal["auto", "offline", "dockerfile"]
Progress = Callable[[str], None]

# Docker SDK failures that mean "the engine did not answer or refused", as opposed to a bug of ours.
ENGINE_ERRORS: tuple[type[BaseException], ...] = (
    docker.errors.DockerException,
    requests.exceptions.RequestException,
    ConnectionError,
    OSError,
)


class ImageBuildError(SandboxError, RuntimeError):
    """The image could not be built; the message says why and what to do."""


@dataclass
class EngineStatus:
    reachable: bool
    version: str | None = None  # the engine's version when reachable
    error: str | None = None  # why it is not reachable
    image_present: bool = False
    image_id: str | None = None
    image_created: str | None = None


LOCAL_SOCKET = "unix:///var/run/docker.sock"
MINIMUM_API = "1.24"  # only until the engine has said which API version it speaks


def engine_endpoint(environ: Mapping[str, str] | None = None) -> str:
    """Which engine the Docker SDK talks to, as `sandbox status` names it: DOCKER_HOST (local
    socket by default) and whether TLS is used (DOCKER_TLS_VERIFY / DOCKER_CERT_PATH, as the SDK
    reads them). A team may share one scoring host this way."""
    env = os.environ if environ is None else environ
    host = env.get("DOCKER_HOST") or LOCAL_SOCKET
    if host.startswith(("unix://", "npipe://")):
        return f"{host} (this machine)"
    if host.startswith("ssh://"):
        return f"{host} (remote, over SSH)"
    if env.get("DOCKER_TLS_VERIFY"):
        return f"{host} (TLS, server certificate verified)"
    if env.get("DOCKER_CERT_PATH"):
        return f"{host} (TLS, server certificate NOT verified)"
    return f"{host} (no TLS: anyone on the network path can drive this engine)"


def connect(timeout: int = API_TIMEOUT_S) -> docker.DockerClient:
    """A client for the engine of DOCKER_HOST (default: the local socket), checked with a ping.
    Each run in flight holds one connection while it waits: the pool is sized for many at once."""
    pool = max(32, 4 * (os.cpu_count() or 1))
    settings = docker.utils.kwargs_from_env()
    if settings.get("tls") is None:
        client = docker.from_env(timeout=timeout, max_pool_size=pool)
    else:
        # A TLS engine (DOCKER_HOST=tcp://… with DOCKER_CERT_PATH): its CA is DOCKER_CERT_PATH/ca.pem.
        # requests would let REQUESTS_CA_BUNDLE / CURL_CA_BUNDLE (common on corporate machines)
        # replace it and refuse the engine's certificate, so the client ignores them; the API version
        # is asked only once that is settled.
        client = docker.DockerClient(timeout=timeout, max_pool_size=pool, version=MINIMUM_API, **settings)
        client.api.trust_env = False
        client.api._version = client.api._retrieve_server_version()
    client.ping()
    return client


def engine_status(client: docker.DockerClient | None = None, image: str = IMAGE_REF) -> EngineStatus:
    try:
        client = client or connect()
        version = str(client.version().get("Version", "?"))
    except ENGINE_ERRORS as exc:
        return EngineStatus(reachable=False, error=_plain_engine_error(exc))
    status = EngineStatus(reachable=True, version=version)
    try:
        found = client.images.get(image)
    except docker.errors.ImageNotFound:
        return status
    except ENGINE_ERRORS as exc:
        status.error = f"cannot inspect the image: {exc}"
        return status
    status.image_present = True
    status.image_id = found.short_id
    status.image_created = str(found.attrs.get("Created", ""))[:19] or None
    return status


def _plain_engine_error(exc: BaseException) -> str:
    text = str(exc)
    if "Permission denied" in text:
        return "the Docker socket is there but this user may not use it (join the docker group)"
    if "FileNotFoundError" in text or "No such file" in text or "Connection refused" in text:
        return "no Docker engine answers (the daemon is not running or not installed)"
    return f"the Docker engine did not answer: {text}"


def packaging_dir() -> Path | None:
    """packaging/sandbox of the checkout or of the installed data folder (locations.py)."""
    return shipped_path("packaging", "sandbox")


def offline_build_possible() -> str | None:
    """None when the offline builder can run here, else the reason it cannot."""
    if packaging_dir() is None:
        return "packaging/sandbox is not part of this installation (reinstall PRISM Desktop)"
    if os.geteuid() != 0:
        return "the offline builder (debootstrap) needs root"
    if shutil.which("debootstrap") is None:
        return "debootstrap is not installed (apt-get install debootstrap)"
    if shutil.which("docker") is None:
        return "the docker command-line client is not installed"
    return None


def choose_method(client: docker.DockerClient, method: BuildMethod) -> Literal["offline", "dockerfile"]:
    """auto: the Dockerfile when its base image is already here (no registry needed), else the
    offline builder when it can run, else the Dockerfile (which then pulls from a registry)."""
    if method != "auto":
        return method
    try:
        client.images.get(DOCKERFILE_BASE)
        return "dockerfile"
    except docker.errors.ImageNotFound:
        pass
    return "offline" if offline_build_possible() is None else "dockerfile"


def build_image(
    method: BuildMethod = "auto",
    progress: Progress = print,
    client: docker.DockerClient | None = None,
    image: str = IMAGE_REF,
) -> str:
    """Build `image`; returns the method used. Raises ImageBuildError with a plain explanation."""
    try:
        client = client or connect()
    except ENGINE_ERRORS as exc:
        raise ImageBuildError(_plain_engine_error(exc)) from exc
    chosen = choose_method(client, method)
    folder = packaging_dir()
    if folder is None:
        raise ImageBuildError("packaging/sandbox is not part of this installation (a source checkout has it)")
    previous = engine_status(client, image).image_id
    if chosen == "offline":
        _build_offline(folder, image, progress)
    else:
        _build_dockerfile(client, folder, image, progress)
    if previous is not None and previous != engine_status(client, image).image_id:
        _remove_replaced(client, previous, progress)
    return chosen


def _remove_replaced(client: docker.DockerClient, image_id: str, progress: Progress) -> None:
    """The image the build replaced (now untagged); kept if something still uses it."""
    try:
        client.images.remove(image_id)
        progress(f"removed the replaced image {image_id}")
    except ENGINE_ERRORS as exc:
        progress(f"kept the replaced image {image_id} ({exc})")


def _build_offline(folder: Path, image: str, progress: Progress) -> None:
    reason = offline_build_possible()
    if reason is not None:
        raise ImageBuildError(f"offline build impossible: {reason}")
    progress(f"building {image} offline from Debian packages (debootstrap)")
    run_builder(["bash", str(folder / "build_offline.sh"), image], progress)


def run_builder(argv: list[str], progress: Progress) -> None:
    """Run an offline image builder, passing each line of its output on; its last lines on failure."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    lines: list[str] = []
    for line in process.stdout:
        lines.append(line.rstrip())
        progress(line.rstrip())
    if process.wait() != 0:
        raise ImageBuildError(
            f"the offline builder failed (exit {process.returncode}): {' | '.join(lines[-5:])}"
        )


def _build_dockerfile(client: docker.DockerClient, folder: Path, image: str, progress: Progress) -> None:
    progress(f"building {image} from {folder / 'Dockerfile'} (pulls {DOCKERFILE_BASE} from a registry)")
    try:
        for chunk in client.api.build(path=str(folder), tag=image, rm=True, decode=True):
            _report_build_chunk(chunk, progress)
    except ENGINE_ERRORS as exc:
        raise ImageBuildError(f"the Dockerfile build failed: {exc}") from exc


def _report_build_chunk(chunk: dict[str, Any], progress: Progress) -> None:
    if "error" in chunk:
        raise ImageBuildError(f"the Dockerfile build failed: {str(chunk['error']).strip()}")
    text = str(chunk.get("stream") or chunk.get("status") or "").strip()
    if text:
        progress(text)
