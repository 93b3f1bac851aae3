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

REPO = Path(__file__).resolve().parents[2]
CODER = "test/coder"  # seeds and tools
CHATTY = "test/chatty"  # neither
PRICES = {CODER: (1.5, 4.0), CHATTY: (0.25, 0.5)}
SYSTEM_A = "Системный промпт A: только код на 1С."
SYSTEM_B = "Системный промпт B: только объекты из контекста."


def models_yaml(endpoint: str, remote_endpoint: str | None = None) -> str:
    text = f"""\
models:
  coder:
    id: "{CODER}"
    name: "Test Coder"
    vendor: test
    weights: open
    released: "2026-01-01"
    access:
      adapter: openai_compat
      endpoint: "{endpoint}"
    capabilities:
      context_window: 20000
      supports_seed: true
      supports_tools: true
  chatty:
    id: "{CHATTY}"
    name: "Test Chatty"
    access:
      adapter: openai_compat
      endpoint: "{endpoint}"
    capabilities:
      supports_seed: false
      supports_tools: false
"""
    if remote_endpoint:
        text += f"""\
  remote:
    id: "test/remote"
    name: "Test Remote"
    access:
      adapter: openai_compat
      endpoint: "{remote_endpoint}"
"""
    return text


PARAMS_YAML = """\
defaults:
  max_tokens: 2048
  concurrency: 2
  model_params:
    coder:  { temperature: 0.2, runs: 2, seeds: [11, 12] }
    chatty: { temperature: 0.1, runs: 1 }
"""


def write_generation(
    root: Path, endpoint: str, *, params: str = PARAMS_YAML, remote: str | None = None
) -> None:
    folder = root / "generation"
    folder.mkdir(exist_ok=True)
    (folder / "models.yaml").write_text(models_yaml(endpoint, remote), encoding="utf-8")
    (folder / "params.yaml").write_text(params, encoding="utf-8")
    (folder / "prompts.yaml").write_text(
        f"system:\n  A: |\n    {SYSTEM_A}\n  B: |\n    {SYSTEM_B}\n", encoding="utf-8"
    )
    prices = "\n".join(f'  "{m}": {{ input: {i}, output: {o} }}' for m, (i, o) in PRICES.items())
    (folder / "pricing.yaml").write_text(f'as_of: "2026-11-30"\nprices:\n{prices}\n', encoding="utf-8")


def canonical_answers(root: Path) -> dict[str, str]:
    """task prompt -> the task's canonical solution in a fenced block with untidy whitespace."""
    workspace = Workspace.open(root)
    return {
        task.prompt: f"Вот решение:\n\n```bsl\n\n{(task.canonical or '').rstrip()}   \n\n```\nГотово."
        for task in workspace.tasks
    }


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
        (root / name).symlink_to(bank / name)
    write_generation(root, server.url)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    monkeypatch.delenv("OPENROUTER_API_KEY", raising=False)
    return GenWorkspace(root, server)
