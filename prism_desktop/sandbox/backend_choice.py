"""The choice of sandbox: Docker when an engine answers, else the local fallback (or the one asked for)."""

from __future__ import annotations

from pathlib import Path

from prism_desktop.sandbox.backend import SANDBOX_MODES, SandboxBackend, SandboxUnavailable
from prism_desktop.sandbox.local_backend import LocalBackend


def open_backend(mode: str = "auto", package_dir: Path | None = None) -> SandboxBackend:
    """The sandbox to use. "docker" refuses to fall back; "auto" takes Docker when an engine answers
    and the image is there, else the local fallback (labelled "local, not isolated")."""
    # imported here for start-up: the docker SDK takes ~0.2 s to import, paid only by a run that may use it
    from prism_desktop.sandbox.docker_backend import DockerBackend

    if mode not in SANDBOX_MODES:
        raise SandboxUnavailable(f"sandbox mode {mode!r}: expected one of {', '.join(SANDBOX_MODES)}")
    if mode == "local":
        return LocalBackend(package_dir=package_dir)
    try:
        return DockerBackend.connect(package_dir=package_dir)
    except SandboxUnavailable:
        if mode == "docker":
            raise
    return LocalBackend(package_dir=package_dir)
