"""Repeating a model call after a transient failure, on PRISM's schedule: up to 3 retries (4
attempts), waiting base·2^k seconds before retry k+1 (2, 4, 8 s with PRISM's base of 2 s). A server's
Retry-After, when longer, wins; jitter may only lengthen the wait, never shorten it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from .errors import ModelCallError

DEFAULT_RETRIES = 3
DEFAULT_BASE_DELAY = 2.0
MAX_RETRY_AFTER = 600.0  # a server asking for more than ten minutes is not waited for that long
JITTER_SHARE = 0.1  # up to +10% of the backoff, so parallel pairs do not retry in lockstep

T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]
Jitter = Callable[[float], float]  # backoff -> extra seconds (≥ 0)


def random_jitter(backoff: float) -> float:
    return random.uniform(0.0, JITTER_SHARE * backoff)


def no_jitter(_backoff: float) -> float:
    return 0.0


@dataclass(frozen=True)
class RetryPolicy:
    retries: int = DEFAULT_RETRIES
    base_delay: float = DEFAULT_BASE_DELAY
    jitter: Jitter = random_jitter

    def backoff(self, attempt: int) -> float:
        """PRISM's wait before retry number attempt+1 (attempt 0 is the first failure)."""
        return self.base_delay * (2**attempt)

    def delay(self, attempt: int, retry_after: float | None) -> float:
        backoff = self.backoff(attempt)
        wait = max(backoff, min(retry_after, MAX_RETRY_AFTER)) if retry_after is not None else backoff
        return wait + max(0.0, self.jitter(backoff))


OnRetry = Callable[[int, ModelCallError, float], None]  # (retry number from 1, error, delay)


async def with_retry(
    call: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    sleep: Sleep = asyncio.sleep,
    on_retry: OnRetry | None = None,
) -> T:
    """`await call()`; on a transient ModelCallError wait and call again, at most `policy.retries`
    times. A permanent error, or the last transient one, is raised."""
    attempt = 0
    while True:
        try:
            return await call()
        except ModelCallError as error:
            if attempt >= policy.retries or not error.transient:
                raise
            delay = policy.delay(attempt, error.retry_after)
            attempt += 1
            if on_retry is not None:
                on_retry(attempt, error, delay)
            await sleep(delay)
