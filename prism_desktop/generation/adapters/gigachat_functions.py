"""GigaChat's own function calling, for category B's metadata loop: the tools go as `functions`
(name, description, parameters) with `function_call: "auto"`; the model answers with one
`function_call` (arguments as an object) instead of OpenAI's `tool_calls`; a call goes back in the
history as the assistant's `function_call` and its result as a `function` message whose content is
JSON text."""

from __future__ import annotations

import json
from typing import Any

from ..chat import Message, ToolCall, arguments_text


def gigachat_messages(messages: list[Message]) -> list[dict[str, Any]]:
    """OpenAI-shaped messages in GigaChat's shape: each tool call as an assistant message with its
    `function_call`, followed by its result (GigaChat calls one function per turn)."""
    converted: list[dict[str, Any]] = []
    for index, message in enumerate(messages):
        if message.get("role") == "tool":
            continue  # placed right after its call below
        calls = message.get("tool_calls") or []
        if not calls:
            converted.append({"role": message.get("role"), "content": str(message.get("content") or "")})
            continue
        # This turn's results follow it; GigaChat gives calls no ids, so they pair in order.
        following = messages[index + 1 :]
        turn = following[
            : next((i for i, m in enumerate(following) if m.get("role") != "tool"), len(following))
        ]
        for position, call in enumerate(calls):
            function = call.get("function", {})
            converted.append(
                {
                    "role": "assistant",
                    "content": str(message.get("content") or ""),
                    "function_call": {"name": function.get("name", ""), "arguments": _object(function)},
                }
            )
            result = turn[position] if position < len(turn) else None
            if result is not None:
                converted.append(
                    {
                        "role": "function",
                        "name": str(result.get("name") or function.get("name") or ""),
                        # GigaChat reads a function's result as JSON.
                        "content": json.dumps(
                            {"result": str(result.get("content") or "")}, ensure_ascii=False
                        ),
                    }
                )
    return converted


def _object(function: dict[str, Any]) -> dict[str, Any]:
    try:
        value = json.loads(function.get("arguments") or "{}")
    except (ValueError, RecursionError):  # a model's text: not JSON, or nested past any use
        return {}
    return value if isinstance(value, dict) else {}


def gigachat_functions(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(tool["function"]) for tool in tools if isinstance(tool.get("function"), dict)]


def function_call_of(body: dict[str, Any]) -> tuple[ToolCall, ...]:
    """The reply's `function_call`, as the one tool call of this turn (none when it has none)."""
    choices = body.get("choices")
    first = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else {}
    message = first.get("message")
    call = message.get("function_call") if isinstance(message, dict) else None
    if not isinstance(call, dict) or not call.get("name"):
        return ()
    return (ToolCall(id="call_0", name=str(call["name"]), arguments=arguments_text(call.get("arguments"))),)
