"""`prism-desktop agreement` and `prism-desktop export …` end to end on a generated workspace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from prism_desktop.cli.main import main

if TYPE_CHECKING:
    from tests.review.conftest import ReviewFiles

AXIS_KEYS = {"n", "kappa", "kappa_linear", "kappa_quadratic", "exact", "adjacent", "confusion", "projected"}


def _sources(files: ReviewFiles) -> list[str]:
    return ["--auto", str(files.auto), *(arg for p in files.experts for arg in ("--expert", str(p)))]


def _agreement(files: ReviewFiles, out: Path, *extra: str) -> int:
    return main(["--workspace", str(files.root), "agreement", *_sources(files), "--bootstrap", "100",
                 "--json", str(out), *extra])  # fmt: skip


def _check_block(block: dict[str, Any], axes: set[str]) -> None:
    assert set(block["axes"]) == axes
    for axis in axes:
        figures = block["axes"][axis]
        assert set(figures) >= AXIS_KEYS
        for name in ("kappa", "kappa_linear", "kappa_quadratic"):
            assert set(figures[name]) >= {"value", "ci95", "band"}
            low, high = figures[name]["ci95"]
            assert low <= figures[name]["value"] <= high
        assert len(figures["confusion"]["counts"]) == 6
        assert sum(map(sum, figures["confusion"]["counts"])) == figures["n"]
    assert set(block["experts"]["fleiss_kappa"]) == axes
    assert set(block["experts"]["krippendorff_alpha"]) == axes


def test_agreement_writes_json_and_html(
    review_files: ReviewFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, page = tmp_path / "agreement.json", tmp_path / "agreement.html"
    assert _agreement(review_files, out, "--html", str(page)) == 0
    printed = capsys.readouterr().out
    assert "Validation tasks: machine vs expert consensus" in printed and "Runs Verified:" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    axes = {"S", "M", "O", "P"}
    _check_block(report, axes)
    _check_block(report["calibration"], axes)
    _check_block(report["validation"], axes)
    assert report["axes"] == report["validation"]["axes"]  # the headline
    assert set(report["categories"]) == {"A", "B"} and "P" not in report["categories"]["A"]["axes"]
    assert report["raters"] == list(review_files.expert_ids)
    assert report["settings"]["bootstrap"] == 100 and report["inputs"]["split"] == "seeded split (seed 0)"
    assert {t["table"] for t in report["thresholds"]} == {"scoring"}  # O-auto only in the fixture
    assert any("inferred" in w for w in report["warnings"])  # B tasks are not in the fixture's bank
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_split_file_and_seed_reproduce_the_figures(review_files: ReviewFiles, tmp_path: Path) -> None:
    first, second, third = tmp_path / "1.json", tmp_path / "2.json", tmp_path / "3.json"
    assert _agreement(review_files, first, "--seed", "4") == 0
    assert _agreement(review_files, second, "--seed", "4", "--split", str(first)) == 0  # a report's split
    one, two = (json.loads(p.read_text(encoding="utf-8")) for p in (first, second))
    assert one["split"] == two["split"] and one["validation"] == two["validation"]
    split_file = tmp_path / "split.json"
    chosen = {"calibration": ["A1", "A2", "A3", "B1", "B2"], "validation": ["A4", "A5", "A6", "B3", "B4"]}
    split_file.write_text(json.dumps(chosen), encoding="utf-8")
    assert _agreement(review_files, third, "--split", str(split_file)) == 0
    assert json.loads(third.read_text(encoding="utf-8"))["split"]["validation"] == [
        "A4",
        "A5",
        "A6",
        "B3",
        "B4",
    ]


def test_bad_inputs_are_reported_without_traceback(
    review_files: ReviewFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(review_files.experts[0].read_text(encoding="utf-8"))
    data["tasks"][0]["runs"][1]["scores"]["S"] = 5
    review_files.experts[0].write_text(json.dumps(data), encoding="utf-8")
    assert _agreement(review_files, tmp_path / "x.json") == 1
    error = capsys.readouterr().err
    assert (
        f"{review_files.experts[0]}: tasks[task_id=A1, model_id=vendor/alpha].runs[run_index=1].scores.S"
        in error
    )
    assert "found 5, expected an expert step, one of 0, 2, 4, 6, 8, 10" in error
    assert "Traceback" not in error
    data["tasks"][0]["runs"][1]["scores"]["S"] = 4
    review_files.experts[0].write_text(json.dumps(data), encoding="utf-8")
    auto = json.loads(review_files.auto.read_text(encoding="utf-8"))
    auto["tasks"][0]["runs"][0]["bands"]["M"] = 7
    review_files.auto.write_text(json.dumps(auto), encoding="utf-8")
    assert _agreement(review_files, tmp_path / "x.json") == 1
    error = capsys.readouterr().err
    assert (
        f"{review_files.auto}: tasks[task_id=A1, model_id=vendor/alpha].runs[run_index=0].bands.M: found 7"
        in error
    )


def test_usage_errors(review_files: ReviewFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = ["--workspace", str(review_files.root)]
    assert (
        main([*root, "agreement", "--auto", str(review_files.auto), "--json", str(tmp_path / "o.json")]) == 2
    )
    assert "at least one --expert" in capsys.readouterr().err
    split_file = tmp_path / "split.json"
    split_file.write_text(json.dumps({"A1": "calibration", "A2": "holdout"}), encoding="utf-8")
    assert _agreement(review_files, tmp_path / "o.json", "--split", str(split_file)) == 1
    assert (
        f"{split_file}: A2: found 'holdout', expected 'calibration' or 'validation'"
        in capsys.readouterr().err
    )
    split_file.write_text(json.dumps({"calibration": ["A1"], "validation": ["A2"]}), encoding="utf-8")
    assert _agreement(review_files, tmp_path / "o.json", "--split", str(split_file)) == 1
    assert "no split for graded task(s) A3, A4, A5, A6, B1" in capsys.readouterr().err
    assert main([*root, "agreement", "--session", "999", "--json", str(tmp_path / "o.json")]) == 1
    assert "no review session with id 999" in capsys.readouterr().err


def test_export_verified_and_report(
    review_files: ReviewFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = ["--workspace", str(review_files.root)]
    report_path = tmp_path / "agreement.json"
    assert _agreement(review_files, report_path) == 0
    report = json.loads(report_path.read_text(encoding="utf-8"))
    jsonl, table = tmp_path / "v.jsonl", tmp_path / "v.csv"
    assert main([*root, "export", "verified", *_sources(review_files), "--bootstrap", "100",
                 "--jsonl", str(jsonl), "--csv", str(table)]) == 0  # fmt: skip
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    assert len(lines) == report["verified"]["runs"]["verified"] > 0
    assert len(table.read_text(encoding="utf-8").splitlines()) == len(lines) + 1
    record = json.loads(lines[0])
    assert len(record["compat_hash"]) == 64 and record["timestamp"].endswith("+00:00")
    page = tmp_path / "again.html"
    assert main([*root, "export", "report", "--from", str(report_path), "--html", str(page)]) == 0
    assert "<svg" in page.read_text(encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"rows": []}), encoding="utf-8")  # e.g. the `report` command's JSON
    assert main([*root, "export", "report", "--from", str(other), "--html", str(page)]) == 1
    assert "expected 'prism-desktop-agreement'" in capsys.readouterr().err


def test_export_expert_from_the_store(
    review_files_a: ReviewFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = review_files_a
    root = ["--workspace", str(files.root)]
    assert main([*root, "import", str(files.experiment), str(files.auto), *map(str, files.experts)]) == 0
    out = tmp_path / "evaluations"
    assert main([*root, "export", "expert", "--expert", "expert_03", "--out", str(out)]) == 0
    (written,) = out.iterdir()
    assert written.name == f"{files.experiment_name}_expert_03.json"
    document = json.loads(written.read_text(encoding="utf-8"))
    original = json.loads(files.experts[2].read_text(encoding="utf-8"))

    def steps(doc: dict[str, Any]) -> dict[tuple[str, str, int], dict[str, Any]]:
        return {
            (g["task_id"], g["model_id"], r["run_index"]): {k: v for k, v in r["scores"].items() if k != "Q"}
            for g in doc["tasks"]
            for r in g["runs"]
        }

    assert steps(document) == steps(original)
    assert document["protocol_version"] == "1.0.0"  # the L2 protocol's version
    capsys.readouterr()
    assert main([*root, "export", "expert", "--expert", "nobody", "--out", str(out)]) == 1
    assert "no expert named 'nobody'" in capsys.readouterr().err
