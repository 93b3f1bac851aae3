"""A well-formed PRISM-shaped workspace opens, and every part of it reads as PRISM defines it."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from workspace_fixture import EXPERIMENT, auto_json, experiment_json, expert_json, write

from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results_loader import load_experiment, load_score_file
from prism_desktop.workspace.values import jsonable
from prism_desktop.workspace.workspace import Workspace


def test_opens_with_tasks_in_bank_order(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    assert ws.root == workspace_dir.resolve()
    assert [t.id for t in ws.tasks] == ["A1", "A2", "B1"]
    assert ws.protocols.l1.version == "1.2.0"
    assert ws.protocols.constitution.version == "1.2.0"
    assert ws.validate() == []


def test_category_a_task_fields(workspace_dir: Path) -> None:
    task = Workspace.open(workspace_dir).task("A1")
    assert (task.category, task.difficulty, task.entry_point) == ("A", "easy", "СуммаМассива")
    assert task.signature == "Функция СуммаМассива(Массив) Экспорт"
    assert task.entry_point_patterns == (r"Сумма\w*", r"\w*Сумм\w*")
    assert task.tags == {"skill": ("числа", "коллекции")}
    assert task.extra == {"source": "собственная задача"}
    assert [(c.args, c.expected) for c in task.tests] == [(([1, 2, 3],), 6), (([],), 0), (([1.5, -3],), -1.5)]
    assert task.perf is not None
    assert (task.perf.p_opt, task.perf.sizes) == (1.0, (200, 400, 800, 1600))
    assert task.perf.call == "{entry}(Массив);" and "{n}" in task.perf.gen
    assert task.canonical is not None and task.canonical.startswith("Функция")  # BOM stripped
    assert task.perf_baseline is not None
    assert task.testable


def test_category_a_values_stay_as_yaml_gives_them(workspace_dir: Path) -> None:
    task = Workspace.open(workspace_dir).task("A2")
    first, second, third = task.tests
    assert first.args == (dt.date(2026, 1, 10), [])
    assert first.expected == {"__date__": "2026-01-30"}
    assert second.expected == dt.date(2026, 2, 26)
    assert third.args == ("2026-03-01", {"Год": 2026, "Месяц": 3})
    assert third.expected is None
    assert task.perf is None  # no perf.yaml: O-exec not measured, not an error


def test_jsonable_turns_dates_into_date_markers(workspace_dir: Path) -> None:
    task = Workspace.open(workspace_dir).task("A2")
    cases = [{"args": jsonable(c.args), "expected": jsonable(c.expected)} for c in task.tests]
    assert cases[0] == {"args": [{"__date__": "2026-01-10"}, []], "expected": {"__date__": "2026-01-30"}}
    table = cases[1]["args"][1]["__table__"]
    assert table["rows"] == [[{"__date__": "2026-02-27"}, "перенос"]]
    assert cases[1]["expected"] == {"__date__": "2026-02-26"}
    assert json.loads(json.dumps(cases)) == cases
    assert jsonable(dt.datetime(2026, 1, 2, 0, 0)) == {"__date__": "2026-01-02"}
    assert jsonable(dt.datetime(2026, 1, 2, 13, 5, 7)) == {"__date__": "2026-01-02T13:05:07"}


def test_category_b_task_fields(workspace_dir: Path) -> None:
    task = Workspace.open(workspace_dir).task("B1")
    assert task.entry_point_patterns == (r"Получить\w*Остат\w*", r"Остат\w*")
    assert task.expected_objects == ("РегистрНакопления.ТоварыНаСкладах", "Справочник.Номенклатура")
    assert task.tags == {"skill": ("запрос",), "platform": ("виртуальная-таблица", "регистр-накопления")}
    assert task.entry_point is None and task.tests == ()
    assert task.config_spec is not None and "ТоварыНаСкладах" in task.config_spec["accumulation_registers"]
    assert task.fixtures is not None
    records = task.fixtures["register_records"]["ТоварыНаСкладах"]["records"]
    assert records[0]["Период"] == dt.date(2026, 1, 10)  # fixture dates stay dates
    assert task.tests_bsl is not None and "{{ENTRY}}" in task.tests_bsl
    assert task.perf is not None and task.perf.count == "register" and task.perf.sizes == (20, 80)
    assert task.perf.grow is not None and task.perf.grow["catalog"] == {"name": "Номенклатура"}
    assert task.testable


def test_unknown_task_id_names_it(workspace_dir: Path) -> None:
    with pytest.raises(KeyError, match="C9"):
        Workspace.open(workspace_dir).task("C9")


def test_result_files_are_listed_and_loaded_lazily(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    results = workspace_dir.resolve() / "results"
    assert ws.experiment_paths() == [results / f"{EXPERIMENT}.json"]
    assert ws.auto_paths() == [results / "auto" / f"{EXPERIMENT}_auto_l1.json"]
    assert ws.expert_paths() == [results / "evaluations" / f"{EXPERIMENT}_expert_01.json"]
    # a broken experiment written after opening does not break the workspace, only its own load
    broken = write(results / "experiment_B_20260111_000000.json", "{")
    assert broken in ws.experiment_paths()
    with pytest.raises(WorkspaceError):
        ws.experiment(broken)
    experiment = ws.experiment(ws.experiment_paths()[0])
    assert ws.experiment(ws.experiment_paths()[0]) is experiment  # cached while unchanged


def test_experiment_generations(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    experiment = ws.experiment(ws.experiment_paths()[0])
    assert (experiment.name, experiment.category, experiment.models_used) == (
        EXPERIMENT,
        "A",
        ("Модель Один",),
    )
    first, failed, legacy = experiment.generations
    assert (first.task_id, first.model_id, first.run_index, first.success) == ("A1", "vendor/one", 0, True)
    assert (failed.success, failed.error, failed.response_hash) == (False, "timeout", "")
    assert legacy.success is None and legacy.task_name == "Последний рабочий день"
    assert (first.temperature, first.tokens_input, first.elapsed_time) == (0.1, 100, 1.25)
    assert experiment.raw["total_tokens"] == 450
    assert experiment.to_json() == experiment_json()  # lossless


def test_score_files(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    auto = ws.score_file(ws.auto_paths()[0])
    assert not auto.is_expert
    assert (auto.protocol_version, auto.runner, auto.syntax_analyzer) == ("1.2.0", "local", "prism-bsl 0.1.0")
    run = auto.runs[0]
    assert run.key == ("A1", "vendor/one", 0)
    assert run.scores == {"S": 10, "M": 3.3, "O": None, "P": None, "Q": 6.65}
    assert run.bands == {"M": 2, "P": None}
    assert run.detail["O"]["gated"] is True  # legacy O detail accepted as it is
    assert auto.runs[2].scores["Q"] == 2.7  # legacy one-decimal Q accepted
    assert auto.to_json() == auto_json()
    expert = ws.score_file(ws.expert_paths()[0])
    assert expert.is_expert and expert.evaluator_id == "expert_01"
    assert expert.runs[0].bands == {"M": None, "P": None} and expert.runs[0].detail == {}
    assert expert.runs[0].raw["comment"] == "Считает не то."
    assert expert.to_json() == expert_json()


def test_json_files_with_bom_load(tmp_path: Path) -> None:
    path = tmp_path / "experiment_A_1.json"
    path.write_bytes("\ufeff".encode() + json.dumps(experiment_json()).encode())
    assert load_experiment(path).name == EXPERIMENT
    path = tmp_path / "x_auto_l1.json"
    path.write_bytes("\ufeff".encode() + json.dumps(auto_json()).encode())
    assert len(load_score_file(path).runs) == 3


def test_workspace_without_results_folder(workspace_dir: Path) -> None:
    import shutil

    shutil.rmtree(workspace_dir / "results")
    ws = Workspace.open(workspace_dir)
    assert ws.experiment_paths() == [] and ws.score_paths() == []
    assert ws.validate() == []
