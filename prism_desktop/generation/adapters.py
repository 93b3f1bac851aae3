"""Model adapters: a small registry from `access.adapter` (models.yaml) to a factory. Keys come only
from the environment. `openai_compat` speaks OpenAI's Chat Completions to `access.endpoint`;
`openrouter` is the same protocol at OpenRouter's address with its attribution headers. Another
provider (GigaChat, YandexGPT) is one more `register_adapter` call, without touching the runner."""

from __future__ import annotations

import ipaddress
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any, Protocol
from urllib.parse import urlsplit

import httpx

from .chat import ChatReply, ChatRequest, parse_tool_calls
from .config import ModelEntry
from .errors import AdapterConfigError, ModelCallError

OPENAI_COMPAT_KEY = "OPENAI_COMPAT_API_KEY"
OPENROUTER_KEY = "OPENROUTER_API_KEY"
OPENROUTER_BASE = "https://openrouter.ai/api/v1"
OPENROUTER_HEADERS = {"HTTP-Referer": "https://github.com/genlab-1c/prism", "X-Title": "PRISM Desktop"}
_ERROR_BODY_CHARS = 300


class Adapter(Protocol):
    name: str
    endpoint: str  # where requests go: part of the response cache key

    async def chat(self, client: httpx.AsyncClient, request: ChatRequest) -> ChatReply: ...


AdapterFactory = Callable[[ModelEntry, Mapping[str, str]], Adapter]
_REGISTRY: dict[str, AdapterFactory] = {}


def register_adapter(name: str) -> Callable[[AdapterFactory], AdapterFactory]:
    def add(factory: AdapterFactory) -> AdapterFactory:
        _REGISTRY[name] = factory
        return factory

    return add


def adapter_names() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def build_adapter(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    """The adapter for one catalogue entry; AdapterConfigError (naming the model and what is missing)
    when it cannot be called."""
    factory = _REGISTRY.get(entry.adapter)
    if factory is None:
        raise AdapterConfigError(
            f"model {entry.key}: unknown adapter {entry.adapter!r} (known: {', '.join(_REGISTRY)})",
            model=entry.key,
        )
    return factory(entry, env)


@dataclass
class OpenAICompatAdapter:
    """`POST {base}/chat/completions`; the key, when there is one, goes as `Authorization: Bearer`."""

    endpoint: str
    api_key: str | None = None
    name: str = "openai_compat"
    extra_headers: dict[str, str] = field(default_factory=dict)
    reasoning_effort: str | None = None

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": request.model,
            "messages": request.messages,
            "temperature": request.temperature,
            "max_tokens": request.max_tokens,
        }
        if self.reasoning_effort:
            body["reasoning_effort"] = self.reasoning_effort
        if request.seed is not None:
            body["seed"] = request.seed
        if request.tools:
            body["tools"] = request.tools
            body["tool_choice"] = request.tool_choice
        return body

    async def chat(self, client: httpx.AsyncClient, request: ChatRequest) -> ChatReply:
        headers = {"Content-Type": "application/json", **self.extra_headers}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = f"{self.endpoint.rstrip('/')}/chat/completions"
        started = time.monotonic()
        try:
            response = await client.post(url, headers=headers, json=self.body(request))
        except httpx.TimeoutException as exc:
            raise ModelCallError(
                f"{self.name}: timeout after {time.monotonic() - started:.1f} s ({exc!r})"
            ) from None
        except httpx.TransportError as exc:
            raise ModelCallError(f"{self.name}: connection error: {exc}") from None
        elapsed = time.monotonic() - started
        if response.status_code != 200:
            raise ModelCallError(
                f"HTTP {response.status_code}: {response.text[:_ERROR_BODY_CHARS]}",
                status=response.status_code,
                retry_after=retry_after_seconds(response.headers.get("Retry-After")),
            )
        return parse_reply(response, elapsed)


def parse_reply(response: httpx.Response, elapsed: float) -> ChatReply:
    """An OpenAI chat completion: `choices[0].message` and `usage`."""
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ModelCallError(f"invalid reply: not JSON: {response.text[:_ERROR_BODY_CHARS]}") from None
    if not isinstance(body, dict):
        raise ModelCallError("invalid reply: expected a JSON object")
    choices = body.get("choices") or []
    message = choices[0].get("message") or {} if choices and isinstance(choices[0], dict) else {}
    usage = body.get("usage") or {}
    return ChatReply(
        content=str(message.get("content") or ""),
        tool_calls=parse_tool_calls(message.get("tool_calls")),
        tokens_input=int(usage.get("prompt_tokens") or 0),
        tokens_output=int(usage.get("completion_tokens") or 0),
        tokens_total=int(usage.get("total_tokens") or 0),
        elapsed=elapsed,
        raw=body,
    )


def retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as seconds (delta-seconds or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - time.time())


def is_local_endpoint(endpoint: str) -> bool:
    """A server on this machine or the local network, which may need no key."""
    host = (urlsplit(endpoint).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost") or host.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


@register_adapter("openai_compat")
def _openai_compat(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    if not entry.endpoint:
        raise AdapterConfigError(
            f"model {entry.key}: adapter openai_compat needs access.endpoint in models.yaml", model=entry.key
        )
    key = env.get(OPENAI_COMPAT_KEY) or None
    if key is None and not is_local_endpoint(entry.endpoint):
        raise AdapterConfigError(
            f"model {entry.key}: {entry.endpoint} is a remote endpoint and {OPENAI_COMPAT_KEY} is not set "
            "in the environment",
            model=entry.key,
            env_var=OPENAI_COMPAT_KEY,
        )
    return OpenAICompatAdapter(endpoint=entry.endpoint, api_key=key, reasoning_effort=entry.reasoning_effort)


@register_adapter("openrouter")
def _openrouter(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    key = env.get(OPENROUTER_KEY)
    if not key:
        raise AdapterConfigError(
            f"model {entry.key}: adapter openrouter needs {OPENROUTER_KEY} in the environment",
            model=entry.key,
            env_var=OPENROUTER_KEY,
        )
    return OpenAICompatAdapter(
        endpoint=OPENROUTER_BASE,
        api_key=key,
        name="openrouter",
        extra_headers=dict(OPENROUTER_HEADERS),
        reasoning_effort=entry.reasoning_effort,
    )
