"""The image of a library task that is installed as a distribution (Commit-0 libraries): the Python code
image with the library's dependencies resolved from PyPI and the project installed as its install
command says (`pip install -e .`), at the place where the runner lays out the candidate's files.

The install runs once, when the image is built: in a container on the host's network, with a pip
wheel downloaded by the host's pip (the Debian image has no pip) and the host's pip certificate (PIP_CERT)
mounted when there is one. The editable install leaves the distribution's metadata in site-packages and a
path entry pointing into WORK_DIR; the source is removed again, so at run time (network off) the
candidate's files laid out there are the library, and `importlib.metadata.version()` answers as it would
after `pip install -e .`. The image is named by a hash of everything the install saw: built once, reused.
The build also collects the hidden tests' ids with the reference (pytest --collect-only)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shlex
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import docker.errors
from docker.types import Mount

from prism_desktop.sandbox.code.context import WORK_DIR
from prism_desktop.sandbox.code_images import image_ref as code_image_ref
from prism_desktop.sandbox.image import ENGINE_ERRORS, ImageBuildError, Progress, connect
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.coding_task import data_bytes

LIBRARY_IMAGE_RECIPE = "4"  # bump when the build steps below change what an image holds
BUILD_SECONDS_LABEL = "prism-desktop.library-build-seconds"
TEST_IDS_LABEL = "prism-desktop.library-test-ids"
PIP_WHEEL = (
    "/tmp/prism-pip.whl"  # under /tmp: hidden by the run's tmpfs, never part of what the candidate sees
)
EVAL_PACKAGES = ("pytest", "pytest-cov", "coverage")  # what Commit-0's harness installs before its tests
CA_FILE = "/tmp/prism-pip-ca.pem"  # under /tmp like the wheel: no mount point left in the image
IDS_BEGIN, IDS_END = "=== prism test ids ===", "=== end of test ids ==="
ID_LINE = "prism-test-id "
FILE_TIME = 1577836800  # 2020-01-01: fixed, and after 1980 (wheel builders zip the files: flit, hatch)
# A plugin printing each collected id: pytest's own listing depends on the verbosity the project's addopts set
IDS_PLUGIN = (
    "def pytest_collection_finish(session):\n"
    "    for item in session.items:\n"
    f"        print({ID_LINE!r} + item.nodeid)\n"
)


@dataclass
class LibraryImage:
    ref: str
    present: bool
    size_bytes: int | None = None
    build_seconds: float | None = None  # None: not measured (built before the label existed)
    test_ids: list[str] | None = None


def installs_library(task: CodingTask) -> bool:
    """Library tasks with an install command run in an image of their own."""
    return task.task_kind.own_image(task)


def project_files(task: CodingTask) -> dict[str, str]:
    """Everything the install and the tests see besides the candidate's files: the project around
    the library and the hidden tests, at the paths they have in the repository."""
    test_dir = str(task.extra.get("test_dir") or "tests")
    project = dict(task.extra.get("project_files") or {})
    tests = {f"{test_dir}/{name.removeprefix('tests/')}": text for name, text in task.tests.items()}
    return {**project, **tests}


def hidden_test_paths(task: CodingTask) -> list[str]:
    """What pytest runs: the files of the published test ids when the task has them (pytest refuses to
    start on an id it cannot find, and ids with the date in their parameters never match: scoring picks
    the published ids out, counted_tests), else the test folder."""
    files = sorted({test_id.split("::", 1)[0] for test_id in task.extra.get("test_ids") or []})
    return files or [str(task.extra.get("test_dir") or "tests")]


def scm_version(task: CodingTask) -> str:
    """The release the import read from the repository's tags (for setuptools-scm), or ""."""
    source = task.extra.get("source") or {}
    return str(source.get("version") or "") if isinstance(source, dict) else ""


