"""One sweep for every Docker backend (BSL and code alike): sandbox containers whose creating process
is gone — an app or `score` killed before it could remove them — are removed when a backend starts.
Every sandbox container carries LABEL=1 and its owner (container_options.confinement)."""

from __future__ import annotations

import contextlib

import docker
import docker.errors

from prism_desktop.sandbox.container_options import LABEL, OWNER_LABEL, owner_alive


def sweep_dead_owners(client: docker.DockerClient) -> int:
    """Remove the sandbox containers of dead owners on this host (with their anonymous volumes);
    containers of live processes or of other hosts are left alone. Returns how many were removed."""
    removed = 0
    for container in client.containers.list(all=True, filters={"label": f"{LABEL}=1"}):
        if owner_alive(container.labels.get(OWNER_LABEL, "")):
            continue
        with contextlib.suppress(docker.errors.NotFound):
            container.remove(force=True, v=True)
            removed += 1
    return removed
