"""The `yandex` and `gigachat` adapters against a real HTTP(S) server on 127.0.0.1: what each request
carries (URL, authorization, folder, model URI, the OAuth form), the GigaChat token's life (reused,
refreshed when it expires and after a 401, a refused key as a permanent error), a CA bundle for a
server whose certificate common trust stores do not know, secrets kept out of the cache, and a
`prism-desktop generate` run with a Yandex model."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from prism_desktop.cli.main import main
from prism_desktop.generation.adapters import (
    Adapter,
    GigaChatAdapter,
    YandexAdapter,
    build_adapter,
    yandex_model_uri,
)
from prism_desktop.generation.cache import ResponseCache
from prism_desktop.generation.chat import ChatReply, ChatRequest
from prism_desktop.generation.config import ModelEntry, Pricing, load_generation_config
from prism_desktop.generation.errors import AdapterConfigError, ModelCallError
from prism_desktop.generation.sender import RequestSender

from .conftest import GenWorkspace
from .fake_gigachat import FakeGigaChatServer
from .fake_openai import OAUTH_PATH, FakeModelServer, Fault
from .helpers import FAST, RecordingSleep, generate, read_like_prism
from .local_proxy import LocalProxy

FOLDER = "b1gtestfolder"
YC_ENV = {"YC_API_KEY": "yc-api-key-secret", "YC_FOLDER_ID": FOLDER}
GIGA_KEY = "Z2lnYS1jbGllbnQ6Z2lnYS1zZWNyZXQ="  # base64 of client:secret, as Sber issues it
GIGA_ENV = {"GIGACHAT_CREDENTIALS": GIGA_KEY}
CHAT = "/v1/chat/completions"


def _request(**kwargs: Any) -> ChatRequest:
    values: dict[str, Any] = {
        "model": "m",
        "messages": [{"role": "system", "content": "Пиши на 1С."}, {"role": "user", "content": "Сложи."}],
        "temperature": 0.2,
        "max_tokens": 512,
    }
    values.update(kwargs)
    return ChatRequest(**values)


def _chat(adapter: Adapter, *requests: ChatRequest, timeout: float = 5.0) -> list[ChatReply]:
    """Each request through one shared client, as the runner sends them."""

    async def run() -> list[ChatReply]:
        async with httpx.AsyncClient(timeout=timeout) as client:
            return [await adapter.chat(client, request) for request in requests]

    return asyncio.run(run())


def _send(adapter: Adapter, request: ChatRequest, sleep: RecordingSleep | None = None) -> ChatReply:
    """Through the RequestSender with PRISM's retry policy (fast, waits recorded)."""

    async def run() -> ChatReply:
        async with httpx.AsyncClient(timeout=5.0) as client:
            sender = RequestSender(
                adapter,
                client,
                Pricing(),
                request.model,
                cache=None,
                policy=FAST,
                sleep=sleep or RecordingSleep(),
            )
            return await sender.send(request, 0)

    return asyncio.run(run())


# -- Yandex Cloud AI Studio --------------------------------------------------------------------------


def _yandex(server: FakeModelServer, model_id: str = "yandexgpt-5-lite", **access: Any) -> ModelEntry:
    return ModelEntry(
        key="ygpt", id=model_id, name="YandexGPT 5 Lite", adapter="yandex", endpoint=server.url, **access
    )


def test_yandex_model_uri_rule() -> None:
    assert yandex_model_uri("yandexgpt-5-lite", "f1") == "gpt://f1/yandexgpt-5-lite/latest"
    assert yandex_model_uri("yandexgpt-5-lite/latest", "f1") == "gpt://f1/yandexgpt-5-lite/latest"
    assert yandex_model_uri("yandexgpt-5-pro/rc", "f1") == "gpt://f1/yandexgpt-5-pro/rc"
    assert yandex_model_uri("gpt://other/yandexgpt/latest", "f1") == "gpt://other/yandexgpt/latest"


