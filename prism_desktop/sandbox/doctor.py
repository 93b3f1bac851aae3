"""What the sandbox needs, checked one thing at a time and explained in plain words: the engine, the
image, the confinement a candidate really gets (observed from inside a probe), the local fallback."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass

from prism_desktop.sandbox.backend import SandboxBackend, SandboxUnavailable
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.image import IMAGE_REF, engine_status, offline_build_possible
from prism_desktop.sandbox.local_backend import LocalBackend

# What a process sees of its own confinement; printed as one JSON line.
OBSERVE = r"""
import json, os, sys
seen = {"uid": os.getuid(), "python": list(sys.version_info[:3])}
try:
    lines = open("/proc/net/dev").read().splitlines()[2:]
    seen["interfaces"] = sorted({line.split(":")[0].strip() for line in lines if ":" in line})
except OSError:
    seen["interfaces"] = None
try:
    import prism_desktop.sandbox.worker
    seen["worker"] = "ok"
except Exception as exc:
    seen["worker"] = repr(exc)
if WRITE_ROOT:
    try:
        open("/prism-probe", "w").close()
        seen["root_writable"] = True
    except OSError:
        seen["root_writable"] = False
print(json.dumps(seen))
"""


@dataclass
class Finding:
    ok: bool
    topic: str
    detail: str  # what is the case, in plain words
    fix: str | None = None  # what to do about it

    def lines(self) -> list[str]:
        mark = "ok " if self.ok else "!! "
        text = [f"{mark}{self.topic}: {self.detail}"]
        if self.fix:
            text.append(f"   -> {self.fix}")
        return text


def observe(backend: SandboxBackend, write_root: bool) -> dict[str, object]:
    """Run the observation snippet in `backend`'s confinement; {"error": ...} when it did not run."""
    try:
        result = backend.probe(f"WRITE_ROOT = {write_root!r}\n{OBSERVE}", timeout_s=60)
    except Exception as exc:  # the engine went away or refused the container: that is the finding
        return {"error": f"{type(exc).__name__}: {exc}"}
    try:
        return dict(json.loads(result.stdout.strip().splitlines()[-1]))
    except (ValueError, IndexError):
        return {"error": (result.stderr or result.stdout or f"exit code {result.exit_code}").strip()[-300:]}


def _confinement_findings(seen: dict[str, object], where: str) -> list[Finding]:
    if "error" in seen:
        return [Finding(False, where, f"a test process did not run: {seen['error']}")]
    found: list[Finding] = []
    python = seen.get("python") or []
    version = ".".join(str(p) for p in python) if isinstance(python, list) else "?"
    good_python = isinstance(python, list) and tuple(python[:2]) >= (3, 11)
    found.append(
        Finding(
            good_python,
            f"{where}: python",
            f"Python {version}",
            None if good_python else "the sandbox needs Python 3.11 or newer; rebuild the image",
        )
    )
    worker_ok = seen.get("worker") == "ok"
    found.append(
        Finding(
            worker_ok,
            f"{where}: app code",
            "the worker imports" if worker_ok else f"the worker cannot be imported: {seen.get('worker')}",
            None if worker_ok else "reinstall PRISM Desktop; the sandbox uses its package folder",
        )
    )
    interfaces = seen.get("interfaces")
    isolated = isinstance(interfaces, list) and set(interfaces) <= {"lo"}
    found.append(
        Finding(
            isolated,
            f"{where}: network",
            "no network (loopback only)" if isolated else f"network interfaces visible: {interfaces}",
        )
    )
    if "root_writable" in seen:
        read_only = seen["root_writable"] is False
        found.append(
            Finding(
                read_only,
                f"{where}: file system",
                "read-only except /tmp" if read_only else "the root file system is writable",
            )
        )
    if "uid" in seen and where.startswith("docker"):
        nobody = seen["uid"] == 65534
        found.append(Finding(nobody, f"{where}: user", f"runs as uid {seen['uid']}"))
    return found


def diagnose() -> list[Finding]:
    findings: list[Finding] = []
    status = engine_status()
    if status.reachable:
        findings.append(Finding(True, "docker engine", f"reachable, version {status.version}"))
    else:
        installed = shutil.which("dockerd") is not None
        findings.append(
            Finding(
                False,
                "docker engine",
                status.error or "not reachable",
                "start it (e.g. `systemctl start docker`, or `bash .ci/docker.sh start` in a checkout)"
                if installed
                else "install Docker (Debian/Ubuntu: `apt-get install docker.io`); until then runs use "
                "the local fallback, which is not isolated",
            )
        )
    if status.reachable:
        if status.image_present:
            findings.append(
                Finding(True, "sandbox image", f"{IMAGE_REF} ({status.image_id}, {status.image_created})")
            )
        else:
            offline = offline_build_possible()
            how = (
                "`prism-desktop sandbox build` (offline from Debian packages)"
                if offline is None
                else (
                    "`prism-desktop sandbox build --dockerfile` (needs a registry; "
                    f"offline build impossible: {offline})"
                )
            )
            findings.append(Finding(False, "sandbox image", f"{IMAGE_REF} is missing", f"build it: {how}"))
    if status.reachable and status.image_present:
        try:
            docker_backend = DockerBackend.connect()
            findings.extend(_confinement_findings(observe(docker_backend, write_root=True), "docker sandbox"))
        except SandboxUnavailable as exc:
            findings.append(Finding(False, "docker sandbox", str(exc)))
    local = LocalBackend()
    local_seen = observe(local, write_root=False)
    findings.extend(_confinement_findings(local_seen, "local fallback"))
    findings.append(
        Finding(
            True,
            "local fallback",
            "available, but NOT isolated: use it only for code you trust "
            '(runs are labelled runner "local", isolated false)',
        )
    )
    return findings
