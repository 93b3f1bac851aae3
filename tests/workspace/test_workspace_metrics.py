"""Our metrics/ hold PRISM's figures (protocol 1.2.0, constitution 1.2.0, L2 1.0.0, taxonomy 0.1.0),
a PRISM-shaped protocol without our additions loads unchanged, and bad protocols are refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from workspace_fixture import REPO

from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.protocol import RuntimeConstants, ScoringTable
from prism_desktop.workspace.protocol_loader import load_protocols
from prism_desktop.workspace.tags import load_tag_vocabulary

METRICS = REPO / "metrics"


def rows(table: ScoringTable | None) -> list[tuple[Any, ...]]:
    assert table is not None
    return [("else" if r.is_else else r.bound, r.exclusive, r.score) for r in table.rows]


def test_versions_and_scale() -> None:
    p = load_protocols(METRICS)
    assert (p.constitution.version, p.l1.version, p.l2.version, p.taxonomy.version) == (
        "1.2.0",
        "1.2.0",
        "1.0.0",
        "0.1.0",
    )
    assert p.constitution.valid_scores == (0, 2, 4, 6, 8, 10)
    assert p.constitution.thresholds == {"high": 8, "acceptable": 5, "low": 0}
    assert p.constitution.quality_formula == "mean_of_applicable"
    assert p.constitution.applicable_axes("A") == ("S", "M", "O")
    assert p.constitution.applicable_axes("B") == ("S", "M", "O", "P")
    assert [d.name_en for d in p.constitution.axes.values()] == [
        "Syntax",
        "Meaning",
        "Optimization",
        "Platform",
    ]
    assert p.l1.constitution == "metrics/smop.yaml"


def test_l1_tables_hold_prism_figures() -> None:
    axes = load_protocols(METRICS).l1.axes
    lower = "lower_is_better"
    assert axes["S"].table.direction == lower
    assert rows(axes["S"].table) == [
        (0, False, 10),
        (1, False, 8),
        (3, False, 6),
        (6, False, 4),
        ("else", False, 2),
    ]
    assert axes["M"].table.direction == "higher_is_better"
    assert rows(axes["M"].table) == [
        (1.0, False, 10),
        (0.85, False, 8),
        (0.6, False, 6),
        (0.5, False, 4),
        (0.0, True, 2),
        ("else", False, 0),
    ]
    assert rows(axes["O"].table) == rows(axes["S"].table)
    exec_rows = [(0.2, False, 10), (0.5, False, 8), (0.8, False, 6), (1.2, False, 4), ("else", False, 2)]
    assert rows(axes["O"].exec_table) == exec_rows and rows(axes["O"].b_exec_table) == exec_rows
    assert rows(axes["P"].table) == [(1.0, False, 10), (0.5, False, 6), (0.0, True, 4), ("else", False, 0)]
    assert axes["S"].pre_check and axes["P"].pre_check and axes["M"].pre_check is None
    assert axes["O"].reachable == {2, 4, 6, 8, 10}
    assert axes["P"].reachable == {0, 4, 6, 10}
    assert axes["P"].applies_to == ("B",)


def test_s_rules_and_o_white_list() -> None:
    axes = load_protocols(METRICS).l1.axes
    assert axes["S"].cluster_gap == 3
    assert axes["S"].compile_blocker_codes == (
        "ProcedureReturnsValue",
        "BreakOutsideLoop",
        "ContinueOutsideLoop",
        "DuplicateMethod",
        "UndefinedMethod",
        "ReturnOutsideMethod",
        "DuplicateParameter",
    )
    assert axes["O"].white_list == {
        "CreateQueryInCycle": 2.0,
        "VirtualTableCallWithoutParameters": 2.0,
        "JoinWithVirtualTable": 2.0,
        "JoinWithSubQuery": 1.5,
        "QueryNestedFieldsByDot": 1.0,
        "DeprecatedCurrentDate": 1.0,
        "SelectTopWithoutOrderBy": 1.0,
        "LogicalOrInTheWhereSectionOfQuery": 1.0,
        "RefOveruse": 1.0,
    }
    assert "QueryToMissingMetadata" not in axes["O"].white_list


def test_instruments_are_ours() -> None:
    axes = load_protocols(METRICS).l1.axes
    for axis in ("S", "M", "O"):
        assert axes[axis].instrument == {"A": "prism-bsl", "B": "prism-platform"}
    assert axes["P"].instrument == {"B": "prism-platform"}


def test_runtime_block_spells_out_prism_defaults() -> None:
    runtime = load_protocols(METRICS).l1.runtime
    assert runtime == RuntimeConstants()
    assert (runtime.o_correctness_gate, runtime.m_timeout_s, runtime.o_size_timeout_s) == (5.0, 15.0, 60.0)
    assert len(runtime.platform_markers) == 6


def test_l2_and_taxonomy() -> None:
    p = load_protocols(METRICS)
    for axis in ("S", "M", "O", "P"):
        assert list(p.l2.axes[axis].criteria) == [10, 8, 6, 4, 2, 0]
    assert p.l2.axes["P"].applies_to == ("B",) and p.l2.axes["S"].applies_to == ("A", "B")
    assert len(p.l2.rules) >= 2
    assert [r.code for r in p.taxonomy.rules] == [
        "S.COMPILE",
        "M.NOENTRY",
        "M.TYPE",
        "M.NOMETHOD",
        "M.NOTYPE",
        "M.RUNTIME",
    ]
    assert {k: v.code for k, v in p.taxonomy.defaults.items()} == {
        "parse": "S.PARSE",
        "run": "M.RUNTIME",
        "noentry": "M.NOENTRY",
        "wrong": "M.WRONG",
        "meta": "P.METADATA",
    }
    matches = {r.code: r.match for r in p.taxonomy.rules}
    assert "не найдено ни одной функции" in matches["M.NOENTRY"]
    assert "compile_error" in matches["S.COMPILE"]


def test_tag_vocabulary() -> None:
    vocabulary = load_tag_vocabulary(REPO / "tasks" / "tags.yaml")
    assert vocabulary.version == "1.0.0"
    assert vocabulary.dimensions["skill"].values == (
        "строки",
        "даты",
        "числа",
        "коллекции",
        "алгоритм",
        "запрос",
        "метаданные",
    )
    platform = vocabulary.dimensions["platform"]
    assert platform.multi and platform.applies_to == ("B",) and len(platform.values) == 12
    assert "подчинённый-справочник" in platform.values


# -- PRISM-shaped and hostile protocols --------------------------------------------------------------


def copy_metrics(tmp_path: Path, edit_l1: Any = None, edit: dict[str, Any] | None = None) -> Path:
    """Our metrics/ as YAML data, edited, written to tmp_path/metrics."""
    target = tmp_path / "metrics"
    target.mkdir()
    for source in METRICS.glob("*.yaml"):
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        if source.name == "smop_l1_auto.yaml" and edit_l1 is not None:
            edit_l1(data)
        if edit and source.name in edit:
            edit[source.name](data)
        (target / source.name).write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )
    return target


def test_prism_shaped_protocol_loads_with_defaults(tmp_path: Path) -> None:
    def prismify(data: dict[str, Any]) -> None:
        del data["runtime"]
        o = data["axes"]["O"]
        o["instrument"] = "статический анализ · счёт операций · журнал платформы"
        o["b_exec_scoring"]["anchor_max"] = 4
        o["b_rows_scoring"] = {
            "what": "строки",
            "direction": "lower_is_better",
            "anchor_max": 6,
            "table": [
                {"bound": 0.2, "score": 10},
                {"bound": 0.8, "score": 8},
                {"bound": 1.2, "score": 6},
                {"else": True, "score": 4},
            ],
        }
        data["axes"]["S"]["compile_check"] = {"rule": "текст", "not_syntax": ["a", "b"]}

    l1 = load_protocols(copy_metrics(tmp_path, prismify)).l1
    assert l1.runtime == RuntimeConstants()
    assert l1.axes["O"].instrument == {"*": "статический анализ · счёт операций · журнал платформы"}
    assert rows(l1.axes["O"].extra_tables["b_rows_scoring"])[-1] == ("else", False, 4)
    # PRISM 1.3.0's gate of the slow reference: O ≤ anchor_max of the task's scale
    assert l1.axes["O"].extra_tables["b_rows_scoring"].anchor_max == 6
    assert l1.axes["O"].b_exec_table is not None and l1.axes["O"].b_exec_table.anchor_max == 4


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (
            lambda d: d["axes"]["S"]["scoring"]["table"][1].update(score=5),
            "axes.S.scoring.table[1].score: found the integer 5, "
            "expected a score of the constitution's scale: 0, 2, 4, 6, 8, 10",
        ),
        (
            lambda d: d["axes"]["M"]["scoring"].update(direction="up"),
            "axes.M.scoring.direction: found the string 'up', "
            "expected one of 'lower_is_better', 'higher_is_better'",
        ),
        (
            lambda d: d["axes"]["P"]["scoring"]["table"].append({"bound": 0.1, "score": 2}),
            "axes.P.scoring.table[4]: row after an else row can never match, expected the else row last",
        ),
        (
            lambda d: d["axes"]["O"]["exec_scoring"]["table"].insert(1, {"bound": 0.1, "score": 8}),
            "axes.O.exec_scoring.table[1]: row can never match",
        ),
        (
            lambda d: d["axes"]["S"]["scoring"]["table"][0].pop("bound"),
            "axes.S.scoring.table[0].bound: missing key, expected a number",
        ),
        (
            lambda d: d["axes"]["O"]["exec_scoring"].update(anchor_max=5),
            "axes.O.exec_scoring.anchor_max: found the integer 5, expected one of [0, 2, 4, 6, 8, 10]",
        ),
        (
            lambda d: d["axes"]["S"]["scoring"].update(table=[]),
            "axes.S.scoring.table: found an empty list, expected at least one row",
        ),
        (
            lambda d: d["runtime"].update(o_gate=5),
            "runtime.o_gate: unknown key, found the string 'o_gate', expected one of 'o_correctness_gate'",
        ),
        (
            lambda d: d["runtime"].update(m_timeout_s="15s"),
            "runtime.m_timeout_s: found the string '15s', expected a number",
        ),
        (
            lambda d: d["axes"].update(X={"scoring": {}}),
            "axes.X: axis not in the constitution, found the string 'X'",
        ),
        (
            lambda d: d["axes"]["O"].update(white_list={"CreateQueryInCycle": "heavy"}),
            "axes.O.white_list.CreateQueryInCycle: found the string 'heavy', expected a number",
        ),
        (
            lambda d: d["axes"]["M"].pop("instrument"),
            "axes.M.instrument: missing key, expected a string or a mapping {A: …, B: …}",
        ),
    ],
)
def test_bad_l1_protocol(tmp_path: Path, edit: Any, fragment: str) -> None:
    metrics = copy_metrics(tmp_path, edit)
    with pytest.raises(WorkspaceError) as caught:
        load_protocols(metrics)
    assert fragment in str(caught.value)
    assert str(metrics / "smop_l1_auto.yaml") in str(caught.value)


def test_bad_l1_row_reports_its_line(tmp_path: Path) -> None:
    metrics = tmp_path / "metrics"
    metrics.mkdir()
    for source in METRICS.glob("*.yaml"):
        (metrics / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    l1 = metrics / "smop_l1_auto.yaml"
    lines = l1.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if "{ bound: 3, score: 6 }" in line)
    lines[number] = lines[number].replace("score: 6", "score: 7")
    l1.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(WorkspaceError) as caught:
        load_protocols(metrics)
    (problem,) = caught.value.problems
    assert problem.line == number + 1 and problem.key == "axes.S.scoring.table[2].score"


@pytest.mark.parametrize(
    ("file", "edit", "fragment"),
    [
        (
            "smop_l2_expert.yaml",
            lambda d: d["axes"]["M"]["criteria"].update({5: "середина"}),
            "axes.M.criteria[5]: criterion for a step outside the scale, found the integer 5",
        ),
        (
            "error_taxonomy.yaml",
            lambda d: d["defaults"].pop("wrong"),
            "defaults.wrong: missing key, expected {code, axis, label}",
        ),
        (
            "error_taxonomy.yaml",
            lambda d: d["rules"][0].update(axis="Z"),
            "rules[0].axis: found the string 'Z', expected one of 'S', 'M', 'O', 'P'",
        ),
        ("smop.yaml", lambda d: d["smop"].pop("O"), "smop.O: missing axis"),
        (
            "smop.yaml",
            lambda d: d["quality_score"].update(formula="median"),
            "quality_score.formula: found the string 'median', expected 'mean_of_applicable'",
        ),
    ],
)
def test_bad_other_protocols(tmp_path: Path, file: str, edit: Any, fragment: str) -> None:
    metrics = copy_metrics(tmp_path, edit={file: edit})
    with pytest.raises(WorkspaceError) as caught:
        load_protocols(metrics)
    assert fragment in str(caught.value) and file in str(caught.value)
