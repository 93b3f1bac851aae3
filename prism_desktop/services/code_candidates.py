"""From an answer (or a task's reference) to the files a code run gets: the candidate's files, the
reference as a model would answer, and which of the task's files are its hidden tests."""

from __future__ import annotations

import re

from prism_desktop.sandbox.code.candidate import extract_code
from prism_desktop.sandbox.code.library_candidate import PatchError, library_files
from prism_desktop.sandbox.code.spec import is_test_file
from prism_desktop.sandbox.library_images import (
    hidden_test_paths,
    installs_library,
    library_image_ref,
    project_files,
)
from prism_desktop.workspace.coding import CodingTask


def candidate_files(task: CodingTask, response: str) -> tuple[dict[str, str] | None, list[str], str | None]:
    """(files, which of them are the candidate's, why none could be built)."""
    if task.kind == "library":
        package = str(task.extra.get("src_dir") or task.extra["package"])
        try:
            files = library_files(response, dict(task.extra["stub"]), package)
        except PatchError as error:
            return None, [], f"the answer could not be applied to the stub: {error}"
        return files, sorted(files), None
    code = extract_code(response, task.language)
    if code is None:
        return None, [], f"no fenced block in {task.language} (or untagged) in the answer"
    return {task.source_file: code}, [task.source_file], None


def reference_answer(task: CodingTask) -> str | None:
    """The reference as a model would answer: one fenced block, or (library) fenced files headed by paths."""
    if task.kind == "library":
        files = task.extra["reference_files"]
        return "\n".join(f"`{path}`\n{_fenced(text)}" for path, text in sorted(files.items()))
    if task.reference is None:
        return None
    return f"```{task.language}\n{task.reference}```\n"


def _fenced(text: str) -> str:
    """`text` in a python fence longer than any run of backticks it holds (a docstring's ``` example,
    as minitorch's, would otherwise close a ``` fence early)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}python\n{text}{fence}\n"


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
