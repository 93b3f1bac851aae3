"""Candidate runs in Docker containers: one container per run, confined (container_options.py), killed
at the wall-clock deadline, always removed; an engine failure becomes an infra_error result."""

from __future__ import annotations

import contextlib
import shutil
import threading
import time
from pathlib import Path

import docker
import docker.errors
from docker.models.containers import Container

from prism_desktop.runs.onec import Limits, RunResult, RunSpec, Timings
from prism_desktop.sandbox.backend import CancelToken, ProbeResult, SandboxUnavailable, installed_package_dir
from prism_desktop.sandbox.bytecode_cache import (
    WARM_UP_TIMEOUT_S,
    cache_root,
    package_fingerprint,
    private_dir,
    read_stamp,
    write_stamp,
)
from prism_desktop.sandbox.container_options import (
    confinement,
    probe_options,
    run_options,
    warm_up_options,
)
from prism_desktop.sandbox.engine_files import (
    EngineFilesError,
    code_volume,
    copies_files,
    fetch_result,
    put_run_files,
    run_files_tar,
)
from prism_desktop.sandbox.image import ENGINE_ERRORS, IMAGE_REF, connect, engine_status
from prism_desktop.sandbox.orphans import sweep_dead_owners
from prism_desktop.sandbox.outcome import ProcessEnd, build_result, result_file_limit
from prism_desktop.sandbox.output_cap import cap_text
from prism_desktop.sandbox.run_dir import SANDBOX_UID, prepared_run_dir, wall_deadline

DEADLINE_GRACE_S = 0.5  # a wait that failed this close to the deadline is the deadline, not the engine


