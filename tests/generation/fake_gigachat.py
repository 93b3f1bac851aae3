"""GigaChat's own function calling on the fake server (127.0.0.1): a chat body with `functions`
(never OpenAI's `tools`) is answered with one `function_call` per turn (arguments as an object):
list_objects, then get_object_structure on the first two objects listed, then finish_research. A
`function` message must carry JSON text, an assistant's call an object; otherwise a 400."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .fake_openai import BadRequest, FakeModelServer


class FakeGigaChatServer(FakeModelServer):
    def routes(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        return {"/v1/chat/completions": self.gigachat_chat}

    def gigachat_chat(self, body: dict[str, Any]) -> dict[str, Any]:
        if "tools" in body or "tool_choice" in body or "seed" in body:
            raise BadRequest("unknown field: GigaChat takes functions, not tools, and no seed")
        results = []
        for message in body["messages"]:
            if message["role"] == "function":
                try:
                    results.append(json.loads(message["content"]))
                except ValueError:
                    raise BadRequest("a function message's content must be JSON") from None
            if "function_call" in message and not isinstance(message["function_call"].get("arguments"), dict):
                raise BadRequest("function_call.arguments must be an object")
        if not body.get("functions"):
            return self.reply(body)
        if body.get("function_call") != "auto" or not all("name" in f for f in body["functions"]):
            raise BadRequest("functions[].name and function_call 'auto'")
        listed = str(results[0]["result"]).splitlines() if results else []
        calls = [("list_objects", {})] + [("get_object_structure", {"name": name}) for name in listed[:2]]
        name, arguments = (
            calls[len(results)] if len(results) < len(calls) else ("finish_research", {"summary": "ok"})
        )
        message = {
            "role": "assistant",
            "content": "",
            "function_call": {"name": name, "arguments": arguments},
        }
        return {
            "choices": [{"index": 0, "message": message, "finish_reason": "function_call"}],
            "usage": {
                "prompt_tokens": 50 + 10 * len(results),
                "completion_tokens": 7,
                "total_tokens": 57 + 10 * len(results),
            },
            "model": body["model"],
            "object": "chat.completion",
        }