def test_yandex_request_with_an_api_key(server: FakeModelServer) -> None:
    adapter = build_adapter(_yandex(server), YC_ENV)
    assert isinstance(adapter, YandexAdapter) and "yc-api-key-secret" not in repr(adapter)
    (reply,) = _chat(adapter, _request(model="yandexgpt-5-lite", seed=None))
    (recorded,) = server.requests
    assert recorded.path == CHAT
    assert recorded.headers["Authorization"] == "Api-Key yc-api-key-secret"
    assert recorded.headers["OpenAI-Project"] == FOLDER
    assert recorded.body["model"] == f"gpt://{FOLDER}/yandexgpt-5-lite/latest"
    assert recorded.body["messages"][1] == {"role": "user", "content": "Сложи."}
    assert recorded.body["temperature"] == 0.2 and recorded.body["max_tokens"] == 512
    assert "seed" not in recorded.body and "tools" not in recorded.body
    expected = server.reply(recorded.body)
    assert reply.content == expected["choices"][0]["message"]["content"] and reply.content
    usage = expected["usage"]
    assert (reply.tokens_input, reply.tokens_output, reply.tokens_total) == (
        usage["prompt_tokens"],
        usage["completion_tokens"],
        usage["total_tokens"],
    )


def test_yandex_iam_token_and_folder_from_models_yaml(server: FakeModelServer) -> None:
    entry = _yandex(server, "yandexgpt-5-lite/rc", folder_id="b1gfromyaml")
    _chat(build_adapter(entry, {"YC_IAM_TOKEN": "t1.iam-token"}), _request(model=entry.id))
    (recorded,) = server.requests
    assert recorded.headers["Authorization"] == "Bearer t1.iam-token"
    assert recorded.headers["OpenAI-Project"] == "b1gfromyaml"
    assert recorded.body["model"] == "gpt://b1gfromyaml/yandexgpt-5-lite/rc"
    # The API key wins over an IAM token; the environment's folder over models.yaml's.
    _chat(build_adapter(entry, {**YC_ENV, "YC_IAM_TOKEN": "t1.iam-token"}), _request(model=entry.id))
    assert server.requests[1].headers["Authorization"] == "Api-Key yc-api-key-secret"
    assert server.requests[1].body["model"] == f"gpt://{FOLDER}/yandexgpt-5-lite/rc"


def test_yandex_full_uri_is_sent_as_it_is(server: FakeModelServer) -> None:
    entry = _yandex(server, "gpt://b1gother/yandexgpt/latest")
    _chat(build_adapter(entry, {"YC_API_KEY": "k"}), _request(model=entry.id))  # folder from the URI
    (recorded,) = server.requests
    assert recorded.body["model"] == "gpt://b1gother/yandexgpt/latest"
    assert recorded.headers["OpenAI-Project"] == "b1gother"


def test_yandex_missing_configuration(server: FakeModelServer) -> None:
    with pytest.raises(AdapterConfigError) as no_key:
        build_adapter(_yandex(server), {"YC_FOLDER_ID": FOLDER})
    # PRISM's name is the one asked for; ours are named as alternatives.
    assert no_key.value.model == "ygpt" and no_key.value.env_vars == ("YANDEX_API_KEY",)
    assert "model ygpt" in str(no_key.value) and "YC_IAM_TOKEN" in str(no_key.value)
    assert "YC_API_KEY" in str(no_key.value)
    with pytest.raises(AdapterConfigError) as no_folder:
        build_adapter(_yandex(server), {"YC_API_KEY": "k"})
    assert no_folder.value.env_vars == ("YANDEX_FOLDER_ID",) and "access.folder_id" in str(no_folder.value)
    with pytest.raises(AdapterConfigError) as neither:
        build_adapter(_yandex(server), {})
    assert neither.value.env_vars == ("YANDEX_API_KEY", "YANDEX_FOLDER_ID")
    default = build_adapter(ModelEntry(key="y", id="yandexgpt-5-lite", name="y", adapter="yandex"), YC_ENV)
    assert default.endpoint == "https://llm.api.cloud.yandex.net/v1"


def test_yandex_errors_take_the_retry_path(server: FakeModelServer) -> None:
    uri = f"gpt://{FOLDER}/yandexgpt-5-lite/latest"
    server.fail_next(uri, Fault(429, {"Retry-After": "3"}), Fault(503, body="<html>upstream down</html>"))
    sleep = RecordingSleep()
    reply = _send(build_adapter(_yandex(server), YC_ENV), _request(model="yandexgpt-5-lite"), sleep)
    assert reply.content and server.count(uri) == 3
    assert sleep.delays == [3.0, 0.02]  # Retry-After wins over the backoff, then PRISM's schedule
    server.fail_next(uri, Fault(403, body={"error": {"message": "denied"}}))
    with pytest.raises(ModelCallError) as denied:
        _send(build_adapter(_yandex(server), YC_ENV), _request(model="yandexgpt-5-lite", temperature=0.3))
    assert denied.value.status == 403 and not denied.value.transient


