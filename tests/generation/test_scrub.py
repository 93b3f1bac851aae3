"""The one scrubber of keys and tokens (issue 26 B): what it registers (the key variables an adapter
read, the credentials a request carried, a proxy's password), the forms it masks (as sent, JSON- and
URL-escaped, the start of a key left by a cut), and the Russian providers' keys and tokens echoed by
a real server on 127.0.0.1 through the sender."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Iterator

import httpx
import pytest

from prism_desktop.generation.adapters import build_adapter
from prism_desktop.generation.chat import ChatRequest
from prism_desktop.generation.config import ModelEntry, Pricing
from prism_desktop.generation.errors import ModelCallError
from prism_desktop.generation.retry import RetryPolicy
from prism_desktop.generation.scrub import (
    MASK,
    SecretRegistry,
    register_env_secrets,
    register_header_secrets,
    scrub,
)
from prism_desktop.generation.sender import RequestSender

from .fake_openai import FakeModelServer, Fault
from .hostile import echo_headers

ONCE = RetryPolicy(retries=0)


def test_every_form_of_a_secret_is_masked() -> None:
    secrets = SecretRegistry()
    secret = 'k3y/with+"quote"=='
    secrets.add(secret)
    assert secrets.scrub(f"raw {secret} end") == f"raw {MASK} end"
    assert secrets.scrub('json "k3y/with+\\"quote\\"==" end') == f'json "{MASK}" end'
    assert secrets.scrub("url k3y%2Fwith%2B%22quote%22%3D%3D end") == f"url {MASK} end"
    # A text cut after the start of the key: the start is masked too.
    assert secrets.scrub("HTTP 500: Bearer k3y/wi") == f"HTTP 500: Bearer {MASK}"
    assert secrets.scrub("nothing of it here: k3") == "nothing of it here: k3"  # too short to tell


def test_placeholder_keys_of_local_servers_are_not_masked() -> None:
    secrets = SecretRegistry()
    secrets.add("ollama")
    secrets.add("EMPTY")
    answer = "```python\nEMPTY = None  # ollama\n```"
    assert secrets.scrub(answer) == answer


def test_only_the_key_variables_an_adapter_reads_are_registered() -> None:
    env = {
        "YC_API_KEY": "yc-key-5b7e1d9a3c",
        "YC_FOLDER_ID": "b1gfolder4711",
        "SOME_OTHER_TOKEN": "unread-token-8c2f",
    }
    build_adapter(ModelEntry(key="y", id="yandexgpt-5-lite", name="Y", adapter="yandex"), env)
    text = "yc-key-5b7e1d9a3c b1gfolder4711 unread-token-8c2f"
    assert scrub(text) == f"{MASK} b1gfolder4711 unread-token-8c2f"  # the folder is no secret


def test_basic_credentials_and_a_proxy_password_are_registered() -> None:
    register_header_secrets(
        {"Authorization": "Basic " + base64.b64encode(b"client-id:s3cr3t-basic").decode()}
    )
    register_env_secrets({"HTTPS_PROXY": "http://user:pr0xy-pass@proxy:3128"}, ["HTTPS_PROXY"])
    assert scrub("client-id:s3cr3t-basic via pr0xy-pass") == f"client-id:{MASK} via {MASK}"


def _send_once(server: FakeModelServer, entry: ModelEntry, env: dict[str, str], model: str) -> ModelCallError:
    adapter = build_adapter(entry, env)

    async def run() -> None:
        async with httpx.AsyncClient(timeout=5.0) as client:
            sender = RequestSender(adapter, client, Pricing(), model, cache=None, policy=ONCE)
            request = ChatRequest(
                model=model, messages=[{"role": "user", "content": "Сложи."}], temperature=0, max_tokens=64
            )
            await sender.send(request, 0)

    with pytest.raises(ModelCallError) as caught:
        asyncio.run(run())
    return caught.value


@pytest.fixture
def echoing() -> Iterator[FakeModelServer]:
    server = FakeModelServer().start()
    yield server
    server.stop()


def test_yandex_key_echoed_by_the_server_is_scrubbed(echoing: FakeModelServer) -> None:
    key = "AQVN-yandex-key-2f8e6c0a4b"
    echoing.fail_next("gpt://b1gfolder/yandexgpt-5-lite/latest", Fault(play=echo_headers(400)))
    entry = ModelEntry(key="y", id="yandexgpt-5-lite", name="Y", adapter="yandex", endpoint=echoing.url)
    error = _send_once(echoing, entry, {"YC_API_KEY": key, "YC_FOLDER_ID": "b1gfolder"}, "yandexgpt-5-lite")
    assert (
        "Api-Key" in echoing.requests[0].headers["Authorization"]
        and key in echoing.requests[0].headers["Authorization"]
    )
    assert key[:8] not in error.message and MASK in error.message


def test_gigachat_credentials_and_its_token_echoed_are_scrubbed(echoing: FakeModelServer) -> None:
    credentials = base64.b64encode(b"giga-client:giga-hostile-secret").decode()
    entry = ModelEntry(
        key="g",
        id="GigaChat",
        name="G",
        adapter="gigachat",
        endpoint=echoing.url,
        auth_endpoint=echoing.oauth_url,
    )
    env = {"GIGACHAT_CREDENTIALS": credentials}
    # The chat endpoint echoes the bearer token it was given.
    echoing.fail_next("GigaChat", Fault(play=echo_headers(400)))
    error = _send_once(echoing, entry, env, "GigaChat")
    (token,) = echoing.issued
    assert token not in error.message and MASK in error.message
    # The token endpoint echoes the authorization key.
    echoing.oauth_faults.append(Fault(play=echo_headers(401)))
    error = _send_once(echoing, entry, env, "GigaChat")
    assert "token endpoint refused" in error.message
    assert credentials[:8] not in error.message and MASK in error.message
