"""How the code request is assembled (PRISM_FORMAT §7): the category's system prompt, followed for
category B, when context was collected, by a blank line, the heading and the metadata context; the
user message is the task's `prompt` and nothing else (an A task's signature and entry point are not
sent)."""

from __future__ import annotations

from .chat import Message

METADATA_HEADING = "# Метаданные конфигурации:"


def system_prompt(base: str, context: str = "") -> str:
    return f"{base}\n\n{METADATA_HEADING}\n{context}" if context else base


def code_messages(base_system: str, task_prompt: str, context: str = "") -> list[Message]:
    return [
        {"role": "system", "content": system_prompt(base_system, context)},
        {"role": "user", "content": task_prompt},
    ]
