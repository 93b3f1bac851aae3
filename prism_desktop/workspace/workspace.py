"""A PRISM-format workspace: `metrics/`, `tasks/` and `results/` under one root. A PRISM checkout
opens as it is.

Opening reads the protocols and the whole task bank, all or nothing. Result files are only listed;
each is read on first use (again whole or not at all) and kept until it changes on disk."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .compat import compat_hash, compat_lines
from .errors import Problem, ProblemCollector, WorkspaceError
from .paths import links_leaving
from .protocol import Protocols
from .protocol_loader import load_protocols
from .results import Experiment, ScoreFile
from .results_loader import load_experiment, load_score_file
from .tags import load_tag_vocabulary
from .task_loader import load_task_bank
from .tasks import TagVocabulary, Task

METRICS_DIR = "metrics"
TASKS_DIR = "tasks"
TAGS_FILE = "tags.yaml"
RESULTS_DIR = "results"
EXPERIMENT_GLOB = "experiment_*.json"
AUTO_GLOB = "auto/*_auto_l1.json"
EXPERT_GLOB = "evaluations/*_expert_*.json"

T = TypeVar("T")

if TYPE_CHECKING:
    from .coding import CodingTask


class Workspace:
    """Construct with `Workspace.open(path)`. The other benchmark kinds are subclasses (the coding
    bench's CodingBenchWorkspace, the 1C Code Bench's OneCBenchView); services/benchmark_kinds.py
    recognises a folder's kind and opens it with its reader."""

    kind = "prism"  # the kind's name in services/benchmark_kinds.py
    # What generation (a layer below the registry) needs of the kind: a published benchmark's
    # tasks span its categories, so one generation may take every task (the category ""), its tasks
    # lie under its root, and it uses the app's generation settings when it has none of its own.
    spans_categories = False

    def __init__(
        self, root: Path, protocols: Protocols, tag_vocabulary: TagVocabulary, tasks: tuple[Task, ...]
    ):
        self.root = root
        self.protocols = protocols
        self.tag_vocabulary = tag_vocabulary
        self.tasks = tasks  # bank order: sorted by task.yaml path
        self._by_id = {task.id: task for task in tasks}
        self._cache: dict[Path, tuple[tuple[int, int], Any]] = {}
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path | str) -> Workspace:
        """Read metrics/ and tasks/; raises WorkspaceError carrying every problem found."""
        root = Path(path).resolve()
        protocols, vocabulary, tasks, problems = _load_core(root)
        if problems or protocols is None or vocabulary is None or tasks is None:
            raise WorkspaceError(problems)
        return cls(root, protocols, vocabulary, tasks)

    # -- tasks ------------------------------------------------------------------------------------

    def task(self, task_id: str) -> Task:
        """The task with this id; KeyError naming the id when there is none."""
        try:
            return self._by_id[task_id]
        except KeyError:
            raise KeyError(f"no task {task_id!r} in {self.root / TASKS_DIR}") from None

    def compat_hash(self) -> str:
        """PRISM's compat_hash of this bank and protocol (see compat.py)."""
        return compat_hash(self.tasks, self.protocols.constitution.version, self.protocols.l1.version)

    def task_versions(self) -> dict[str, str]:
        """Task id -> sha256 of its files' line in compat_lines ("<id>|<file>:<sha256>,…")."""
        lines = compat_lines(self.tasks, self.protocols.constitution.version, self.protocols.l1.version)
        return {
            line.split("|", 1)[0]: hashlib.sha256(line.split("|", 1)[1].encode("utf-8")).hexdigest()
            for line in lines[2:]
        }

    @property
    def categories(self) -> tuple[str, ...]:
        """The task categories runs of this workspace may have."""
        return ("A", "B")

    def run_category(self, experiment_category: str, task_id: str) -> str:
        """The category a run of `task_id` is stored under: the experiment's."""
        return experiment_category

    def code_task(self, task_id: str) -> CodingTask | None:
        """The Python/TypeScript/Go or library task behind `task_id`; None in a PRISM (1C) workspace."""
        return None

    def task_languages(self) -> dict[str, str] | None:
        """Task id -> language of a coding workspace; None for 1C tasks."""
        return None

    # -- result files -----------------------------------------------------------------------------

    @property
    def results_dir(self) -> Path:
        return self.root / RESULTS_DIR

    def experiment_paths(self) -> list[Path]:
        """results/experiment_*.json, sorted; listed afresh on every call."""
        return _files(self.results_dir, EXPERIMENT_GLOB)

    def auto_paths(self) -> list[Path]:
        """results/auto/*_auto_l1.json, sorted."""
        return _files(self.results_dir, AUTO_GLOB)

    def expert_paths(self) -> list[Path]:
        """results/evaluations/*_expert_*.json, sorted."""
        return _files(self.results_dir, EXPERT_GLOB)

    def score_paths(self) -> list[Path]:
        """Auto files, then expert files."""
        return self.auto_paths() + self.expert_paths()

    def experiment(self, path: Path) -> Experiment:
        """The experiment file at `path` (raises WorkspaceError when it is broken)."""
        return self._cached(Path(path), load_experiment)

    def score_file(self, path: Path) -> ScoreFile:
        """The auto or expert file at `path` (raises WorkspaceError when it is broken)."""
        return self._cached(Path(path), load_score_file)

    def _cached(self, path: Path, load: Callable[[Path], T]) -> T:
        try:
            stat = path.stat()
        except OSError:
            raise WorkspaceError(Problem(path, message="file not found")) from None
        signature = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            hit = self._cache.get(path)
            if hit is not None and hit[0] == signature:
                return hit[1]
        loaded = load(path)
        with self._lock:
            self._cache[path] = (signature, loaded)
        return loaded

    # -- validation -------------------------------------------------------------------------------

    def validate(self) -> list[Problem]:
        """Every problem in the workspace as it is on disk now: protocols, tags, tasks and every
        result file. An empty list means it is all readable."""
        collector = ProblemCollector()
        collector.problems.extend(_load_core(self.root)[3])
        for path in self.experiment_paths():
            collector.attempt(partial(load_experiment, path))
        for path in self.score_paths():
            collector.attempt(partial(load_score_file, path))
        return collector.problems


def _files(directory: Path, pattern: str) -> list[Path]:
    return sorted(p for p in directory.glob(pattern) if p.is_file())


def _load_core(
    root: Path,
) -> tuple[Protocols | None, TagVocabulary | None, tuple[Task, ...] | None, list[Problem]]:
    """Protocols, tag vocabulary and task bank, each None when broken, plus all their problems."""
    if not root.is_dir():
        return None, None, None, [Problem(root, message="not a folder", expected="a PRISM workspace folder")]
    collector = ProblemCollector()
    attempt = collector.attempt
    problems = collector.problems
    for needed in (METRICS_DIR, TASKS_DIR):
        if not (root / needed).is_dir():
            problems.append(
                Problem(
                    root / needed,
                    message="folder missing",
                    expected=f"a PRISM workspace with {METRICS_DIR}/ and {TASKS_DIR}/",
                )
            )
    problems.extend(links_leaving(root, (METRICS_DIR, TASKS_DIR, RESULTS_DIR)))
    if problems:
        return None, None, None, problems
    protocols = attempt(lambda: load_protocols(root / METRICS_DIR))
    vocabulary = attempt(lambda: load_tag_vocabulary(root / TASKS_DIR / TAGS_FILE))
    # With a broken tags.yaml the tasks are still read, so their own problems show up too.
    tasks = attempt(lambda: load_task_bank(root / TASKS_DIR, vocabulary))
    return protocols, vocabulary, tasks, problems
