"""OpenAI's Chat Completions: `openai_compat` at `access.endpoint`, `openrouter` at OpenRouter's address
with its attribution headers. The other adapters speak the same protocol through this class, so every
HTTP failure goes through its `post` and the retry policy sees the same ModelCallErrors everywhere.
`post` is also where a server is treated as hostile: the credentials it is sent are registered for
scrubbing, its reply is read under the size cap, an error body is quoted scrubbed; `parse_reply`
checks the completion field by field (replies.py)."""

from __future__ import annotations

import contextlib
import ipaddress
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any, ClassVar
from urllib.parse import urlsplit

import httpx

from ..chat import ChatReply, ChatRequest
from ..config import ModelEntry
from ..credentials import OPENAI_COMPAT_KEY, OPENROUTER_KEY, first_set
from ..errors import AdapterConfigError, ModelCallError, invalid_reply
from ..limits import read_capped
from ..replies import ERROR_BODY_CHARS, chat_completion, reply_json
from ..scrub import quote_scrubbed, register_header_secrets, register_url_secrets
from .connection import connection as adapter_connection
from .connection import display_url, request_place
from .registry import Adapter, register_adapter

OPENROUTER_BASE = "https://openrouter.ai/api/v1"
OPENROUTER_HEADERS = {"HTTP-Referer": "https://github.com/genlab-1c/prism", "X-Title": "PRISM Desktop"}


@dataclass
class OpenAICompatAdapter:
    """`POST {base}/chat/completions`; the key, when there is one, goes as `Authorization: Bearer`.
    Providers that speak the same protocol subclass it and change `headers` and `body`; providers
    with a protocol of their own change `url`, `body` and `parse` as well, and keep the same
    sending (`complete`, `post`), so every failure reads the same to the retry policy."""

    endpoint: str
    api_key: str | None = field(default=None, repr=False)
    name: str = "openai_compat"
    extra_headers: dict[str, str] = field(default_factory=dict)
    reasoning_effort: str | None = None
    proxy: str | None = field(default=None, repr=False)  # may hold a password
    verify: ssl.SSLContext | None = field(default=None, repr=False)  # extra trusted CAs
    tls_hint: ClassVar[str] = ""  # what to do when the server's certificate is not trusted

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", **self.extra_headers}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

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

    def url(self) -> str:
        return f"{self.endpoint.rstrip('/')}/chat/completions"

    def parse(self, response: httpx.Response, elapsed: float) -> ChatReply:
        return parse_reply(response, elapsed)

    async def chat(self, client: httpx.AsyncClient, request: ChatRequest) -> ChatReply:
        async with self.connection(client) as http:
            return await self.complete(http, self.headers(), self.body(request))

    def connection(
        self, shared: httpx.AsyncClient
    ) -> contextlib.AbstractAsyncContextManager[httpx.AsyncClient]:
        """The shared client, or one of this adapter's own when it has a proxy or a CA bundle."""
        return adapter_connection(shared, proxy=self.proxy, verify=self.verify)

    async def complete(
        self, client: httpx.AsyncClient, headers: dict[str, str], body: dict[str, Any]
    ) -> ChatReply:
        """One call with these headers and body; the reply parsed."""
        started = time.monotonic()
        response = await post(
            client,
            self.url(),
            name=self.name,
            headers=headers,
            json=body,
            tls_hint=self.tls_hint,
            proxy=self.proxy,
        )
        return self.parse(response, time.monotonic() - started)


