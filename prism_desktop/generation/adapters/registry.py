"""The registry from `access.adapter` (models.yaml) to the factory that builds a model's adapter."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

import httpx

from ..chat import ChatReply, ChatRequest
from ..config import ModelEntry
from ..credentials import proxy_for
from ..errors import AdapterConfigError


class Adapter(Protocol):
    name: str
    endpoint: str  # where requests go: part of the response cache key
    proxy: str | None  # the proxy its requests go through (None: straight)

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
    adapter = factory(entry, env)
    adapter.proxy = proxy_for(entry.adapter, env, entry.key)
    return adapter
