"""A store filled for review and grading tests: the repository's own workspace (tasks/ + metrics/),
one category-A experiment on task A16 (three candidates × two models), scored through the real
Level-1 scoring functions from hand-made sandbox measurements, and one category-B experiment whose
task is not in the workspace, with auto-file scores. Shared by tests/services and tests/gui (they
put this folder on sys.path: the suite runs with --import-mode=importlib)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from prism_desktop.runs.onec import (
    Diagnostic,
    PerfMeasurement,
    RunResult,
    SizeOutcome,
    SyntaxMeasurement,
    TestOutcome,
    TestsMeasurement,
    Timings,
)
from prism_desktop.scoring.level1 import score_run
from prism_desktop.services.level1_store import generation_of, save_result
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import SOURCE_AUTO_FILE, Experiment, Level1Result, Run
from prism_desktop.workspace.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
TASK_ID = "A16"
ENGINE = "prism-bsl 0.1.0"

LINEAR = """\
Функция НайтиВУпорядоченномМассиве(Знач УпорядоченныйМассив, Знач Значение) Экспорт
	Для Индекс = 0 По УпорядоченныйМассив.ВГраница() Цикл
		Если УпорядоченныйМассив[Индекс] = Значение Тогда
			Возврат Индекс;
		КонецЕсли;
	КонецЦикла;
	Возврат -1;
КонецФункции
"""

# Binary search that returns any equal element, not the first one: fails on repeated values.
ANY_MATCH = """\
// Двоичный поиск.
Функция НайтиВУпорядоченномМассиве(Знач УпорядоченныйМассив, Знач Значение) Экспорт
	Лево = 0;
	Право = УпорядоченныйМассив.Количество() - 1;
	Пока Лево <= Право Цикл
		Середина = Цел((Лево + Право) / 2);
		Если УпорядоченныйМассив[Середина] = Значение Тогда
			Возврат Середина;
		ИначеЕсли УпорядоченныйМассив[Середина] < Значение Тогда
			Лево = Середина + 1;
		Иначе
			Право = Середина - 1;
		КонецЕсли;
	КонецЦикла;
	Возврат -1;
КонецФункции
"""

# A truncated answer: the loop is never closed.
BROKEN = """\
Функция НайтиВУпорядоченномМассиве(Знач УпорядоченныйМассив, Знач Значение) Экспорт
	Для Индекс = 0 По УпорядоченныйМассив.ВГраница() Цикл
		Если УпорядоченныйМассив[Индекс] = Значение Тогда
			Возврат Индекс
		КонецЕсли;
	Возврат -1;
