"""O-exec for category B on the real engine and infobase: the fixtures grown by n units, the perf
`call` run from Тесты, the data accesses attributed to КодКандидата counted per size. A set-based
candidate stays flat as the database grows; one access per unit grows linearly."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from prism_desktop.runs.onec import Limits, PerfMeasurement, RunSpec, TaskData
from prism_desktop.sandbox.harness_b import INSTRUMENT, run_legs
from prism_desktop.sandbox.harness_b_perf import PERF_RESULT, perf_tests_bsl
from prism_desktop.scoring.optimization import growth_exponent

CONFIG: dict[str, Any] = {
    "catalogs": {"Товары": {}},
    "documents": {"Поступление": {"registers": ["Остатки"]}},
    "accumulation_registers": {
        "Остатки": {"dimensions": {"Товар": "СправочникСсылка.Товары"}, "resources": {"Количество": {}}},
    },
}
FIXTURES: dict[str, Any] = {
    "catalogs": {"Товары": [{"ref": "Стол", "Наименование": "Стол"}]},
    "register_records": {
        "Остатки": {
            "registrar": "Поступление",
            "records": [{"Товар": "Стол", "Количество": 5, "Период": {"__date__": "2026-01-01"}}],
        }
    },
}
PERF: dict[str, Any] = {
    "p_opt": 0.0,
    "sizes": [20, 80],
    "count": "sdbl",
    "grow": {
        "name_prefix": "ПерфТовар",
        "catalog": {"name": "Товары"},
        "accumulation": {
            "register": "Остатки",
            "registrar": "Поступление",
            "record": {"Товар": "$unit", "Количество": 2, "Период": {"__date__": "2026-01-01"}},
        },
    },
    # builds the argument from the database: these reads belong to Тесты, not to the candidate
    "call": "\n".join(
        [
            "Список = Новый Массив;",
            "Выборка = Справочники.Товары.Выбрать();",
            "Пока Выборка.Следующий() Цикл",
            "    Список.Добавить(Выборка.Ссылка);",
            "КонецЦикла;",
            "Итого = КодКандидата.{{ENTRY}}(Список);",
        ]
    ),
}
SET_BASED = """
Функция ОстатокТоваров(Товары)
    Возврат РегистрыНакопления.Остатки.Остатки().Итог("Количество");
КонецФункции
"""
PER_UNIT = """
Функция ОстатокТоваров(Товары)
    Итог = 0;
    Для Каждого Товар Из Товары Цикл
        Отбор = Новый Структура("Товар", Товар);
        Итог = Итог + РегистрыНакопления.Остатки.Остатки(, Отбор).Итог("Количество");
    КонецЦикла;
    Возврат Итог;
