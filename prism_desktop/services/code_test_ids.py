"""The test ids a coding task's hidden tests hold — the only tests a run of that task counts. They are
established outside any candidate's reach: a collection pass in the task's sandbox image with the
task's reference in place of an answer (pytest --collect-only, node:test declaring without running, the
Go test functions of the hidden files), cached on disk by a hash of the task's tests, its reference and
the image's toolchain, so each task is collected once per image."""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from prism_desktop.errors import InputError
from prism_desktop.locations import cache_dir
from prism_desktop.runs.code import CodeLimits, CodeRunSpec
from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.sandbox.code_images import code_image
from prism_desktop.services.code_candidates import candidate_files, reference_answer, run_layout
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.coding_task import data_bytes

COLLECTION_FORMAT = "prism-desktop.code-test-ids/1"  # change it when the ids' spelling changes


class TestListError(InputError):
    """The task's tests could not be collected with its reference (a fault of the task, not an answer's)."""

    __test__ = False


def default_cache() -> Path:
    return cache_dir() / "code-test-ids"


class TaskTestIds:
    """`ids(task)`: the task's test ids, collected at most once per process and per cache."""

    def __init__(self, backend: CodeDockerBackend, cache: Path | None = None):
        self.backend = backend
        self.cache = cache or default_cache()
        self._known: dict[str, list[str]] = {}
        self._lock = threading.Lock()
        self._task_locks: dict[str, threading.Lock] = {}

    def key(self, task: CodingTask) -> str:
        toolchain = code_image(self.backend.client, task.language).toolchain or ""
        reference = reference_answer(task) or ""
        task_files, test_files, image = run_layout(task)
        parts = [COLLECTION_FORMAT, task.language, toolchain, image, reference, *test_files]
        parts += [f"{name}\0{text}" for name, text in sorted(task_files.items())]
        return hashlib.sha256(data_bytes("\0\0".join(parts))).hexdigest()  # data files: any bytes

    def ids(self, task: CodingTask) -> list[str]:
        key = self.key(task)
        with self._lock:
            task_lock = self._task_locks.setdefault(key, threading.Lock())
        with task_lock:  # concurrent runs of one task wait for one collection
            if key not in self._known:
                self._known[key] = self._cached(key) or self._collect(task, key)
            return list(self._known[key])

    def _cached(self, key: str) -> list[str] | None:
        try:
            data = json.loads((self.cache / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        ids = data.get("ids") if isinstance(data, dict) else None
        if isinstance(ids, list) and ids and all(isinstance(name, str) for name in ids):
            return ids
        return None

    def _collect(self, task: CodingTask, key: str) -> list[str]:
        files, candidates, problem = candidate_files(task, reference_answer(task) or "")
        if files is None:
            raise TestListError(f"{task.id}: its reference cannot be used to collect the tests ({problem})")
        task_files, test_files, image = run_layout(task)
        spec = CodeRunSpec(
            run_id=f"collect-{task.id}",
            language=task.language,
            files={**task_files, **files},
            candidate_files=candidates,
            limits=CodeLimits(per_test_timeout_s=task.timeout_s),
            test_files=test_files,
            collect_only=True,
            image=image,
        )
        result = self.backend.run(spec)
        if result.status != "ok" or not result.collected or result.tests_detail:
            why = result.tests_detail or result.infra_detail or f"the collection pass ended {result.status}"
            if result.compile is not None and not result.compile.ok:
                why = f"the reference does not compile: {result.compile.output[-500:]}"
            raise TestListError(f"{task.id}: the hidden tests could not be collected: {why[-1500:]}")
        self.cache.mkdir(parents=True, exist_ok=True)
        path = self.cache / f"{key}.json"
        temp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        temp.write_text(
            json.dumps({"task": task.id, "ids": result.collected}, ensure_ascii=False), encoding="utf-8"
        )
        temp.replace(path)
        return list(result.collected)
