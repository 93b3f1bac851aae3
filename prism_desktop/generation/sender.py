"""Sending one request the way every part of generation does: the response cache first, then the
model's adapter (under its concurrency bound) with PRISM's retries. A tally shared by the senders of
one generation counts requests, cache hits and the money actually spent (cache hits cost nothing)."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field

import httpx

from .adapters import Adapter
from .cache import ResponseCache, cache_key
from .chat import ChatReply, ChatRequest
from .config import Pricing
from .errors import ModelCallError
from .retry import OnRetry, RetryPolicy, Sleep, with_retry


@dataclass
class Tally:
    requests: int = 0
    cache_hits: int = 0
    spent: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add_spent(self, amount: float) -> None:
        with self.lock:
            self.spent += amount


class RequestSender:
    """One model's requests; remembers the last failure (cause and text) for summaries."""

    def __init__(
        self,
        adapter: Adapter,
        client: httpx.AsyncClient,
        pricing: Pricing,
        model_id: str,
        *,
        cache: ResponseCache | None,
        policy: RetryPolicy,
        sleep: Sleep = asyncio.sleep,
        slots: asyncio.Semaphore | None = None,
        tally: Tally | None = None,
        on_retry: OnRetry | None = None,
    ):
        self.adapter = adapter
        self.client = client
        self.pricing = pricing
        self.model_id = model_id
        self.cache = cache
        self.policy = policy
        self.sleep = sleep
        self.slots = slots
        self.tally = tally or Tally()
        self.on_retry = on_retry
        self.last_cause = "error"
        self.last_error = ""

    async def send(self, request: ChatRequest, run_index: int | str) -> ChatReply:
        key = cache_key(self.adapter.endpoint, request, run_index)
        if self.cache is not None and (hit := self.cache.get(key)) is not None:
            self.tally.cache_hits += 1
            return hit

        async def once() -> ChatReply:
            self.tally.requests += 1
            if self.slots is None:
                return await self.adapter.chat(self.client, request)
            async with self.slots:
                return await self.adapter.chat(self.client, request)

        try:
            reply = await with_retry(once, self.policy, sleep=self.sleep, on_retry=self.on_retry)
        except ModelCallError as error:
            self.last_cause, self.last_error = error.cause, error.message
            raise
        self.tally.add_spent(self.pricing.cost(self.model_id, reply.tokens_input, reply.tokens_output)[2])
        if self.cache is not None:
            self.cache.put(key, reply)
        return reply
