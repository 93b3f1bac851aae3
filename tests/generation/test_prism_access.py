"""PRISM's catalogue and credentials as they are: PRISM's own generation/ (36 models, its adapter
names) in a workspace, keys under PRISM's names in the environment or the workspace's `.env`, the
proxy for Russian providers (PRISM_PROXY_RU) through a real proxy on 127.0.0.1, an endpoint
overridden from the command line, and errors that name the URL they tried without its secrets."""

from __future__ import annotations

import asyncio
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from prism_desktop.cli.main import main
from prism_desktop.generation.adapters import Adapter, build_adapter, display_url
from prism_desktop.generation.chat import ChatReply, ChatRequest
from prism_desktop.generation.config import ModelEntry, Pricing
from prism_desktop.generation.credentials import generation_env, read_dotenv
from prism_desktop.generation.errors import AdapterConfigError, ModelCallError
from prism_desktop.generation.sender import RequestSender

from .fake_openai import FakeModelServer
from .fake_yandex import COMPLETION_PATH, RESPONSES_PATH, FakeYandexServer
from .gen_files import REPO
from .helpers import FAST, RecordingSleep
from .local_proxy import LocalProxy

CATALOGUE = Path(__file__).parent / "data" / "prism_catalogue"
PRISM_KEYS = {
    "OPENAI_COMPAT_API_KEY": "sk-aitunnel-secret",
    "YANDEX_API_KEY": "yandex-secret-key",
    "YANDEX_FOLDER_ID": "b1gfolder",
    "GIGACHAT_AUTH_KEY": "Z2lnYTpzZWNyZXQ=",
}
EVERY_KEY_NAME = (
    *PRISM_KEYS,
    "OPENROUTER_API_KEY",
    "GIGACHAT_CREDENTIALS",
    "GIGACHAT_SCOPE",
    "YC_API_KEY",
    "YC_IAM_TOKEN",
    "YC_FOLDER_ID",
    "PRISM_PROXY_RU",
    "PRISM_PROXY_INTL",
)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for name in EVERY_KEY_NAME:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return monkeypatch


@pytest.fixture
def prism_checkout(tmp_path: Path, bank: Path) -> Path:
    """A workspace whose generation/ is PRISM's: its 36 models, adapters, prices and params."""
    root = tmp_path / "prism"
    root.mkdir()
    for name in ("metrics", "tasks"):
        shutil.copytree(bank / name, root / name)  # copies: a workspace refuses links that leave it
    shutil.copytree(CATALOGUE, root / "generation")
    shutil.copy(REPO / "generation" / "prompts.yaml", root / "generation" / "prompts.yaml")
    return root


def _catalogue() -> dict[str, Any]:
    return yaml.safe_load((CATALOGUE / "models.yaml").read_text(encoding="utf-8"))["models"]


def _rows(out: str) -> dict[str, list[str]]:
    """The dry run's table: model key -> (adapter, USD at most, access)."""
    rows = {}
    for line in out.splitlines():
        cells = line.split(None, 3)
        if len(cells) == 4 and cells[0] in _catalogue():
            rows[cells[0]] = cells[1:]
    return rows


# -- PRISM's own catalogue ----------------------------------------------------------------------------


def test_the_fixture_is_prism_catalogue() -> None:
    models = _catalogue()
    adapters = [m["access"]["adapter"] for m in models.values()]
    assert len(models) == 36
    assert adapters.count("yandex_responses") == 5 and adapters.count("yandexgpt") == 1
    assert {m["name"] for m in models.values() if m["access"]["adapter"] == "yandex_responses"} == {
        "YandexGPT 5 Lite",
        "YandexGPT 5 Pro",
        "YandexGPT 5.1 Pro",
        "Qwen3.6-35B-A3B",
        "Alice AI LLM Flash",
    }


