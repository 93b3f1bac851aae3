"""What one request to a model may take: a deadline for the whole request (connecting, sending, and the
reply's last byte — not each read, which a server sending a byte now and then would never exceed) and a
cap on the reply's size. The sender applies both around every adapter call (`within_limits`), so
every adapter gets them without doing anything; `post` reads the cap of the call it runs in
(`current_limits`, a context variable set by `within_limits`) while it reads the body."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

import httpx

from .errors import REPLY_TOO_LARGE, TIMEOUT, ModelCallError

DEFAULT_TIMEOUT = 120.0  # seconds per request, PRISM's
MEGABYTE = 2**20
# A reply of PRISM's largest answer (16384 tokens) is well under 1 MB; ten leaves room for reasoning
# text and tool calls and still keeps a hostile server from filling memory and the experiment file.
DEFAULT_MAX_REPLY_MB = 10.0

T = TypeVar("T")


@dataclass(frozen=True)
class RequestLimits:
    deadline: float = DEFAULT_TIMEOUT  # seconds for the whole request
    max_reply_bytes: int = int(DEFAULT_MAX_REPLY_MB * MEGABYTE)

    @property
    def max_reply_mb(self) -> float:
        return self.max_reply_bytes / MEGABYTE


DEFAULT_LIMITS = RequestLimits()
_CURRENT: ContextVar[RequestLimits] = ContextVar("request_limits")


def current_limits() -> RequestLimits:
    """The limits of the request being sent (the defaults outside `within_limits`)."""
    return _CURRENT.get(DEFAULT_LIMITS)


async def within_limits(limits: RequestLimits, name: str, call: Callable[[], Awaitable[T]]) -> T:
    """`await call()` under `limits`: past the deadline the call is abandoned (its connection
    closed) and a transient "timeout" ModelCallError raised, as for any other timeout."""
    token = _CURRENT.set(limits)
    try:
        async with asyncio.timeout(limits.deadline):
            return await call()
    except TimeoutError:
        raise ModelCallError(
            f"{name}: timeout: no complete reply within {limits.deadline:g} s", cause=TIMEOUT
        ) from None
    finally:
        _CURRENT.reset(token)


async def read_capped(response: httpx.Response, name: str) -> httpx.Response:
    """The streamed `response` read whole, refused ("reply too large", permanent: the same server
    would send the same) as soon as its announced length or the bytes read (decompressed) pass the
    cap. Returns a plain response holding the body."""
    limit = current_limits().max_reply_bytes
    announced = response.headers.get("Content-Length", "")
    if announced.isdigit() and int(announced) > limit:
        raise _too_large(name, limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > limit:
            raise _too_large(name, limit)
        chunks.append(chunk)
    # The body is decoded already: the new response must not decode it again.
    headers = [
        (key, value)
        for key, value in response.headers.multi_items()
        if key.lower() not in ("content-encoding", "content-length", "transfer-encoding")
    ]
    return httpx.Response(
        response.status_code, headers=headers, content=b"".join(chunks), request=response.request
    )


def _too_large(name: str, limit: int) -> ModelCallError:
    return ModelCallError(
        f"{name}: {REPLY_TOO_LARGE}: more than {limit / MEGABYTE:g} MB", permanent=True, cause=REPLY_TOO_LARGE
    )
