"""`yandexgpt`: Yandex Foundation Models' native completion (PRISM's adapter of that name).
`POST {endpoint}/completion` with `{modelUri, completionOptions: {temperature, maxTokens}, messages:
[{role, text}], tools?}`; the answer is `result.alternatives[0].message`, a `text` or a `toolCallList`
of function calls whose arguments are JSON objects (not strings); tool results go back as a
`toolResultList`; usage in `result.usage` (int64 counts, which arrive as strings). No seed, and no
tool_choice (the API always decides by itself)."""

from __future__ import annotations

import json
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

YANDEX_NATIVE_BASE = "https://llm.api.cloud.yandex.net/foundationModels/v1"


@dataclass
class YandexNativeAdapter(YandexAdapter):
    name: str = "yandexgpt"

    def url(self) -> str:
        return f"{self.endpoint.rstrip('/')}/completion"

    def headers(self) -> dict[str, str]:
        headers = super().headers()
        headers.pop("OpenAI-Project", None)
        headers["x-folder-id"] = self.folder_id
        return headers

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "modelUri": yandex_model_uri(request.model, self.folder_id),
            "completionOptions": {
                "stream": False,
                "temperature": request.temperature,
                "maxTokens": str(request.max_tokens),
            },
            "messages": native_messages(request.messages),
        }
        if request.tools:
            body["tools"] = [{"function": tool["function"]} for tool in request.tools if "function" in tool]
        return body

    def parse(self, response: httpx.Response, elapsed: float) -> ChatReply:
        return parse_native_reply(reply_object(response), elapsed)


def _arguments_object(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw) if raw else {}
    except (ValueError, RecursionError):  # a model's text: not JSON, or nested past any use
        return {}
    return value if isinstance(value, dict) else {}


def native_messages(messages: list[Message]) -> list[dict[str, Any]]:
    """OpenAI-shaped messages in the native shape. A turn's tool results (consecutive `tool`
    messages) go back together, as one toolResultList."""
    native: list[dict[str, Any]] = []
    for message in messages:
        role = message.get("role")
        if role == "tool":
            function = {"name": message.get("name") or "", "content": message.get("content") or ""}
            result = {"functionResult": function}
            last = native[-1] if native else {}
            if "toolResultList" in last:
                last["toolResultList"]["toolResults"].append(result)
            else:
                native.append({"role": "assistant", "toolResultList": {"toolResults": [result]}})
        elif message.get("tool_calls"):
            calls = [
                {
                    "functionCall": {
                        "name": call.get("function", {}).get("name", ""),
                        "arguments": _arguments_object(call.get("function", {}).get("arguments") or ""),
                    }
                }
                for call in message["tool_calls"]
            ]
            native.append({"role": "assistant", "toolCallList": {"toolCalls": calls}})
        else:
            native.append({"role": role, "text": str(message.get("content") or "")})
    return native


def parse_native_reply(body: dict[str, Any], elapsed: float) -> ChatReply:
    result = body.get("result")
    result = result if isinstance(result, dict) else {}
    alternatives = result.get("alternatives")
    first = alternatives[0] if isinstance(alternatives, list) and alternatives else {}
    message = first.get("message") if isinstance(first, dict) else None
    message = message if isinstance(message, dict) else {}
    calls = []
    tool_list = message.get("toolCallList")
    raw_calls = tool_list.get("toolCalls") if isinstance(tool_list, dict) else None
    for index, item in enumerate(raw_calls if isinstance(raw_calls, list) else []):
        function = item.get("functionCall") if isinstance(item, dict) else None
        if not isinstance(function, dict) or not function.get("name"):
            continue
        # The API gives calls no ids; the loop's messages need one per call.
        arguments = arguments_text(function.get("arguments"))
        calls.append(ToolCall(id=f"call_{index}", name=str(function["name"]), arguments=arguments))
    usage = result.get("usage")
    if usage is None:
        usage = {}
    if not isinstance(usage, dict):
        raise invalid_reply("result.usage: expected an object")
    tokens_input = token_count(usage, "inputTextTokens", "result.usage.")
    tokens_output = token_count(usage, "completionTokens", "result.usage.")
    return ChatReply(
        content=str(message.get("text") or ""),
        tool_calls=tuple(calls),
        tokens_input=tokens_input,
        tokens_output=tokens_output,
        tokens_total=token_count(usage, "totalTokens", "result.usage.") or tokens_input + tokens_output,
        elapsed=elapsed,
        raw=body,
    )


@register_adapter("yandexgpt")
def _yandexgpt(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    return build_yandex(YandexNativeAdapter, entry, env, YANDEX_NATIVE_BASE)
