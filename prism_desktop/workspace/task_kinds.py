"""The task kinds of a coding bench, one object each: a function task (one source file in Python,
TypeScript or Go, judged by hidden unit tests) and a library task (a package written from a stub,
Commit-0 style). Everything that differs between the two — how a report groups them, what the
review shows as the reference and how its panes are titled, the stub a model is shown, the lint gate,
an image of the task's own — is answered here, so no other module compares `task.kind`.

This is the workspace layer's half: what follows from the task's data. How an answer becomes the
candidate's files needs the sandbox's extractors and lives a floor up (services/task_kinds.py, whose
objects extend these)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # coding_task.py imports this module for CodingTask.task_kind
    from .coding_task import CodingTask


def joined_files(files: dict[str, str]) -> str:
    """A package's files as one text, each headed by its path (the review shows them as one)."""
    return "".join(f"# ── {name} ──\n{text.rstrip()}\n\n" for name, text in sorted(files.items()))


class TaskKind:
    """A function task; LibraryTaskKind overrides what differs."""

    name = "code"  # CodingTask.kind, and the task's extra["kind"] in the review and generation
    category: str | None = None  # the dataset category every task of the kind has, if one
    no_candidate_status = "no_code"  # detail.S.status when no candidate can be built from the answer
    marks_diagnostics = True  # the compiler's lines fit the candidate pane (one file)

    def group(self, task: CodingTask) -> str:
        """The group a report counts the task under: its language."""
        return task.language

    def system_prompt_key(self, language: str) -> str:
        """The prompts.yaml `system:` key of its tasks' system prompt."""
        return language

    def reference_text(self, task: CodingTask) -> str | None:
        """What the review shows as the reference."""
        return task.reference

    def reference_pane(self, task: CodingTask) -> str:
        return task.path.with_suffix("").name + ".reference." + task.source_file.rsplit(".", 1)[1]

    def candidate_pane(self, task: CodingTask) -> str:
        return task.source_file

    def generation_extra(self, task: CodingTask) -> dict[str, Any]:
        """What a generation request shows the model besides the prompt."""
        return {}

    def gate(self, task: CodingTask) -> list[str]:
        """The lint/type tools run before the tests (reported, no score changed)."""
        return []

    def own_image(self, task: CodingTask) -> bool:
        """Whether the task runs in an image of its own instead of its language's."""
        return False


class LibraryTaskKind(TaskKind):
    name = "library"
    category = "library"
    no_candidate_status = "apply_failed"  # the answer's patch did not apply to the stub
    marks_diagnostics = False  # the package is shown joined: its files' lines are not the pane's

    def group(self, task: CodingTask) -> str:
        return self.name

    def system_prompt_key(self, language: str) -> str:
        return self.name

    def reference_text(self, task: CodingTask) -> str | None:
        return joined_files(dict(task.extra.get("reference_files") or {})) or None

    def reference_pane(self, task: CodingTask) -> str:
        return f"reference/{task.extra.get('package')}/"

    def candidate_pane(self, task: CodingTask) -> str:
        return f"{task.extra.get('package')}/"

    def generation_extra(self, task: CodingTask) -> dict[str, Any]:
        return {"stub": dict(task.extra["stub"])}

    def gate(self, task: CodingTask) -> list[str]:
        return [str(tool) for tool in task.extra.get("gate", [])]

    def own_image(self, task: CodingTask) -> bool:
        return bool(task.extra.get("install"))  # installed as a distribution (a Commit-0 import)


FUNCTION_TASKS = TaskKind()
LIBRARY_TASKS = LibraryTaskKind()
TASK_KINDS: dict[str, TaskKind] = {kind.name: kind for kind in (FUNCTION_TASKS, LIBRARY_TASKS)}


def task_kind_named(name: object) -> TaskKind | None:
    """The task kind called `name` (a Task's extra["kind"]); None for a task of no coding bench."""
    return TASK_KINDS.get(name) if isinstance(name, str) else None


def task_kind_of_category(category: str) -> TaskKind:
    """The kind of a coding-bench run by its category: the store keeps runs, not tasks."""
    return next((kind for kind in TASK_KINDS.values() if kind.category == category), FUNCTION_TASKS)