def test_provider_timeouts_and_non_json_replies_are_model_call_errors(server: FakeModelServer) -> None:
    uri = f"gpt://{FOLDER}/yandexgpt-5-lite/latest"
    yandex = build_adapter(_yandex(server), YC_ENV)
    server.fail_next(uri, Fault(delay=1.0), Fault(200, body="<html>не JSON</html>"))
    with pytest.raises(ModelCallError) as slow:
        _chat(yandex, _request(model="yandexgpt-5-lite"), timeout=0.3)
    assert slow.value.message.startswith("yandex: timeout after") and slow.value.transient
    with pytest.raises(ModelCallError) as garbled:
        _chat(yandex, _request(model="yandexgpt-5-lite"))
    assert "invalid reply: not JSON" in garbled.value.message and not garbled.value.transient
    server.oauth_faults.append(Fault(200, body="<html>не JSON</html>"))
    with pytest.raises(ModelCallError) as token:
        _chat(_giga_adapter(server), _request())
    assert "invalid reply: gigachat token endpoint: not JSON" in token.value.message
    server.oauth_faults.append(Fault(delay=1.0))
    with pytest.raises(ModelCallError) as token_slow:
        _chat(_giga_adapter(server), _request(), timeout=0.3)
    assert (
        token_slow.value.message.startswith("gigachat token endpoint: timeout") and token_slow.value.transient
    )


# -- GigaChat ----------------------------------------------------------------------------------------


def _giga(server: FakeModelServer, **access: Any) -> ModelEntry:
    return ModelEntry(
        key="giga",
        id="GigaChat-2-Max",
        name="GigaChat 2 Max",
        adapter="gigachat",
        endpoint=server.url,
        auth_endpoint=server.oauth_url,
        **access,
    )


def _giga_adapter(
    server: FakeModelServer, env: dict[str, str] | None = None, **access: Any
) -> GigaChatAdapter:
    adapter = build_adapter(_giga(server, **access), env if env is not None else GIGA_ENV)
    assert isinstance(adapter, GigaChatAdapter)
    return adapter


def test_gigachat_token_then_chat(server: FakeModelServer) -> None:
    adapter = _giga_adapter(server)
    assert GIGA_KEY not in repr(adapter)
    (reply,) = _chat(adapter, _request(model="GigaChat-2-Max", seed=7))
    token_call, chat_call = server.requests
    assert token_call.path == OAUTH_PATH
    assert token_call.headers["Authorization"] == f"Basic {GIGA_KEY}"
    assert uuid.UUID(token_call.headers["RqUID"]).version == 4
    assert token_call.headers["Content-Type"] == "application/x-www-form-urlencoded"
    assert token_call.headers["Accept"] == "application/json"
    assert token_call.body == {"scope": "GIGACHAT_API_PERS"}
    assert chat_call.path == CHAT
    assert chat_call.headers["Authorization"] == f"Bearer {server.issued[0]}"
    assert set(chat_call.body) == {"model", "messages", "temperature", "max_tokens"}  # no seed
    assert chat_call.body["model"] == "GigaChat-2-Max"
    assert reply.content == server.reply(chat_call.body)["choices"][0]["message"]["content"]
    assert reply.tokens_total == reply.tokens_input + reply.tokens_output > 0


def test_gigachat_scope_from_the_environment_and_a_new_rquid_each_time(server: FakeModelServer) -> None:
    adapter = _giga_adapter(server, {**GIGA_ENV, "GIGACHAT_SCOPE": "GIGACHAT_API_B2B"})
    adapter.clock = lambda: 4e12  # far past any expires_at: every call needs a new token
    _chat(adapter, _request(), _request())
    tokens = server.recorded(OAUTH_PATH)
    assert [t.body for t in tokens] == [{"scope": "GIGACHAT_API_B2B"}] * 2
    assert tokens[0].headers["RqUID"] != tokens[1].headers["RqUID"]


