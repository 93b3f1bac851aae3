"""`generate --out FILE` keeps everything it writes beside FILE: the experiment and its .parts folder,
nothing in the workspace's results/ (issue 30.2); --resume with the same --out finds those parts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.cli.main import main

from .conftest import GenWorkspace
from .gen_files import write_generation

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 2
  model_params:
    coder:  { temperature: 0.2, runs: 1 }
    chatty: { temperature: 0.1, runs: 1 }
"""


def test_parts_go_beside_the_out_file(
    gen_workspace: GenWorkspace, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    results = gen_workspace.root / "results"
    before = sorted(p.relative_to(results) for p in results.rglob("*")) if results.exists() else []
    out = tmp_path / "elsewhere" / "experiment.json"
    command = ["generate", "--workspace", str(gen_workspace.root), "--category", "A", "--tasks", "A2",
               "--models", "chatty", "--out", str(out)]  # fmt: skip
    assert main(command) == 0
    printed = capsys.readouterr().out
    parts = sorted(out.parent.glob("*.parts/*.json"))
    assert [p.name for p in parts] == ["A2__chatty.json"]
    assert f"parts: {parts[0].parent}" in printed
    after = sorted(p.relative_to(results) for p in results.rglob("*")) if results.exists() else []
    assert after == before, "generate --out wrote into the workspace's results/"
    name = parts[0].parent.name.removesuffix(".parts")
    asked = gen_workspace.server.count()
    assert main([*command, "--resume", name]) == 0
    assert "1/1 pairs written (1 resumed)" in capsys.readouterr().out
    assert gen_workspace.server.count() == asked  # the part beside FILE was found, nothing asked again
    assert json.loads(out.read_text(encoding="utf-8"))["task_results"][0]["task_id"] == "A2"
