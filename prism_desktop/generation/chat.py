"""What goes to a model and what comes back, independent of any provider's wire format beyond
OpenAI's message objects (which every adapter here speaks)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import invalid_reply
from .scrub import scrub

Message = dict[str, Any]  # OpenAI chat message: role, content, tool_calls / tool_call_id
MAX_TOKENS_COUNTED = 100_000_000  # more tokens than any context window: a count past it is not one


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
        """A reply stored by to_json; an invalid_reply ModelCallError when it was damaged."""
        elapsed = data.get("elapsed") or 0.0
        if not isinstance(elapsed, int | float) or not 0 <= elapsed < float("inf"):
            raise invalid_reply(f"elapsed: expected a number of seconds, found {elapsed!r}")
        return cls(
            content=str(data.get("content") or ""),
            tool_calls=parse_tool_calls(data.get("tool_calls")),
            tokens_input=token_count(data, "tokens_input"),
            tokens_output=token_count(data, "tokens_output"),
            tokens_total=token_count(data, "tokens_total"),
            elapsed=float(elapsed),
            cached=cached,
        )

    def scrubbed(self) -> ChatReply:
        """This reply with every key and token in use masked in its text (a server may quote the
        request's headers in an answer as well as in an error)."""
        calls = tuple(replace(call, arguments=scrub(call.arguments)) for call in self.tool_calls)
        return replace(self, content=scrub(self.content), tool_calls=calls)


def token_count(record: dict[str, Any], key: str, where: str = "") -> int:
    """`record[key]` as a token count (`where` prefixes the key in the error, "usage." say)."""
    return token_value(record.get(key), f"{where}{key}")


def token_value(value: Any, name: str) -> int:
    """A token count: absent or null is 0; a whole number from 0 to MAX_TOKENS_COUNTED, or its digits
    in a string (Yandex's int64 fields). Anything else (a word, a boolean, a negative, fractional,
    infinite or huge number) is an invalid reply naming `name`, so that no reply can make the money
    spent go down or overflow."""
    if value is None:
        return 0
    number: Any = value
    if isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    if (
        isinstance(number, bool)
        or not isinstance(number, int | float)
        or not 0 <= number <= MAX_TOKENS_COUNTED
        or number != int(number)
    ):
        shown = json.dumps(value)[:40] if isinstance(value, str | int | float) else type(value).__name__
        raise invalid_reply(
            f"{name}: expected a whole number of tokens from 0 to {MAX_TOKENS_COUNTED:,}, found {shown}"
        )
    return int(number)


def parse_tool_calls(raw: Any) -> tuple[ToolCall, ...]:
    """`message.tool_calls` of an OpenAI reply; entries that are not function calls are skipped."""
    calls = []
    for index, item in enumerate(raw if isinstance(raw, list) else []):
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
