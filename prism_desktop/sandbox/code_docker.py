"""Code-task runs (Python, TypeScript, Go) in Docker: one fresh container per run from the language's
image, confined like the BSL sandbox (container_options.confinement), with two differences the
runner needs: it starts as root holding only CAP_SETUID/CAP_SETGID/CAP_KILL (to run candidates as
another user and kill them), and it gets a private tmpfs the candidate cannot enter. The result comes
back through the nonce envelope in a directory only the host user (and so the runner) can open.

On an engine that cannot see this machine's folders (a team's scoring host, engine_files.py) nothing is
mounted from here: the app's code comes from the engine's code volume and each run's in/ and out/ are
copied into an anonymous volume before the start and the result copied back after the end, with the
same owners and modes as on disk."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import docker
import docker.errors
from docker.types import Ulimit

from prism_desktop.runs.code import RESULT_FORMAT, CodeRunResult, CodeRunSpec, spec_to_json
from prism_desktop.runs.onec import Limits
from prism_desktop.sandbox.backend import CancelToken, SandboxUnavailable, installed_package_dir
from prism_desktop.sandbox.code.context import PRIVATE_DIR
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.sandbox.container_options import IN_DIR, OUT_DIR, PYTHON, attach_run_folder, confinement
from prism_desktop.sandbox.engine_files import (
    EngineFilesError,
    code_volume,
    copies_files,
    fetch_result,
    private_run_files_tar,
    put_run_files,
)
from prism_desktop.sandbox.image import ENGINE_ERRORS, connect
from prism_desktop.sandbox.orphans import sweep_dead_owners
from prism_desktop.sandbox.output_cap import cap_text
from prism_desktop.sandbox.run_dir import new_nonce

RUNNER_MODULE = "prism_desktop.sandbox.code.runner"
OPEN_FILES = 4096  # compilers open many files at once
REMOVE_ATTEMPTS = 3
COMPILE_STEPS = 3  # the most compiler invocations a run makes (Go: build, vet, test -c)
RUN_ERRORS: tuple[type[BaseException], ...] = (*ENGINE_ERRORS, EngineFilesError)
RESULT_SLACK = 16 * 1024 * 1024  # a result may exceed 4 × the output cap by this much (tests, diagnostics)
# POSIX shared memory (sem_open, shm_open) for tests that lock across processes, e.g. multiprocessing.Lock;
# semaphores take bytes, so a few MiB; the tmpfs is charged to the container's memory limit as well
SHARED_MEMORY_MB = 16


@dataclass(frozen=True)
class CodeRunDir:
    root: Path
    in_dir: Path
    out_dir: Path
    spec: CodeRunSpec


@contextlib.contextmanager
def prepared_code_run_dir(spec: CodeRunSpec) -> Iterator[CodeRunDir]:
    """in/ and out/ private to the host user (mode 0700): the runner works as that user, the
    candidate's user can open neither."""
    root = Path(tempfile.mkdtemp(prefix="prism-code-"))
    try:
        in_dir, out_dir = root / "in", root / "out"
        in_dir.mkdir(mode=0o700)
        out_dir.mkdir(mode=0o700)
        written = replace(spec, nonce=new_nonce())
        (in_dir / "spec.json").write_text(spec_to_json(written), encoding="utf-8")
        yield CodeRunDir(root, in_dir, out_dir, written)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def wall_deadline(spec: CodeRunSpec) -> float:
    limits = spec.limits
    return COMPILE_STEPS * limits.compile_timeout_s + limits.run_timeout_s + limits.wall_slack_s


