"""From an answer (or a task's reference) to the files a code run gets: the candidate's files, the
reference as a model would answer, and which of the task's files are its hidden tests."""

from __future__ import annotations

from prism_desktop.runs.code import is_test_file
from prism_desktop.sandbox.library_images import (
    hidden_test_paths,
    installs_library,
    library_image_ref,
    project_files,
)
from prism_desktop.services.task_kinds import task_kind
from prism_desktop.workspace.coding_task import CodingTask


def candidate_files(task: CodingTask, response: str) -> tuple[dict[str, str] | None, list[str], str | None]:
    """(files, which of them are the candidate's, why none could be built)."""
    candidate = task_kind(task).candidate(task, response)
    return candidate.files, candidate.written, candidate.problem


def reference_answer(task: CodingTask) -> str | None:
    """The reference as a model would answer: one fenced block, or (library) fenced files headed by paths."""
    return task_kind(task).reference_answer(task)


def hidden_test_files(task: CodingTask) -> list[str]:
    """The task's test files, the only ones a run collects (its data files and conftest.py are not)."""
    return sorted(name for name in task.tests if is_test_file(name) and not name.endswith("conftest.py"))


def run_layout(task: CodingTask) -> tuple[dict[str, str], list[str], str]:
    """What every run of `task` gets besides the candidate's files: (the task's files, its hidden test
    files — the only ones collected —, the image: "" for the language's). A library installed as a
    distribution (a Commit-0 import) runs in its own image, with the project laid out around it and its
    tests where the repository has them."""
    if installs_library(task):
        return project_files(task), hidden_test_paths(task), library_image_ref(task)
    return dict(task.tests), hidden_test_files(task), ""
