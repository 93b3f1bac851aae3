"""Generation on a coding bench, then Level 1 in Docker, as a user runs them: `generate` against the
fake OpenAI-compatible server (which answers each task with its reference solution), then `score
--sandbox docker` on the experiment it wrote — every run compiles and passes every test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.cli.main import main
from tests.generation.coding_gen import copy_coding_bench, reference_answers, write_coding_generation
from tests.generation.fake_openai import FakeModelServer

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASKS = ("algo_py_001", "algo_ts_001", "lib_textkit")


def test_generated_reference_answers_score_ten(
    tmp_path: Path, engine: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    root = copy_coding_bench(tmp_path / "coding")
    server = FakeModelServer(reference_answers(root)).start()
    try:
        write_coding_generation(root, server.url)
        argv = ["--workspace", str(root)]
        assert main([*argv, "generate", "--models", "chatty", "--tasks", *TASKS]) == 0
    finally:
        server.stop()
    (experiment,) = (root / "results").glob("experiment_coding_*.json")
    auto = root / "results" / "auto" / f"{experiment.stem}_auto_l1.json"
    score = ["score", "--experiment", str(experiment), "--out", str(auto), "--sandbox", "docker"]
    assert main([*argv, *score, "--jobs", "2"]) == 0
    document = json.loads(auto.read_text(encoding="utf-8"))
    runs = {group["task_id"]: group["runs"] for group in document["tasks"]}
    assert sorted(runs) == sorted(TASKS)
    for task_id, (run,) in runs.items():
        assert run["scores"]["S"] == 10 and run["scores"]["M"] == 10, (task_id, run["detail"])
    assert document["runner"] == "docker" and "node " in document["syntax_analyzer"]
    assert runs["lib_textkit"][0]["detail"]["M"]["passed"] == 18