def library_image_ref(task: CodingTask) -> str:
    digest = hashlib.sha256()
    files = {**project_files(task), **task.extra["reference_files"]}
    date = task.extra.get("uploaded_prior_to")
    recipe = {
        "recipe": LIBRARY_IMAGE_RECIPE,
        "base": code_image_ref("python"),
        "install": task.extra.get("install"),
        "pip": task.extra.get("pip") or [],
        "pip_version": task.extra.get("pip_version"),
        **({"uploaded_prior_to": date} if date else {}),  # absent when unset: earlier images keep their names
        **({"apt": task.extra["apt"]} if task.extra.get("apt") else {}),  # the same
        "version": scm_version(task),
        "files": files,
    }
    digest.update(json.dumps(recipe, sort_keys=True).encode())
    name = "".join(c if c.isalnum() or c in "-_." else "-" for c in task.id.lower())
    return f"prism-desktop-lib-{name}:{digest.hexdigest()[:12]}"


def library_image(client: Any, task: CodingTask) -> LibraryImage:
    ref = library_image_ref(task)
    try:
        found = client.images.get(ref)
    except docker.errors.ImageNotFound:
        return LibraryImage(ref, present=False)
    labels = (found.attrs.get("Config") or {}).get("Labels") or {}
    seconds = labels.get(BUILD_SECONDS_LABEL)
    ids = labels.get(TEST_IDS_LABEL)
    return LibraryImage(
        ref,
        present=True,
        size_bytes=int(found.attrs.get("Size") or 0) or None,
        build_seconds=float(seconds) if seconds else None,
        test_ids=json.loads(ids) if ids else None,
    )


