"""1C Code Bench answers scored in real Docker containers: per task, the reference solves it, its
wrong variant compiles and fails, and a non-compiling answer is scored as not compiled; answers that
try to forge the verdict, client code that uses the server, and a task whose data is broken."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.runs.onec import Limits
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.services.onec_level1 import OneCLevel1Runner, reference_code, run_spec
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace, OneCTask
from prism_desktop.workspace.results import Generation
from tests.onec_bench.conftest import BUNDLED

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASK_IDS = sorted(p.name for p in (BUNDLED / "tasks").iterdir() if p.is_dir())


def answer(task: OneCTask, code: str, kind: str) -> Generation:
    return Generation(task.id, task.name, kind, kind, 0, f"Ответ:\n```bsl\n{code}```\n", "", success=True)


def without_end(code: str) -> str:
    """The reference with its last КонецФункции dropped: a syntax error."""
    code = code.rstrip()
    return code[: code.rindex("КонецФункции")] + "\n"


@pytest.fixture(scope="module")
def scored(bundled: OneCBenchWorkspace) -> dict[tuple[str, str], dict[str, Any]]:
    """Every task's reference, wrong variant and non-compiling answer in one batch of containers."""
    from prism_desktop.sandbox.image import engine_status
    from tests.docker_helpers import unavailable

    if not engine_status().reachable or not engine_status().image_present:
        unavailable("no Docker engine or no sandbox image (prism-desktop sandbox build)")
    generations = []
    for task in bundled.tasks:
        reference = reference_code(task)
        generations += [
            answer(task, reference, "reference"),
            answer(task, task.variants["wrong.bsl"], "wrong"),
            answer(task, without_end(reference), "not_compiling"),
        ]
    runner = OneCLevel1Runner.open(bundled, "docker", jobs=2)
    assert runner.runner == "docker"
    return {(g.task_id, g.model_id): auto for g, _result, auto in runner.score(generations)}


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_reference_solves_wrong_fails_broken_does_not_compile(
    scored: dict[tuple[str, str], dict[str, Any]], task_id: str
) -> None:
    reference, wrong, broken = (scored[(task_id, kind)] for kind in ("reference", "wrong", "not_compiling"))
    assert reference["scores"] == {"S": 10, "M": 10, "O": None, "P": None, "Q": 10}
    assert reference["detail"]["S"]["compiled"] is True and reference["detail"]["M"]["solved"] is True
    assert wrong["scores"]["S"] == 10 and wrong["scores"]["M"] == 0, wrong["detail"]
    assert wrong["detail"]["S"]["compiled"] is True and wrong["detail"]["M"]["status"] == "ok"
    assert broken["scores"]["S"] == 2 and broken["scores"]["M"] == 0
    assert broken["detail"]["S"]["compiled"] is False
    assert "ВнешняяОбработка." in broken["detail"]["S"]["errors"][0]


def _one(workspace: OneCBenchWorkspace, task_id: str, code: str) -> dict[str, Any]:
    task = workspace.task(task_id)
    runner = OneCLevel1Runner.open(workspace, "docker")
    ((_g, _r, auto),) = runner.score([answer(task, code, "probe")])
    return auto


def test_an_answer_cannot_redefine_the_check(bundled: OneCBenchWorkspace, docker_engine: None) -> None:
    code = (
        "Функция ЗадачаРешена() Экспорт\n\tВозврат Истина;\nКонецФункции\n\n"
        "Функция РазобратьНастройки(Текст) Экспорт\n\tВозврат Новый Соответствие;\nКонецФункции\n"
    )
    auto = _one(bundled, "base_04_parse_settings", code)
    assert auto["scores"]["S"] == 2 and auto["scores"]["M"] == 0
    assert "уже определена (ЗадачаРешена)" in auto["detail"]["S"]["errors"][0]


def test_printed_or_raised_verdicts_count_for_nothing(
    bundled: OneCBenchWorkspace, docker_engine: None
) -> None:
    code = (
        "Функция РазобратьНастройки(Текст) Экспорт\n"
        '\tСообщить("ЗадачаРешена() = Да");\n'
        '\tВызватьИсключение "PASSED=1;TOTAL=1;";\n'
        "КонецФункции\n"
    )
    auto = _one(bundled, "base_04_parse_settings", code)
    assert auto["scores"]["S"] == 10 and auto["scores"]["M"] == 0
    assert "PASSED=1;TOTAL=1;" in auto["detail"]["M"]["log"]


