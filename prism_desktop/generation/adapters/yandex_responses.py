"""`yandex_responses`: Yandex AI Studio's Responses API in OpenAI's Responses shapes (PRISM's adapter
of that name). `POST {endpoint}/responses` with the folder as `OpenAI-Project` and `{model:
"gpt://<folder>/<id>", instructions (the system prompt), input (the task as a string, or items: role
messages, function_call, function_call_output), tools? (flat: type, name, description, parameters),
max_output_tokens, temperature}`; the answer's `output` holds `reasoning`, `message` (`output_text`
parts) and `function_call` items; usage `input_tokens`/`output_tokens`. Reasoning spends part of
max_output_tokens. No seed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from ..chat import ChatReply, ChatRequest, Message, ToolCall, arguments_text, token_count
from ..config import ModelEntry
from ..errors import invalid_reply
from .openai_compatible import reply_object
from .registry import Adapter, register_adapter
from .yandex import YandexAdapter, build_yandex, yandex_model_uri

YANDEX_RESPONSES_BASE = "https://ai.api.cloud.yandex.net/v1"
TEXT_PARTS = ("output_text", "text")


@dataclass
class YandexResponsesAdapter(YandexAdapter):
    name: str = "yandex_responses"

    def url(self) -> str:
        return f"{self.endpoint.rstrip('/')}/responses"

    def body(self, request: ChatRequest) -> dict[str, Any]:
        instructions, conversation = responses_input(request.messages)
        body: dict[str, Any] = {
            "model": yandex_model_uri(request.model, self.folder_id),
            "instructions": instructions,
            "input": conversation,
            "temperature": request.temperature,
            "max_output_tokens": request.max_tokens,
        }
        if self.reasoning_effort:
            body["reasoning"] = {"effort": self.reasoning_effort}
        if request.tools:
            body["tools"] = [{"type": "function", **t["function"]} for t in request.tools if "function" in t]
            body["tool_choice"] = request.tool_choice
        return body

    def parse(self, response: httpx.Response, elapsed: float) -> ChatReply:
        return parse_responses_reply(reply_object(response), elapsed)


def responses_input(messages: list[Message]) -> tuple[str, str | list[dict[str, Any]]]:
    """(instructions, input): system messages become the instructions; a lone user message goes as
    a string; a conversation with tool calls as items."""
    instructions = "\n\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "system")
    rest = [m for m in messages if m.get("role") != "system"]
    if len(rest) == 1 and rest[0].get("role") == "user":
        return instructions, str(rest[0].get("content") or "")
    items: list[dict[str, Any]] = []
    for message in rest:
        if message.get("role") == "tool":
            items.append(
                {
                    "type": "function_call_output",
                    "call_id": str(message.get("tool_call_id") or ""),
                    "output": str(message.get("content") or ""),
                }
            )
            continue
        if message.get("content"):
            items.append({"role": message.get("role"), "content": str(message["content"])})
        for call in message.get("tool_calls") or []:
            function = call.get("function", {})
            items.append(
                {
                    "type": "function_call",
                    "call_id": str(call.get("id") or ""),
                    "name": str(function.get("name") or ""),
                    "arguments": str(function.get("arguments") or "{}"),
                }
            )
    return instructions, items


def parse_responses_reply(body: dict[str, Any], elapsed: float) -> ChatReply:
    texts: list[str] = []
    calls: list[ToolCall] = []
    output = body.get("output")
    for index, item in enumerate(output if isinstance(output, list) else []):
        if not isinstance(item, dict):
            continue
        if item.get("type") == "message":
            content = item.get("content")
            for part in content if isinstance(content, list) else []:
                if isinstance(part, dict) and part.get("type") in TEXT_PARTS and part.get("text"):
                    texts.append(str(part["text"]))
        elif item.get("type") == "function_call" and item.get("name"):
            call_id = str(item.get("call_id") or item.get("id") or f"call_{index}")
            arguments = arguments_text(item.get("arguments"))
            calls.append(ToolCall(id=call_id, name=str(item["name"]), arguments=arguments))
    usage = body.get("usage")
    if usage is None:
        usage = {}
    if not isinstance(usage, dict):
        raise invalid_reply("usage: expected an object")
    tokens_input = token_count(usage, "input_tokens", "usage.")
    tokens_output = token_count(usage, "output_tokens", "usage.")
    return ChatReply(
        content="\n".join(texts),
        tool_calls=tuple(calls),
        tokens_input=tokens_input,
        tokens_output=tokens_output,
        tokens_total=token_count(usage, "total_tokens", "usage.") or tokens_input + tokens_output,
        elapsed=elapsed,
        raw=body,
    )


@register_adapter("yandex_responses")
def _yandex_responses(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    return build_yandex(YandexResponsesAdapter, entry, env, YANDEX_RESPONSES_BASE)
