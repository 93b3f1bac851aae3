"""The registry from `access.adapter` (models.yaml) to the factory that builds a model's adapter.
Building one registers, for scrubbing, the secrets among the environment variables its factory read
(by their names: …KEY, …TOKEN, …CREDENTIALS, a proxy's password), so a new adapter's keys are
scrubbed without it doing anything."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Protocol

import httpx

from ..chat import ChatReply, ChatRequest
from ..config import ModelEntry
from ..credentials import proxy_for
from ..errors import AdapterConfigError
from ..scrub import register_env_secrets


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
    watched = _ReadsRecorded(env)
    try:
        adapter = factory(entry, watched)
        adapter.proxy = proxy_for(entry.adapter, watched, entry.key)
        return adapter
    finally:
        register_env_secrets(env, watched.read)


class _ReadsRecorded(Mapping[str, str]):
    """The environment as a factory sees it, remembering which variables it read."""

    def __init__(self, env: Mapping[str, str]):
        self.env = env
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.read.add(name)
        return self.env[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.env)

    def __len__(self) -> int:
        return len(self.env)
