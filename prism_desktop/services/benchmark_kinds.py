"""The benchmark kinds, in one registry: PRISM's own 1C benchmark (metrics/ and tasks/), the coding
bench (dataset/ and libraries/: Python, TypeScript and Go function tasks, Commit-0 style library
tasks) and the 1C Code Bench (config_spec.yaml and processings under tasks/). Each kind supplies how
it is recognised, how its folder is read into a Workspace, how Level 1 scores its runs, what the
review shows of a run and what the store's review calls the measured code. The callers ask
`kind_of(workspace)` or `open_workspace(path)`; no other module branches on the kind.

Layers below the services cannot import this registry; they ask the Workspace the kind's reader
built (`Workspace.spans_categories` for generation, `Workspace.code_task` for code tasks) or the
task kind of a coding task (workspace/task_kinds.py). The CLI's `check`/`score`/`report` handlers
stay in the CLI, keyed by kind name (cli/workspace_kinds.py).

To add a kind: a reader that turns its folder into a Workspace subclass with its own `kind` name,
a Level 1 entry, and a BenchmarkKind in KINDS before the kinds its folder could be mistaken for."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from prism_desktop.runs.code import CodeRunResult
from prism_desktop.runs.onec import RunResult
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.scoring.extraction import extract_code
from prism_desktop.services.code_level1 import CodeLevel1Runner
from prism_desktop.services.code_review import code_candidate, code_diagnostic_lines, reference_file_name
from prism_desktop.services.level1 import Level1Runner
from prism_desktop.services.onec_level1 import OneCLevel1Runner
from prism_desktop.services.onec_workspace import OneCBenchView
from prism_desktop.services.task_kinds import run_task_kind
from prism_desktop.workspace.coding import DATASET_DIR, LIBRARIES_DIR, is_coding_workspace
from prism_desktop.workspace.coding_bench import CodingBenchWorkspace
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.onec_bench import is_onec_bench_workspace
from prism_desktop.workspace.results import Generation
from prism_desktop.workspace.workspace import Workspace

Measured = RunResult | CodeRunResult | None  # the 1C sandbox's or a code image's measurements
OnScored = Callable[[Generation, Any, dict[str, Any]], None]
# (workspace, generations, on_scored, sandbox setting, jobs, cancel) -> None
Level1Entry = Callable[[Any, Sequence[Generation], OnScored, str, int | None, threading.Event | None], None]


@dataclass(frozen=True)
class RunPanes:
    """What the review shows of one run, as its kind decides."""

    language: str  # the code panes' lexer: bsl | python | typescript | go
    reference_name: str | None  # the reference pane's title (a file or a package)
    candidate_name: str | None
    candidate_text: str  # the candidate as the machine measured it
    candidate_problem: str | None  # why no candidate could be built from the answer
    logs: Literal["1c", "code"]  # which logs the run has: the 1C sandbox's, or compile and tests
    diagnostics: list[tuple[int, str, str]] | None  # (line, severity, message); None: the 1C run record's
    task_label: str | None  # a code task's language, or "library"; None for 1C tasks
    test_count: int | None  # a code task's hidden tests
    timeout_s: float | None  # per test
    gate: tuple[str, ...]  # a library task's lint/type tools, reported apart from the scores


@dataclass(frozen=True)
class BenchmarkKind:
    name: str  # Workspace.kind, and the kind the store's snapshot keeps
    detect: Callable[[Path], bool]
    open: Callable[[Path], Workspace]
    score_level1: Level1Entry
    panes: Callable[[Workspace, str, str, str, dict[str, Any] | None], RunPanes]  # task, answer, code, auto
    measured_code: Callable[[str, str, str | None], str]  # (answer, run category, language) -> code
    debugs: bool = False  # the Debug tab runs its tasks' 1C code on the BSL engine (PRISM's only)


def _onec_panes(
    workspace: Workspace, task_id: str, response: str, candidate_code: str, auto_run: dict[str, Any] | None
) -> RunPanes:
    try:  # a 1C Code Bench task names the module its reference function comes from
        reference = workspace.task(task_id).extra.get("reference_file")
    except KeyError:  # a run of a task the workspace no longer has
        reference = None
    return RunPanes("bsl", reference, None, candidate_code, None, "1c", None, None, None, None, ())


def _code_panes(
    workspace: Workspace, task_id: str, response: str, candidate_code: str, auto_run: dict[str, Any] | None
) -> RunPanes:
    task = workspace.code_task(task_id)
    if task is None:  # a run of a task the workspace no longer has: shown as stored
        return _onec_panes(workspace, task_id, response, candidate_code, auto_run)
    candidate = code_candidate(task, response)
    kind = task.task_kind
    return RunPanes(
        task.language, reference_file_name(task), candidate.file_name, candidate.text, candidate.problem,
        "code", code_diagnostic_lines(task, auto_run), kind.group(task), task.test_count, task.timeout_s,
        tuple(kind.gate(task)),
    )  # fmt: skip


def _onec_code(response: str, category: str, language: str | None) -> str:
    return extract_code(response)


def _coding_code(response: str, category: str, language: str | None) -> str:
    if language is None:  # the snapshot does not know the task
        return extract_code(response)
    return run_task_kind(category).measured_code(response, language)


def _score_prism(
    workspace: Workspace, generations: Sequence[Generation], on_scored: OnScored, sandbox: str,
    jobs: int | None, cancel: threading.Event | None,
) -> None:  # fmt: skip
    Level1Runner.open(workspace, sandbox, jobs).score(generations, on_scored=on_scored, cancel=cancel)


def _score_coding(
    workspace: CodingBenchWorkspace, generations: Sequence[Generation], on_scored: OnScored, sandbox: str,
    jobs: int | None, cancel: threading.Event | None,
) -> None:  # fmt: skip
    # Python, TypeScript, Go and library tasks: the language images only, never unisolated.
    if sandbox == "local":
        raise SandboxUnavailable("code tasks run only in Docker containers (the sandbox setting is local)")
    coding = workspace.coding
    tasks = [coding.task(g.task_id) for g in generations]
    CodeLevel1Runner.open(coding, jobs, tasks).score(generations, on_scored=on_scored, cancel=cancel)


def _score_onec_bench(
    workspace: OneCBenchView, generations: Sequence[Generation], on_scored: OnScored, sandbox: str,
    jobs: int | None, cancel: threading.Event | None,
) -> None:  # fmt: skip
    # the processing's module with the answer in place, in the BSL sandbox
    runner = OneCLevel1Runner.open(workspace.bench, sandbox, jobs)
    runner.score(generations, on_scored=on_scored, cancel=cancel)


def _is_prism(root: Path) -> bool:
    return (root / "metrics").is_dir() or (root / "tasks").is_dir()


def _is_coding(root: Path) -> bool:
    return not (root / "metrics").is_dir() and is_coding_workspace(root)


PRISM = BenchmarkKind("prism", _is_prism, Workspace.open, _score_prism, _onec_panes, _onec_code, debugs=True)
KINDS: tuple[BenchmarkKind, ...] = (  # detection order: the first kind that recognises a folder
    BenchmarkKind(
        "1c-code-bench",
        is_onec_bench_workspace,
        OneCBenchView.open,
        _score_onec_bench,
        _onec_panes,
        _onec_code,
    ),
    BenchmarkKind("coding", _is_coding, CodingBenchWorkspace.open, _score_coding, _code_panes, _coding_code),
    PRISM,
)
_BY_NAME = {kind.name: kind for kind in KINDS}


def kind_named(name: str | None) -> BenchmarkKind:
    """The kind called `name` (a snapshot's); PRISM's for an unknown or missing name."""
    return _BY_NAME.get(name or "", PRISM)


def kind_of(workspace: Workspace) -> BenchmarkKind:
    return kind_named(workspace.kind)


def detect_kind(root: Path) -> BenchmarkKind | None:
    """The kind of the folder at `root`, None when it is no benchmark's."""
    return next((kind for kind in KINDS if kind.detect(root)), None)


def open_workspace(path: Path | str) -> Workspace:
    """The workspace at `path`, of its kind. Raises WorkspaceError with every problem found."""
    root = Path(path).resolve()
    kind = detect_kind(root)
    if kind is None:
        if not root.is_dir():  # PRISM's reader names what is missing
            return Workspace.open(root)
        raise WorkspaceError(
            Problem(
                root,
                message="not a workspace",
                expected=f"a PRISM workspace (metrics/ and tasks/), a coding bench ({DATASET_DIR}/ or "
                f"{LIBRARIES_DIR}/) or a 1C Code Bench (config_spec.yaml and tasks/)",
            )
        )
    return kind.open(root)
