"""The in-sandbox harness of 1C Code Bench tasks, in process: how the answer takes the reference's
place, how a task's own faults are told from the answer's, and the worker's choice of harness."""

from __future__ import annotations

import dataclasses

from prism_desktop.sandbox import worker
from prism_desktop.sandbox.harness_1c import module_with_candidate, run_legs
from prism_desktop.sandbox.harness_1c_context import client_context_errors
from prism_desktop.services.onec_level1 import run_spec
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace

MODULE = """\
Перем Данные;

Функция ЗапуститьРешение() Экспорт
	Данные = 2;
	Возврат Истина;
КонецФункции

Функция ЗадачаРешена() Экспорт
	Возврат Удвоить(Данные) = 4;
КонецФункции

&НаСервере
Функция Удвоить(Число) Экспорт
	Возврат Число * 2;
КонецФункции

Функция ПослеЭталона()
	Возврат 0;
КонецФункции
"""


def test_the_answer_replaces_the_reference_lines_and_its_annotation() -> None:
    text, first_line = module_with_candidate(
        MODULE, "Удвоить", "Функция Удвоить(Х)\n\tВозврат Х + Х;\nКонецФункции\n"
    )
    assert first_line == 12  # the annotation's line: it belongs to the reference
    lines = text.split("\n")
    assert lines[11:14] == ["Функция Удвоить(Х)", "\tВозврат Х + Х;", "КонецФункции"]
    assert "&НаСервере" not in text and "Функция ПослеЭталона()" in text
    assert text.split("\n")[:10] == MODULE.split("\n")[:10]


def test_worker_runs_the_category_1c_with_its_harness() -> None:
    assert worker.harness_for("1C") is run_legs


def test_a_module_without_the_check_is_the_tasks_fault(bundled: OneCBenchWorkspace) -> None:
    task = bundled.task("base_01_short_name")
    broken = dataclasses.replace(task, object_module=task.object_module.replace("ЗадачаРешена", "Проверка"))
    spec = run_spec(bundled, broken, "Функция ФамилияИнициалы(П) Экспорт\n\tВозврат П;\nКонецФункции\n", "r")
    result = run_legs(spec)
    assert result.b_run is not None and result.b_run.status == "infra_error"
    assert "no function ЗадачаРешена" in (result.b_run.infra_detail or "")


def test_client_errors_are_reported_at_the_modules_lines() -> None:
    code = "Функция Ф() Экспорт\n\tВозврат Справочники.Склады;\nКонецФункции\n"
    (found,) = client_context_errors(code, line_offset=40)
    assert (found.line, found.message) == (42, "Переменная не определена (Справочники)")
