"""Yandex's two native APIs on the fake model server (127.0.0.1): Foundation Models' completion
(`POST /foundationModels/v1/completion`) and the Responses API (`POST /v1/responses`). Each checks
the request's shape as the API defines it (a wrong shape is a 400 naming what is wrong), translates
it to the chat messages the fake already plays (the same answers, the same metadata-tool turns) and
answers in the API's own shape: `result.alternatives[0].message` with `text` or a `toolCallList`
(arguments as objects) and usage as int64 strings; `output` items (reasoning, message, function_call)
and `input_tokens`/`output_tokens`. Faults are keyed by the request's model URI."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .fake_openai import BadRequest, FakeModelServer

COMPLETION_PATH = "/foundationModels/v1/completion"
RESPONSES_PATH = "/v1/responses"


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise BadRequest(reason)


class FakeYandexServer(FakeModelServer):
    @property
    def native_url(self) -> str:
        return f"{self.origin}/foundationModels/v1"

    def routes(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        return {**super().routes(), COMPLETION_PATH: self.completion, RESPONSES_PATH: self.responses}

    @staticmethod
    def model_of(body: dict[str, Any]) -> Any:
        return body.get("model") or body.get("modelUri")

    # -- Foundation Models' native completion ---------------------------------------------------------

    def completion(self, body: dict[str, Any]) -> dict[str, Any]:
        _require(
            str(body.get("modelUri", "")).startswith("gpt://"), "modelUri must be gpt://<folder>/<model>"
        )
        options = body.get("completionOptions")
        _require(
            isinstance(options, dict) and "maxTokens" in options, "completionOptions.maxTokens is required"
        )
        _require("messages" in body and "model" not in body and "seed" not in body, "unknown field")
        messages = [self._native_to_chat(m) for m in body["messages"]]
        tools = body.get("tools")
        if tools is not None:
            _require(
                all(set(t) == {"function"} and "name" in t["function"] for t in tools), "tools[].function"
            )
        chat = self._chat_reply({"model": body["modelUri"], "messages": messages, "tools": tools})
        message = chat["choices"][0]["message"]
        if message.get("tool_calls"):
            calls = [
                {
                    "functionCall": {
                        "name": c["function"]["name"],
                        "arguments": json.loads(c["function"]["arguments"]),
                    }
                }
                for c in message["tool_calls"]
            ]
            native = {"role": "assistant", "toolCallList": {"toolCalls": calls}}
        else:
            native = {"role": "assistant", "text": message["content"]}
        usage = chat["usage"]
        return {
            "result": {
                "alternatives": [{"message": native, "status": "ALTERNATIVE_STATUS_FINAL"}],
                "usage": {
                    "inputTextTokens": str(usage["prompt_tokens"]),
                    "completionTokens": str(usage["completion_tokens"]),
                    "totalTokens": str(usage["total_tokens"]),
                },
                "modelVersion": "test",
            }
        }

    @staticmethod
    def _native_to_chat(message: dict[str, Any]) -> dict[str, Any]:
        _require(isinstance(message, dict) and "role" in message, "messages[].role is required")
        kinds = [k for k in ("text", "toolCallList", "toolResultList") if k in message]
        _require(len(kinds) == 1, "a message has one of text, toolCallList, toolResultList")
        if "text" in message:
            return {"role": message["role"], "content": message["text"]}
        if "toolCallList" in message:
            calls = message["toolCallList"]["toolCalls"]
            for call in calls:
                _require(
                    isinstance(call["functionCall"].get("arguments"), dict),
                    "functionCall.arguments is an object",
                )
            return {
                "role": "assistant",
                "tool_calls": [
                    {
                        "function": {
                            "name": c["functionCall"]["name"],
                            "arguments": json.dumps(c["functionCall"]["arguments"]),
                        }
                    }
                    for c in calls
                ],
            }
        results = message["toolResultList"]["toolResults"]
        # Every result of the turn in one message: the fake's tool turns read the last one's content.
        return {"role": "tool", "content": results[-1]["functionResult"]["content"], "results": len(results)}

    # -- the Responses API ---------------------------------------------------------------------------

    def responses(self, body: dict[str, Any]) -> dict[str, Any]:
        _require(str(body.get("model", "")).startswith("gpt://"), "model must be gpt://<folder>/<model>")
        _require("messages" not in body and "max_tokens" not in body and "seed" not in body, "unknown field")
        _require(isinstance(body.get("max_output_tokens"), int), "max_output_tokens is required")
        messages: list[dict[str, Any]] = []
        if body.get("instructions"):
            messages.append({"role": "system", "content": body["instructions"]})
        conversation = body.get("input")
        if isinstance(conversation, str):
            messages.append({"role": "user", "content": conversation})
        else:
            _require(isinstance(conversation, list), "input is a string or a list of items")
            for item in conversation:
                messages.extend(self._item_to_chat(item, messages))
        tools = body.get("tools")
        if tools is not None:
            _require(
                all(t.get("type") == "function" and "name" in t and "function" not in t for t in tools),
                "flat tools",
            )
        chat = self._chat_reply({"model": body["model"], "messages": messages, "tools": tools})
        message = chat["choices"][0]["message"]
        output: list[dict[str, Any]] = [{"type": "reasoning", "id": "rs_1", "summary": []}]
        if message.get("tool_calls"):
            output += [
                {
                    "type": "function_call",
                    "id": f"fc_{i}",
                    "call_id": call["id"],
                    "name": call["function"]["name"],
                    "arguments": call["function"]["arguments"],
                    "status": "completed",
                }
                for i, call in enumerate(message["tool_calls"])
            ]
        else:
            output.append(
                {
                    "type": "message",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": message["content"], "annotations": []}],
                }
            )
        usage = chat["usage"]
        return {
            "id": "resp_test",
            "object": "response",
            "status": "completed",
            "model": body["model"],
            "output": output,
            "usage": {
                "input_tokens": usage["prompt_tokens"],
                "output_tokens": usage["completion_tokens"],
                "total_tokens": usage["total_tokens"],
            },
        }

    @staticmethod
    def _item_to_chat(item: dict[str, Any], so_far: list[dict[str, Any]]) -> list[dict[str, Any]]:
        kind = item.get("type")
        if kind == "function_call":
            _require(isinstance(item.get("arguments"), str) and item.get("call_id"), "function_call item")
            call = {"id": item["call_id"], "function": {"name": item["name"], "arguments": item["arguments"]}}
            last = so_far[-1] if so_far else {}
            if last.get("role") == "assistant" and "tool_calls" in last:
                last["tool_calls"].append(call)
                return []
            return [{"role": "assistant", "tool_calls": [call]}]
        if kind == "function_call_output":
            _require(
                bool(item.get("call_id")) and isinstance(item.get("output"), str), "function_call_output item"
            )
            return [{"role": "tool", "content": item["output"]}]
        _require(item.get("role") in ("user", "assistant", "system", "developer"), "input item role")
        return [{"role": item["role"], "content": item.get("content")}]

    def _chat_reply(self, body: dict[str, Any]) -> dict[str, Any]:
        """The chat answer the fake gives these messages (tool turns when tools are offered)."""
        if not body.get("tools"):
            body = {key: value for key, value in body.items() if key != "tools"}
        return self.reply(body)