def test_gigachat_token_is_reused_then_refreshed_before_it_expires(server: FakeModelServer) -> None:
    adapter = _giga_adapter(server)
    now = [time.time()]
    adapter.clock = lambda: now[0]
    expires = now[0] + server.token_lifetime  # the server's expires_at, give or take a second
    _chat(adapter, _request(), _request(), _request())
    assert len(server.recorded(OAUTH_PATH)) == 1
    bearers = {r.headers["Authorization"] for r in server.recorded(CHAT)}
    assert bearers == {f"Bearer {server.issued[0]}"}
    now[0] = expires - 600  # ten minutes before: still good
    _chat(adapter, _request())
    assert len(server.recorded(OAUTH_PATH)) == 1
    now[0] = expires - 30  # within the refresh margin: a new token before the old one expires
    _chat(adapter, _request())
    assert len(server.recorded(OAUTH_PATH)) == 2
    assert server.recorded(CHAT)[-1].headers["Authorization"] == f"Bearer {server.issued[1]}"


def test_gigachat_concurrent_calls_share_one_token_request(server: FakeModelServer) -> None:
    adapter = _giga_adapter(server)
    server.delay = 0.2  # the token request too: every call waits for the one in flight

    async def run() -> list[ChatReply]:
        async with httpx.AsyncClient(timeout=5.0) as client:
            return await asyncio.gather(
                *(adapter.chat(client, _request(temperature=t)) for t in (0.1, 0.2, 0.3))
            )

    assert all(reply.content for reply in asyncio.run(run()))
    assert len(server.recorded(OAUTH_PATH)) == 1 and len(server.recorded(CHAT)) == 3


def test_gigachat_expires_at_in_the_past_means_a_new_token_each_call(server: FakeModelServer) -> None:
    server.token_lifetime = -10.0
    _chat(_giga_adapter(server), _request(), _request())
    assert len(server.recorded(OAUTH_PATH)) == 2
    assert [r.headers["Authorization"] for r in server.recorded(CHAT)] == [
        f"Bearer {t}" for t in server.issued
    ]


def test_gigachat_refreshes_once_after_a_401(server: FakeModelServer) -> None:
    adapter = _giga_adapter(server)
    _chat(adapter, _request())
    server.revoke_tokens()  # the server forgets the token before its expires_at
    (reply,) = _chat(adapter, _request(temperature=0.5))
    assert reply.content
    chats = server.recorded(CHAT)
    assert len(server.recorded(OAUTH_PATH)) == 2 and len(chats) == 3
    assert chats[1].headers["Authorization"] == f"Bearer {server.issued[0]}"  # refused with 401
    assert chats[2].headers["Authorization"] == f"Bearer {server.issued[1]}"
    # A 401 for the new token too is the chat endpoint's final word: permanent, one refresh only.
    server.fail_next("GigaChat-2-Max", Fault(401), Fault(401))
    with pytest.raises(ModelCallError) as refused:
        _send(adapter, _request(model="GigaChat-2-Max"))
    assert refused.value.status == 401 and not refused.value.transient
    assert len(server.recorded(OAUTH_PATH)) == 3 and len(server.recorded(CHAT)) == 5


def test_gigachat_refused_key_is_permanent_and_says_so(server: FakeModelServer) -> None:
    server.oauth_faults.append(Fault(401))
    sleep = RecordingSleep()
    with pytest.raises(ModelCallError) as refused:
        _send(_giga_adapter(server), _request(), sleep)
    error = refused.value
    assert error.status == 401 and not error.transient and sleep.delays == []
    assert "refused the authorization key" in error.message and "not retried" in error.message
    assert "GIGACHAT_CREDENTIALS" in error.message and "GIGACHAT_API_PERS" in error.message
    assert GIGA_KEY not in error.message
    assert len(server.recorded(OAUTH_PATH)) == 1 and server.recorded(CHAT) == []


def test_gigachat_token_endpoint_outage_is_retried(server: FakeModelServer) -> None:
    server.oauth_faults.append(Fault(503, {"Retry-After": "1"}, body="<html>Service Unavailable</html>"))
    sleep = RecordingSleep()
    assert _send(_giga_adapter(server), _request(), sleep).content
    assert sleep.delays == [1.0] and len(server.recorded(OAUTH_PATH)) == 2