async def post(
    client: httpx.AsyncClient,
    url: str,
    *,
    name: str,
    headers: dict[str, str],
    json: Any = None,
    data: dict[str, str] | None = None,
    tls_hint: str = "",
    proxy: str | None = None,
) -> httpx.Response:
    """A POST whose failures are ModelCallErrors the retry policy understands: a timeout or a dropped
    connection (transient), a TLS certificate that is not trusted (permanent: trying again cannot
    help; `tls_hint` says what to do), a reply over the size cap (permanent), any status but 200
    (with the status, Retry-After and the body quoted scrubbed). Each names the URL tried (and the
    `proxy` the client goes through), secrets scrubbed. The credentials in the headers and the URL
    are registered for scrubbing before anything is sent. The whole request's deadline is the
    sender's (limits.within_limits)."""
    register_header_secrets(headers)
    register_url_secrets(url)
    if proxy:
        register_url_secrets(proxy)
    started = time.monotonic()
    where = request_place(url, proxy)
    try:
        async with client.stream("POST", url, headers=headers, json=json, data=data) as streamed:
            response = await read_capped(streamed, name)
    except httpx.TimeoutException as exc:
        raise ModelCallError(
            f"{name}: timeout after {time.monotonic() - started:.1f} s ({type(exc).__name__})", where=where
        ) from None
    except httpx.DecodingError as exc:
        raise invalid_reply(f"{name}: the body cannot be decoded ({exc})") from None
    except httpx.TransportError as exc:
        if (reason := _certificate_refused(exc)) is not None:
            host = urlsplit(url).hostname or url
            raise ModelCallError(
                f"{name}: the TLS certificate of {host} is not trusted ({reason}){tls_hint}",
                permanent=True,
                where=where,
            ) from None
        raise ModelCallError(f"{name}: connection error: {exc or type(exc).__name__}", where=where) from None
    if response.status_code != 200:
        raise ModelCallError(
            f"HTTP {response.status_code}: {quote_scrubbed(response.text, ERROR_BODY_CHARS)}",
            status=response.status_code,
            retry_after=retry_after_seconds(response.headers.get("Retry-After")),
            where=where,
        )
    return response


def _certificate_refused(exc: BaseException) -> str | None:
    """Why the server's certificate was refused, when that is what ended the connection."""
    seen: BaseException | None = exc
    for _ in range(8):  # the chain httpx -> httpcore -> ssl is short; never loop on a cycle
        if seen is None:
            break
        if isinstance(seen, ssl.SSLCertVerificationError):
            return str(seen.verify_message or "certificate verify failed")
        if "CERTIFICATE_VERIFY_FAILED" in str(seen):
            return "certificate verify failed"
        seen = seen.__cause__ or seen.__context__
    return None


def reply_object(response: httpx.Response) -> dict[str, Any]:
    """A reply's body, which must be a JSON object (every provider here answers with one)."""
    body = reply_json(response)
    if not isinstance(body, dict):
        raise invalid_reply("expected a JSON object")
    return body


def parse_reply(response: httpx.Response, elapsed: float) -> ChatReply:
    """An OpenAI chat completion (`choices[0].message` and `usage`), checked; an invalid reply
    ModelCallError when it is not one."""
    return chat_completion(reply_json(response), elapsed)


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
    key = first_set(env, OPENAI_COMPAT_KEY)
    if key is None and not is_local_endpoint(entry.endpoint):
        raise AdapterConfigError(
            f"model {entry.key}: {display_url(entry.endpoint)} is a remote endpoint and "
            f"{OPENAI_COMPAT_KEY[0]} is not set in the environment or the workspace's .env",
            model=entry.key,
            env_var=OPENAI_COMPAT_KEY[0],
        )
    return OpenAICompatAdapter(endpoint=entry.endpoint, api_key=key, reasoning_effort=entry.reasoning_effort)


@register_adapter("openrouter")
def _openrouter(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    key = first_set(env, OPENROUTER_KEY)
    if not key:
        raise AdapterConfigError(
            f"model {entry.key}: adapter openrouter needs {OPENROUTER_KEY[0]} in the environment or the "
            "workspace's .env",
            model=entry.key,
            env_var=OPENROUTER_KEY[0],
        )
    return OpenAICompatAdapter(
        endpoint=entry.endpoint or OPENROUTER_BASE,
        api_key=key,
        name="openrouter",
        extra_headers=dict(OPENROUTER_HEADERS),
        reasoning_effort=entry.reasoning_effort,
    )
