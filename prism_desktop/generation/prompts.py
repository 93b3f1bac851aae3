"""How the code request is assembled (PRISM_FORMAT §7): the system prompt, followed for category B,
when context was collected, by a blank line, the heading and the metadata context; the user message
is the task's `prompt` (an A task's signature and entry point are not sent).

Which system prompt: a 1C task's category (`system.A`, `system.B`); a coding-bench task's language
(`system.python`, `system.typescript`, `system.go`) or `system.library` for a library task. A library
task's user message also carries the stub package it is to implement: each file headed by its path."""

from __future__ import annotations

from collections.abc import Mapping

from prism_desktop.workspace.coding import LANGUAGES
from prism_desktop.workspace.task_kinds import TaskKind, task_kind_named
from prism_desktop.workspace.tasks import Task

from .chat import Message

METADATA_HEADING = "# Метаданные конфигурации:"
STUB_HEADING = "# Файлы пакета-заготовки (stub), которые нужно реализовать:"


def code_task_kind(task: Task) -> TaskKind | None:
    """The kind of a coding-bench task (a language's or a library's); None for a 1C task."""
    kind = task_kind_named(task.extra.get("kind"))
    return kind if kind is not None and task.extra.get("language") in LANGUAGES else None


def is_code_task(task: Task) -> bool:
    return code_task_kind(task) is not None


def system_key(category: str, task: Task) -> str:
    """The prompts.yaml `system:` key of the task's system prompt: its task kind's, else its category's."""
    kind = code_task_kind(task)
    return kind.system_prompt_key(str(task.extra["language"])) if kind is not None else category


def system_prompt(base: str, context: str = "") -> str:
    return f"{base}\n\n{METADATA_HEADING}\n{context}" if context else base


def user_message(task: Task) -> str:
    """The task's prompt, and a library task's stub files after it."""
    stub: Mapping[str, str] = task.extra.get("stub") or {}
    if not stub:
        return task.prompt
    files = "\n\n".join(f"`{path}`\n```python\n{text.rstrip()}\n```" for path, text in sorted(stub.items()))
    return f"{task.prompt.rstrip()}\n\n{STUB_HEADING}\n\n{files}\n"


def code_messages(base_system: str, task_prompt: str, context: str = "") -> list[Message]:
    return [
        {"role": "system", "content": system_prompt(base_system, context)},
        {"role": "user", "content": task_prompt},
    ]


def task_messages(
    system_prompts: Mapping[str, str], category: str, task: Task, context: str = ""
) -> list[Message]:
    """The code request's messages for `task` in a generation of `category`."""
    base = system_prompts.get(system_key(category, task), "")
    return code_messages(base, user_message(task), context)
