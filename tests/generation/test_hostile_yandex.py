"""PRISM's Yandex adapters (native completion, Responses API) under the same hostile-server rules
(issue 26 B), on a real server on 127.0.0.1: they get them from the shared sender and `post`
without code of their own — the deadline, the size cap, the scrubbed key, and usage checked."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from prism_desktop.generation.adapters import build_adapter
from prism_desktop.generation.chat import ChatReply, ChatRequest
from prism_desktop.generation.config import ModelEntry, Pricing
from prism_desktop.generation.errors import ModelCallError
from prism_desktop.generation.limits import MEGABYTE, RequestLimits
from prism_desktop.generation.retry import RetryPolicy
from prism_desktop.generation.sender import RequestSender

from .fake_openai import Fault
from .fake_yandex import FakeYandexServer
from .hostile import echo_headers, endless_chunks, huge, reply

FOLDER = "b1ghostilefolder"
KEY = "AQVNhostile-yandex-key-93c1e7"
ENV = {"YANDEX_API_KEY": KEY, "YANDEX_FOLDER_ID": FOLDER}
MODEL = {"yandexgpt": "aliceai-llm/latest", "yandex_responses": "yandexgpt-5-lite/latest"}
ADAPTERS = tuple(MODEL)


def _usage_reply(adapter: str, usage: Any) -> dict[str, Any]:
    if adapter == "yandexgpt":
        message = {"role": "assistant", "text": "Возврат 1;"}
        return {
            "result": {
                "alternatives": [{"message": message, "status": "ALTERNATIVE_STATUS_FINAL"}],
                "usage": usage,
            }
        }
    text = {"type": "output_text", "text": "Возврат 1;"}
    return {"output": [{"type": "message", "role": "assistant", "content": [text]}], "usage": usage}


def _usage(adapter: str, tokens_in: Any, tokens_out: Any) -> dict[str, Any]:
    keys = (
        ("inputTextTokens", "completionTokens")
        if adapter == "yandexgpt"
        else ("input_tokens", "output_tokens")
    )
    return dict(zip(keys, (tokens_in, tokens_out), strict=True))


@pytest.fixture
def yandex() -> Iterator[FakeYandexServer]:
    server = FakeYandexServer().start()
    yield server
    server.stop()


def _ask(server: FakeYandexServer, adapter_name: str, limits: RequestLimits | None = None) -> ChatReply:
    url = server.native_url if adapter_name == "yandexgpt" else server.url
    entry = ModelEntry(key="y", id=MODEL[adapter_name], name="Y", adapter=adapter_name, endpoint=url)
    adapter = build_adapter(entry, ENV)

    async def run() -> ChatReply:
        async with httpx.AsyncClient(timeout=5.0) as client:
            sender = RequestSender(
                adapter, client, Pricing(), entry.id, cache=None, policy=RetryPolicy(retries=0), limits=limits
            )
            request = ChatRequest(
                model=entry.id, messages=[{"role": "user", "content": "Сложи."}], temperature=0, max_tokens=64
            )
            return await sender.send(request, 0)

    return asyncio.run(run())


def _uri(adapter_name: str) -> str:
    return f"gpt://{FOLDER}/{MODEL[adapter_name]}"


@pytest.mark.parametrize("adapter_name", ADAPTERS)
def test_usage_as_int64_strings_still_reads(yandex: FakeYandexServer, adapter_name: str) -> None:
    yandex.fail_next(
        _uri(adapter_name), Fault(play=reply(_usage_reply(adapter_name, _usage(adapter_name, "23", "7"))))
    )
    answer = _ask(yandex, adapter_name)
    assert (answer.tokens_input, answer.tokens_output) == (23, 7)


@pytest.mark.parametrize("adapter_name", ADAPTERS)
@pytest.mark.parametrize("tokens", ["-1000000000", "abc", -1e9, 1e300, True], ids=str)
def test_unsound_usage_is_an_invalid_reply(yandex: FakeYandexServer, adapter_name: str, tokens: Any) -> None:
    play = reply(_usage_reply(adapter_name, _usage(adapter_name, 10, tokens)))
    yandex.fail_next(_uri(adapter_name), Fault(play=play))
    with pytest.raises(ModelCallError) as caught:
        _ask(yandex, adapter_name)
    assert (
        caught.value.cause == "invalid reply"
        and "usage." in caught.value.message
        and not caught.value.transient
    )


@pytest.mark.parametrize("adapter_name", ADAPTERS)
def test_deadline_cap_and_scrubbing(yandex: FakeYandexServer, adapter_name: str) -> None:
    uri = _uri(adapter_name)
    yandex.fail_next(uri, Fault(play=endless_chunks()))
    started = time.monotonic()
    with pytest.raises(ModelCallError) as late:
        _ask(yandex, adapter_name, RequestLimits(deadline=1.0))
    assert late.value.cause == "timeout" and time.monotonic() - started < 5.0
    yandex.fail_next(uri, Fault(play=huge(300_000, chunked=True)))
    with pytest.raises(ModelCallError) as large:
        _ask(yandex, adapter_name, RequestLimits(max_reply_bytes=MEGABYTE // 4))
    assert large.value.cause == "reply too large"
    yandex.fail_next(uri, Fault(play=echo_headers(400)))
    with pytest.raises(ModelCallError) as echoed:
        _ask(yandex, adapter_name)
    assert json.dumps(KEY)[1:7] not in echoed.value.message and "***" in echoed.value.message
