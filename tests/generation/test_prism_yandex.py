"""PRISM's two Yandex adapters, `yandexgpt` (Foundation Models' native completion) and
`yandex_responses` (the Responses API), against a real HTTP server on 127.0.0.1 speaking each API's
shapes: category A answers, category B's metadata loop through each native tool format, 429/5xx/401,
usage and cost from pricing.yaml, the response cache and resume; PRISM's variable names."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from prism_desktop.generation.adapters import (
    Adapter,
    YandexNativeAdapter,
    YandexResponsesAdapter,
    build_adapter,
)
from prism_desktop.generation.chat import ChatReply, ChatRequest
from prism_desktop.generation.config import ModelEntry, Pricing
from prism_desktop.generation.errors import AdapterConfigError, ModelCallError
from prism_desktop.generation.sender import RequestSender

from .conftest import GenWorkspace
from .fake_openai import Fault
from .fake_yandex import COMPLETION_PATH, RESPONSES_PATH, FakeYandexServer
from .helpers import FAST, RecordingSleep, generate, read_like_prism

FOLDER = "b1gprismfolder"
KEY = "prism-yandex-api-key"
PRISM_ENV = {"YANDEX_API_KEY": KEY, "YANDEX_FOLDER_ID": FOLDER}
NATIVE_ID = "aliceai-llm/latest"  # PRISM's `alice` (yandexgpt)
RESPONSES_ID = "yandexgpt-5-lite/latest"  # PRISM's `ygpt5_lite` (yandex_responses)
NATIVE_URI = f"gpt://{FOLDER}/{NATIVE_ID}"
RESPONSES_URI = f"gpt://{FOLDER}/{RESPONSES_ID}"
PRICES = {NATIVE_ID: (5.88, 14.12), RESPONSES_ID: (2.35, 2.35)}  # USD per million, PRISM's


def _entry(server: FakeYandexServer, adapter: str, **fields: Any) -> ModelEntry:
    model_id, endpoint = (
        (NATIVE_ID, server.native_url) if adapter == "yandexgpt" else (RESPONSES_ID, server.url)
    )
    values: dict[str, Any] = {"key": adapter, "id": model_id, "name": adapter, "adapter": adapter}
    values.update(endpoint=endpoint, supports_tools=True)
    values.update(fields)
    return ModelEntry(**values)


def _request(**kwargs: Any) -> ChatRequest:
    values: dict[str, Any] = {
        "model": RESPONSES_ID,
        "messages": [{"role": "system", "content": "Пиши на 1С."}, {"role": "user", "content": "Сложи."}],
        "temperature": 0.1,
        "max_tokens": 512,
    }
    values.update(kwargs)
    return ChatRequest(**values)


def _send(adapter: Adapter, request: ChatRequest, sleep: RecordingSleep) -> ChatReply:
    async def run() -> ChatReply:
        async with httpx.AsyncClient(timeout=5.0) as client:
            sender = RequestSender(
                adapter, client, Pricing(), request.model, cache=None, policy=FAST, sleep=sleep
            )
            return await sender.send(request, 0)

    return asyncio.run(run())


# -- what each request carries ------------------------------------------------------------------------


def test_yandexgpt_request_and_answer_in_the_native_shape(yandex_server: FakeYandexServer) -> None:
    adapter = build_adapter(_entry(yandex_server, "yandexgpt"), PRISM_ENV)
    assert isinstance(adapter, YandexNativeAdapter)
    reply = _send(adapter, _request(model=NATIVE_ID, seed=7), RecordingSleep())
    (recorded,) = yandex_server.requests
    assert recorded.path == COMPLETION_PATH
    assert recorded.headers["Authorization"] == f"Api-Key {KEY}"
    assert recorded.headers["x-folder-id"] == FOLDER
    assert recorded.body["modelUri"] == NATIVE_URI
    assert recorded.body["completionOptions"]["temperature"] == 0.1
    assert recorded.body["completionOptions"]["maxTokens"] == "512"
    assert recorded.body["messages"] == [
        {"role": "system", "text": "Пиши на 1С."},
        {"role": "user", "text": "Сложи."},
    ]
    assert "seed" not in json.dumps(recorded.body)  # the API has none
    assert reply.content.startswith("```bsl")
    # Usage arrives as int64 strings and is read as numbers.
    assert reply.tokens_input > 0 and reply.tokens_output > 0
    assert reply.tokens_total == reply.tokens_input + reply.tokens_output


def test_yandex_responses_request_and_answer(yandex_server: FakeYandexServer) -> None:
    entry = _entry(yandex_server, "yandex_responses", reasoning_effort="none")
    adapter = build_adapter(entry, PRISM_ENV)
    assert isinstance(adapter, YandexResponsesAdapter)
    reply = _send(adapter, _request(seed=7), RecordingSleep())
    (recorded,) = yandex_server.requests
    assert recorded.path == RESPONSES_PATH
    assert recorded.headers["Authorization"] == f"Api-Key {KEY}"
    assert recorded.headers["OpenAI-Project"] == FOLDER
    body = recorded.body
    assert body["model"] == RESPONSES_URI
    assert body["instructions"] == "Пиши на 1С." and body["input"] == "Сложи."
    assert body["max_output_tokens"] == 512 and body["temperature"] == 0.1
    assert body["reasoning"] == {"effort": "none"} and "seed" not in body
    # A reasoning item comes first in the output; only the message's text is the answer.
    assert reply.content.startswith("```bsl") and reply.tokens_input > 0 and reply.tokens_output > 0


def test_an_iam_token_and_our_own_variable_names(yandex_server: FakeYandexServer) -> None:
    for adapter_name in ("yandexgpt", "yandex_responses"):
        adapter = build_adapter(
            _entry(yandex_server, adapter_name), {"YC_IAM_TOKEN": "t1", "YC_FOLDER_ID": "f"}
        )
        _send(adapter, _request(model=NATIVE_ID), RecordingSleep())
    native, responses = yandex_server.requests
    assert native.headers["Authorization"] == responses.headers["Authorization"] == "Bearer t1"
    assert native.body["modelUri"] == "gpt://f/aliceai-llm/latest"


@pytest.mark.parametrize("adapter_name", ["yandexgpt", "yandex_responses"])
def test_missing_keys_name_prism_variables(yandex_server: FakeYandexServer, adapter_name: str) -> None:
    with pytest.raises(AdapterConfigError) as neither:
        build_adapter(_entry(yandex_server, adapter_name), {})
    assert neither.value.env_vars == ("YANDEX_API_KEY", "YANDEX_FOLDER_ID")
    assert f"adapter {adapter_name}" in str(neither.value)
    with pytest.raises(AdapterConfigError) as no_folder:
        build_adapter(_entry(yandex_server, adapter_name), {"YANDEX_API_KEY": KEY})
    assert no_folder.value.env_vars == ("YANDEX_FOLDER_ID",) and KEY not in str(no_folder.value)


# -- failures: PRISM's retry classes ----------------------------------------------------------------


@pytest.mark.parametrize("adapter_name", ["yandexgpt", "yandex_responses"])
def test_429_and_5xx_are_retried_401_is_not(yandex_server: FakeYandexServer, adapter_name: str) -> None:
    uri = NATIVE_URI if adapter_name == "yandexgpt" else RESPONSES_URI
    adapter = build_adapter(_entry(yandex_server, adapter_name), PRISM_ENV)
    yandex_server.fail_next(
        uri, Fault(429, {"Retry-After": "3"}), Fault(503, body="<html>upstream down</html>")
    )
    sleep = RecordingSleep()
    reply = _send(adapter, _request(model=uri.split("/", 3)[3]), sleep)
    assert reply.content and yandex_server.count(uri) == 3
    assert sleep.delays == [3.0, 0.02]  # Retry-After wins over the first backoff, then PRISM's schedule
    yandex_server.fail_next(uri, Fault(401, body={"error": {"message": "Unknown api key"}}))
    with pytest.raises(ModelCallError) as refused:
        _send(adapter, _request(model=uri.split("/", 3)[3]), sleep)
    assert refused.value.status == 401 and not refused.value.transient
    assert refused.value.cause == "unauthorized (401)" and yandex_server.count(uri) == 4  # not retried
    assert f"POST {yandex_server.origin}" in refused.value.message  # the URL tried is named


def test_a_wrong_shape_is_refused_by_the_fake(yandex_server: FakeYandexServer) -> None:
    """The fake checks shapes, so the adapters' tests above are worth something: an OpenAI chat
    body sent to the native endpoint is a 400."""
    response = httpx.post(
        f"{yandex_server.origin}{COMPLETION_PATH}", json={"model": "m", "messages": [], "max_tokens": 5}
    )
    assert response.status_code == 400 and "modelUri" in response.text


# -- whole generations: category B's loop, cost, cache, resume ---------------------------------------


def _yandex_generation(root: Path, server: FakeYandexServer) -> None:
    prices = "\n".join(f'  "{m}": {{ input: {i}, output: {o} }}' for m, (i, o) in PRICES.items())
    folder = root / "generation"
    (folder / "models.yaml").write_text(
        "models:\n"
        "  alice:\n"
        f'    id: "{NATIVE_ID}"\n    name: "Alice AI LLM"\n'
        f'    access: {{ adapter: yandexgpt, endpoint: "{server.native_url}" }}\n'
        "    capabilities: { context_window: 32000, supports_seed: false, supports_tools: true }\n"
        "  ygpt5_lite:\n"
        f'    id: "{RESPONSES_ID}"\n    name: "YandexGPT 5 Lite"\n'
        f'    access: {{ adapter: yandex_responses, endpoint: "{server.url}" }}\n'
        "    capabilities: { context_window: 32768, supports_seed: false, supports_tools: true }\n",
        encoding="utf-8",
    )
    (folder / "params.yaml").write_text("defaults:\n  max_tokens: 2048\n  concurrency: 2\n")
    (folder / "pricing.yaml").write_text(f'as_of: "2026-07-08"\nprices:\n{prices}\n', encoding="utf-8")


@pytest.fixture
def yandex_workspace(gen_workspace: GenWorkspace, yandex_server: FakeYandexServer) -> GenWorkspace:
    _yandex_generation(gen_workspace.root, yandex_server)
    return GenWorkspace(gen_workspace.root, yandex_server)


def test_category_b_metadata_loop_through_each_native_tool_format(
    yandex_workspace: GenWorkspace, tmp_path: Path
) -> None:
    server = yandex_workspace.server
    result, plan = generate(yandex_workspace.root, env=PRISM_ENV, category="B", tasks=("B10",))
    assert result.complete and len(result.written) == 2, result.failures
    experiment = json.loads(plan.experiment_path.read_text(encoding="utf-8"))
    read_like_prism(experiment)
    pairs = {pair["model_id"]: pair for pair in experiment["task_results"]}
    for model_id in (NATIVE_ID, RESPONSES_ID):
        pair = pairs[model_id]
        assert pair["context_loaded"] is True and len(pair["context_objects"]) == 2, pair
        assert pair["context_analysis_cost"] > 0
    assert pairs[RESPONSES_ID]["context_objects"] == pairs[NATIVE_ID]["context_objects"]

    native = [r.body for r in server.recorded(COMPLETION_PATH)]
    # Turn 1 offers the tools in the native shape; turn 2 carries the model's call (arguments as an
    # object) and the tool's answer as a toolResultList; turn 3 has three results in one list.
    assert [t["function"]["name"] for t in native[0]["tools"]] == [
        "list_objects",
        "search_objects",
        "get_object_structure",
        "finish_research",
    ]
    call, results = native[1]["messages"][-2:]
    assert call["toolCallList"]["toolCalls"][0]["functionCall"] == {"name": "list_objects", "arguments": {}}
    assert results["toolResultList"]["toolResults"][0]["functionResult"]["name"] == "list_objects"
    assert len(native[2]["messages"][-1]["toolResultList"]["toolResults"]) == 3
    assert "tools" not in native[-1] and "# Метаданные конфигурации:" in native[-1]["messages"][0]["text"]

    responses = [r.body for r in server.recorded(RESPONSES_PATH)]
    assert responses[0]["tools"][0]["type"] == "function" and "function" not in responses[0]["tools"][0]
    assert responses[0]["tool_choice"] == "auto" and isinstance(responses[0]["input"], str)
    items = responses[2]["input"]
    kinds = [item.get("type", item.get("role")) for item in items]
    assert kinds == [
        "user",
        "function_call",
        "function_call_output",
        *["function_call"] * 3,
        *["function_call_output"] * 3,
    ]
    assert items[1]["call_id"] == items[2]["call_id"] and items[1]["name"] == "list_objects"
    assert "# Метаданные конфигурации:" in responses[-1]["instructions"]


def test_usage_and_cost_from_pricing_then_the_cache_then_resume(yandex_workspace: GenWorkspace) -> None:
    root, server = yandex_workspace.root, yandex_workspace.server
    cache = root.parent / "responses"
    result, plan = generate(root, env=PRISM_ENV, cache_dir=cache, category="A", tasks=("A2", "A3"))
    assert result.complete and len(result.written) == 4 and result.requests == 4
    experiment = json.loads(plan.experiment_path.read_text(encoding="utf-8"))
    spent = 0.0
    for pair in experiment["task_results"]:
        price_in, price_out = PRICES[pair["model_id"]]
        (run,) = pair["runs"]
        assert run["tokens_input"] > 0 and run["tokens_output"] > 0
        expected = run["tokens_input"] / 1e6 * price_in + run["tokens_output"] / 1e6 * price_out
        assert run["cost_total"] == pytest.approx(expected)
        spent += expected
    assert result.spent == pytest.approx(spent) and result.spent > 0
    # The same questions again: every answer from the cache, nothing sent, nothing spent.
    before = len(server.requests)
    again, _plan = generate(root, env=PRISM_ENV, cache_dir=cache, category="A", tasks=("A2", "A3"))
    assert again.cache_hits == 4 and again.requests == 0 and len(server.requests) == before
    # Resume: the complete pairs of the first experiment are kept, nothing is asked again.
    resumed, _plan = generate(
        root, env=PRISM_ENV, category="A", tasks=("A2", "A3"), resume=plan.experiment_name, use_cache=False
    )
    assert len(resumed.resumed) == 4 and resumed.requests == 0 and len(server.requests) == before