def code_run_options(
    spec: CodeRunSpec, package_dir: Path, run_dir: CodeRunDir, volume: str | None = None
) -> dict[str, Any]:
    """`volume`: the engine's code volume when files are copied (engine_files.py); the run's folder
    is then an anonymous volume at RUN_ROOT instead of bind mounts of `run_dir`."""
    limits = spec.limits
    shared = Limits(
        memory_mb=limits.memory_mb, cpus=limits.cpus, pids=limits.pids, tmpfs_mb=limits.tmpfs_mb,
        output_bytes=limits.output_bytes,
    )  # fmt: skip
    options = confinement(shared, package_dir, code_volume=volume)
    options["user"] = "0:0"
    options["cap_add"] = ["SETUID", "SETGID", "KILL"]  # and nothing else: cap_drop ALL stays
    uid, gid = os.geteuid(), os.getegid()
    options["tmpfs"] = {
        # exec: a Go test binary is built there and run (candidate code is native code anyway)
        "/tmp": f"size={limits.tmpfs_mb}m,mode=1777,exec,nosuid,nodev",
        str(PRIVATE_DIR): f"size=32m,mode=0700,uid={uid},gid={gid},nosuid,nodev",
        # the container's own (ipc_mode "none": no IPC namespace shared, so docker mounts no /dev/shm)
        "/dev/shm": f"size={SHARED_MEMORY_MB}m,mode=1777,noexec,nosuid,nodev",
    }
    options["ulimits"] = [u for u in options["ulimits"] if u.name != "nofile"] + [
        Ulimit(name="nofile", soft=OPEN_FILES, hard=OPEN_FILES)
    ]
    attach_run_folder(options, run_dir.in_dir, run_dir.out_dir, copied=volume is not None)
    options["command"] = [
        PYTHON,
        "-s",
        "-B",
        "-m",
        RUNNER_MODULE,
        "--spec",
        f"{IN_DIR}/spec.json",
        "--out",
        OUT_DIR,
    ]
    return options


class CodeDockerBackend:
    name = "docker"
    isolated = True

    def __init__(
        self,
        client: docker.DockerClient,
        package_dir: Path | None = None,
        copy_files: bool | None = None,
        languages: tuple[str, ...] = (),
        sweep_orphans: bool = True,
    ):
        """`copy_files` (None: unless the engine is this machine's, engine_files.copies_files): the
        app's code from the engine's code volume, filled with the image of the first of `languages`
        present (every code image has the same python3). `sweep_orphans`: remove the containers of
        dead owners first, as every backend does (orphans.py)."""
        self.client = client
        self.orphans_removed = sweep_dead_owners(client) if sweep_orphans else 0
        self.package_dir = package_dir or installed_package_dir()
        self.code_volume: str | None = None
        if copy_files if copy_files is not None else copies_files(client):
            present = [code_image(client, lang) for lang in (*languages, "python", "typescript", "go")]
            helper = next((image.ref for image in present if image.present), None)
            if helper is None:
                raise SandboxUnavailable("Docker sandbox unavailable: no code image on the engine")
            try:
                self.code_volume = code_volume(
                    client, helper, self.package_dir, confinement(Limits(), self.package_dir)
                )
            except EngineFilesError as exc:
                raise SandboxUnavailable(f"Docker sandbox unavailable: {exc}") from exc

    @classmethod
    def connect(cls, languages: tuple[str, ...] = ()) -> CodeDockerBackend:
        """A backend on a reachable engine with the images of `languages`, else SandboxUnavailable."""
        try:
            client = connect()
        except ENGINE_ERRORS as exc:
            raise SandboxUnavailable(f"Docker sandbox unavailable: no engine answers ({exc})") from exc
        missing = [code_image(client, lang).ref for lang in languages if not code_image(client, lang).present]
        if missing:
            raise SandboxUnavailable(
                f"Docker sandbox unavailable: image(s) {', '.join(missing)} missing; "
                "build them with `prism-desktop sandbox build --code`"
            )
        return cls(client, languages=languages)

    def describe(self) -> str:
        files = ", files copied through the engine's API" if self.code_volume else ""
        return "docker, code images " + ", ".join(
            f"{image.ref} ({image.toolchain or 'missing'})"
            for image in map(self._image, ("python", "typescript", "go"))
        ) + files

    def _image(self, language: str) -> Any:
        return code_image(self.client, language)

    def run(self, spec: CodeRunSpec, cancel: CancelToken | None = None) -> CodeRunResult:
        cancel = cancel or CancelToken()
        started = time.perf_counter()
        with prepared_code_run_dir(spec) as run_dir:
            container = None
            try:
                container = self.client.containers.create(
                    spec.image or code_image(self.client, spec.language).ref,
                    **code_run_options(spec, self.package_dir, run_dir, self.code_volume),
                )
                if self.code_volume is not None:
                    spec_bytes = (run_dir.in_dir / "spec.json").read_bytes()
                    put_run_files(container, private_run_files_tar(spec_bytes, os.geteuid()))
                deadline_hit, exit_code, logs = self._start_and_wait(container, spec, cancel)
                if self.code_volume is not None:
                    fetch_result(container, run_dir.out_dir, 4 * spec.limits.output_bytes + RESULT_SLACK)
            except RUN_ERRORS as exc:
                return CodeRunResult(
                    spec.run_id, "infra_error", spec.language, infra_detail=f"the Docker engine failed: {exc}"
                )
            finally:
                if container is not None:
                    _remove(container)
            result = _read_result(run_dir, spec.limits.output_bytes)
            return _finish(
                result,
                run_dir,
                deadline_hit,
                exit_code,
                logs,
                cancel.cancelled,
                time.perf_counter() - started,
            )

    def _start_and_wait(
        self, container: Any, spec: CodeRunSpec, cancel: CancelToken
    ) -> tuple[bool, int | None, str]:
        deadline = wall_deadline(spec)
        deadline_hit, exit_code = False, None
        with cancel.on_cancel(lambda: container.kill()):
            container.start()
            mark = time.perf_counter()
            try:
                exit_code = int(container.wait(timeout=deadline)["StatusCode"])
            except ENGINE_ERRORS:
                if time.perf_counter() - mark < deadline - 0.5:
                    raise
                deadline_hit = True
                with contextlib.suppress(docker.errors.APIError):
                    container.kill()
        logs = container.logs(stdout=True, stderr=True).decode("utf-8", "replace")
        return deadline_hit, exit_code, cap_text(logs, spec.limits.output_bytes)


