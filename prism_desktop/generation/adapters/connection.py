"""How an adapter reaches its server: through the runner's shared client, or, when the adapter has a
proxy or trusts an extra CA, through a client of its own (httpx fixes both per client, not per
request); and how a URL is named in an error without the secrets a URL may carry."""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import httpx


def display_url(url: str) -> str:
    """`url` without what may be a secret: the user and password before the host, the query (some
    providers take `?key=…`) and the fragment."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = f"{host}:{port}" if port is not None else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def request_place(url: str, proxy: str | None) -> str:
    """What an error says about where a request went: the URL, and the proxy it went through."""
    place = f"POST {display_url(url)}"
    return f"{place} via proxy {display_url(proxy)}" if proxy else place


@contextlib.asynccontextmanager
async def connection(
    shared: httpx.AsyncClient, *, proxy: str | None = None, verify: ssl.SSLContext | None = None
) -> AsyncIterator[httpx.AsyncClient]:
    """The client for one adapter call. Without a proxy or a CA bundle the shared client is used as it
    is. With one, a client of its own with the shared client's timeouts: it lives for one chat() (a
    token request and the chat call), so it needs no closing hook in the runner and never outlives
    the event loop it was made in. Its cost, a new connection per answer, is small beside the
    seconds a model takes to write."""
    if proxy is None and verify is None:
        yield shared
        return
    async with httpx.AsyncClient(
        proxy=proxy, verify=verify if verify is not None else True, timeout=shared.timeout
    ) as own:
        yield own