class DockerBackend:
    name = "docker"
    isolated = True

    def __init__(
        self,
        client: docker.DockerClient,
        image: str = IMAGE_REF,
        package_dir: Path | None = None,
        sweep_orphans: bool = True,
        bytecode_root: Path | None = None,
        copy_files: bool | None = None,
    ):
        """`bytecode_root`: where compiled bytecode for the sandbox is cached (default: the user's
        cache folder); when it cannot be prepared, runs compile from source (slower, same results).
        An engine that cannot see this machine's folders (engine_files.py) gets the package in a
        volume of its own and each run's files copied in and out. `copy_files` decides it (None:
        copy unless the engine is on this machine, see engine_files.copies_files)."""
        self.client = client
        self.image = image
        self.package_dir = package_dir or installed_package_dir()
        self.engine_version = str(client.version().get("Version", "?"))
        self._stranded: set[str] = set()  # containers the engine could not remove when they ended
        self._stranded_lock = threading.Lock()
        self.orphans_removed = self.remove_orphans() if sweep_orphans else 0
        self.code_volume: str | None = None  # set when files are copied rather than mounted
        self.bytecode_dir: Path | None = None
        if copy_files if copy_files is not None else copies_files(client):
            try:
                self.code_volume = code_volume(
                    client, image, self.package_dir, confinement(Limits(), self.package_dir)
                )
            except EngineFilesError as exc:
                raise SandboxUnavailable(f"Docker sandbox unavailable: {exc}") from exc
        else:
            self.bytecode_dir = self._prepare_bytecode(bytecode_root or cache_root())

    @classmethod
    def connect(
        cls,
        package_dir: Path | None = None,
        image: str = IMAGE_REF,
        client: docker.DockerClient | None = None,
    ) -> DockerBackend:
        """A backend on a reachable engine with the image present, else SandboxUnavailable saying why."""
        try:
            client = client or connect()
        except ENGINE_ERRORS as exc:
            raise SandboxUnavailable(f"Docker sandbox unavailable: {engine_status().error or exc}") from exc
        status = engine_status(client, image)
        if not status.reachable:
            raise SandboxUnavailable(f"Docker sandbox unavailable: {status.error}")
        if not status.image_present:
            raise SandboxUnavailable(
                f"Docker sandbox unavailable: the image {image} is missing; "
                "build it with `prism-desktop sandbox build`"
            )
        return cls(client, image=image, package_dir=package_dir)

    def describe(self) -> str:
        files = ", files copied through the engine's API" if self.code_volume else ""
        return f"docker {self.engine_version}, image {self.image}{files}"

    def remove_orphans(self) -> int:
        """Remove sandbox containers left by a crashed app (their creating process is gone)."""
        return sweep_dead_owners(self.client)

    def _prepare_bytecode(self, root: Path) -> Path | None:
        """The bytecode cache for this image and package state, compiled by a warm-up container
        when the stamp shows it is missing or out of date; None when that failed."""
        image_id = str(self.client.images.get(self.image).id).split(":")[-1][:16]
        try:
            directory = private_dir(root / f"docker-{image_id}", SANDBOX_UID)
        except OSError:
            return None
        stamp = {"image": image_id, "package": package_fingerprint(self.package_dir)}
        if read_stamp(directory) == stamp:
            return directory
        for stale in root.glob("docker-*"):  # caches of images since replaced
            if stale != directory:
                shutil.rmtree(stale, ignore_errors=True)
        container: Container | None = None
        try:
            container = self.client.containers.create(
                self.image, **warm_up_options(self.package_dir, directory)
            )
            container.start()
            exit_code = int(container.wait(timeout=WARM_UP_TIMEOUT_S)["StatusCode"])
        except ENGINE_ERRORS:
            exit_code = -1
        finally:
            if container is not None:
                self._remove(container)
        if exit_code != 0:
            return None
        write_stamp(directory, stamp)
        return directory

    def run(self, spec: RunSpec, cancel: CancelToken | None = None) -> RunResult:
        cancel = cancel or CancelToken()
        timings = Timings()
        with prepared_run_dir(spec) as run_dir:
            container: Container | None = None
            end: ProcessEnd | None = None
            failure: str | None = None
            try:
                mark = time.perf_counter()
                options = run_options(
                    spec.limits, self.package_dir, run_dir, self.bytecode_dir, self.code_volume
                )
                container = self.client.containers.create(self.image, **options)
                if self.code_volume is not None:
                    put_run_files(container, run_files_tar(run_dir))
                timings.create = time.perf_counter() - mark
                end = self._start_and_wait(container, spec, cancel, timings)
                if self.code_volume is not None:
                    mark = time.perf_counter()
                    fetch_result(container, run_dir.out_dir, result_file_limit(spec.limits))
                    timings.collect = (timings.collect or 0.0) + time.perf_counter() - mark
            except ENGINE_ERRORS as exc:
                failure = f"the Docker engine failed during the run: {type(exc).__name__}: {exc}"
            except EngineFilesError as exc:
                failure = f"the Docker engine failed during the run: {exc}"
            finally:
                if container is not None:
                    mark = time.perf_counter()
                    if self._remove(container):
                        timings.remove = time.perf_counter() - mark
            if failure is not None or end is None:
                return RunResult(
                    spec.run_id,
                    status="infra_error",
                    runner=self.name,
                    isolated=self.isolated,
                    engine_version="",
                    timings=timings,
                    infra_detail=failure,
                )
            mark = time.perf_counter()
            result = build_result(
                run_dir, end, runner=self.name, isolated=self.isolated, timings=timings
            ).result
            timings.collect = (timings.collect or 0.0) + time.perf_counter() - mark
            return result

    def _start_and_wait(
        self, container: Container, spec: RunSpec, cancel: CancelToken, timings: Timings
    ) -> ProcessEnd:
        deadline = wall_deadline(spec)
        deadline_hit = False
        exit_code: int | None = None
        with cancel.on_cancel(lambda: container.kill()):
            mark = time.perf_counter()
            container.start()
            timings.start = time.perf_counter() - mark
            if cancel.cancelled:  # cancelled between create and start: the hook found nothing running
                container.kill()
            mark = time.perf_counter()
            try:
                exit_code = int(container.wait(timeout=deadline)["StatusCode"])
            except ENGINE_ERRORS:
                if time.perf_counter() - mark < deadline - DEADLINE_GRACE_S:
                    raise  # the engine went away, not the deadline
                deadline_hit = True
                with contextlib.suppress(docker.errors.APIError):
                    container.kill()
            timings.run = time.perf_counter() - mark
        mark = time.perf_counter()
        state = container.client.api.inspect_container(container.id)["State"]
        limit = spec.limits.output_bytes
        end = ProcessEnd(
            exit_code=None if deadline_hit else exit_code,
            stdout=cap_text(container.logs(stdout=True, stderr=False).decode("utf-8", "replace"), limit),
            stderr=cap_text(container.logs(stdout=False, stderr=True).decode("utf-8", "replace"), limit),
            deadline_hit=deadline_hit,
            cancelled=cancel.cancelled,
            oom_killed=bool(state.get("OOMKilled")),
        )
        timings.collect = time.perf_counter() - mark
        return end

    def _remove(self, container: Container) -> bool:
        """Remove the container; False when the engine is gone: it is then remembered for
        remove_stranded(), and a later start-up sweeps it if this process is gone by then."""
        try:
            container.remove(force=True, v=True)  # with the run's anonymous volume (copy mode)
            return True
        except docker.errors.NotFound:
            return True
        except ENGINE_ERRORS:
            with self._stranded_lock:
                self._stranded.add(container.id)
            return False

    @property
    def stranded(self) -> set[str]:
        with self._stranded_lock:
            return set(self._stranded)

    def remove_stranded(self) -> int:
        """Once the engine answers again: remove the containers it could not remove before."""
        removed = 0
        for container_id in self.stranded:
            try:
                self.client.api.remove_container(container_id, force=True, v=True)
            except docker.errors.NotFound:
                pass
            except ENGINE_ERRORS:
                continue
            with self._stranded_lock:
                self._stranded.discard(container_id)
            removed += 1
        return removed

    def probe(self, code: str, limits: Limits | None = None, timeout_s: float = 30.0) -> ProbeResult:
        limits = limits or Limits()
        container = self.client.containers.create(
            self.image, **probe_options(limits, self.package_dir, code, self.bytecode_dir, self.code_volume)
        )
        try:
            container.start()
            timed_out = False
            try:
                exit_code: int | None = int(container.wait(timeout=timeout_s)["StatusCode"])
            except ENGINE_ERRORS:
                timed_out, exit_code = True, None
                with contextlib.suppress(docker.errors.APIError):
                    container.kill()
            return ProbeResult(
                exit_code=exit_code,
                stdout=cap_text(container.logs(stdout=True, stderr=False).decode("utf-8", "replace"), 65536),
                stderr=cap_text(container.logs(stdout=False, stderr=True).decode("utf-8", "replace"), 65536),
                timed_out=timed_out,
            )
        finally:
            self._remove(container)
