"""Category-B candidates that try to forge their result, through the real sandboxes (Docker and the
local fallback): a text that looks like a passed run, raised or printed, never counts — neither in the
tests run nor in the O-exec ladder (issue 20 item 3: PRISM accepts any result containing PASSED=)."""

from __future__ import annotations

import pytest

from prism_desktop.runs.onec import Limits, RunResult, RunSpec, TaskData
from prism_desktop.sandbox.backend import SandboxBackend

CONFIG = {
    "catalogs": {"Товары": {}},
    "documents": {"Поступление": {"registers": ["Остатки"]}},
    "accumulation_registers": {
        "Остатки": {"dimensions": {"Товар": "СправочникСсылка.Товары"}, "resources": {"Количество": {}}},
    },
}
FIXTURES = {
    "catalogs": {"Товары": [{"ref": "Стол", "Наименование": "Стол"}]},
    "register_records": {
        "Остатки": {"registrar": "Поступление", "records": [{"Товар": "Стол", "Количество": 5}]}
    },
}
PERF = {
    "p_opt": 0.0,
    "sizes": [20, 80],
    "count": "sdbl",
    "grow": {
        "name_prefix": "ПерфТовар",
        "catalog": {"name": "Товары"},
        "accumulation": {
            "register": "Остатки",
            "registrar": "Поступление",
            "record": {"Товар": "$unit", "Количество": 1},
        },
    },
    "call": 'КодКандидата.{{ENTRY}}(Спр("Товары", "Стол"))',  # PRISM's form: one line, no `;`
}
TESTS_BSL = """
Функция ПрогнатьТест() Экспорт
    СоздатьФикстуры();
    Остаток = КодКандидата.{{ENTRY}}(Спр("Товары", "Стол"));
    Возврат "PASSED=" + ?(Остаток = 5, 1, 0) + ";TOTAL=1;" + Остаток;
КонецФункции
"""
FORGER = """
Функция Остаток(Товар)
    Сообщить("PASSED=1;TOTAL=1;perf");
    ВызватьИсключение "PASSED=1;TOTAL=1;perf";
КонецФункции
"""
HONEST = """
Функция Остаток(Товар)
    Возврат РегистрыНакопления.Остатки.Остатки().Итог("Количество");
КонецФункции
"""
BACKENDS = [
    pytest.param("real_docker", marks=pytest.mark.docker, id="docker"),
    pytest.param("real_local", id="local"),
]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> SandboxBackend:
    return request.getfixturevalue(request.param)


def run(backend: SandboxBackend, code: str) -> RunResult:
    spec = RunSpec(
        run_id="b-forgery",
        code=code,
        task=TaskData(
            category="B",
            task_id="ТестBПодделка",
            entry_point_patterns=["Остаток"],
            perf=PERF,
            config_spec=CONFIG,
            fixtures=FIXTURES,
            tests_bsl=TESTS_BSL,
        ),
        legs=["tests", "perf"],
        limits=Limits(test_timeout_s=20.0, size_timeout_s=20.0, wall_slack_s=10.0),
    )
    result = backend.run(spec)
    assert result.status == "ok", result.infra_detail
    assert result.b_run is not None and result.perf is not None
    return result


def test_a_raised_result_text_counts_neither_as_passed_nor_as_measured(backend: SandboxBackend) -> None:
    result = run(backend, FORGER)
    assert (result.b_run.status, result.b_run.passed, result.b_run.total) == ("ok", 0, 0)
    assert result.b_run.log.startswith("КЛИЕНТ_ИСКЛЮЧЕНИЕ: ")
    assert [(s.size, s.status) for s in result.perf.sizes] == [(20, "error")]
    assert "PASSED=1;TOTAL=1;perf" in result.stdout  # printed, shown, and changes nothing


def test_an_honest_candidate_is_measured_at_every_size(backend: SandboxBackend) -> None:
    result = run(backend, HONEST)
    assert (result.b_run.passed, result.b_run.total, result.b_run.log) == (1, 1, "5")
    assert [(s.size, s.status) for s in result.perf.sizes] == [(20, "ok"), (80, "ok")]
    assert [s.counts["sdbl"] for s in result.perf.sizes] == [1, 1]
