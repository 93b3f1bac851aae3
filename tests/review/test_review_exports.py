"""Exports: expert files round-trip through files and the store, Verified annotations as JSONL and
CSV, and the self-contained HTML report."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

from prism_desktop.review.analysis import analyse
from prism_desktop.review.expert_export import (
    ExpertGrade,
    evaluator_id_for,
    expert_file_json,
    expert_file_name,
    read_expert_grades,
    write_expert_file,
)
from prism_desktop.review.file_input import graded_runs_from_files
from prism_desktop.review.report_html import render_html
from prism_desktop.review.report_json import report_json
from prism_desktop.review.store_input import expert_grades, session_input
from prism_desktop.review.verification_rules import VerificationRules
from prism_desktop.review.verified_export import (
    Provenance,
    csv_columns,
    verified_records,
    write_verified_csv,
    write_verified_jsonl,
)
from prism_desktop.services.grading import ensure_expert, save_grade
from prism_desktop.services.importing import import_results
from prism_desktop.services.sessions import create_session, session_runs, task_split
from prism_desktop.store import open_store
from prism_desktop.workspace.results_loader import load_score_file
from prism_desktop.workspace.workspace import Workspace

if TYPE_CHECKING:
    from tests.review.conftest import ReviewFiles

EXPERIMENT = "experiment_A_20250301_101500"  # the fixture workspace's experiment


def _export(grades: list[ExpertGrade], folder: Path, evaluator: str) -> Path:
    path = folder / expert_file_name(EXPERIMENT, evaluator)
    document = expert_file_json(
        EXPERIMENT, evaluator, grades, protocol_version="1.0.0", constitution_version="1.2.0"
    )
    write_expert_file(path, document)
    return path


def test_expert_file_round_trip(tmp_path: Path) -> None:
    grades = [
        ExpertGrade("A1", "vendor/alpha", 0, {"S": 10, "M": 8, "O": 6}, "Alpha", "abc",
                    {"M": {"comment": "нет проверки пустого массива", "approach": "перебор"}}),
        ExpertGrade("B1", "vendor/alpha", 1, {"S": 8, "M": 6, "O": 4, "P": 4}, "Alpha", "def"),
        ExpertGrade("A1", "vendor/beta", 0, {"S": 2}, "Beta", ""),
    ]  # fmt: skip
    path = _export(grades, tmp_path, "expert_07")
    assert path.name == f"{EXPERIMENT}_expert_07.json"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # the atomic write left no temp file
    loaded = load_score_file(path)
    assert loaded.evaluator_id == "expert_07" and loaded.protocol_version == "1.0.0" and loaded.is_expert
    assert read_expert_grades(loaded) == grades
    run = json.loads(path.read_text(encoding="utf-8"))["tasks"][0]["runs"][0]
    assert run["scores"] == {"S": 10, "M": 8, "O": 6, "P": None, "Q": 8.0}
    assert run["detail"] == {"M": {"comment": "нет проверки пустого массива", "approach": "перебор"}}


def test_expert_files_of_other_tools_are_read(tmp_path: Path) -> None:
    """PRISM's planned shape with no bands, extra keys and a detail of its own."""
    path = tmp_path / "other_expert_x.json"
    path.write_text(json.dumps({
        "experiment_id": EXPERIMENT, "evaluator_id": "expert_x", "rater_tool": "genlab-1c-web",
        "tasks": [{"task_id": "A2", "model_id": "m", "model_name": "M", "runs": [
            {"run_index": 3, "scores": {"S": 6, "M": None, "O": 4, "P": None, "Q": 5.0},
             "detail": {"S": {"comment": "две опечатки", "confidence": "high"}, "O": "free text"}},
        ]}],
    }), encoding="utf-8")  # fmt: skip
    (grade,) = read_expert_grades(load_score_file(path))
    assert grade == ExpertGrade("A2", "m", 3, {"S": 6, "O": 4}, "M", "", {"S": {"comment": "две опечатки"}})


def test_expert_id_for_names() -> None:
    assert evaluator_id_for("expert_01") == "expert_01"
    assert evaluator_id_for("Иван Петров") == "expert_Иван_Петров"
    assert evaluator_id_for("a/b c") == "expert_a_b_c"


def test_round_trip_through_the_store(review_files_a: ReviewFiles, tmp_path: Path) -> None:
    """file → import → export → import into a fresh store → export: the same file."""
    files = review_files_a
    workspace = Workspace.open(files.root)
    first_store = open_store(f"sqlite:///{tmp_path / 'one.db'}")
    import_results(first_store, workspace, [files.experiment, files.auto, *files.experts])
    exported = expert_grades(first_store, "expert_02")[EXPERIMENT]
    assert (
        sorted(
            read_expert_grades(load_score_file(files.experts[1])),
            key=lambda g: (g.task_id, g.model_id, g.run_index),
        )
        == exported
    )
    path = _export(exported, tmp_path / "once", "expert_02")
    second_store = open_store(f"sqlite:///{tmp_path / 'two.db'}")
    import_results(second_store, workspace, [files.experiment, path])
    again = _export(expert_grades(second_store, "expert_02")[EXPERIMENT], tmp_path / "twice", "expert_02")
    assert again.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    first_store.close()
    second_store.close()


