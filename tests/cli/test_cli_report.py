from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from prism_desktop.cli.main import main

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles


def _report(workspace: WorkspaceFiles, *extra: str) -> int:
    return main(["--workspace", str(workspace.root), "report", str(workspace.auto), *extra])


def _rows(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["model"]: row for row in document["rows"]}


def test_json_rows_hold_means_funnel_and_ci(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A second task for Alpha, so its per-task Q has an interval (two tasks: t with df = 1).
    data = json.loads(workspace.auto.read_text(encoding="utf-8"))
    extra_group = json.loads(json.dumps(data["tasks"][0]))
    extra_group["task_id"] = "A2"
    for run in extra_group["runs"]:
        run["scores"]["Q"] = 6.0
    data["tasks"].append(extra_group)
    workspace.auto.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    out = tmp_path / "out" / "report.json"
    assert _report(workspace, "--json", str(out)) == 0
    assert f"JSON written to {out}" in capsys.readouterr().out
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["files"] == [str(workspace.auto.resolve())]
    alpha, beta = _rows(document)["Alpha"], _rows(document)["Beta"]
    assert (alpha["category"], alpha["runs"], alpha["tasks"]) == ("A", 4, 2)
    assert alpha["means"]["M"] == pytest.approx(7.5)
    assert alpha["means"]["P"] is None  # not measured for category A: null, not 0
    per_task_q = [(10.0 + 7.67) / 2, 6.0]
    sd = abs(per_task_q[0] - per_task_q[1]) / 2**0.5
    assert alpha["margin"] == pytest.approx(12.706 * sd / 2**0.5)
    assert beta["tasks"] == 1 and beta["margin"] is None  # one task: no interval
    assert beta["means"]["Q"] == pytest.approx((4.0 + 8.67) / 2)
    assert beta["funnel"]["buckets"] == {
        "решено": 1,
        "неверный ответ": 0,
        "ошибка выполнения": 0,
        "не компилируется": 1,
    }
    assert beta["solved"] == pytest.approx(0.5)


def test_table_is_aligned_per_category(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    assert _report(workspace) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Category A"
    header, rule, *rows = lines[1 : lines.index("")]
    assert header.split()[:10] == ["model", "runs", "N/A", "tasks", "S", "M", "O", "P", "Q", "Q"]
    assert set(rule) <= {"-", " "}
    by_model = {row.split()[0]: row.split() for row in rows}
    assert by_model["Alpha"][1:12] == [
        "2",
        "—",
        "1",
        "10.00",
        "7.50",
        "9.00",
        "—",
        "8.84",
        "too",
        "few",
        "tasks",
    ]
    assert by_model["Beta"][7] == "—" and by_model["Beta"][12] == "50%"
    # Right-aligned numeric columns end at the same offset on every line.
    q_end = header.index(" Q ") + 2
    assert all(row[q_end - 1] != " " for row in rows)


def test_json_to_stdout(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    assert _report(workspace, "--json", "-") == 0
    document = json.loads(capsys.readouterr().out)
    assert set(_rows(document)) == {"Alpha", "Beta"}


def test_expert_file_is_not_an_auto_file(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(workspace.root), "report", str(workspace.expert)]) == 2
    assert "evaluator_id: found 'expert_01', expected 'auto_l1'" in capsys.readouterr().err


def test_broken_json_names_file_and_line(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace.auto.write_text('{\n  "experiment_id": "x",\n  "tasks": [\n', encoding="utf-8")
    assert _report(workspace) == 1
    err = capsys.readouterr().err
    assert f"{workspace.auto}:4:" in err and "invalid JSON" in err
    assert "Traceback" not in err


def test_report_needs_files(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--workspace", str(workspace.root), "report"])
    assert exit_info.value.code == 2
    assert "AUTO_FILE" in capsys.readouterr().err


def test_rows_carry_multi_sample_figures(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, metrics = tmp_path / "report.json", tmp_path / "metrics.json"
    assert _report(workspace, "--json", str(out), "--metrics-json", str(metrics)) == 0
    printed = capsys.readouterr().out
    assert "Category A: samples per task" in printed
    document = json.loads(out.read_text(encoding="utf-8"))
    rows = _rows(document)
    alpha, beta = rows["Alpha"]["samples"], rows["Beta"]["samples"]
    tag_rows = {(r["model"], r["tag"]): r for r in document["tag_rows"]}
    assert set(tag_rows) == {("Alpha", "коллекции"), ("Beta", "коллекции")}
    assert tag_rows[("Alpha", "коллекции")]["samples"]["pass_at_k"]["1"] == 0.5
    # Alpha: 2/2 and 1/2 tests passed; Beta: a run with a root cause (no compile) and a 2/2 run.
    assert (alpha["n_min"], alpha["n_max"]) == (2, 2)
    assert alpha["pass_at_k"] == {"1": 0.5, "5": None, "10": None}
    assert alpha["stability_score"] == pytest.approx(0.0)
    assert alpha["partial_credit_score"] == pytest.approx(0.75)
    assert (alpha["compile_rate"], alpha["success_rate"]) == (1.0, 0.5)
    assert (beta["compile_rate"], beta["success_rate"]) == (0.5, 0.5)
    assert beta["partial_credit_score"] == pytest.approx(0.5)
    assert "needs n ≥ 5" in alpha["reasons"]["pass_at_5"]

    objects = {o["model"]: o for o in json.loads(metrics.read_text(encoding="utf-8"))}
    assert set(objects) == {"Alpha", "Beta"}
    assert objects["Alpha"]["run_date"] == "2025-03-01"
    assert objects["Alpha"]["total_tasks"] == 1
    assert objects["Alpha"]["pass_at_1"] == 0.5 and objects["Alpha"]["pass_at_10"] is None
    assert objects["Beta"]["by_category"]["A"]["compile_rate"] == 0.5


def test_an_experiment_file_is_named_as_such(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(workspace.root), "report", str(workspace.experiment)]) == 2
    err = capsys.readouterr().err
    assert "this is an experiment file" in err and "expects an auto file" in err
    assert "missing" not in err  # not a list of keys the file lacks


@pytest.mark.parametrize(
    ("lang", "present", "absent"),
    [
        ("en", ["model", "solved", "not compiled", "Category A"], ["решено", "не компилируется", "модель"]),
        ("ru", ["модель", "решено", "не компилируется", "Категория A"], ["solved", "not compiled", "model "]),
    ],
)
def test_one_language_per_report(
    workspace: WorkspaceFiles,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    present: list[str],
    absent: list[str],
) -> None:
    assert _report(workspace, "--lang", lang) == 0
    printed = capsys.readouterr().out
    assert all(word in printed for word in present), printed
    assert not [word for word in absent if word in printed], printed


def test_help_writes_a_single_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    assert "95% CI" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    printed = capsys.readouterr().out
    assert "%%" not in printed and "runs" in printed


def _interval_workspace(workspace: WorkspaceFiles, q_per_task: list[float]) -> None:
    """Alpha gets one task per value of `q_per_task`, its two runs both scored Q = that value."""
    data = json.loads(workspace.auto.read_text(encoding="utf-8"))
    template = data["tasks"][0]
    data["tasks"] = [g for g in data["tasks"] if g["model_name"] != "Alpha"]
    for number, q in enumerate(q_per_task):
        group = json.loads(json.dumps(template))
        group["task_id"] = f"A{number + 1}"
        for run in group["runs"]:
            run["scores"]["Q"] = q
        data["tasks"].append(group)
    workspace.auto.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize(
    ("q_per_task", "shown"),
    [
        ([1.0, 10.0], "too few tasks"),  # ±57.18 before: two tasks give no interval worth printing
        ([0.5, 9.5, 1.0, 0.5, 0.0], "0.00–7.32"),  # 2.30 ± 5.02 from −2.72: cut at 0
        ([9.5, 10.0, 10.0, 2.0, 10.0], "3.92–10.00"),  # 8.30 ± 4.38 up to 12.68: cut at 10
        ([5.0, 6.0, 5.0, 6.0, 5.0], "4.72–6.08"),  # inside the scale: as computed
    ],
)
def test_q_intervals_stay_on_the_scale(
    workspace: WorkspaceFiles,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    q_per_task: list[float],
    shown: str,
) -> None:
    _interval_workspace(workspace, q_per_task)
    out = tmp_path / "report.json"
    assert _report(workspace, "--json", str(out)) == 0
    printed = capsys.readouterr().out
    alpha = next(line for line in printed.splitlines() if line.startswith("Alpha"))
    assert shown in alpha
    interval = _rows(json.loads(out.read_text(encoding="utf-8")))["Alpha"]["interval"]
    if shown == "too few tasks":
        assert interval is None
    else:
        assert 0.0 <= interval[0] <= interval[1] <= 10.0
        assert f"{interval[0]:.2f}–{interval[1]:.2f}" == shown


@pytest.mark.parametrize(
    ("lang", "share", "count"), [("en", "solved %", "solved"), ("ru", "решено, %", "решено")]
)
def test_solved_share_and_solved_count_have_different_headers_and_a_legend(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str], lang: str, share: str, count: str
) -> None:
    assert _report(workspace, "--lang", lang) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[1]
    cells = [cell.strip() for cell in header.split("  ") if cell.strip()]
    assert cells.count(share) == 1 and cells.count(count) == 1
    legend = "\n".join(lines[3:])
    assert f"{share}:" in legend and "0–10" in legend
    assert ("N/A:" if lang == "en" else "н/д:") in legend


def test_the_coding_report_explains_its_short_headers(capsys: pytest.CaptureFixture[str]) -> None:
    bench = Path(__file__).resolve().parents[2] / "benchmarks" / "coding"
    (auto,) = (bench / "results" / "auto").glob("*_auto_l1.json")
    assert main(["--workspace", str(bench), "report", str(auto)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[0].split()
    assert "SS" in header and "PCS" in header
    legend = {line.split(":")[0] for line in lines if ":" in line}
    assert {"SS", "PCS", "S, M"} <= legend
