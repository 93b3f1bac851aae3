"""Run-by-run agreement of two auto files (bench/prism_agreement.py's comparison), on small
hand-made auto files read through the real loader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.scoring.run_agreement import cause, compare_runs, format_report, normalise, select
from prism_desktop.workspace.results_loader import load_score_file

_B_LOG_THEIRS = (
    "тест1 ИСКЛЮЧЕНИЕ: {ОбщийМодуль.КодКандидата.Модуль(6)}: Ошибка при вызове метода контекста "
    "(ВыбратьИерархически): Несоответствие типов (параметр номер '1'); тест2 ИСКЛЮЧЕНИЕ: x; "
)


def _run(
    index: int,
    s: int | None,
    m_band: int | None,
    o: int | None,
    p_band: int | None,
    detail: dict[str, Any] | None = None,
    response_hash: str = "h",
) -> dict[str, Any]:
    return {
        "run_index": index,
        "response_hash": response_hash,
        "scores": {"S": s, "M": None if m_band is None else float(m_band), "O": o, "P": None, "Q": None},
        "bands": {"M": m_band, "P": p_band},
        "detail": detail or {},
    }


def _write(path: Path, groups: list[tuple[str, str, list[dict[str, Any]]]]) -> Path:
    document = {
        "experiment_id": "experiment_B_x",
        "evaluator_id": "auto_l1",
        "tasks": [{"task_id": t, "model_id": m, "model_name": m, "runs": runs} for t, m, runs in groups],
    }
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    theirs = _write(
        tmp_path / "theirs.json",
        [
            ("B1", "m1", [_run(0, 10, 10, 10, 10)]),
            (
                "B1",
                "m2",
                [
                    _run(
                        0,
                        10,
                        0,
                        None,
                        10,
                        {"M": {"status": "ok", "passed": 0, "total": 3, "log": _B_LOG_THEIRS}},
                    )
                ],
            ),
            ("B2", "m1", [_run(0, 8, 0, None, None)]),
            ("A1", "m1", [_run(0, 10, 10, 8, None)]),
            ("A1", "m2", [_run(0, 10, 6, 8, None, response_hash="other")]),
            ("A2", "m1", [_run(0, 10, 10, 10, None)]),
        ],
    )
    ours = _write(
        tmp_path / "ours.json",
        [
            ("B1", "m1", [_run(0, 10, 10, 10, 10)]),  # all four agree
            (
                "B1",
                "m2",  # M and P differ: we raised no error where 1C did
                [
                    _run(
                        0,
                        10,
                        10,
                        10,
                        10,
                        {"M": {"status": "ok", "passed": 3, "total": 3, "log": ""}},
                    )
                ],
            ),
            ("B2", "m1", [_run(0, 8, 0, None, None)]),  # both nulls agree
            ("A1", "m1", [_run(0, 10, 10, None, None, {"O": {"reason": "runner unavailable"}})]),
            ("A1", "m2", [_run(0, 10, 6, 8, None)]),  # another answer: not compared
            ("A3", "m1", [_run(0, 10, 10, 10, None)]),  # not in the reference
        ],
    )
    return ours, theirs


def test_agreement_per_axis_counts_null_pairs_and_skips_p_for_category_a(files: tuple[Path, Path]) -> None:
    ours, theirs = (load_score_file(p) for p in files)
    categories = {"B1": "B", "B2": "B", "A1": "A", "A2": "A", "A3": "A"}
    report = compare_runs(ours.runs, theirs.runs, categories)

    assert report.joined == 4
    assert report.hash_differs == ["A1/m2/0"]
    assert report.only_ours == ["A3/m1/0"]
    assert report.only_theirs == ["A2/m1/0"]
    figures = {a: (f.agree, f.n) for a, f in report.axes.items()}
    assert figures == {"S": (4, 4), "M": (3, 4), "O": (2, 4), "P": (3, 3)}
    assert report.axes["M"].share == pytest.approx(0.75)
    assert {a: (f.agree, f.n) for a, f in report.by_category["A"].items()}["P"] == (0, 0)
    assert report.by_category["B"]["O"].agree == 2  # B2: null on both sides agrees


def test_p_counts_for_category_b_and_for_a_task_of_unknown_category(files: tuple[Path, Path]) -> None:
    ours, theirs = (load_score_file(p) for p in files)
    # B1 and B2 are left out of the categories: "?" has no rule to drop P by, so P counts for them;
    # A1 stays category A, where P never counts.
    report = compare_runs(ours.runs, theirs.runs, {"A1": "A"})
    assert (report.by_category["?"]["P"].agree, report.by_category["?"]["P"].n) == (3, 3)
    assert report.by_category["A"]["P"].n == 0
    assert report.axes["P"].n == 3


def test_mismatches_are_grouped_by_cause_with_examples(files: tuple[Path, Path]) -> None:
    ours, theirs = (load_score_file(p) for p in files)
    report = compare_runs(ours.runs, theirs.runs, {"B1": "B", "B2": "B", "A1": "A"})
    groups = {(g.axis, g.ours, g.theirs): g for g in report.mismatches}
    assert set(groups) == {("M", 10, 0), ("O", 10, None), ("O", None, 8)}

    m_group = groups[("M", 10, 0)]
    assert m_group.runs == ["B1/m2/0"]
    assert m_group.our_cause == "ok #/#"
    # positions and numbers are normalised away; the first caught exception is the cause
    assert "Несоответствие типов" in m_group.their_cause
    assert "(#)" not in m_group.their_cause and "Модуль(6)" not in m_group.their_cause
    assert "ВыбратьИерархически" in m_group.examples[0]["theirs"]

    o_group = groups[("O", None, 8)]
    assert o_group.our_cause == "reason: runner unavailable"
    assert o_group.their_cause == "scored, no detail"
    assert groups[("O", 10, None)].their_cause == "no detail"

    text = format_report(report)
    assert "runs compared: 4" in text and "M ours=10 theirs=0" in text
    as_json = report.to_json()
    assert as_json["agreement"]["S"] == {"agree": 4, "n": 4, "share": 1.0}
    assert as_json["mismatches"][0]["count"] == 1


def test_cause_reads_each_axis_detail(tmp_path: Path) -> None:
    (run,) = load_score_file(
        _write(
            tmp_path / "cause.json",
            [
                (
                    "B3",
                    "m",
                    [
                        _run(
                            0,
                            6,
                            0,
                            None,
                            0,
                            {
                                "S": {"root_causes": 2, "errors": ["Ожидается символ ';'"]},
                                "O": {
                                    "note": "замер не состоялся на размере базы 20: ошибка",
                                    "leg": "O-исп-B",
                                },
                                "P": {"reason": "модуль кандидата не компилируется", "band": 0},
                            },
                        )
                    ],
                )
            ],
        )
    ).runs
    assert cause(run, "S") == "root_causes=# Ожидается символ ';'"
    assert cause(run, "O") == "O-исп-B замер не состоялся на размере базы #: ошибка"
    assert cause(run, "P") == "reason: модуль кандидата не компилируется"
    assert cause(run, "M") == "scored, no detail"


def test_normalise_and_select(tmp_path: Path) -> None:
    assert normalise('{(8, 35)}: Поле не найдено "Группа"  ') == 'Поле не найдено "Группа"'
    assert len(normalise("x" * 500)) == 90
    runs = load_score_file(
        _write(
            tmp_path / "select.json",
            [("B1", "m1", [_run(0, 10, 10, 10, 10)]), ("B2", "m2", [_run(0, 10, 10, 10, 10)])],
        )
    ).runs
    assert [r.task_id for r in select(runs, tasks=["B2"])] == ["B2"]
    assert [r.model_id for r in select(runs, models=["m1"])] == ["m1"]
    assert len(select(runs)) == 2


def test_runs_join_across_renamed_model_ids(tmp_path: Path) -> None:
    """PRISM's A auto file says `anthropic/claude-sonnet-4.6` where the experiment says
    `claude-sonnet-4.6`: the runs still pair up, by response hash first, then by model name."""

    def write(path: Path, groups: list[tuple[str, str, str, list[dict[str, Any]]]]) -> Path:
        document = {
            "experiment_id": "experiment_A_x",
            "evaluator_id": "auto_l1",
            "tasks": [
                {"task_id": t, "model_id": m, "model_name": name, "runs": runs} for t, m, name, runs in groups
            ],
        }
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        return path

    theirs = write(
        tmp_path / "theirs.json",
        [
            (
                "A1",
                "anthropic/claude-sonnet-4.6",
                "Claude Sonnet 4.6",
                [_run(0, 10, 10, 10, None, response_hash="h1")],
            ),
            (
                "A1",
                "google/gemini-2.5-flash-lite",
                "Gemini 2.5 Flash Lite",
                [_run(0, 10, 0, None, None, response_hash="")],
            ),
            ("A1", "other/model", "Other", [_run(0, 10, 10, None, None, response_hash="h9")]),
        ],
    )
    ours = write(
        tmp_path / "ours.json",
        [
            ("A1", "claude-sonnet-4.6", "Claude Sonnet 4.6", [_run(0, 10, 10, 10, None, response_hash="h1")]),
            (
                "A1",
                "gemini-2.5-flash-lite",
                "Gemini 2.5 Flash Lite",
                [_run(0, 10, 6, None, None, response_hash="")],
            ),
        ],
    )
    report = compare_runs(load_score_file(ours).runs, load_score_file(theirs).runs, {"A1": "A"})
    assert report.joined == 2
    assert report.only_ours == []
    assert report.only_theirs == ["A1/other/model/0"]
    assert (report.axes["M"].agree, report.axes["M"].n) == (1, 2)


def test_report_prints_multi_line_logs_on_one_line(tmp_path: Path) -> None:
    """1C quotes the query text over several lines; the text report keeps one example per line
    (the JSON keeps the log as it is)."""
    log = 'тест1 ИСКЛЮЧЕНИЕ: {(6, 18)}: Поле не найдено "Т.Поле"\nТ.<<?>>Поле = &П; тест2 ИСКЛЮЧЕНИЕ: x'
    theirs = _write(
        tmp_path / "theirs.json",
        [
            (
                "B1",
                "m1",
                [_run(0, 10, 0, None, 0, {"M": {"status": "ok", "passed": 0, "total": 3, "log": log}})],
            )
        ],
    )
    ours = _write(tmp_path / "ours.json", [("B1", "m1", [_run(0, 10, 10, None, 0)])])
    report = compare_runs(load_score_file(ours).runs, load_score_file(theirs).runs, {"B1": "B"})
    lines = format_report(report).splitlines()
    theirs_line = next(line for line in lines if line.strip().startswith("theirs:"))
    assert 'Поле не найдено "Т.Поле" ⏎ Т.<<?>>Поле = &П;' in theirs_line
    assert not any(line.startswith("Т.<<?>>") for line in lines)
    assert "\n" in report.to_json()["mismatches"][0]["examples"][0]["theirs"]
