"""Category B: before writing code, a model that declares `supports_tools` explores the task's
configuration with the metadata tools (PRISM_FORMAT §7). PRISM's limits: at most 8 model turns, at most
5 object structures, and collection stops once the structures reach the character budget (the model's
context_window, 15000 when it names none). Temperature 0.0, max_tokens 4096, tool_choice "auto".
The loop ends at `finish_research`, at a turn without tool calls, or at a limit. Only structures that
were found go into the context, joined by `---` between blank lines; the names asked for are kept
verbatim as `context_objects`."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .chat import ChatReply, ChatRequest, Message
from .errors import ModelCallError
from .metadata_tools import (
    FINISH_RESEARCH,
    GET_OBJECT_STRUCTURE,
    NOT_FOUND_MARK,
    MetadataTools,
    tool_definitions,
)

MAX_ITERATIONS = 8
MAX_OBJECTS = 5
CONTEXT_TEMPERATURE = 0.0
CONTEXT_MAX_TOKENS = 4096
CONTEXT_SEPARATOR = "\n\n---\n\n"

SYSTEM_PROMPT = (
    "Ты разработчик 1С:Предприятия и изучаешь конфигурацию перед тем, как писать код. "
    "По условию задачи найди нужные объекты метаданных с помощью инструментов: list_objects и "
    "search_objects показывают, какие объекты есть, get_object_structure раскрывает состав объекта. "
    "Когда найденного хватит для кода, вызови finish_research с коротким итогом. "
    "Не придумывай объектов, которых в конфигурации нет."
)
USER_TEMPLATE = "Задача:\n{task}\n\nНайди объекты метаданных, которые понадобятся для решения."

ChatCall = Callable[[ChatRequest], Awaitable[ChatReply]]


@dataclass
class ContextResult:
    text: str = ""
    objects: list[str] = field(default_factory=list)
    summary: str = ""
    iterations: int = 0
    tool_calls: int = 0
    tokens_input: int = 0
    tokens_output: int = 0
    error: str | None = None  # the call that failed; the context is then empty


def _arguments(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw) if raw else {}
    except (ValueError, RecursionError):  # a model's text: not JSON, or nested past any use
        return {}
    return value if isinstance(value, dict) else {}


async def gather_context(
    model: str, task_prompt: str, spec: dict[str, Any] | None, budget: int, chat: ChatCall
) -> ContextResult:
    """Run the loop; `chat` sends one request (retries and caching are the caller's)."""
    tools = MetadataTools(spec)
    messages: list[Message] = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": USER_TEMPLATE.format(task=task_prompt)},
    ]
    result = ContextResult()
    collected: list[str] = []

    def finish() -> ContextResult:
        result.text = CONTEXT_SEPARATOR.join(collected)
        return result

    for iteration in range(MAX_ITERATIONS):
        result.iterations = iteration + 1
        request = ChatRequest(
            model=model,
            messages=list(messages),
            temperature=CONTEXT_TEMPERATURE,
            max_tokens=CONTEXT_MAX_TOKENS,
            tools=tool_definitions(),
            tool_choice="auto",
        )
        try:
            reply = await chat(request)
        except ModelCallError as error:
            return ContextResult(
                error=error.message,
                iterations=result.iterations,
                tokens_input=result.tokens_input,
                tokens_output=result.tokens_output,
            )
        result.tokens_input += reply.tokens_input
        result.tokens_output += reply.tokens_output
        if not reply.tool_calls:
            break
        messages.append(
            {
                "role": "assistant",
                "content": reply.content,
                "tool_calls": [call.to_message() for call in reply.tool_calls],
            }
        )
        for call in reply.tool_calls:
            result.tool_calls += 1
            arguments = _arguments(call.arguments)
            if call.name == FINISH_RESEARCH:
                result.summary = str(arguments.get("summary") or "")
                return finish()
            answer = tools.call(call.name, arguments)
            messages.append({"role": "tool", "tool_call_id": call.id, "name": call.name, "content": answer})
            if call.name == GET_OBJECT_STRUCTURE and NOT_FOUND_MARK not in answer:
                collected.append(answer)
                result.objects.append(str(arguments.get("name") or ""))
                if len(result.objects) >= MAX_OBJECTS or sum(map(len, collected)) >= budget:
                    return finish()
    return finish()