def test_gigachat_missing_configuration(server: FakeModelServer, tmp_path: Path) -> None:
    with pytest.raises(AdapterConfigError) as missing:
        build_adapter(_giga(server), {})
    assert missing.value.env_var == "GIGACHAT_AUTH_KEY" and "model giga" in str(missing.value)
    assert "GIGACHAT_CREDENTIALS" in str(missing.value)  # ours, still read
    with pytest.raises(AdapterConfigError) as unreadable:
        build_adapter(_giga(server), {**GIGA_ENV, "GIGACHAT_CA_BUNDLE": str(tmp_path / "absent.pem")})
    assert unreadable.value.env_var is None  # set, but wrong: the message says what is wrong
    assert "GIGACHAT_CA_BUNDLE" in str(unreadable.value) and "absent.pem" in str(unreadable.value)
    (tmp_path / "junk.pem").write_text("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n")
    with pytest.raises(AdapterConfigError):
        build_adapter(_giga(server), {**GIGA_ENV, "GIGACHAT_CA_BUNDLE": str(tmp_path / "junk.pem")})
    default = build_adapter(ModelEntry(key="g", id="GigaChat-2-Max", name="g", adapter="gigachat"), GIGA_ENV)
    assert isinstance(default, GigaChatAdapter)
    assert default.endpoint == "https://gigachat.devices.sberbank.ru/api/v1"
    assert default.auth_endpoint == "https://ngw.devices.sberbank.ru:9443/api/v2/oauth"


# -- a CA that common trust stores do not know -------------------------------------------------------


@dataclass(frozen=True)
class LocalCA:
    root_pem: Path
    root_der: Path
    server_cert: Path
    server_key: Path


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


EC_KEY = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")


def _make_ca(folder: Path, name: str) -> Path:
    """A self-signed root CA: `<folder>/<name>.pem` and `<name>.key`."""
    ca_extensions = ("basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign")
    _openssl(
        *("req", "-x509", *EC_KEY, "-keyout", f"{name}.key", "-out", f"{name}.pem", "-days", "2"),
        *("-subj", f"/CN={name}", "-addext", ca_extensions[0], "-addext", ca_extensions[1]),
        cwd=folder,
    )
    return folder / f"{name}.pem"


@pytest.fixture(scope="module")
def test_ca(tmp_path_factory: pytest.TempPathFactory) -> LocalCA:
    """A root CA (standing for НУЦ Минцифры) and a server certificate for 127.0.0.1 it signed."""
    folder = tmp_path_factory.mktemp("ca")
    root = _make_ca(folder, "root")
    _openssl(
        "req", *EC_KEY, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost", cwd=folder
    )
    (folder / "server.ext").write_text(
        "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
        "keyUsage=critical,digitalSignature\n"
    )
    _openssl(
        *("x509", "-req", "-in", "server.csr", "-CA", "root.pem", "-CAkey", "root.key", "-CAcreateserial"),
        *("-out", "server.pem", "-days", "2", "-extfile", "server.ext"),
        cwd=folder,
    )
    _openssl("x509", "-in", "root.pem", "-outform", "DER", "-out", "root.der", cwd=folder)
    return LocalCA(root, folder / "root.der", folder / "server.pem", folder / "server.key")


@pytest.fixture
def https_server(test_ca: LocalCA) -> Iterator[FakeModelServer]:
    import ssl

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(test_ca.server_cert, test_ca.server_key)
    fake = FakeModelServer(tls=context).start()
    yield fake
    fake.stop()


def test_gigachat_ca_bundle(https_server: FakeModelServer, test_ca: LocalCA, tmp_path: Path) -> None:
    server = https_server
    assert server.url.startswith("https://127.0.0.1:")
    # Without the bundle: refused at the token endpoint, permanent (not retried), with what to do.
    sleep = RecordingSleep()
    with pytest.raises(ModelCallError) as untrusted:
        _send(_giga_adapter(server), _request(), sleep)
    error = untrusted.value
    assert not error.transient and sleep.delays == [] and server.requests == []
    assert "TLS certificate of 127.0.0.1 is not trusted" in error.message
    assert "GIGACHAT_CA_BUNDLE" in error.message and "НУЦ Минцифры" in error.message
    # With GIGACHAT_CA_BUNDLE (PEM): the token and the chat call go through, verification on.
    adapter = _giga_adapter(server, {**GIGA_ENV, "GIGACHAT_CA_BUNDLE": str(test_ca.root_pem)})
    (reply,) = _chat(adapter, _request())
    assert reply.content and [r.path for r in server.requests] == [OAUTH_PATH, CHAT]
    # access.ca_bundle, a DER file: the same.
    (reply,) = _chat(_giga_adapter(server, ca_bundle=str(test_ca.root_der)), _request())
    assert reply.content
    # A bundle never turns verification off: a client that verifies nothing is not needed, and a
    # bundle of another CA still refuses the server.
    other = _giga_adapter(server, {**GIGA_ENV, "GIGACHAT_CA_BUNDLE": str(_make_ca(tmp_path, "other"))})
    with pytest.raises(ModelCallError, match="not trusted"):
        _chat(other, _request())