def test_session_input_reads_runs_grades_and_split(review_files_a: ReviewFiles, tmp_path: Path) -> None:
    files = review_files_a
    workspace = Workspace.open(files.root)
    store = open_store(f"sqlite:///{tmp_path / 'session.db'}")
    import_results(store, workspace, [files.experiment, files.auto])
    session_id = create_session(store, name="калибровка", size=20, seed=3)
    runs = session_runs(store, session_id)
    experts = {name: ensure_expert(store, name) for name in ("anna", "boris")}
    for index, run_id in enumerate(runs):
        for name, expert_id in experts.items():
            step = 10 if (index + len(name)) % 3 else 8
            save_grade(store, expert_id=expert_id, run_id=run_id, axis="S", step=step, session_id=session_id)
    found = session_input(store, session_id)
    assert found.experts == ("anna", "boris")
    assert found.split_of == task_split(store, session_id)
    assert len(found.runs) == 20
    assert all(set(run.experts) == {"anna", "boris"} and run.machine["S"] is not None for run in found.runs)
    assert all(run.protocol_version == "1.2.0" and run.signals["S"].table == "scoring" for run in found.runs)
    store.close()


def test_verified_jsonl_and_csv(review_files: ReviewFiles, tmp_path: Path) -> None:
    workspace = Workspace.open(review_files.root)
    categories = {t.id: t.category for t in workspace.tasks}
    joined = graded_runs_from_files(
        load_score_file(review_files.auto), [load_score_file(p) for p in review_files.experts], categories
    )
    split = {
        t: ("validation" if t.endswith(("2", "4", "6")) else "calibration")
        for t in {r.task_id for r in joined.runs}
    }
    analysis = analyse(joined.runs, joined.experts, split, VerificationRules(), bootstrap=50)
    records = verified_records(
        analysis.run_verdicts, joined.experts, Provenance("c0ffee", "2025-03-02T10:00:00+00:00")
    )
    assert len(records) == len(analysis.verified_runs) > 0
    jsonl, table = tmp_path / "verified.jsonl", tmp_path / "verified.csv"
    write_verified_jsonl(jsonl, records)
    write_verified_csv(table, records, joined.experts)
    lines = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert lines == records
    first = lines[0]
    assert set(first) >= {
        "task_id", "model_id", "model_name", "run_index", "response_hash", "machine_scores",
        "machine_steps", "experts", "consensus", "verified_axes", "protocol_version",
        "constitution_version", "compat_hash", "timestamp",
    }  # fmt: skip
    assert set(first["experts"]) == set(review_files.expert_ids) and first["protocol_version"] == "1.2.0"
    assert all(first["machine_steps"][a] == first["consensus"][a] for a in first["verified_axes"])
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert list(rows[0]) == csv_columns(joined.experts) and len(rows) == len(records)
    assert rows[0]["task_id"] == first["task_id"] and rows[0]["compat_hash"] == "c0ffee"
    category_a = next(r for r in rows if r["category"] == "A")
    assert category_a["step_P"] == "" and category_a["consensus_P"] == ""  # null: not measured


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.links += [v or "" for k, v in attrs if k in ("src", "href")]


def test_html_report_is_self_contained(review_files: ReviewFiles) -> None:
    workspace = Workspace.open(review_files.root)
    joined = graded_runs_from_files(
        load_score_file(review_files.auto), [load_score_file(p) for p in review_files.experts],
        {t.id: t.category for t in workspace.tasks},
    )  # fmt: skip
    split = {
        t: ("validation" if t.endswith(("2", "4")) else "calibration")
        for t in {r.task_id for r in joined.runs}
    }
    analysis = analyse(joined.runs, joined.experts, split, VerificationRules(), bootstrap=20,
                       l1_axes=workspace.protocols.l1.axes)  # fmt: skip
    report = report_json(
        analysis.agreement, inputs={}, rules=analysis.rules, axis_verdicts=analysis.axis_verdicts,
        run_verdicts=analysis.run_verdicts, proposals=analysis.proposals,
    )  # fmt: skip
    page = render_html(json.loads(json.dumps(report)))  # rendered from the JSON as saved
    parser = _Collector()
    parser.feed(page)
    assert "script" not in parser.tags and parser.links == []
    # one confusion matrix per axis and split (S, M, O for all; P for B) plus none elsewhere
    assert parser.tags.count("svg") == 2 * 4
    assert "Threshold proposals" in page and "Verified" in page