def _remove(container: Any) -> None:
    """Remove the container, trying again when a busy engine times out (a leftover is swept by the
    next backend to start once this process is gone: orphans.py)."""
    for attempt in range(REMOVE_ATTEMPTS):
        try:
            container.remove(force=True, v=True)  # v: with the anonymous run volume of a copied run
            return
        except docker.errors.NotFound:
            return
        except ENGINE_ERRORS:
            time.sleep(1 + attempt)


def _read_result(run_dir: CodeRunDir, output_bytes: int) -> tuple[CodeRunResult | None, bool, str | None]:
    """(result, complete, why rejected) from the envelope; nothing is taken without the run's nonce."""
    path = run_dir.out_dir / "result.json"
    try:
        if path.stat().st_size > 4 * output_bytes + RESULT_SLACK:
            return None, False, "the result file is too large"
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, False, "the runner wrote no result"
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, False, f"the result is not JSON ({exc})"
    if not isinstance(data, dict) or data.get("format") != RESULT_FORMAT:
        return None, False, "the result has the wrong format"
    if data.get("nonce") != run_dir.spec.nonce:
        return None, False, "nonce does not match this run; result rejected"
    try:
        return CodeRunResult.from_dict(data["result"]), bool(data.get("complete")), None
    except (KeyError, TypeError) as exc:
        return None, False, f"the result is malformed ({exc})"


def _finish(
    read: tuple[CodeRunResult | None, bool, str | None],
    run_dir: CodeRunDir,
    deadline_hit: bool,
    exit_code: int | None,
    logs: str,
    cancelled: bool,
    seconds: float,
) -> CodeRunResult:
    result, complete, rejected = read
    spec = run_dir.spec
    base = result or CodeRunResult(spec.run_id, "ok", spec.language)
    base = replace(base, run_id=spec.run_id, language=spec.language, isolated=True, stderr=logs)
    if cancelled:
        return replace(base, status="cancelled", infra_detail="the run was cancelled")
    if deadline_hit:
        return replace(
            base,
            status="timeout",
            infra_detail=f"wall-clock deadline of {wall_deadline(spec):g} s passed; the run was killed",
        )
    if result is not None and complete:
        return replace(base, seconds=base.seconds or round(seconds, 3))
    if exit_code == 137:
        return replace(
            base,
            status="killed",
            infra_detail=f"the runner was killed (memory limit of {spec.limits.memory_mb} MB?)",
        )
    return replace(
        base,
        status="infra_error",
        infra_detail=f"the runner exited with code {exit_code} without a result ({rejected}): {logs[-600:]}",
    )