def test_gigachat_over_https_through_prism_proxy_ru(https_server: FakeModelServer, test_ca: LocalCA) -> None:
    """PRISM_PROXY_RU carries GigaChat's token request and chat call: HTTPS through CONNECT tunnels of
    a real proxy, the certificate still checked against the bundle end to end."""
    proxy = LocalProxy().start()
    try:
        env = {
            "GIGACHAT_AUTH_KEY": GIGA_KEY,
            "GIGACHAT_CA_BUNDLE": str(test_ca.root_pem),
            "PRISM_PROXY_RU": proxy.url,
        }
        adapter = _giga_adapter(https_server, env)
        assert _send(adapter, _request(model="GigaChat-2-Max"), RecordingSleep()).content
        address = https_server.origin.removeprefix("https://")
        assert [(p.method, p.target) for p in proxy.passed] == [("CONNECT", address), ("CONNECT", address)]
        assert [r.path for r in https_server.requests] == [OAUTH_PATH, CHAT]
    finally:
        proxy.stop()


def test_ca_bundle_in_models_yaml_is_read_beside_it(gen_workspace: GenWorkspace, test_ca: LocalCA) -> None:
    folder = gen_workspace.root / "generation"
    (folder / "certs").mkdir()
    (folder / "certs" / "root.pem").write_bytes(test_ca.root_pem.read_bytes())
    (folder / "params.yaml").write_text("defaults:\n  max_tokens: 256\n", encoding="utf-8")
    (folder / "models.yaml").write_text(
        "models:\n  giga:\n    id: GigaChat-2-Max\n    name: GigaChat 2 Max\n"
        "    access: { adapter: gigachat, ca_bundle: certs/root.pem }\n",
        encoding="utf-8",
    )
    entry = load_generation_config(gen_workspace.root).models["giga"]
    assert entry.ca_bundle == str(folder / "certs" / "root.pem")
    adapter = build_adapter(entry, GIGA_ENV)
    assert isinstance(adapter, GigaChatAdapter) and adapter.verify is not None


# -- secrets stay in the environment -----------------------------------------------------------------


def test_no_secret_reaches_the_cache_or_the_results(gen_workspace: GenWorkspace, tmp_path: Path) -> None:
    server = gen_workspace.server
    (gen_workspace.root / "generation" / "models.yaml").write_text(
        "models:\n"
        "  giga:\n    id: GigaChat-2-Max\n    name: GigaChat 2 Max\n"
        f"    access: {{ adapter: gigachat, endpoint: '{server.url}',\n"
        f"              auth_endpoint: '{server.oauth_url}' }}\n"
        "    capabilities: { supports_seed: false, supports_tools: false }\n"
        "  ygpt:\n    id: yandexgpt-5-lite\n    name: YandexGPT 5 Lite\n"
        f"    access: {{ adapter: yandex, endpoint: '{server.url}' }}\n",
        encoding="utf-8",
    )
    (gen_workspace.root / "generation" / "params.yaml").write_text("defaults:\n  max_tokens: 256\n")
    cache = tmp_path / "responses"
    result, _plan = generate(
        gen_workspace.root, env={**GIGA_ENV, **YC_ENV}, cache_dir=cache, category="A", tasks=("A2", "A3")
    )
    assert result.complete and len(result.written) == 4
    secrets = [GIGA_KEY, "yc-api-key-secret", *server.issued]
    stored = [p for p in [*cache.rglob("*"), *(gen_workspace.root / "results").rglob("*")] if p.is_file()]
    assert len(stored) > 4
    for path in stored:
        text = path.read_text(encoding="utf-8")
        assert not any(secret in text for secret in secrets), path
    # The cache key does not depend on the credentials (nor on the token): another key finds it.
    again, _plan = generate(
        gen_workspace.root,
        env={"GIGACHAT_CREDENTIALS": "b3RoZXI6a2V5", "YC_API_KEY": "another", "YC_FOLDER_ID": FOLDER},
        cache_dir=cache,
        category="A",
        tasks=("A2", "A3"),
    )
    assert again.cache_hits == 4 and again.requests == 0
    assert ResponseCache(cache).directory == cache


