"""`check`, `score` and `report` on the bundled 1C Code Bench workspace, through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.cli.main import main
from tests.onec_bench.conftest import BUNDLED

EXPERIMENT = BUNDLED / "results" / "experiment_1c_demo_20261207_090000.json"
AUTO = BUNDLED / "results" / "auto" / "experiment_1c_demo_20261207_090000_auto_l1.json"


def test_report_gives_compile_and_success_rate_per_model_level_and_context(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--workspace", str(BUNDLED), "report", str(AUTO)]) == 0
    lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert "by group model tasks runs Compile Rate Success Rate" in lines
    for expected in (
        "all all Demo mixed 12 12 66.7% 33.3%",
        "all all Demo reference 12 12 100.0% 100.0%",
        "level базовый Demo mixed 4 4 100.0% 100.0%",
        "level средний Demo mixed 4 4 100.0% 0.0%",
        "level сложный Demo mixed 4 4 0.0% 0.0%",
        "context клиент Demo wrong 5 5 0.0% 0.0%",
        "context сервер Demo wrong 7 7 100.0% 0.0%",
    ):
        assert expected in lines


def test_report_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(BUNDLED), "report", str(AUTO), "--lang", "ru"]) == 0
    lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert "срез группа модель задач прогонов Compile Rate Success Rate" in lines
    assert "всего всего Demo wrong 12 12 58.3% 0.0%" in lines
    assert "уровень сложный Demo mixed 4 4 0.0% 0.0%" in lines


def test_report_json_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(BUNDLED), "report", str(AUTO), "--json", "-"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    mixed = next(r for r in rows if r["value"] == "сложный" and r["model"] == "Demo mixed")
    assert (mixed["compile_rate"], mixed["success_rate"], mixed["runs"]) == (0.0, 0.0, 4)


def test_report_refuses_a_file_that_is_not_an_auto_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(BUNDLED), "report", str(EXPERIMENT)]) == 1
    assert "not an auto file" in capsys.readouterr().err


def test_check_without_running(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(BUNDLED), "check", "--no-run"]) == 0
    out = capsys.readouterr().out
    assert "1C Code Bench workspace" in out and "12 tasks" in out
    assert "reference solutions: not run (--no-run)" in out


@pytest.mark.docker
@pytest.mark.slow
def test_check_runs_references_and_variants_in_docker(
    capsys: pytest.CaptureFixture[str], docker_engine: None
) -> None:
    assert main(["--workspace", str(BUNDLED), "check", "--sandbox", "docker", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("reference solves it; variants/wrong.bsl compiles, not solved") == 12
    assert out.rstrip().endswith("ok: no problems found")


@pytest.mark.docker
@pytest.mark.slow
def test_check_fails_when_a_variant_passes(
    bench_copy: Path, capsys: pytest.CaptureFixture[str], docker_engine: None
) -> None:
    task = bench_copy / "tasks" / "base_01_short_name"
    module = (task / "СокращениеФИО" / "Ext" / "ObjectModule.bsl").read_text(encoding="utf-8")
    reference = module[module.index("Функция ФамилияИнициалы") :]
    (task / "variants" / "wrong.bsl").write_text(reference, encoding="utf-8")
    args = ["--workspace", str(bench_copy), "check", "--task", "base_01_short_name", "--sandbox", "docker"]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "variants/wrong.bsl passes (M=10): the check cannot tell it apart" in out, out


@pytest.mark.docker
@pytest.mark.slow
def test_score_writes_the_auto_file_the_report_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], docker_engine: None
) -> None:
    out = tmp_path / "auto.json"
    args = ["--workspace", str(BUNDLED), "score", "--experiment", str(EXPERIMENT), "--out", str(out)]
    assert main([*args, "--sandbox", "docker", "--jobs", "2"]) == 0
    assert "36 runs (36 scored now, 0 resumed) in isolated containers" in capsys.readouterr().out
    fresh, committed = (json.loads(p.read_text(encoding="utf-8")) for p in (out, AUTO))
    assert fresh["protocol_version"] == "1c-code-bench-l1/1" and fresh["runner"] == "docker"

    def scores(document: dict) -> dict:
        return {(g["task_id"], g["model_id"]): [r["scores"] for r in g["runs"]] for g in document["tasks"]}

    assert scores(fresh) == scores(committed)  # the bundled figures are what scoring gives today
