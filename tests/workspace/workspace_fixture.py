"""A mini PRISM-shaped workspace written into tmp_path: our metrics/ and tags.yaml, two A tasks,
one B task, an experiment file, an auto_l1 file and an expert file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXPERIMENT = "experiment_A_20260110_120000"

TASK_A1 = """\
id: A1
name: Сумма элементов массива
category: A
difficulty: easy
entry_point: СуммаМассива
signature: "Функция СуммаМассива(Массив) Экспорт"
prompt: |
  Дан массив чисел. Вернуть сумму его элементов; для пустого массива вернуть 0.
tags:
  skill: [числа, коллекции]
source: собственная задача
"""

TESTS_A1 = """\
entry_point_patterns:
  - "Сумма\\\\w*"
  - "\\\\w*Сумм\\\\w*"
tests:
  - args: [[1, 2, 3]]
    expected: 6
  - args: [[]]
    expected: 0
  - args: [[1.5, -3]]
    expected: -1.5
"""

PERF_A1 = """\
p_opt: 1.0
sizes: [200, 400, 800, 1600]
gen: |
  Массив = Новый Массив;
  Для Сч = 1 По {n} Цикл
      Массив.Добавить(Сч);
  КонецЦикла;
call: "{entry}(Массив);"
"""

CANONICAL_A1 = """\
Функция СуммаМассива(Массив) Экспорт
    Итог = 0;
    Для Каждого Элемент Из Массив Цикл
        Итог = Итог + Элемент;
    КонецЦикла;
    Возврат Итог;
КонецФункции
"""

TASK_A2 = """\
id: A2
name: Последний рабочий день
category: A
difficulty: medium
entry_point: ПоследнийРабочийДень
signature: "Функция ПоследнийРабочийДень(Дата, Праздники) Экспорт"
prompt: Вернуть последний рабочий день месяца даты с учётом списка праздников.
tags:
  skill: [даты]
"""

TESTS_A2 = """\
entry_point_patterns: ["Последн\\\\w*"]
tests:
  - args: [2026-01-10, []]
    expected: {"__date__": "2026-01-30"}
  - args:
      - {"__date__": "2026-02-03"}
      - {"__table__": {"columns": [Дата, Название], "rows": [[2026-02-27, "перенос"]]}}
    expected: 2026-02-26
  - args: ["2026-03-01", {Год: 2026, Месяц: 3}]
    expected: null
"""

TASK_B1 = """\
id: B1
name: Остатки товаров на складе
category: B
difficulty: medium
entry_point_patterns: ["Получить\\\\w*Остат\\\\w*", "Остат\\\\w*"]
prompt: |
  Вернуть таблицу значений с остатками товаров переданного склада.
expected_objects:
  - РегистрНакопления.ТоварыНаСкладах
  - Справочник.Номенклатура
tags:
  skill: [запрос]
  platform: [виртуальная-таблица, регистр-накопления]
"""

CONFIG_B1 = """\
catalogs:
  Номенклатура: {hierarchical: true}
  Склады: {}
documents:
  ПоступлениеТоваров: {registers: [ТоварыНаСкладах]}
accumulation_registers:
  ТоварыНаСкладах:
    dimensions: {Номенклатура: {type: СправочникСсылка.Номенклатура}, Склад: {type: СправочникСсылка.Склады}}
    resources: {Количество: {type: Число, length: 15, precision: 3}}
"""

FIXTURES_B1 = """\
catalogs:
  Склады:
    - {ref: Основной, Наименование: Основной склад}
  Номенклатура:
    - {ref: Чайник, Наименование: Чайник}
register_records:
  ТоварыНаСкладах:
    registrar: ПоступлениеТоваров
    records:
      - {Период: 2026-01-10, Номенклатура: Чайник, Склад: Основной, Количество: 5}
"""

TESTS_BSL_B1 = """\
Функция ПрогнатьТест() Экспорт
    СоздатьФикстуры();
    Пройдено = 0;
    Лог = "";
    Попытка
        Таблица = КодКандидата.{{ENTRY}}(Спр("Склады", "Основной склад"));
        Если Таблица.Количество() = 1 Тогда
            Пройдено = Пройдено + 1;
        Иначе
            Лог = Лог + "тест1 FAIL (строк " + Таблица.Количество() + "); ";
        КонецЕсли;
    Исключение
        Лог = Лог + "тест1 ИСКЛЮЧЕНИЕ: " + ОписаниеОшибки() + "; ";
    КонецПопытки;
    Возврат "PASSED=" + Пройдено + ";TOTAL=1;" + Лог;
КонецФункции
"""

PERF_B1 = """\
p_opt: 0.0
sizes: [20, 80]
count: register
grow:
  name_prefix: ПерфТовар
  catalog: {name: Номенклатура}
  accumulation:
    register: ТоварыНаСкладах
    registrar: ПоступлениеТоваров
    record: {Склад: Основной, Номенклатура: "$unit", Количество: 10}
