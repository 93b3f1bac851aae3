"""Fixtures of the generation tests: a fake OpenAI-compatible server on 127.0.0.1 (answering each
task with its canonical solution) and a workspace whose generation/ folder points at it, with its
own prices; the response cache in the test's own folder."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.workspace.workspace import Workspace

from .fake_openai import FakeModelServer, default_answer
from .fake_yandex import FakeYandexServer
from .gen_files import REPO, canonical_answers, write_generation


@dataclass
class GenWorkspace:
    root: Path
    server: FakeModelServer

    def workspace(self) -> Workspace:
        return Workspace.open(self.root)


@pytest.fixture(scope="session")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bank")
    shutil.copytree(REPO / "metrics", root / "metrics")
    shutil.copytree(REPO / "tasks", root / "tasks")
    return root


@pytest.fixture(scope="session")
def answers(bank: Path) -> dict[str, str]:
    return canonical_answers(bank)


@pytest.fixture
def server(answers: dict[str, str]) -> Iterator[FakeModelServer]:
    def answer(body: dict[str, Any]) -> str:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return answers.get(user) or default_answer(body)

    fake = FakeModelServer(answer).start()
    yield fake
    fake.stop()


@pytest.fixture
def gen_workspace(
    tmp_path: Path, bank: Path, server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
) -> GenWorkspace:
    root = tmp_path / "ws"
    root.mkdir()
    for name in ("metrics", "tasks"):
        shutil.copytree(bank / name, root / name)  # copies: a workspace refuses links that leave it
    write_generation(root, server.url)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    monkeypatch.delenv("OPENROUTER_API_KEY", raising=False)
    return GenWorkspace(root, server)


@pytest.fixture
def yandex_server(answers: dict[str, str]) -> Iterator[FakeYandexServer]:
    """The fake server also speaking Yandex's native completion and Responses APIs."""

    def answer(body: dict[str, Any]) -> str:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return answers.get(user) or default_answer(body)

    fake = FakeYandexServer(answer).start()
    yield fake
    fake.stop()