КонецФункции
"""


def perf_spec(code: str, perf: dict[str, Any] | None = None, **limits: Any) -> RunSpec:
    return RunSpec(
        run_id="b-perf",
        code=code,
        task=TaskData(
            category="B",
            task_id="ТестBПерф",
            entry_point_patterns=["Остат.*"],
            perf=copy.deepcopy(perf or PERF),
            config_spec=copy.deepcopy(CONFIG),
            fixtures=copy.deepcopy(FIXTURES),
            tests_bsl='Функция ПрогнатьТест() Экспорт\n    Возврат "PASSED=0;TOTAL=0;";\nКонецФункции\n',
        ),
        legs=["perf"],
        limits=Limits(**{"size_timeout_s": 20.0, **limits}),
    )


def measure(code: str, perf: dict[str, Any] | None = None, **limits: Any) -> PerfMeasurement:
    result = run_legs(perf_spec(code, perf, **limits))
    assert result.perf is not None and result.perf.instrument == INSTRUMENT
    assert result.b_run is None and result.syntax is None  # only the requested leg ran
    return result.perf


def counts(perf: PerfMeasurement, metric: str) -> list[int]:
    assert [s.status for s in perf.sizes] == ["ok", "ok"], [s.note for s in perf.sizes]
    return [s.counts[metric] for s in perf.sizes]


def test_a_set_based_candidate_makes_the_same_number_of_accesses_at_every_size() -> None:
    perf = measure(SET_BASED)
    assert [s.size for s in perf.sizes] == [20, 80]
    # one balance read; the call's selection of the catalog is Тесты' and is not counted
    assert counts(perf, "sdbl") == [1, 1]
    assert counts(perf, "reg_reads") == [1, 1]
    assert growth_exponent(counts(perf, "sdbl"), [20, 80]) == 0.0


def test_an_access_per_unit_grows_linearly() -> None:
    perf = measure(PER_UNIT)
    sdbl = counts(perf, "sdbl")
    assert sdbl == [21, 81]  # the fixture item and each grown unit: one balance read each
    assert counts(perf, "reg_reads") == [21, 81]
    growth = growth_exponent(sdbl, [20, 80])
    assert growth is not None and growth == pytest.approx(math.log(81 / 21) / math.log(4))
    assert growth > 0.9


def test_the_harness_runs_fixtures_then_the_call_then_returns_a_fixed_result() -> None:
    text = perf_tests_bsl("Х = КодКандидата.{{ENTRY}}();", "ab12")
    lines = text.splitlines()
    assert lines[0] == "Функция ПрогнатьТест() Экспорт"
    assert lines[1:5] == [
        "СоздатьФикстуры();",
        "Х = КодКандидата.{{ENTRY}}();",
        ";",
        f'Возврат "{PERF_RESULT} ab12";',
    ]
    assert PERF_RESULT == "PASSED=1;TOTAL=1;perf"


# PRISM's own perf.yaml forms (PRISM_FORMAT §1.10; its B tasks write `call:` YAML single-quoted on
# one line, without a final `;`): the fixtures helper Спр, Новый, nested calls, statements before the
# call, a trailing comment.
PRISM_STYLE_CALLS = {
    "one call, no semicolon": "КодКандидата.{{ENTRY}}(Новый Массив)",
    "helper and nested calls": 'КодКандидата.{{ENTRY}}(СтрРазделить(Строка(Спр("Товары", "Стол")), ","))',
    "statements first": (
        'Запрос = Новый Запрос("ВЫБРАТЬ Ссылка ИЗ Справочник.Товары"); '
        "Выборка = Запрос.Выполнить().Выбрать(); "
        "М = Новый Массив; Пока Выборка.Следующий() Цикл М.Добавить(Выборка.Ссылка); КонецЦикла; "
        "КодКандидата.{{ENTRY}}(М)"
    ),
    "trailing comment": "КодКандидата.{{ENTRY}}(Новый Массив) // замер",
    "value table built first": (
        'Т = Новый ТаблицаЗначений; Т.Колонки.Добавить("Товар"); Стр = Т.Добавить(); '
        'Стр.Товар = Спр("Товары", "Стол"); КодКандидата.{{ENTRY}}(Т.ВыгрузитьКолонку("Товар"))'
    ),
}


@pytest.mark.parametrize("call", PRISM_STYLE_CALLS.values(), ids=PRISM_STYLE_CALLS.keys())
def test_prism_style_calls_are_measured(call: str) -> None:
    perf = measure(SET_BASED, {**PERF, "call": call})
    assert counts(perf, "sdbl") == [1, 1]


def test_a_candidate_raising_the_perf_result_text_is_not_measured() -> None:
    """Issue 20 item 3: PRISM takes any result containing PASSED=; an exception carrying that text
    must not make a size measured."""
    forged = SET_BASED.replace("Возврат", 'ВызватьИсключение "PASSED=1;TOTAL=1;perf";\n    Возврат')
    perf = measure(forged)
    assert [(s.size, s.status) for s in perf.sizes] == [(20, "error")]
    assert perf.sizes[0].counts == {}


def test_a_candidate_exception_is_an_error_and_stops_the_ladder() -> None:
    perf = measure(SET_BASED.replace('Итог("Количество")', 'Итог("Остаток")'))
    assert [(s.size, s.status) for s in perf.sizes] == [(20, "error")]
    assert perf.sizes[0].note is not None and perf.sizes[0].note.startswith("КЛИЕНТ_ИСКЛЮЧЕНИЕ: ")
    assert perf.sizes[0].counts == {}


def test_a_size_past_its_time_limit_is_a_timeout() -> None:
    looping = SET_BASED.replace("Возврат", "Пока Истина Цикл\n    КонецЦикла;\n    Возврат")
    perf = measure(looping, size_timeout_s=0.5)
    assert [(s.size, s.status) for s in perf.sizes] == [(20, "timeout")]
    assert perf.sizes[0].note is not None and "время" in perf.sizes[0].note


def test_a_candidate_that_does_not_compile_is_an_error_with_the_compiler_message() -> None:
    perf = measure("Функция ОстатокТоваров(Товары)\n    Возврат 1 +;\nКонецФункции\n")
    assert [s.status for s in perf.sizes] == ["error"]
    assert perf.sizes[0].note is not None and "КодКандидата.Модуль(2," in perf.sizes[0].note


def test_without_an_entry_point_nothing_is_measured() -> None:
    perf = measure("// нет ни функции, ни процедуры")
    assert perf.entry_point is None
    assert [(s.size, s.status) for s in perf.sizes] == [(20, "error")]


def test_a_grow_block_the_emulator_rejects_is_our_failure_naming_it() -> None:
    perf = measure(SET_BASED, {**PERF, "grow": {"catalog": {"name": "НетТакого"}}})
    assert [s.status for s in perf.sizes] == ["infra"]  # the task's data, not the candidate: N/A
    assert perf.sizes[0].note is not None and "НетТакого" in perf.sizes[0].note
