"""`prism-desktop generate` end to end against the fake server: the dry run sends nothing, a killed run
resumes without asking again for finished pairs, the exit code and the failure summary, and the
experiment it writes is scored by our own `score`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from prism_desktop.cli.main import main

from .conftest import GenWorkspace
from .fake_openai import Fault
from .gen_files import CHATTY, REPO, write_generation
from .helpers import read_like_prism

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 4
  model_params:
    coder:  { temperature: 0.2, runs: 1 }
    chatty: { temperature: 0.1, runs: 1 }
"""


def _cli(gen: GenWorkspace, *args: str) -> int:
    return main(["generate", "--workspace", str(gen.root), *args])


def test_dry_run_estimates_without_network(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli(gen_workspace, "--category", "A", "--tasks", "A2", "--dry-run") == 0
    out = capsys.readouterr().out
    assert gen_workspace.server.count() == 0
    assert "3 requests" in out and "at most" in out and "2026-11-30" in out
    assert not (gen_workspace.root / "results").exists()


def test_dry_run_counts_cached_answers_as_free(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli(gen_workspace, "--category", "A", "--tasks", "A2", "--models", "chatty") == 0
    capsys.readouterr()
    assert _cli(gen_workspace, "--category", "A", "--tasks", "A2", "--models", "chatty", "--dry-run") == 0
    out = capsys.readouterr().out
    assert "up to 0 requests (1 answers cached): at most 0.0000 USD" in out


def test_exit_code_and_failures_by_cause(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    gen_workspace.server.fail_next(CHATTY, Fault(401))
    code = _cli(gen_workspace, "--category", "A", "--tasks", "A2", "A11")
    out = capsys.readouterr().out
    assert code == 1
    assert "3/4 pairs written" in out and "unauthorized (401): 1" in out and "--resume experiment_A_" in out
    (experiment,) = (gen_workspace.root / "results").glob("experiment_A_*.json")
    assert len(read_like_prism(json.loads(experiment.read_text(encoding="utf-8")))) == 3
    assert _cli(gen_workspace, "--category", "A", "--tasks", "A2", "A11", "--resume", experiment.stem) == 0
    assert len(json.loads(experiment.read_text(encoding="utf-8"))["task_results"]) == 4


def test_missing_key_is_a_clear_error(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, remote="https://api.example.org/v1")
    assert _cli(gen_workspace, "--category", "A", "--models", "remote") == 1
    err = capsys.readouterr().err
    assert "OPENAI_COMPAT_API_KEY is not set" in err and "Traceback" not in err
    assert gen_workspace.server.count() == 0


def test_resume_after_a_kill(gen_workspace: GenWorkspace, tmp_path: Path) -> None:
    server = gen_workspace.server
    server.delay = 0.4
    write_generation(gen_workspace.root, server.url, params=ONE_RUN)
    tasks = ["A1", "A2", "A3", "A4", "A5", "A6"]
    command = [
        sys.executable,
        "-m",
        "prism_desktop.cli.main",
        "generate",
        "--workspace",
        str(gen_workspace.root),
        "--category",
        "A",
        "--models",
        "chatty",
        "--concurrency",
        "1",
        "--no-cache",
        "--tasks",
        *tasks,
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = gen_workspace.root / "results"
    deadline = time.monotonic() + 60
    while len(list(results.glob("*.parts/*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    parts = sorted(results.glob("*.parts/*.json"))
    assert 2 <= len(parts) < len(tasks)
    assert not list(results.glob("experiment_*.json"))  # killed before the end: no experiment yet
    kept = {p.name: p.read_bytes() for p in parts}
    name = parts[0].parent.name.removesuffix(".parts")
    before = server.count()

    resumed = subprocess.run(
        [*command, "--resume", name], env=env, capture_output=True, text=True, timeout=120
    )
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert f"{len(tasks)}/{len(tasks)} pairs written ({len(kept)} resumed)" in resumed.stdout
    assert server.count() - before == len(tasks) - len(kept)  # finished pairs were not asked again
    for path in results.glob("*.parts/*.json"):
        if path.name in kept:
            assert path.read_bytes() == kept[path.name]
    experiment = json.loads((results / f"{name}.json").read_text(encoding="utf-8"))
    assert [p["task_id"] for p in experiment["task_results"]] == sorted(tasks, key=lambda t: t)  # bank order
    read_like_prism(experiment)


def test_our_score_accepts_the_experiment(gen_workspace: GenWorkspace, tmp_path: Path) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    out = tmp_path / "experiment.json"
    assert (
        _cli(gen_workspace, "--category", "A", "--tasks", "A2", "--models", "chatty", "--out", str(out)) == 0
    )
    auto = tmp_path / "auto_l1.json"
    assert (
        main(
            [
                "score",
                "--workspace",
                str(gen_workspace.root),
                "--experiment",
                str(out),
                "--out",
                str(auto),
                "--sandbox",
                "local",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    scored = json.loads(auto.read_text(encoding="utf-8"))
    (group,) = scored["tasks"]
    (run,) = group["runs"]
    experiment = json.loads(out.read_text(encoding="utf-8"))
    assert run["response_hash"] == experiment["task_results"][0]["runs"][0]["response_hash"]
    assert run["scores"]["M"] == 10  # the server answered with the canonical solution
