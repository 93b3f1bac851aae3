"""What goes to a model and what comes back, independent of any provider's wire format beyond
OpenAI's message objects (which every adapter here speaks)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Message = dict[str, Any]  # OpenAI chat message: role, content, tool_calls / tool_call_id


@dataclass(frozen=True)
class ChatRequest:
    model: str
    messages: list[Message]
    temperature: float
    max_tokens: int
    seed: int | None = None
    tools: list[dict[str, Any]] | None = None
    tool_choice: str = "auto"


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # raw JSON text, as the model wrote it

    def to_message(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments},
        }


@dataclass(frozen=True)
class ChatReply:
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    tokens_input: int = 0
    tokens_output: int = 0
    tokens_total: int = 0
    elapsed: float = 0.0
    cached: bool = False  # served from the response cache: no request, no money spent
    raw: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "tool_calls": [call.to_message() for call in self.tool_calls],
            "tokens_input": self.tokens_input,
            "tokens_output": self.tokens_output,
            "tokens_total": self.tokens_total,
            "elapsed": self.elapsed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *, cached: bool = False) -> ChatReply:
        return cls(
            content=str(data.get("content") or ""),
            tool_calls=parse_tool_calls(data.get("tool_calls")),
            tokens_input=int(data.get("tokens_input") or 0),
            tokens_output=int(data.get("tokens_output") or 0),
            tokens_total=int(data.get("tokens_total") or 0),
            elapsed=float(data.get("elapsed") or 0.0),
            cached=cached,
        )


def parse_tool_calls(raw: Any) -> tuple[ToolCall, ...]:
    """`message.tool_calls` of an OpenAI reply; entries that are not function calls are skipped."""
    calls = []
    for index, item in enumerate(raw or []):
        if not isinstance(item, dict):
            continue
        function = item.get("function") or {}
        if not isinstance(function, dict) or not function.get("name"):
            continue
        calls.append(
            ToolCall(
                id=str(item.get("id") or f"call_{index}"),
                name=str(function["name"]),
                arguments=arguments_text(function.get("arguments")),
            )
        )
    return tuple(calls)


def arguments_text(arguments: Any) -> str:
    """A call's arguments as JSON text: as written when the model wrote a string, the object
    serialised when a provider sends an object (Yandex's native API does)."""
    if isinstance(arguments, str):
        return arguments
    return json.dumps(arguments or {}, ensure_ascii=False)
