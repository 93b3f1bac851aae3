"""Sending one request the way every part of generation does: the response cache first, then the
model's adapter (under its concurrency bound) with PRISM's retries. A tally shared by the senders of
one generation counts requests, cache hits and the money actually spent (cache hits cost nothing).

Every adapter call runs here under the request's limits (one deadline for the whole request, the
reply's size cap: limits.py), and whatever an adapter raises while reading a reply that is not a
ModelCallError (a KeyError, a TypeError, a RecursionError on a reply it did not expect) becomes an
"invalid reply" of that call: one hostile reply fails its own pair, never the generation. Answers
are scrubbed of keys and tokens before they are cached or returned."""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
from dataclasses import dataclass, field

import httpx

from .adapters import Adapter
from .cache import ResponseCache, cache_key
from .chat import ChatReply, ChatRequest
from .config import Pricing
from .errors import ModelCallError, invalid_reply
from .limits import RequestLimits, within_limits
from .replies import ERROR_BODY_CHARS
from .retry import OnRetry, RetryPolicy, Sleep, with_retry
from .scrub import quote_scrubbed

# What an adapter's own reading of a reply may raise on a reply it did not expect.
_MALFORMED = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


@dataclass
class Tally:
    requests: int = 0
    cache_hits: int = 0
    spent: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add_spent(self, amount: float) -> None:
        """Money spent only grows: replies' usage is checked (chat.token_count) and prices are
        finite and non-negative (config.py), so anything else here is a bug, not a refund."""
        if not (math.isfinite(amount) and amount >= 0):
            raise ValueError(f"an amount spent must be a finite number ≥ 0, not {amount!r}")
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
        limits: RequestLimits | None = None,
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
        self.limits = limits or RequestLimits()
        self.last_cause = "error"
        self.last_error = ""

    async def send(self, request: ChatRequest, run_index: int | str) -> ChatReply:
        key = cache_key(self.adapter.endpoint, request, run_index)
        if self.cache is not None and (hit := self.cache.get(key)) is not None:
            self.tally.cache_hits += 1
            return hit

        async def once() -> ChatReply:
            self.tally.requests += 1
            # The deadline starts once the request may go: waiting for a slot is not the server's time.
            async with self.slots or contextlib.nullcontext():
                return await within_limits(self.limits, self.adapter.name, lambda: self._chat(request))

        try:
            reply = await with_retry(once, self.policy, sleep=self.sleep, on_retry=self.on_retry)
        except ModelCallError as error:
            self.last_cause, self.last_error = error.cause, error.message
            raise
        self.tally.add_spent(self.pricing.cost(self.model_id, reply.tokens_input, reply.tokens_output)[2])
        if self.cache is not None:
            self.cache.put(key, reply)
        return reply

    async def _chat(self, request: ChatRequest) -> ChatReply:
        try:
            reply = await self.adapter.chat(self.client, request)
        except _MALFORMED as exc:
            detail = quote_scrubbed(str(exc), ERROR_BODY_CHARS)
            raise invalid_reply(f"{self.adapter.name}: {type(exc).__name__}: {detail}") from None
        return reply.scrubbed()
