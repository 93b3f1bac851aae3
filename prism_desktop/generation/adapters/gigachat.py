"""Sber's GigaChat: an OAuth token first (cached, refreshed before it expires and after a 401), then
OpenAI's protocol; Sber's certificates may need an extra trusted CA (НУЦ Минцифры)."""

from __future__ import annotations

import asyncio
import math
import ssl
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

import httpx

from ..chat import ChatReply, ChatRequest
from ..config import ModelEntry
from ..credentials import GIGACHAT_CA_BUNDLE, GIGACHAT_KEY, GIGACHAT_SCOPE, first_set, names_text
from ..errors import AdapterConfigError, ModelCallError, invalid_reply
from ..replies import reply_json
from ..scrub import register_secret
from .gigachat_functions import function_call_of, gigachat_functions, gigachat_messages
from .openai_compatible import OpenAICompatAdapter, post
from .registry import Adapter, register_adapter

GIGACHAT_BASE = "https://gigachat.devices.sberbank.ru/api/v1"
GIGACHAT_AUTH = "https://ngw.devices.sberbank.ru:9443/api/v2/oauth"
GIGACHAT_SCOPES = ("GIGACHAT_API_PERS", "GIGACHAT_API_B2B", "GIGACHAT_API_CORP")
TOKEN_REFRESH_MARGIN = 60.0  # seconds before expires_at when a token is fetched anew
TOKEN_FALLBACK_LIFETIME = 30 * 60.0  # Sber's documented lifetime, when a reply names no expires_at
_TLS_HINT = (
    "; Sber's servers use a certificate of the Russian national CA (НУЦ Минцифры): set "
    f"{GIGACHAT_CA_BUNDLE[0]} or access.ca_bundle to its root certificate (PEM)"
)


def load_ca_bundle(path: str) -> ssl.SSLContext:
    """The usual trust (httpx's: certifi, or SSL_CERT_FILE) plus the certificates of `path` (PEM, or
    one DER certificate). Verification stays on: this only adds roots."""
    context = httpx.create_ssl_context()
    data = Path(path).read_bytes()
    if b"-----BEGIN" in data:
        context.load_verify_locations(cadata=data.decode("ascii", errors="replace"))
    else:
        context.load_verify_locations(cadata=data)
    return context