# -- `prism-desktop generate` with a Yandex model ----------------------------------------------------


def test_generate_with_a_yandex_model(
    gen_workspace: GenWorkspace, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    server = gen_workspace.server
    models = (gen_workspace.root / "generation" / "models.yaml").read_text(encoding="utf-8")
    (gen_workspace.root / "generation" / "models.yaml").write_text(
        models
        + "  ygpt:\n"
        + '    id: "yandexgpt-5-lite"\n'
        + '    name: "YandexGPT 5 Lite"\n'
        + "    vendor: yandex\n"
        + "    access:\n"
        + "      adapter: yandex\n"
        + f'      endpoint: "{server.url}"\n'
        + "    capabilities: { context_window: 32000, supports_seed: false, supports_tools: false }\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("YC_API_KEY", "yc-api-key-secret")
    monkeypatch.setenv("YC_FOLDER_ID", FOLDER)
    monkeypatch.delenv("YC_IAM_TOKEN", raising=False)
    root = str(gen_workspace.root)
    code = main(["generate", "--workspace", root, "--category", "A", "--tasks", "A2", "--models", "ygpt"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "1/1 pairs written" in out
    (experiment_path,) = (gen_workspace.root / "results").glob("experiment_A_*.json")
    experiment = json.loads(experiment_path.read_text(encoding="utf-8"))
    rows = read_like_prism(experiment)
    assert [(task, model) for task, model, _run, _hash in rows] == [("A2", "yandexgpt-5-lite")]
    assert experiment["models_used"] == ["YandexGPT 5 Lite"]
    (run,) = experiment["task_results"][0]["runs"]
    assert run["success"] and run["tokens_total"] > 0
    (recorded,) = server.requests
    assert recorded.headers["Authorization"] == "Api-Key yc-api-key-secret"
    assert recorded.headers["OpenAI-Project"] == FOLDER
    assert recorded.body["model"] == f"gpt://{FOLDER}/yandexgpt-5-lite/latest"
    assert "yc-api-key-secret" not in experiment_path.read_text(encoding="utf-8")


# -- GigaChat's own function calling in category B ------------------------------------------------------


def test_gigachat_metadata_loop_through_its_function_format(
    gen_workspace: GenWorkspace, answers: dict[str, str]
) -> None:
    giga = FakeGigaChatServer(
        lambda body: answers.get(body["messages"][-1]["content"], "```bsl\n```")
    ).start()
    try:
        (gen_workspace.root / "generation" / "models.yaml").write_text(
            "models:\n  gigachat_max:\n    id: GigaChat-2-Max\n    name: GigaChat 2 Max\n"
            f"    access: {{ adapter: gigachat, endpoint: '{giga.url}',\n"
            f"              auth_endpoint: '{giga.oauth_url}' }}\n"
            "    capabilities: { context_window: 131072, supports_seed: false, supports_tools: true }\n",
            encoding="utf-8",
        )
        (gen_workspace.root / "generation" / "params.yaml").write_text("defaults:\n  max_tokens: 256\n")
        result, plan = generate(
            gen_workspace.root, env={"GIGACHAT_AUTH_KEY": GIGA_KEY}, category="B", tasks=("B10",)
        )
        assert result.complete, result.failures
        (pair,) = json.loads(plan.experiment_path.read_text(encoding="utf-8"))["task_results"]
        assert pair["context_loaded"] and len(pair["context_objects"]) == 2
        chats = [r.body for r in giga.recorded(CHAT)]
        assert len(chats) == 5  # list, two structures, finish, then the code
        assert chats[0]["functions"][0]["name"] == "list_objects" and "tools" not in chats[0]
        call, answer = chats[1]["messages"][-2:]
        assert call["function_call"] == {"name": "list_objects", "arguments": {}}
        assert answer["role"] == "function" and "result" in json.loads(answer["content"])
        assert (
            "functions" not in chats[-1]
            and "# Метаданные конфигурации:" in chats[-1]["messages"][0]["content"]
        )
    finally:
        giga.stop()