call: 'КодКандидата.{{ENTRY}}(Спр("Склады", "Основной склад"))'
"""


def _run(index: int, response: str, **extra: object) -> dict[str, object]:
    run: dict[str, object] = {
        "run_index": index,
        "seed": None,
        "temperature": 0.1,
        "response": response,
        "response_hash": f"hash{index}",
        "tokens_input": 100,
        "tokens_output": 50,
        "tokens_total": 150,
        "elapsed_time": 1.25,
        "cost_input": 0.0,
        "cost_output": 0.0,
        "cost_total": 0.0,
    }
    run.update(extra)
    return run


def experiment_json() -> dict[str, object]:
    return {
        "experiment_name": EXPERIMENT,
        "category": "A",
        "timestamp": "2026-01-10T12:00:00.000001",
        "models_used": ["Модель Один"],
        "tasks_count": 2,
        "runs_per_task": 2,
        "task_results": [
            {
                "task_id": "A1",
                "task_name": "Сумма элементов массива",
                "model_id": "vendor/one",
                "model_name": "Модель Один",
                "context_loaded": False,
                "context_objects": [],
                "context_analysis_cost": 0.0,
                "runs": [
                    _run(0, "Функция Сумма(М)\nВозврат 0;\nКонецФункции", success=True, error=None),
                    _run(1, "", success=False, error="timeout", response_hash=""),
                ],
                "determinism": None,
                "total_tokens": 300,
                "total_cost": 0.0,
                "avg_time": 1.25,
            },
            # a legacy group: runs without `success` / `error`
            {
                "task_id": "A2",
                "task_name": "Последний рабочий день",
                "model_id": "vendor/one",
                "model_name": "Модель Один",
                "runs": [_run(0, "```bsl\nФункция Последний()\nКонецФункции\n```")],
                "total_tokens": 150,
                "total_cost": 0.0,
                "avg_time": 1.25,
            },
        ],
        "total_tokens": 450,
        "total_cost": 0.0,
        "total_time": 0.0,
    }


def auto_json() -> dict[str, object]:
    return {
        "experiment_id": EXPERIMENT,
        "evaluator_id": "auto_l1",
        "edition": "core",
        "leaderboard_view": "quality",
        "runner": "local",
        "syntax_analyzer": "prism-bsl 0.1.0",
        "protocol_version": "1.2.0",
        "constitution_version": "1.2.0",
        "tasks": [
            {
                "task_id": "A1",
                "model_id": "vendor/one",
                "model_name": "Модель Один",
                "runs": [
                    {
                        "run_index": 0,
                        "response_hash": "hash0",
                        "scores": {"S": 10, "M": 3.3, "O": None, "P": None, "Q": 6.65},
                        "bands": {"M": 2, "P": None},
                        "detail": {
                            "S": {"root_causes": 0},
                            "M": {"executed": True, "passed": 1, "total": 3},
                            # the legacy O form, still found in published files
                            "O": {
                                "note": "код не исполнился — O не меряем (гейт)",
                                "leg": "O-исп",
                                "gated": True,
                            },
                        },
                    },
                    {
                        "run_index": 1,
                        "response_hash": "",
                        "scores": {"S": None, "M": None, "O": None, "P": None, "Q": None},
                        "bands": {"M": None, "P": None},
                        "detail": {"S": {"reason": "генерация не удалась: timeout"}},
                    },
                ],
            },
            {
                "task_id": "A2",
                "model_id": "vendor/one",
                "model_name": "Модель Один",
                "runs": [
                    # a legacy record: Q with one decimal
                    {
                        "run_index": 0,
                        "response_hash": "hash0",
                        "scores": {"S": 8, "M": 0.0, "O": None, "P": None, "Q": 2.7},
                        "bands": {"M": 0, "P": None},
                        "detail": {},
                    },
                ],
            },
        ],
    }


def expert_json() -> dict[str, object]:
    return {
        "experiment_id": EXPERIMENT,
        "evaluator_id": "expert_01",
        "framework_version": "1.0.0",
        "tasks": [
            {
                "task_id": "A1",
                "model_id": "vendor/one",
                "model_name": "Модель Один",
                "runs": [
                    {
                        "run_index": 0,
                        "response_hash": "hash0",
                        "scores": {"S": 10, "M": 2, "O": 6, "P": None, "Q": 6.0},
                        "comment": "Считает не то.",
                        "evaluated_at": "2026-01-11T10:00:00",
                    },
                ],
            },
        ],
        "status": "in_progress",
    }


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def make_workspace(root: Path) -> Path:
    shutil.copytree(REPO / "metrics", root / "metrics")
    write(root / "tasks" / "tags.yaml", (REPO / "tasks" / "tags.yaml").read_text(encoding="utf-8"))
    a1 = root / "tasks" / "category_a" / "A1_sum_array"
    write(a1 / "task.yaml", TASK_A1)
    write(a1 / "tests.yaml", TESTS_A1)
    write(a1 / "perf.yaml", PERF_A1)
    (a1 / "canonical.bsl").write_bytes("\ufeff".encode() + CANONICAL_A1.encode())  # with a BOM
    write(a1 / "perf_baseline.bsl", CANONICAL_A1)
    a2 = root / "tasks" / "category_a" / "A2_last_workday"
    write(a2 / "task.yaml", TASK_A2)
    write(a2 / "tests.yaml", TESTS_A2)
    b1 = root / "tasks" / "category_b" / "B1_stock"
    write(b1 / "task.yaml", TASK_B1)
    write(b1 / "config_spec.yaml", CONFIG_B1)
    write(b1 / "fixtures.yaml", FIXTURES_B1)
    write(b1 / "tests.bsl", TESTS_BSL_B1)
    write(b1 / "canonical.bsl", "Функция ПолучитьОстатки(Склад) Экспорт\nКонецФункции\n")
    write(b1 / "perf.yaml", PERF_B1)
    results = root / "results"
    write(results / f"{EXPERIMENT}.json", json.dumps(experiment_json(), ensure_ascii=False, indent=2))
    write(
        results / "auto" / f"{EXPERIMENT}_auto_l1.json", json.dumps(auto_json(), ensure_ascii=False, indent=2)
    )
    write(
        results / "evaluations" / f"{EXPERIMENT}_expert_01.json",
        json.dumps(expert_json(), ensure_ascii=False, indent=2),
    )
    return root