@dataclass
class GigaChatAdapter(OpenAICompatAdapter):
    """GigaChat's chat completions after an OAuth token. The token is fetched with the authorization
    key (`Basic …`, as Sber issues it) and the scope, kept until shortly before its expires_at, and
    fetched again once when the chat call answers 401. The body has no seed and no
    reasoning_effort; the metadata tools go in GigaChat's own function format
    (gigachat_functions.py)."""

    name: str = "gigachat"
    tls_hint: ClassVar[str] = _TLS_HINT
    credentials: str = field(default="", repr=False)
    scope: str = GIGACHAT_SCOPES[0]
    auth_endpoint: str = GIGACHAT_AUTH
    clock: Callable[[], float] = field(default=time.time, repr=False)
    _token: tuple[str, float] | None = field(default=None, init=False, repr=False)  # (token, expires)
    _lock: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = field(default=None, init=False, repr=False)

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body = super().body(request)
        body.pop("seed", None)
        body.pop("reasoning_effort", None)
        body["messages"] = gigachat_messages(request.messages)
        if body.pop("tools", None):
            body.pop("tool_choice", None)
            body["functions"] = gigachat_functions(request.tools or [])
            body["function_call"] = "auto"
        return body

    def parse(self, response: httpx.Response, elapsed: float) -> ChatReply:
        reply = super().parse(response, elapsed)
        if reply.tool_calls:
            return reply
        return replace(reply, tool_calls=function_call_of(reply.raw))

    def bearer(self, token: str) -> dict[str, str]:
        return {"Content-Type": "application/json", "Authorization": f"Bearer {token}", **self.extra_headers}

    async def chat(self, client: httpx.AsyncClient, request: ChatRequest) -> ChatReply:
        async with self.connection(client) as http:
            token = await self.access_token(http)
            try:
                return await self.complete(http, self.bearer(token), self.body(request))
            except ModelCallError as error:
                if error.status != 401:
                    raise
            # The token was refused before its time (revoked, or a clock off): one new token, one
            # more try; a second 401 is the chat endpoint's answer and is permanent.
            token = await self.access_token(http, refused=token)
            return await self.complete(http, self.bearer(token), self.body(request))

    def _token_lock(self) -> asyncio.Lock:
        # One lock per event loop (an asyncio.Lock belongs to the loop it first waited in).
        loop = asyncio.get_running_loop()
        if self._lock is None or self._lock[0] is not loop:
            self._lock = (loop, asyncio.Lock())
        return self._lock[1]

    async def access_token(self, http: httpx.AsyncClient, *, refused: str | None = None) -> str:
        """The cached token while it is valid for more than TOKEN_REFRESH_MARGIN seconds and was not
        `refused`; otherwise a new one. Concurrent calls share one token request."""
        async with self._token_lock():
            cached = self._token
            if cached and cached[0] != refused and self.clock() < cached[1] - TOKEN_REFRESH_MARGIN:
                return cached[0]
            self._token = await self._fetch_token(http)
            return self._token[0]

    async def _fetch_token(self, http: httpx.AsyncClient) -> tuple[str, float]:
        headers = {
            "Authorization": f"Basic {self.credentials}",
            "RqUID": str(uuid.uuid4()),
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
        }
        try:
            response = await post(
                http,
                self.auth_endpoint,
                name=f"{self.name} token endpoint",
                headers=headers,
                data={"scope": self.scope},
                tls_hint=self.tls_hint,
                proxy=self.proxy,
            )
        except ModelCallError as error:
            if error.status in (401, 403):
                raise ModelCallError(
                    f"{self.name}: the token endpoint refused the authorization key (HTTP {error.status}, "
                    f"permanent, not retried): check {names_text(GIGACHAT_KEY)} and that scope {self.scope} "
                    f"({GIGACHAT_SCOPE[0]}) is the one the key was issued for. {error.reason}",
                    status=error.status,
                    permanent=True,
                    where=error.where,
                ) from None
            if error.status is None:
                raise  # a timeout, a dropped connection or an untrusted certificate, already named
            raise ModelCallError(
                f"{self.name} token endpoint: {error.reason}",
                status=error.status,
                retry_after=error.retry_after,
                where=error.where,
            ) from None
        body = reply_json(response, f"{self.name} token endpoint")
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise invalid_reply(f"{self.name} token endpoint: no access_token")
        register_secret(token)  # before anything could quote it
        expires_at = body.get("expires_at")
        if isinstance(expires_at, int | float) and not isinstance(expires_at, bool) and math.isfinite(
            expires_at
        ):
            expires = float(expires_at) / 1000.0  # unix milliseconds
        else:
            expires = self.clock() + TOKEN_FALLBACK_LIFETIME
        return token, expires


@register_adapter("gigachat")
def _gigachat(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    credentials = first_set(env, GIGACHAT_KEY)
    if not credentials:
        raise AdapterConfigError(
            f"model {entry.key}: adapter gigachat needs {names_text(GIGACHAT_KEY)} (the authorization key) "
            "in the environment or the workspace's .env",
            model=entry.key,
            env_var=GIGACHAT_KEY[0],
        )
    scope = first_set(env, GIGACHAT_SCOPE) or GIGACHAT_SCOPES[0]
    bundle = first_set(env, GIGACHAT_CA_BUNDLE) or entry.ca_bundle
    verify = None
    if bundle:
        try:
            verify = load_ca_bundle(bundle)
        except (OSError, ssl.SSLError, ValueError) as exc:
            raise AdapterConfigError(
                f"model {entry.key}: the CA bundle {bundle} ({GIGACHAT_CA_BUNDLE[0]} or access.ca_bundle) "
                f"cannot be read as certificates: {exc}",
                model=entry.key,  # no env_var: it is set, but wrong
            ) from None
    return GigaChatAdapter(
        endpoint=entry.endpoint or GIGACHAT_BASE,
        credentials=credentials,
        scope=scope,
        auth_endpoint=entry.auth_endpoint or GIGACHAT_AUTH,
        verify=verify,
    )
