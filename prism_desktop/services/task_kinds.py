"""The task kinds of a coding bench, with what needs the sandbox's extractors: how an answer becomes
the candidate's files, how the reference reads as a model's answer, and what the review shows as
the code the machine measured. The objects extend the workspace layer's (workspace/task_kinds.py),
so one object per task kind answers everything that differs; `task_kind(task)` finds it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from prism_desktop.sandbox.code.candidate import extract_code
from prism_desktop.sandbox.code.library_candidate import PatchError, library_files
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.task_kinds import LibraryTaskKind, TaskKind, joined_files, task_kind_of_category


@dataclass(frozen=True)
class Candidate:
    files: dict[str, str] | None  # None: nothing could be built from the answer
    written: list[str]  # which of `files` are the candidate's (the rest come from the task)
    problem: str | None  # why nothing could be built (the model's fault: S = 0)


class FunctionTasks(TaskKind):
    def candidate(self, task: CodingTask, response: str) -> Candidate:
        code = extract_code(response, task.language)
        if code is None:
            return Candidate(None, [], f"no fenced block in {task.language} (or untagged) in the answer")
        return Candidate({task.source_file: code}, [task.source_file], None)

    def reference_answer(self, task: CodingTask) -> str | None:
        """The reference as a model would answer: one fenced block."""
        return None if task.reference is None else f"```{task.language}\n{task.reference}```\n"

    def candidate_text(self, task: CodingTask, files: dict[str, str]) -> str:
        """The candidate pane's text: the source file."""
        return files[task.source_file]

    def measured_code(self, response: str, language: str) -> str:
        """The code the machine measured, from the stored answer: the block in the task's language."""
        return extract_code(response, language) or ""


class LibraryTasks(LibraryTaskKind, FunctionTasks):
    def candidate(self, task: CodingTask, response: str) -> Candidate:
        package = str(task.extra.get("src_dir") or task.extra["package"])
        try:
            files = library_files(response, dict(task.extra["stub"]), package)
        except PatchError as error:
            return Candidate(None, [], f"the answer could not be applied to the stub: {error}")
        return Candidate(files, sorted(files), None)

    def reference_answer(self, task: CodingTask) -> str | None:
        """Fenced files, each headed by its path."""
        files = task.extra["reference_files"]
        return "\n".join(f"`{path}`\n{_fenced(text)}" for path, text in sorted(files.items()))

    def candidate_text(self, task: CodingTask, files: dict[str, str]) -> str:
        return joined_files(files)

    def measured_code(self, response: str, language: str) -> str:
        """The answer itself (a patch or files): the stub it applies to is not in the store."""
        return response


def _fenced(text: str) -> str:
    """`text` in a python fence longer than any run of backticks it holds (a docstring's ``` example,
    as minitorch's, would otherwise close a ``` fence early)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}python\n{text}{fence}\n"


TASK_KINDS: dict[str, FunctionTasks] = {kind.name: kind for kind in (FunctionTasks(), LibraryTasks())}


def task_kind(task: CodingTask) -> FunctionTasks:
    return TASK_KINDS[task.kind]


def run_task_kind(category: str) -> FunctionTasks:
    """The kind of a stored coding-bench run, known by its category."""
    return TASK_KINDS[task_kind_of_category(category).name]
