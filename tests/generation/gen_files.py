"""The generation/ folder of a test workspace, pointing at the fake server: two models (one with
seeds and tools, one with neither), their sampling, prompts and prices."""

from __future__ import annotations

from pathlib import Path

from prism_desktop.workspace.workspace import Workspace

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


CODE_SYSTEM = {
    "python": "Системный промпт python: модуль solution.py в одном блоке.",
    "typescript": "Системный промпт typescript: solution.ts с export.",
    "go": "Системный промпт go: package solution.",
    "library": "Системный промпт library: один блок diff или файлы с путями.",
}


def write_coding_prompts(root: Path) -> None:
    """prompts.yaml with the code tasks' system prompts besides A and B."""
    lines = ["system:", f"  A: |\n    {SYSTEM_A}", f"  B: |\n    {SYSTEM_B}"]
    lines += [f"  {key}: |\n    {text}" for key, text in CODE_SYSTEM.items()]
    (root / "generation" / "prompts.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