КонецФункции
"""

B_RESPONSE = """\
```bsl
Функция ОстаткиТоваров(Склад) Экспорт
	Запрос = Новый Запрос;
	Запрос.Текст =
	"ВЫБРАТЬ
	|	Остатки.Номенклатура КАК Номенклатура,
	|	Остатки.КоличествоОстаток КАК Количество
	|ИЗ
	|	РегистрНакопления.ТоварыНаСкладах.Остатки(, Склад = &Склад) КАК Остатки";
	Запрос.УстановитьПараметр("Склад", Склад);
	Возврат Запрос.Выполнить().Выгрузить();
КонецФункции
```"""


def _present(value: Any) -> str:
    """BSL-style presentation of a YAML test value, as the sandbox reports arguments."""
    if isinstance(value, list):
        return "[" + ", ".join(_present(v) for v in value) + "]"
    if isinstance(value, bool):
        return "Истина" if value else "Ложь"
    if value is None:
        return "Неопределено"
    return str(value)


def _first_index(values: list[Any], wanted: Any) -> int:
    return values.index(wanted) if wanted in values else -1


def _any_index(values: list[Any], wanted: Any) -> int:
    low, high = 0, len(values) - 1
    while low <= high:
        middle = (low + high) // 2
        if values[middle] == wanted:
            return middle
        if values[middle] < wanted:
            low = middle + 1
        else:
            high = middle - 1
    return -1


def _tests(task_tests: Any, search: Any) -> TestsMeasurement:
    cases = []
    for number, case in enumerate(task_tests, start=1):
        values, wanted = case.args
        actual = search(list(values), wanted)
        status = "pass" if actual == case.expected else "fail"
        cases.append(
            TestOutcome(
                number, status, [_present(a) for a in case.args], _present(case.expected), str(actual)
            )
        )
    return TestsMeasurement(ENGINE, "ok", "НайтиВУпорядоченномМассиве", len(cases), cases)


def _perf(sizes: tuple[int, ...], ops: Any) -> PerfMeasurement:
    outcomes = [SizeOutcome(n, "ok", ops(n), seconds=round(n / 40000, 3)) for n in sizes]
    return PerfMeasurement(ENGINE, "НайтиВУпорядоченномМассиве", outcomes)


def _result(run_id: int, **legs: Any) -> RunResult:
    return RunResult(
        str(run_id),
        "ok",
        "local",
        False,
        "0.1.0",
        stdout="PRISM_BEGIN\n",
        stderr="",
        timings=Timings(create=0.01, start=0.02, run=0.41, collect=0.01, remove=0.0),
        **legs,
    )


def measurements(kind: str, run_id: int, workspace: Workspace) -> RunResult:
    task = workspace.task(TASK_ID)
    assert task.perf is not None
    if kind == "linear":
        return _result(
            run_id,
            syntax=SyntaxMeasurement(ENGINE, []),
            tests=_tests(task.tests, _first_index),
            perf=_perf(task.perf.sizes, lambda n: 7 * n + 12),
        )
    if kind == "any_match":
        return _result(
            run_id,
            syntax=SyntaxMeasurement(
                ENGINE, [Diagnostic("CommentedCode", "information", "Закомментированный код?", 1, 1)]
            ),
            tests=_tests(task.tests, _any_index),
            perf=_perf(task.perf.sizes, lambda n: 40 + 9 * math.ceil(math.log2(n))),
        )
    return _result(
        run_id,
        syntax=SyntaxMeasurement(
            ENGINE,
            [
                Diagnostic("ParseError", "error", "Ожидается ';' после оператора Возврат", 4, 18),
                Diagnostic("ParseError", "error", "Ожидается КонецЦикла", 7, 1),
                Diagnostic("MissingSpace", "warning", "Нет пробела перед '-'", 6, 9),
            ],
        ),
        tests=TestsMeasurement(
            ENGINE, "compile_error", None, len(task.tests), [], "Ожидается КонецЦикла (строка 7)"
        ),
    )


@dataclass(frozen=True)
class Seeded:
    store: Store
    workspace: Workspace
    a_runs: list[int]  # (model, candidate) order: alpha linear, alpha any_match, alpha broken, beta …
    b_runs: list[int]

    def run(self, model: str, kind: str) -> int:
        models = ("vendor/alpha", "vendor/beta")
        return self.a_runs[models.index(model) * 3 + ("linear", "any_match", "broken").index(kind)]


@cache
def workspace() -> Workspace:
    return Workspace.open(REPO)


def _fenced(code: str) -> str:
    return f"Вот решение:\n\n```bsl\n{code}```\n\nФункция использует цикл по массиву."


def seed_store(db_path: Path) -> Seeded:
    """A fresh store at db_path with the runs described in the module docstring."""
    store = open_store(f"sqlite:///{db_path}")
    ws = workspace()
    task = ws.task(TASK_ID)
    codes = {"linear": LINEAR, "any_match": ANY_MATCH, "broken": BROKEN}
    with store.session() as session:
        a = Experiment(name="experiment_A_20260110_120000", category="A")
        b = Experiment(name="experiment_B_20260110_130000", category="B")
        session.add_all([a, b])
        session.flush()
        a_runs: list[Run] = []
        for model in ("vendor/alpha", "vendor/beta"):
            for index, kind in enumerate(codes):
                a_runs.append(
                    Run(
                        experiment_id=a.id,
                        task_id=TASK_ID,
                        task_name=task.name,
                        category="A",
                        model_id=model,
                        model_name=model.split("/")[1].title(),
                        run_index=index,
                        response=_fenced(codes[kind]),
                        response_hash=f"{model}-{kind}",
                        success=True,
                    )
                )
        b_runs = [
            Run(
                experiment_id=b.id,
                task_id="B90",
                task_name="Остатки товаров на складе",
                category="B",
                model_id=model,
                model_name=model.split("/")[1].title(),
                run_index=0,
                response=B_RESPONSE,
                response_hash=f"{model}-b",
                success=True,
            )
            for model in ("vendor/alpha", "vendor/beta")
        ]
        session.add_all(a_runs + b_runs)
        session.flush()
        a_ids, b_ids = [r.id for r in a_runs], [r.id for r in b_runs]
        generations = [generation_of(r) for r in a_runs]
        session.add_all(
            [
                Level1Result(
                    run_id=b_ids[0],
                    source=SOURCE_AUTO_FILE,
                    evaluator="auto_l1",
                    score_s=10.0,
                    score_m=6.7,
                    score_o=None,
                    score_p=10.0,
                    score_q=8.9,
                    band_m=6,
                    band_p=10,
                    runner="docker",
                    isolated=True,
                    instruments={"S": "1С /CheckModules"},
                    detail={
                        "S": {"root_causes": 0, "instrument": "1С /CheckModules", "errors": []},
                        "M": {"status": "ok", "passed": 2, "total": 3, "log": "тест2 FAIL", "band": 6},
                        "O": {"reason": "нет perf.yaml и 1С-окружение недоступно", "leg": "O-авто"},
                        "P": {
                            "clean_share": 1.0,
                            "clean": 3,
                            "total": 3,
                            "platform_error_tests": 0,
                            "platform_errors": [],
                            "band": 10,
                        },
                    },
                )
            ]
        )
    for run_id, generation, kind in zip(a_ids, generations, list(codes) * 2, strict=True):
        result = measurements(kind, run_id, ws)
        auto_run = score_run(task, ws.protocols, generation, result)
        save_result(store, ws, run_id, result, auto_run)
    return Seeded(store, ws, a_ids, b_ids)
