"""Model adapters: a small registry from `access.adapter` (models.yaml) to a factory. Keys come only
from the environment. `openai_compat` speaks OpenAI's Chat Completions to `access.endpoint`;
`openrouter` is the same protocol at OpenRouter's address with its attribution headers; `yandex`
(Yandex Cloud AI Studio) is the same protocol with its own authorization, folder and model URIs;
`gigachat` (Sber) adds an OAuth token before the same protocol, and may trust an extra CA. Another
provider is one more `register_adapter` call, without touching the runner. Every HTTP failure goes
through `post`, so the retry policy sees the same ModelCallErrors from every provider."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import ssl
import time
import uuid
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any, ClassVar, Protocol
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
    """`POST {base}/chat/completions`; the key, when there is one, goes as `Authorization: Bearer`.
    Providers that speak the same protocol subclass it and change `headers` and `body`."""

    endpoint: str
    api_key: str | None = field(default=None, repr=False)
    name: str = "openai_compat"
    extra_headers: dict[str, str] = field(default_factory=dict)
    reasoning_effort: str | None = None
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

    async def chat(self, client: httpx.AsyncClient, request: ChatRequest) -> ChatReply:
        return await self.complete(client, self.headers(), self.body(request))

    async def complete(
        self, client: httpx.AsyncClient, headers: dict[str, str], body: dict[str, Any]
    ) -> ChatReply:
        """One chat completion with these headers and body; the reply parsed."""
        started = time.monotonic()
        url = f"{self.endpoint.rstrip('/')}/chat/completions"
        response = await post(client, url, name=self.name, headers=headers, json=body, tls_hint=self.tls_hint)
        return parse_reply(response, time.monotonic() - started)


async def post(
    client: httpx.AsyncClient,
    url: str,
    *,
    name: str,
    headers: dict[str, str],
    json: Any = None,
    data: dict[str, str] | None = None,
    tls_hint: str = "",
) -> httpx.Response:
    """A POST whose failures are ModelCallErrors the retry policy understands: a timeout or a dropped
    connection (transient), a TLS certificate that is not trusted (permanent: trying again cannot
    help; `tls_hint` says what to do), any status but 200 (with the status and Retry-After)."""
    started = time.monotonic()
    try:
        response = await client.post(url, headers=headers, json=json, data=data)
    except httpx.TimeoutException as exc:
        raise ModelCallError(f"{name}: timeout after {time.monotonic() - started:.1f} s ({exc!r})") from None
    except httpx.TransportError as exc:
        if (reason := _certificate_refused(exc)) is not None:
            host = urlsplit(url).hostname or url
            raise ModelCallError(
                f"{name}: the TLS certificate of {host} is not trusted ({reason}){tls_hint}",
                permanent=True,
            ) from None
        raise ModelCallError(f"{name}: connection error: {exc}") from None
    if response.status_code != 200:
        raise ModelCallError(
            f"HTTP {response.status_code}: {response.text[:_ERROR_BODY_CHARS]}",
            status=response.status_code,
            retry_after=retry_after_seconds(response.headers.get("Retry-After")),
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


# -- Yandex Cloud AI Studio ----------------------------------------------------------------------------

YANDEX_BASE = "https://llm.api.cloud.yandex.net/v1"
YANDEX_API_KEY = "YC_API_KEY"
YANDEX_IAM_TOKEN = "YC_IAM_TOKEN"
YANDEX_FOLDER = "YC_FOLDER_ID"


def yandex_model_uri(model_id: str, folder_id: str) -> str:
    """`yandexgpt-5-lite` -> `gpt://<folder>/yandexgpt-5-lite/latest`; a name with its version or
    branch (`yandexgpt-5-lite/rc`) keeps it; a full URI (`gpt://…`, a fine-tuned `ds://…`) is left
    as it is."""
    if "://" in model_id:
        return model_id
    name = model_id.strip("/")
    if "/" not in name:
        name += "/latest"
    return f"gpt://{folder_id}/{name}"


@dataclass
class YandexAdapter(OpenAICompatAdapter):
    """AI Studio's OpenAI-compatible Chat Completions: an API key (`Api-Key …`) or an IAM token
    (`Bearer …`), the folder as `OpenAI-Project`, and the model as a `gpt://` URI in that folder.
    The request's model (and so the cache key and the experiment's model_id) stays the catalogue id."""

    name: str = "yandex"
    folder_id: str = ""
    iam_token: str | None = field(default=None, repr=False)

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "OpenAI-Project": self.folder_id, **self.extra_headers}
        if self.api_key:
            headers["Authorization"] = f"Api-Key {self.api_key}"
        elif self.iam_token:
            headers["Authorization"] = f"Bearer {self.iam_token}"
        return headers

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body = super().body(request)
        body["model"] = yandex_model_uri(request.model, self.folder_id)
        return body


@register_adapter("yandex")
def _yandex(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    key = env.get(YANDEX_API_KEY) or None
    iam = env.get(YANDEX_IAM_TOKEN) or None
    if key is None and iam is None:
        raise AdapterConfigError(
            f"model {entry.key}: adapter yandex needs {YANDEX_API_KEY} (or {YANDEX_IAM_TOKEN}) in the "
            "environment",
            model=entry.key,
            env_var=YANDEX_API_KEY,
        )
    folder = env.get(YANDEX_FOLDER) or entry.folder_id or _uri_folder(entry.id)
    if not folder:
        raise AdapterConfigError(
            f"model {entry.key}: adapter yandex needs the folder id: {YANDEX_FOLDER} in the environment "
            "or access.folder_id in models.yaml",
            model=entry.key,
            env_var=YANDEX_FOLDER,
        )
    return YandexAdapter(
        endpoint=entry.endpoint or YANDEX_BASE,
        api_key=key,
        iam_token=None if key else iam,
        folder_id=folder,
        reasoning_effort=entry.reasoning_effort,
    )


def _uri_folder(model_id: str) -> str:
    """The folder of a full `gpt://<folder>/…` model URI ("" otherwise)."""
    scheme, _, rest = model_id.partition("://")
    return rest.split("/", 1)[0] if scheme and rest else ""


# -- Sber GigaChat -------------------------------------------------------------------------------------

GIGACHAT_BASE = "https://gigachat.devices.sberbank.ru/api/v1"
GIGACHAT_AUTH = "https://ngw.devices.sberbank.ru:9443/api/v2/oauth"
GIGACHAT_CREDENTIALS = "GIGACHAT_CREDENTIALS"
GIGACHAT_SCOPE = "GIGACHAT_SCOPE"
GIGACHAT_CA_BUNDLE = "GIGACHAT_CA_BUNDLE"
GIGACHAT_SCOPES = ("GIGACHAT_API_PERS", "GIGACHAT_API_B2B", "GIGACHAT_API_CORP")
TOKEN_REFRESH_MARGIN = 60.0  # seconds before expires_at when a token is fetched anew
TOKEN_FALLBACK_LIFETIME = 30 * 60.0  # Sber's documented lifetime, when a reply names no expires_at
_TLS_HINT = (
    f"; Sber's servers use a certificate of the Russian national CA (НУЦ Минцифры): set {GIGACHAT_CA_BUNDLE} "
    "or access.ca_bundle to its root certificate (PEM)"
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
    reasoning_effort; tools only when the catalogue says the model supports them."""

    name: str = "gigachat"
    tls_hint: ClassVar[str] = _TLS_HINT
    credentials: str = field(default="", repr=False)
    scope: str = GIGACHAT_SCOPES[0]
    auth_endpoint: str = GIGACHAT_AUTH
    verify: ssl.SSLContext | None = field(default=None, repr=False)
    clock: Callable[[], float] = field(default=time.time, repr=False)
    _token: tuple[str, float] | None = field(default=None, init=False, repr=False)  # (token, expires)
    _lock: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = field(default=None, init=False, repr=False)

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body = super().body(request)
        body.pop("seed", None)
        body.pop("reasoning_effort", None)
        return body

    def bearer(self, token: str) -> dict[str, str]:
        return {"Content-Type": "application/json", "Authorization": f"Bearer {token}", **self.extra_headers}

    async def chat(self, client: httpx.AsyncClient, request: ChatRequest) -> ChatReply:
        async with self._http(client) as http:
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

    @contextlib.asynccontextmanager
    async def _http(self, shared: httpx.AsyncClient) -> AsyncIterator[httpx.AsyncClient]:
        """The client for this adapter's requests. httpx fixes certificate verification per client
        (per connection pool), not per request, and the runner shares one client among all models.
        Without a CA bundle that shared client is used as it is. With one, the calls of this adapter
        go through a client of their own that trusts the bundle in addition to the usual roots, with
        the shared client's timeouts; it lives for one chat() (the token request and the chat call),
        so it needs no closing hook in the runner and never outlives the event loop it was made in.
        Its cost, a TLS handshake per answer, is small beside the seconds a model takes to write."""
        if self.verify is None:
            yield shared
            return
        async with httpx.AsyncClient(verify=self.verify, timeout=shared.timeout) as own:
            yield own

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
            )
        except ModelCallError as error:
            if error.status in (401, 403):
                raise ModelCallError(
                    f"{self.name}: the token endpoint refused the authorization key (HTTP {error.status}, "
                    f"permanent, not retried): check {GIGACHAT_CREDENTIALS} and that scope {self.scope} "
                    f"({GIGACHAT_SCOPE}) is the one the key was issued for. {error.message}",
                    status=error.status,
                    permanent=True,
                ) from None
            if error.status is None:
                raise  # a timeout, a dropped connection or an untrusted certificate, already named
            raise ModelCallError(
                f"{self.name} token endpoint: {error.message}",
                status=error.status,
                retry_after=error.retry_after,
            ) from None
        try:
            body = response.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ModelCallError(
                f"{self.name}: invalid reply of the token endpoint: not JSON: "
                f"{response.text[:_ERROR_BODY_CHARS]}"
            ) from None
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise ModelCallError(f"{self.name}: invalid reply of the token endpoint: no access_token")
        expires_at = body.get("expires_at")
        if isinstance(expires_at, int | float) and not isinstance(expires_at, bool):
            expires = float(expires_at) / 1000.0  # unix milliseconds
        else:
            expires = self.clock() + TOKEN_FALLBACK_LIFETIME
        return token, expires


@register_adapter("gigachat")
def _gigachat(entry: ModelEntry, env: Mapping[str, str]) -> Adapter:
    credentials = (env.get(GIGACHAT_CREDENTIALS) or "").strip()
    if not credentials:
        raise AdapterConfigError(
            f"model {entry.key}: adapter gigachat needs {GIGACHAT_CREDENTIALS} (the authorization key) in "
            "the environment",
            model=entry.key,
            env_var=GIGACHAT_CREDENTIALS,
        )
    scope = (env.get(GIGACHAT_SCOPE) or GIGACHAT_SCOPES[0]).strip()
    bundle = env.get(GIGACHAT_CA_BUNDLE) or entry.ca_bundle
    verify = None
    if bundle:
        try:
            verify = load_ca_bundle(bundle)
        except (OSError, ssl.SSLError, ValueError) as exc:
            raise AdapterConfigError(
                f"model {entry.key}: the CA bundle {bundle} ({GIGACHAT_CA_BUNDLE} or access.ca_bundle) "
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
