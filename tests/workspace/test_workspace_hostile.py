"""Hostile files: every kind of bad input gives a WorkspaceError whose text names the file, the key
path or line, what was found and what was expected, and nothing half-read comes back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from workspace_fixture import EXPERIMENT, TASK_A1, TASK_B1, TESTS_A1, experiment_json, write

from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.results_loader import load_experiment, load_score_file
from prism_desktop.workspace.workspace import Workspace

A1 = Path("tasks/category_a/A1_sum_array")
B1 = Path("tasks/category_b/B1_stock")


def open_error(root: Path) -> WorkspaceError:
    with pytest.raises(WorkspaceError) as caught:
        Workspace.open(root)
    assert caught.value.problems, "an error without problems tells the user nothing"
    return caught.value


def only_problem(error: WorkspaceError) -> Problem:
    assert len(error.problems) == 1, str(error)
    return error.problems[0]


def test_bad_yaml_reports_the_line(workspace_dir: Path) -> None:
    path = write(workspace_dir / A1 / "task.yaml", "id: A1\nname: [не закрыто\ncategory: A\n")
    problem = only_problem(open_error(workspace_dir))
    assert Path(problem.path) == path.resolve()
    assert problem.line == 3
    assert f"{path.resolve()}:3: " in str(problem) and "invalid YAML" in str(problem)


def test_missing_key(workspace_dir: Path) -> None:
    path = write(workspace_dir / A1 / "task.yaml", TASK_A1.replace("difficulty: easy\n", ""))
    problem = only_problem(open_error(workspace_dir))
    assert (Path(problem.path), problem.key) == (path.resolve(), "difficulty")
    assert problem.message == "missing key" and problem.expected == "a string"
    assert str(problem).startswith(f"{path.resolve()}:1: difficulty: missing key, expected a string")


def test_missing_expected_in_a_test_case_names_the_case(workspace_dir: Path) -> None:
    write(workspace_dir / A1 / "tests.yaml", TESTS_A1.replace("    expected: 0\n", ""))
    problem = only_problem(open_error(workspace_dir))
    assert problem.key == "tests[1].expected" and problem.line == 7  # the case itself
    assert "tests.yaml:7: tests[1].expected: missing key, expected the expected value" in str(problem)


def test_wrong_type(workspace_dir: Path) -> None:
    write(
        workspace_dir / A1 / "perf.yaml",
        "p_opt: linear\nsizes: [200, 400]\ngen: 'М = {n};'\ncall: '{entry}(М);'\n",
    )
    problem = only_problem(open_error(workspace_dir))
    assert problem.key == "p_opt" and problem.line == 1
    assert "perf.yaml:1: p_opt: found the string 'linear', expected a number" in str(problem)


def test_wrong_type_of_args(workspace_dir: Path) -> None:
    write(workspace_dir / A1 / "tests.yaml", TESTS_A1.replace("args: [[]]", "args: 5"))
    problem = only_problem(open_error(workspace_dir))
    assert "tests.yaml:7: tests[1].args: found the integer 5, expected a list of positional arguments" in str(
        problem
    )


@pytest.mark.parametrize(
    ("tags", "key", "fragment"),
    [
        (
            "  colour: [красный]\n",
            "tags.colour",
            "unknown tag dimension, found the string 'colour', expected one of 'skill', 'platform'",
        ),
        (
            "  skill: [числа]\n  platform: [константа]\n",
            "tags.platform",
            "tag dimension not applicable to category A, expected only in categories B",
        ),
        (
            "  skill: [числа, поэзия]\n",
            "tags.skill[1]",
            "tag outside the vocabulary, found the string 'поэзия', expected one of 'строки'",
        ),
    ],
)
def test_unknown_tag(workspace_dir: Path, tags: str, key: str, fragment: str) -> None:
    text = TASK_A1.replace("  skill: [числа, коллекции]\n", tags)
    write(workspace_dir / A1 / "task.yaml", text)
    problem = only_problem(open_error(workspace_dir))
    assert problem.key == key
    assert problem.line == text.splitlines().index(tags.splitlines()[-1]) + 1
    assert fragment in str(problem) and "task.yaml" in str(problem)


def test_more_than_one_value_in_a_single_value_dimension(workspace_dir: Path) -> None:
    tags_file = workspace_dir / "tasks" / "tags.yaml"
    text = tags_file.read_text(encoding="utf-8").replace(
        "  skill:", "  level:\n    multi: false\n    values: [базовый, сложный]\n\n  skill:"
    )
    write(tags_file, text)
    write(
        workspace_dir / A1 / "task.yaml",
        TASK_A1.replace("  skill: [числа, коллекции]\n", "  skill: [числа]\n  level: [базовый, сложный]\n"),
    )
    problem = only_problem(open_error(workspace_dir))
    assert problem.key == "tags.level"
    assert (
        "more than one value in a single-value dimension, found 2 values, expected at most one value"
        in str(problem)
    )


def test_unknown_placeholder_category_a(workspace_dir: Path) -> None:
    write(
        workspace_dir / A1 / "perf.yaml",
        "p_opt: 1.0\nsizes: [200, 400]\ngen: 'М = {size};'\ncall: '{entry}(М);'\n",
    )
    problem = only_problem(open_error(workspace_dir))
    assert (problem.key, problem.line, problem.found) == ("gen", 3, "{size}")
    assert (
        "perf.yaml:3: gen: unknown placeholder {size}, found {size}, expected one of '{n}', '{entry}'"
        in str(problem)
    )


def test_unknown_placeholder_category_b(workspace_dir: Path) -> None:
    perf = workspace_dir / B1 / "perf.yaml"
    write(perf, perf.read_text(encoding="utf-8").replace("{{ENTRY}}", "{entry}"))
    error = open_error(workspace_dir)
    text = str(error)
    assert "perf.yaml:11: call: unknown placeholder {entry}, found {entry}, expected '{{ENTRY}}'" in text
    assert "call: placeholder {{ENTRY}} missing" in text


def test_perf_schema_is_strict(workspace_dir: Path) -> None:
    write(
        workspace_dir / A1 / "perf.yaml",
        "p_opt: 1.0\nsizes: [400, 200]\ngen: 'М = {n};'\ncall: '{entry}(М);'\ncount: sdbl\n",
    )
    text = str(open_error(workspace_dir))
    assert "perf.yaml:5: count: unknown key for a category-A perf.yaml, found the string 'count'" in text
    assert "perf.yaml:2: sizes: found [400, 200], expected strictly increasing sizes" in text


def test_duplicate_task_id(workspace_dir: Path) -> None:
    twin = write(workspace_dir / "tasks" / "category_a" / "A9_twin" / "task.yaml", TASK_A1)
    problem = only_problem(open_error(workspace_dir))
    assert (Path(problem.path), problem.key, problem.line) == (twin.resolve(), "id", 1)
    assert "duplicate task id, found 'A1', expected an id not used by" in str(problem)
    assert "A1_sum_array" in str(problem)


def test_wrong_category(workspace_dir: Path) -> None:
    path = write(workspace_dir / B1 / "task.yaml", TASK_B1.replace("category: B", "category: C"))
    problem = only_problem(open_error(workspace_dir))
    assert str(problem) == f"{path.resolve()}:3: category: found the string 'C', expected one of 'A', 'B'"


def test_category_must_match_its_folder(workspace_dir: Path) -> None:
    write(workspace_dir / B1 / "task.yaml", TASK_B1.replace("category: B", "category: A"))
    text = str(open_error(workspace_dir))
    assert "category: the task lives in category_b/, found the string 'A', expected 'B'" in text


def test_bad_entry_point_pattern(workspace_dir: Path) -> None:
    write(workspace_dir / A1 / "tests.yaml", TESTS_A1.replace('"\\\\w*Сумм\\\\w*"', '"(Сумм"'))
    problem = only_problem(open_error(workspace_dir))
    assert problem.key == "entry_point_patterns[1]" and problem.line == 3
    assert "not a regular expression" in str(problem) and "found '(Сумм'" in str(problem)


def test_bad_test_value_encodings(workspace_dir: Path) -> None:
    write(
        workspace_dir / A1 / "tests.yaml",
        TESTS_A1.replace("expected: 6", 'expected: {"__date__": "2026-13-01", "x": 1}').replace(
            "expected: -1.5", 'expected: {"1бад": 1}'
        ),
    )
    text = str(open_error(workspace_dir))
    assert (
        "tests[0].expected: found a mapping with keys __date__, x, expected __date__ as the only key" in text
    )
    assert "tests[0].expected.__date__: found the string '2026-13-01', expected a date 'YYYY-MM-DD'" in text
    assert "tests[2].expected.1бад: a Структура key must be a BSL identifier" in text


def test_broken_json_reports_line_and_column(workspace_dir: Path) -> None:
    path = write(
        workspace_dir / "results" / f"{EXPERIMENT}.json", '{\n  "experiment_name": "x",\n  "category" "A"\n}'
    )
    with pytest.raises(WorkspaceError) as caught:
        load_experiment(path)
    problem = only_problem(caught.value)
    assert (problem.line, problem.column) == (3, 14)
    assert str(problem).startswith(f"{path}:3:14: invalid JSON: Expecting ':' delimiter (line 3, column 14)")
    # validate() finds it too, without the workspace failing to open
    ws = Workspace.open(workspace_dir)
    assert [str(p) for p in ws.validate()] == [str(problem).replace(str(path), str(path.resolve()))]


def test_score_file_problems_name_the_key_path(tmp_path: Path) -> None:
    data = {
        "experiment_id": "e",
        "evaluator_id": "expert_02",
        "tasks": [
            {
                "task_id": "A1",
                "model_id": "m",
                "runs": [
                    {"run_index": 0, "scores": {"S": 12, "M": "high"}},
                    {"run_index": -1, "scores": {}},
                ],
            }
        ],
    }
    path = write(tmp_path / "e_expert_02.json", json.dumps(data))
    with pytest.raises(WorkspaceError) as caught:
        load_score_file(path)
    text = str(caught.value)
    assert (
        f"{path}: tasks[0].runs[0].scores.S: found the integer 12, expected a score from 0 to 10, or null"
        in text
    )
    assert "tasks[0].runs[0].scores.M: found the string 'high', expected a number or null" in text
    assert "tasks[0].runs[1].run_index: found the integer -1, expected an integer ≥ 0" in text


def test_experiment_duplicate_run_and_wrong_category(tmp_path: Path) -> None:
    data = experiment_json()
    data["category"] = "Z"
    data["task_results"][0]["runs"][1]["run_index"] = 0  # type: ignore[index]
    path = write(tmp_path / "experiment_Z.json", json.dumps(data))
    with pytest.raises(WorkspaceError) as caught:
        load_experiment(path)
    text = str(caught.value)
    assert "category: found the string 'Z', expected one of 'A', 'B'" in text
    assert "task_results: the same run appears twice, found ('A1', 'vendor/one', 0)" in text


def test_a_failing_load_leaves_no_partial_result(workspace_dir: Path) -> None:
    write(workspace_dir / A1 / "task.yaml", TASK_A1.replace("category: A", "category: [A]"))
    write(workspace_dir / B1 / "fixtures.yaml", "catalogs: [\n")
    result: list[Workspace] = []
    with pytest.raises(WorkspaceError) as caught:
        result.append(Workspace.open(workspace_dir))
    assert result == []
    files = sorted(Path(p.path).name for p in caught.value.problems)
    assert files == ["fixtures.yaml", "task.yaml"]  # both broken tasks reported in one pass


def test_validate_collects_every_problem(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    write(workspace_dir / A1 / "task.yaml", TASK_A1.replace("difficulty: easy", "difficulty: trivial"))
    write(
        workspace_dir / "metrics" / "smop.yaml",
        (workspace_dir / "metrics" / "smop.yaml").read_text(encoding="utf-8").replace("low: 0", "low: zero"),
    )
    write(workspace_dir / "results" / "auto" / "x_auto_l1.json", "[1, 2")
    text = "\n".join(str(p) for p in ws.validate())
    assert "difficulty: found the string 'trivial', expected one of 'easy', 'medium', 'hard'" in text
    assert "quality_thresholds.low: found the string 'zero', expected a number" in text
    assert "x_auto_l1.json:1:6: invalid JSON" in text
    assert ws.tasks[0].difficulty == "easy"  # the opened workspace is untouched


def test_not_a_workspace(tmp_path: Path) -> None:
    (tmp_path / "tasks").mkdir()
    problem = only_problem(open_error(tmp_path))
    assert "metrics: folder missing" in str(problem)


def test_category_b_perf_schema(workspace_dir: Path) -> None:
    write(
        workspace_dir / B1 / "perf.yaml",
        "p_opt: 0.0\nsizes: [20]\ncount: calls\ngen: x\n"
        "grow:\n  accumulation: {register: Р, record: {}}\n  batch: {}\n"
        "call: 'КодКандидата.{{ENTRY}}({{Склад}})'\n",
    )
    text = str(open_error(workspace_dir))
    assert "perf.yaml:3: count: found the string 'calls', expected one of 'sdbl', 'register', 'rows'" in text
    assert "perf.yaml:4: gen: unknown key for a category-B perf.yaml, found the string 'gen'" in text
    assert "perf.yaml:2: sizes: found a list of 1 item, expected at least two sizes" in text
    assert "perf.yaml:6: grow.accumulation.registrar: missing key, expected a non-empty string" in text
    assert "perf.yaml:7: grow.batch: unknown key, found the string 'batch'" in text
    assert "perf.yaml:8: call: unknown placeholder {{Склад}}, found {{Склад}}, expected '{{ENTRY}}'" in text