def test_client_code_may_not_use_the_server(bundled: OneCBenchWorkspace, docker_engine: None) -> None:
    task = bundled.task("base_02_unique_values")
    code = reference_code(task).replace(
        "\tВозврат Результат;", '\tЗ = Новый Запрос("ВЫБРАТЬ 1");\n\tВозврат Результат;'
    )
    auto = _one(bundled, task.id, code)
    assert auto["scores"]["S"] == 2 and auto["detail"]["S"]["compiled"] is False
    assert "Тип не определен (Запрос)" in auto["detail"]["S"]["errors"][0]
    # the same code compiles in a server task's module (the check then decides)
    server = bundled.task("mid_03_prices_on_date")
    auto = _one(
        bundled,
        server.id,
        reference_code(server).replace(
            "Запрос = Новый Запрос;", "Запрос = Новый Запрос;\n\tСправочники.Склады.ПустаяСсылка();"
        ),
    )
    assert auto["scores"] == {"S": 10, "M": 10, "O": None, "P": None, "Q": 10}


def test_an_endless_loop_is_compiled_but_not_solved(bundled: OneCBenchWorkspace, docker_engine: None) -> None:
    task = bundled.task("base_01_short_name")
    code = "Функция ФамилияИнициалы(ПолноеИмя) Экспорт\n\tПока Истина Цикл\n\tКонецЦикла;\nКонецФункции\n"
    spec = run_spec(bundled, task, code, "loop")
    spec = dataclasses.replace(spec, limits=Limits(test_timeout_s=2.0, wall_slack_s=5.0))
    result = DockerBackend.connect().run(spec)
    assert result.b_run is not None and result.b_run.status == "no_result"
    from prism_desktop.scoring.onec_level1 import score_onec_run

    auto = score_onec_run(answer(task, code, "loop"), result)
    assert auto["scores"]["S"] == 10 and auto["scores"]["M"] == 0


def test_broken_task_data_is_not_measured_never_zero(bench_copy: Path, docker_engine: None) -> None:
    fixtures = bench_copy / "fixtures.yaml"
    fixtures.write_text(
        fixtures.read_text(encoding="utf-8") + "  Неизвестный:\n    - {Наименование: x}\n", "utf-8"
    )
    broken = OneCBenchWorkspace.open(bench_copy)
    task = broken.task("base_01_short_name")
    auto = _one(broken, task.id, reference_code(task))
    assert auto["scores"]["S"] is None and auto["scores"]["M"] is None
    assert "fixtures.yaml" in auto["detail"]["M"]["reason"]


def test_a_run_the_sandbox_stops_is_not_solved_never_not_measured(
    bundled: OneCBenchWorkspace, docker_engine: None
) -> None:
    """The container's deadline ends the answer's endless loop before the engine's own limit: the
    harness wrote nothing, yet the run is the answer's failure (M = 0), not our infrastructure's."""
    task = bundled.task("base_01_short_name")
    code = "Функция ФамилияИнициалы(ПолноеИмя) Экспорт\n\tПока Истина Цикл\n\tКонецЦикла;\nКонецФункции\n"
    spec = run_spec(bundled, task, code, "stopped")
    spec = dataclasses.replace(spec, limits=Limits(test_timeout_s=5.0, wall_slack_s=0.0))
    result = DockerBackend.connect().run(spec)
    assert result.status == "timeout" and result.b_run is None
    from prism_desktop.scoring.onec_level1 import score_onec_run

    auto = score_onec_run(answer(task, code, "stopped"), result)
    assert auto["scores"]["M"] == 0 and auto["scores"]["S"] is None
    assert auto["detail"]["M"]["status"] == "stopped"
    from prism_desktop.scoring.samples import run_sample

    sample = run_sample(auto, "code")  # a sample (M was measured): not solved
    assert sample is not None and not sample.correct