def _tar(files: dict[str, bytes], root: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(f"{root.strip('/')}/{name}")
            info.size, info.mode, info.mtime = len(data), 0o644, FILE_TIME
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def host_pip_wheel(folder: Path, version: str | None = None) -> Path:
    """A pip wheel (the newest, or `version`) fetched by the host's pip; runs as `python3 pip.whl/pip`."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
            str(folder),
            f"pip=={version}" if version else "pip",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    found = sorted(folder.glob("pip-*.whl"))
    if done.returncode != 0 or not found:
        raise ImageBuildError(f"the host's pip could not download pip: {done.stderr.strip()[-500:]}")
    return found[-1]


def install_script(task: CodingTask, test_paths: list[str]) -> str:
    """The shell script of the build container: Debian packages (Debian's archive, as the code image
    came from), extra packages, the install command, the test ids (of
    the paths the runs give pytest: chardet's published ids are in a root test.py, outside tests/)."""
    pip = f"python3 {PIP_WHEEL}/pip"
    install = str(task.extra["install"]).strip()
    if not install.startswith("pip "):
        raise ImageBuildError(f"the install command must start with `pip ` (as Commit-0's do): {install!r}")
    extra = " ".join(f"'{p}'" for p in task.extra.get("pip") or [])
    apt = " ".join(shlex.quote(p) for p in task.extra.get("apt") or [])  # names checked by libraries.py
    debian = (
        f"apt-get update -qq && apt-get install -y -qq --no-install-recommends {apt} >/dev/null"
        " && rm -rf /var/lib/apt/lists/*"
    )
    return "\n".join(
        [
            "set -eu",
            *([debian] if apt else []),
            f"cd {WORK_DIR}",
            *([f"{pip} install {extra}"] if extra else []),
            f"{pip} {install.removeprefix('pip ')}",
            f"{pip} install -U --ignore-installed {' '.join(EVAL_PACKAGES)}",
            f"mkdir -p /tmp/prism-ids && printf '%s' {shlex.quote(IDS_PLUGIN)} > /tmp/prism-ids/prism_ids.py",
            f"echo '{IDS_BEGIN}'",
            "PYTHONPATH=/tmp/prism-ids python3 -m pytest --collect-only -p prism_ids -p no:cacheprovider "
            f"{' '.join(shlex.quote(p) for p in test_paths)} || true",
            f"echo '{IDS_END}'",
            f"cd / && rm -rf {WORK_DIR}",
        ]
    )


def _test_ids(logs: str) -> list[str]:
    if IDS_BEGIN not in logs:
        return []
    block = logs.split(IDS_BEGIN, 1)[1].split(IDS_END, 1)[0]
    return [line.removeprefix(ID_LINE).strip() for line in block.splitlines() if line.startswith(ID_LINE)]


def build_library_image(task: CodingTask, progress: Progress = print) -> LibraryImage:
    """Build (or find) the image of `task`; ImageBuildError says why it could not be built."""
    try:
        client = connect()
    except ENGINE_ERRORS as exc:
        raise ImageBuildError(f"no Docker engine answers: {exc}") from exc
    existing = library_image(client, task)
    if existing.present:
        progress(f"{existing.ref} is there (built once, reused)")
        return existing
    base = code_image_ref("python")
    started = time.perf_counter()
    files = {
        name: data_bytes(text)
        for name, text in {**project_files(task), **task.extra["reference_files"]}.items()
    }
    ca = os.environ.get("PIP_CERT") or os.environ.get("REQUESTS_CA_BUNDLE")
    with tempfile.TemporaryDirectory(prefix="prism-pip-") as wheels:
        wheel = host_pip_wheel(Path(wheels), task.extra.get("pip_version"))
        # mounts, not volumes: a volume would be declared in the committed image's config
        mounts = [Mount(PIP_WHEEL, str(wheel), type="bind", read_only=True)]
        environment = {"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_BREAK_SYSTEM_PACKAGES": "1",
                       "PIP_ROOT_USER_ACTION": "ignore", "PIP_NO_CACHE_DIR": "1"}  # fmt: skip
        if task.extra.get("uploaded_prior_to"):  # every pip run of the build, build backends' too
            environment["PIP_UPLOADED_PRIOR_TO"] = str(task.extra["uploaded_prior_to"])
        if scm_version(task):
            environment["SETUPTOOLS_SCM_PRETEND_VERSION"] = scm_version(task)
        if ca and Path(ca).is_file():
            mounts.append(Mount(CA_FILE, ca, type="bind", read_only=True))
            environment["PIP_CERT"] = CA_FILE
        container = None
        try:
            container = client.containers.create(
                base,
                ["sh", "-c", install_script(task, hidden_test_paths(task))],
                user="root",
                network_mode="host",
                mounts=mounts,
                environment=environment,
                working_dir="/",
            )
            container.put_archive("/", _tar(files, str(WORK_DIR)))
            progress(f"installing {task.extra.get('package')} into {base} ({task.extra['install']})")
            container.start()
            status = int(container.wait(timeout=1800)["StatusCode"])
            logs = container.logs(stdout=True, stderr=True).decode("utf-8", "replace")
            if status != 0:
                raise ImageBuildError(f"the install failed (exit {status}):\n{logs[-3000:]}")
            ids = _test_ids(logs)
            seconds = round(time.perf_counter() - started, 1)
            repository, tag = library_image_ref(task).rsplit(":", 1)
            base_config = client.images.get(base).attrs.get("Config") or {}
            labels = {
                **(base_config.get("Labels") or {}),
                BUILD_SECONDS_LABEL: str(seconds),
                TEST_IDS_LABEL: json.dumps(ids),
            }
            container.commit(
                repository,
                tag,
                conf={
                    "Cmd": base_config.get("Cmd"),
                    "User": "",
                    "WorkingDir": base_config.get("WorkingDir"),
                    "Env": base_config.get("Env"),
                    "Labels": labels,
                },
            )
        except ENGINE_ERRORS as exc:
            raise ImageBuildError(f"the Docker engine failed while building: {exc}") from exc
        finally:
            if container is not None:
                container.remove(force=True)
    built = library_image(client, task)
    progress(f"built {built.ref} in {seconds} s, {len(ids)} test ids collected with the reference")
    return built