def test_dry_run_on_prism_catalogue_lists_all_36_and_refuses_none(
    prism_checkout: Path, clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in PRISM_KEYS.items():
        clean_env.setenv(name, value)
    code = main(["generate", "--workspace", str(prism_checkout), "--category", "A", "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0, out
    rows = _rows(out)
    assert list(rows) == list(_catalogue())  # every model, in the catalogue's order
    for key, (adapter, usd, access) in rows.items():
        assert adapter == _catalogue()[key]["access"]["adapter"]
        assert access == "ready", (key, access)
        assert float(usd) > 0, key  # every model has PRISM's price
    assert "cannot be called" not in out and "no price" not in out
    assert not any(secret in out for secret in PRISM_KEYS.values())


def test_dry_run_names_the_exact_variable_to_set(
    prism_checkout: Path, clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean_env.setenv("YANDEX_FOLDER_ID", "b1gfolder")  # one of Yandex's two is set
    code = main(["generate", "--workspace", str(prism_checkout), "--category", "A", "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0, out
    rows = _rows(out)
    assert len(rows) == 36
    wanted = {
        "openai_compat": "set OPENAI_COMPAT_API_KEY",
        "yandex_responses": "set YANDEX_API_KEY",
        "yandexgpt": "set YANDEX_API_KEY",
        "gigachat": "set GIGACHAT_AUTH_KEY",
    }
    for key, (adapter, _usd, access) in rows.items():
        assert access == wanted[adapter], (key, access)
    assert "36 model(s) cannot be called" in out


def test_keys_in_the_workspace_dotenv_as_prism_reads_them(
    prism_checkout: Path, clean_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dotenv = prism_checkout / ".env"
    dotenv.write_text(
        "# PRISM's .env.example, filled in\n"
        f"OPENAI_COMPAT_API_KEY={PRISM_KEYS['OPENAI_COMPAT_API_KEY']}\n"
        f"export YANDEX_API_KEY='{PRISM_KEYS['YANDEX_API_KEY']}'\n"
        f'yandex_folder_id="{PRISM_KEYS["YANDEX_FOLDER_ID"]}"  # names match whatever their case\n'
        f"GIGACHAT_AUTH_KEY = {PRISM_KEYS['GIGACHAT_AUTH_KEY']} # a comment\n"
        "OPENROUTER_API_KEY=\n"
        "this line is not a variable\n",
        encoding="utf-8",
    )
    before = dotenv.read_bytes()
    code = main(["generate", "--workspace", str(prism_checkout), "--category", "A", "--dry-run"])
    captured = capsys.readouterr()
    assert code == 0, captured.out
    assert all(access == "ready" for _a, _u, access in _rows(captured.out).values())
    assert f"{dotenv} line 7: expected NAME=value" in captured.err  # said, without the line's text
    assert not any(secret in captured.out + captured.err for secret in PRISM_KEYS.values())
    assert dotenv.read_bytes() == before  # read, never written


def test_dotenv_reading_rules(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        'A="two\\nlines \\"quoted\\""\nB=\'as # it is\'\nC=plain # comment\nexport d=lower\n'
        'E="across\nlines"\nF=\n=nameless\nG="never closed\n',
        encoding="utf-8",
    )
    dotenv = read_dotenv(tmp_path / ".env")
    assert dotenv.values == {
        "A": 'two\nlines "quoted"',
        "B": "as # it is",
        "C": "plain",
        "D": "lower",
        "E": "across\nlines",
        "F": "",
    }
    assert [p.split(": ", 1)[1] for p in dotenv.problems] == [
        "expected NAME=value",
        "G: the quote is not closed",
    ]
    # The environment wins over .env, as in PRISM (a variable set there, even empty).
    env, _problems = generation_env(tmp_path, {"C": "from the environment"})
    assert env["C"] == "from the environment" and env["A"] == 'two\nlines "quoted"'


# -- the proxy for Russian providers ------------------------------------------------------------------


@pytest.fixture
def proxy() -> Iterator[LocalProxy]:
    running = LocalProxy().start()
    yield running
    running.stop()


def _send(adapter: Adapter, request: ChatRequest) -> ChatReply:
    async def run() -> ChatReply:
        async with httpx.AsyncClient(timeout=5.0) as client:
            sender = RequestSender(
                adapter, client, Pricing(), request.model, cache=None, policy=FAST, sleep=RecordingSleep()
            )
            return await sender.send(request, 0)

    return asyncio.run(run())


def _ask(model: str) -> ChatRequest:
    return ChatRequest(
        model=model, messages=[{"role": "user", "content": "Сложи."}], temperature=0.0, max_tokens=64
    )


def test_prism_proxy_ru_carries_the_russian_providers_only(
    yandex_server: FakeYandexServer, proxy: LocalProxy
) -> None:
    env = {**PRISM_KEYS, "PRISM_PROXY_RU": proxy.url}
    native = ModelEntry(
        "alice", "aliceai-llm/latest", "Alice", "yandexgpt", endpoint=yandex_server.native_url
    )
    responses = ModelEntry(
        "ygpt", "yandexgpt-5-lite/latest", "Y", "yandex_responses", endpoint=yandex_server.url
    )
    local = ModelEntry("local", "qwen", "Qwen", "openai_compat", endpoint=yandex_server.url)
    for entry in (native, responses, local):
        assert _send(build_adapter(entry, env), _ask(entry.id)).content
    assert [p.target for p in proxy.passed] == [
        f"{yandex_server.origin}{COMPLETION_PATH}",
        f"{yandex_server.origin}{RESPONSES_PATH}",
    ]  # openai_compat went straight: PRISM_PROXY_RU is for Yandex and GigaChat
    assert len(yandex_server.requests) == 3


def test_a_proxy_per_adapter_wins_and_a_bad_one_is_named(
    yandex_server: FakeYandexServer, proxy: LocalProxy
) -> None:
    entry = ModelEntry("ygpt", "yandexgpt-5-lite/latest", "Y", "yandex_responses", endpoint=yandex_server.url)
    env = {
        **PRISM_KEYS,
        "PRISM_PROXY_RU": "http://127.0.0.1:9",
        "PRISM_DESKTOP_PROXY_YANDEX_RESPONSES": proxy.url,
    }
    assert _send(build_adapter(entry, env), _ask(entry.id)).content and len(proxy.passed) == 1
    local = ModelEntry("local", "qwen", "Qwen", "openai_compat", endpoint=yandex_server.url)
    assert build_adapter(local, {"PRISM_DESKTOP_PROXY_OPENAI_COMPAT": proxy.url}).proxy == proxy.url
    assert build_adapter(local, {"PRISM_PROXY_RU": proxy.url, "PRISM_PROXY_INTL": proxy.url}).proxy is None
    openrouter = ModelEntry("or", "qwen/qwen3", "Qwen", "openrouter")
    assert (
        build_adapter(openrouter, {"OPENROUTER_API_KEY": "k", "PRISM_PROXY_INTL": proxy.url}).proxy
        == proxy.url
    )
    with pytest.raises(AdapterConfigError) as bad:
        build_adapter(entry, {**PRISM_KEYS, "PRISM_PROXY_RU": "socks:/nowhere"})
    assert "PRISM_PROXY_RU is not a proxy URL" in str(bad.value)


def test_proxy_credentials_go_to_the_proxy_and_nowhere_else(yandex_server: FakeYandexServer) -> None:
    proxy = LocalProxy(require_auth="Basic dXNlcjpwcm94eS1wYXNz").start()  # user:proxy-pass
    try:
        address = proxy.url.removeprefix("http://")
        entry = ModelEntry(
            "ygpt", "yandexgpt-5-lite/latest", "Y", "yandex_responses", endpoint=yandex_server.url
        )
        adapter = build_adapter(entry, {**PRISM_KEYS, "PRISM_PROXY_RU": f"http://user:proxy-pass@{address}"})
        assert "proxy-pass" not in repr(adapter)
        assert _send(adapter, _ask(entry.id)).content
        refused = build_adapter(entry, {**PRISM_KEYS, "PRISM_PROXY_RU": f"http://user:wrong-pass@{address}"})
        with pytest.raises(ModelCallError) as error:
            _send(refused, _ask(entry.id))
        assert error.value.status == 407 and "wrong-pass" not in error.value.message
        assert f"via proxy http://{address}" in error.value.message
    finally:
        proxy.stop()


# -- URLs in errors, and the endpoint override ---------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_connection_error_names_the_url_without_secrets() -> None:
    port = _closed_port()
    entry = ModelEntry(
        "local", "qwen", "Qwen", "openai_compat", endpoint=f"http://me:url-pass@127.0.0.1:{port}/v1"
    )
    with pytest.raises(ModelCallError) as error:
        _send(build_adapter(entry, {}), _ask("qwen"))
    message = error.value.message
    assert f"POST http://127.0.0.1:{port}/v1/chat/completions" in message and "url-pass" not in message
    assert error.value.cause == "connection" and error.value.transient
    proxied = build_adapter(
        entry, {"PRISM_DESKTOP_PROXY_OPENAI_COMPAT": f"http://p:proxy-pass@127.0.0.1:{port}"}
    )
    with pytest.raises(ModelCallError) as via:
        _send(proxied, _ask("qwen"))
    assert f"via proxy http://127.0.0.1:{port}" in via.value.message and "proxy-pass" not in via.value.message


def test_the_url_does_not_steer_the_retry_decision() -> None:
    """A port such as :40123 or :50300 holds "401" or "503": the URL is named, not classified."""
    refused = ModelCallError(
        "x: connection error: refused", where="POST http://127.0.0.1:40123/v1/chat/completions"
    )
    assert refused.transient and refused.cause == "connection" and ":40123" in refused.message
    bad_key = ModelCallError("HTTP 401: no", status=401, where="POST http://127.0.0.1:50300/v1")
    assert not bad_key.transient and bad_key.cause == "unauthorized (401)"
    assert display_url("https://u:p@host:8443/v1/responses?key=abc#f") == "https://host:8443/v1/responses"


def test_generate_endpoint_override(
    gen_workspace: Any, capsys: pytest.CaptureFixture[str], clean_env: pytest.MonkeyPatch
) -> None:
    server: FakeModelServer = gen_workspace.server
    models = gen_workspace.root / "generation" / "models.yaml"
    dead = f"http://127.0.0.1:{_closed_port()}/v1"
    models.write_text(models.read_text(encoding="utf-8").replace(server.url, dead), encoding="utf-8")
    root = str(gen_workspace.root)
    base = [
        "generate",
        "--workspace",
        root,
        "--category",
        "A",
        "--tasks",
        "A2",
        "--runs",
        "1",
        "--retries",
        "0",
    ]
    # Without an override every request goes to the dead endpoint, and the error names it.
    assert main([*base, "--models", "chatty"]) == 1
    out = capsys.readouterr().out
    assert f"POST {dead}/chat/completions" in out and server.requests == []
    # --endpoint URL: every model; --endpoint KEY=URL: that model only (it wins over the general one).
    assert main([*base, "--endpoint", server.url]) == 0, capsys.readouterr().out
    assert {r.body["model"] for r in server.requests} == {"test/coder", "test/chatty"}
    sent = len(server.requests)
    assert main([*base, "--no-cache", "--endpoint", dead, "--endpoint", f"chatty={server.url}/"]) == 1
    assert [r.body["model"] for r in server.requests[sent:]] == ["test/chatty"]
    capsys.readouterr()
    assert main([*base, "--endpoint", "nosuch=http://127.0.0.1:1/v1"]) == 1
    assert "--endpoint names no model" in capsys.readouterr().err
    assert main([*base, "--endpoint", "ftp://127.0.0.1/v1"]) == 1
    assert "must be an http(s) URL" in capsys.readouterr().err


def test_dry_run_says_no_price_rather_than_zero(
    gen_workspace: Any, capsys: pytest.CaptureFixture[str], clean_env: pytest.MonkeyPatch
) -> None:
    from .gen_files import write_generation

    write_generation(gen_workspace.root, gen_workspace.server.url, remote="https://models.example.com/v1")
    root = str(gen_workspace.root)
    code = main(
        ["generate", "--workspace", root, "--category", "A", "--models", "coder", "remote", "--dry-run"]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    (remote,) = [line.split() for line in out.splitlines() if line.startswith("remote ")]
    assert remote == ["remote", "openai_compat", "no", "price", "set", "OPENAI_COMPAT_API_KEY"]
    (coder,) = [line.split() for line in out.splitlines() if line.startswith("coder ")]
    assert float(coder[2]) > 0 and coder[3] == "ready"
