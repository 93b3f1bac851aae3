"""A model server's reply is untrusted input: read as strict JSON (no NaN, nesting too deep is an
invalid reply, not a RecursionError), then checked field by field against OpenAI's chat completion —
`choices[0].message` with text (or null) content and a list of tool calls, `usage` with whole,
non-negative, bounded token counts. Anything else is an "invalid reply" ModelCallError of that call,
never an exception that ends the generation."""

from __future__ import annotations

import json
from typing import Any

import httpx

from .chat import ChatReply, parse_tool_calls, token_count
from .errors import invalid_reply
from .scrub import quote_scrubbed

ERROR_BODY_CHARS = 300  # of a reply body quoted in an error


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def reply_json(response: httpx.Response, what: str = "") -> Any:
    """The reply's body as JSON; an invalid reply (`what` names the endpoint) when it is not."""
    prefix = f"{what}: " if what else ""
    try:
        return json.loads(response.content, parse_constant=_no_constant)
    except RecursionError:
        raise invalid_reply(f"{prefix}JSON nested too deeply") from None
    except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise invalid_reply(f"{prefix}not JSON: {quote_scrubbed(response.text, ERROR_BODY_CHARS)}") from None


def chat_completion(body: Any, elapsed: float) -> ChatReply:
    """An OpenAI chat completion: `choices[0].message` and `usage` (absent usage counts nothing)."""
    if not isinstance(body, dict):
        raise invalid_reply("expected a JSON object")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise invalid_reply("choices: expected a non-empty list of objects")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise invalid_reply("choices[0].message: expected an object")
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        raise invalid_reply("choices[0].message.content: expected text or null")
    tool_calls = message.get("tool_calls")
    if tool_calls is not None and not isinstance(tool_calls, list):
        raise invalid_reply("choices[0].message.tool_calls: expected a list or null")
    usage = body.get("usage")
    if usage is None:
        usage = {}
    if not isinstance(usage, dict):
        raise invalid_reply("usage: expected an object")
    return ChatReply(
        content=content or "",
        tool_calls=parse_tool_calls(tool_calls),
        tokens_input=token_count(usage, "prompt_tokens", "usage."),
        tokens_output=token_count(usage, "completion_tokens", "usage."),
        tokens_total=token_count(usage, "total_tokens", "usage."),
        elapsed=elapsed,
        raw=body,
    )
