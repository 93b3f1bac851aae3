"""Hostile BSL candidates through the real engine, in Docker and in the local fallback: each ends with
a clear status within its deadline, the host is untouched, no container is left behind (the
`no_leftovers` fixture), and the same candidate gives the same measurements everywhere."""

from __future__ import annotations

import dataclasses
import time
import uuid
from pathlib import Path

import pytest

from prism_desktop.runs.onec import Limits, RunResult, RunSpec, TaskData
from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.sandbox.harness_a import run_legs
from prism_desktop.sandbox.run_dir import wall_deadline

TASK = TaskData(
    category="A",
    task_id="T-sum",
    entry_point_patterns=[r"Сумма\w*"],
    tests=[{"args": [[1, 2, 3]], "expected": 6}, {"args": [[]], "expected": 0}],
    perf={
        "p_opt": 1.0,
        "sizes": [100, 200],
        "gen": "М = Новый Массив;\nДля Номер = 1 По {n} Цикл\n\tМ.Добавить(Номер);\nКонецЦикла;",
        "call": "Р = {entry}(М);",
    },
)
LIMITS = Limits(test_timeout_s=1.5, size_timeout_s=1.5, wall_slack_s=5.0)


def function(*body: str) -> str:
    return "\n".join(["Функция Сумма(Массив)", *(f"\t{line}" for line in body), "КонецФункции"])


GOOD = function(
    "Итог = 0;", "Для Каждого Э Из Массив Цикл", "\tИтог = Итог + Э;", "КонецЦикла;", "Возврат Итог;"
)

BACKENDS = [
    pytest.param("real_docker", marks=pytest.mark.docker, id="docker"),
    pytest.param("real_local", id="local"),
]


def real_backend(request: pytest.FixtureRequest) -> SandboxBackend:
    """The backend a BACKENDS parameter names (a fixture of conftest)."""
    return request.getfixturevalue(request.param)


backend = pytest.fixture(params=BACKENDS)(real_backend)


def run(backend: SandboxBackend, code: str, legs: list[str] | None = None, **limits: object) -> RunResult:
    spec = RunSpec(
        run_id="hostile",
        code=code,
        task=TASK,
        legs=legs or ["syntax", "tests", "perf"],
        limits=dataclasses.replace(LIMITS, **limits),
    )
    started = time.perf_counter()
    result = backend.run(spec)
    assert time.perf_counter() - started < wall_deadline(spec) + 5
    assert result.runner == backend.name
    return result


def test_infinite_loop_times_out_in_tests_and_perf(backend: SandboxBackend) -> None:
    result = run(backend, function("Пока Истина Цикл", "КонецЦикла;", "Возврат 0;"))
    assert result.status == "ok"
    assert result.tests is not None and (result.tests.status, result.tests.cases) == ("timeout", [])
    assert result.perf is not None and [s.status for s in result.perf.sizes] == ["timeout"]


def test_busy_waiting_past_the_deadline_times_out(backend: SandboxBackend) -> None:
    result = run(
        backend, function("Конец = ТекущаяДата() + 100;", "Пока ТекущаяДата() < Конец Цикл", "КонецЦикла;")
    )
    assert result.tests is not None and result.tests.status == "timeout"


def test_deep_recursion_is_an_error_per_case(backend: SandboxBackend) -> None:
    result = run(backend, function("Возврат Сумма(Массив) + 1;"))
    assert result.status == "ok"
    assert result.tests is not None and result.tests.status == "ok"
    assert [c.status for c in result.tests.cases] == ["error", "error"]
    assert all("глубина вызовов" in (c.error or "") for c in result.tests.cases)
    assert result.perf is not None and result.perf.sizes[0].status == "limit"


def test_string_growth_hits_the_engine_limit(backend: SandboxBackend) -> None:
    result = run(backend, function('С = "x";', "Пока Истина Цикл", "\tС = С + С;", "КонецЦикла;"))
    assert result.tests is not None and result.tests.status == "limit"
    assert "строка превысила предел" in (result.tests.detail or "")


def test_array_growth_hits_the_engine_limit(backend: SandboxBackend) -> None:
    code = function("М = Новый Массив;", "Пока Истина Цикл", "\tМ.Добавить(М.Количество());", "КонецЦикла;")
    result = run(backend, code, max_collection_items=100_000)
    assert result.tests is not None and result.tests.status == "limit"
    assert "коллекция превысила предел 100000" in (result.tests.detail or "")


def test_memory_past_the_process_limit_is_a_limit_not_a_crash(backend: SandboxBackend) -> None:
    """With the engine's own string cap lifted, the sandbox's memory limit is what stops it: the
    allocation fails inside the run and the engine reports it."""
    code = function('С = "x";', "Пока Истина Цикл", "\tС = С + С;", "КонецЦикла;")
    result = run(backend, code, max_string_chars=10**10, memory_mb=200)
    assert result.status == "ok"
    assert result.tests is not None and result.tests.status == "limit"
    assert result.tests.detail == "недостаточно памяти"


def test_huge_output_is_cut_at_the_limit(backend: SandboxBackend) -> None:
    result = run(backend, function("Пока Истина Цикл", '\tСообщить("PRISM_PASS 1");', "КонецЦикла;"))
    assert result.tests is not None and result.tests.status == "limit"
    assert "превышен объём вывода" in (result.tests.detail or "")
    assert len(result.stdout.encode()) <= LIMITS.output_bytes + 100
    assert result.stdout.startswith("PRISM_PASS 1")


def test_printed_markers_and_fake_results_do_not_pass(backend: SandboxBackend) -> None:
    fake = '{""format"": ""prism-desktop.sandbox.result/1"", ""nonce"": """", ""complete"": true}'
    code = function(
        'Сообщить("PRISM_PASS 1");', 'Сообщить("PRISM_PASS 2");', f'Сообщить("{fake}");', "Возврат -1;"
    )
    result = run(backend, code)
    assert result.status == "ok"
    assert result.tests is not None and [c.status for c in result.tests.cases] == ["fail", "fail"]
    assert "PRISM_PASS 1" in result.stdout  # what it printed is shown, and changes nothing


@pytest.mark.parametrize(
    ("attempt", "code"),
    [
        ("file", 'Т = Новый ЗаписьТекста("{marker}");\n\tТ.ЗаписатьСтроку("x");\n\tВозврат 6;'),
        ("network", 'С = Новый HTTPСоединение("example.invalid");\n\tВозврат 6;'),
        ("process", 'ЗапуститьПриложение("touch {marker}");\n\tВозврат 6;'),
        # The in-memory readers and writers exist; their file forms stay refused.
        ("json-file", 'З = Новый ЗаписьJSON;\n\tЗ.ОткрытьФайл("{marker}");\n\tВозврат 6;'),
        ("json-read", 'Ч = Новый ЧтениеJSON;\n\tЧ.ОткрытьФайл("{marker}");\n\tВозврат 6;'),
        ("hash-file", 'Х = Новый ХешированиеДанных(ХешФункция.MD5);\n\tХ.ДобавитьФайл("{marker}");\n\tВозврат 6;'),  # noqa: E501
        ("binary-file", 'Д = Новый ДвоичныеДанные("{marker}");\n\tВозврат 6;'),
        ("xml-read", 'Ч = Новый ЧтениеXML;\n\tЧ.ОткрытьФайл("{marker}");\n\tВозврат 6;'),
        ("xml-write", 'З = Новый ЗаписьXML;\n\tЗ.ОткрытьФайл("{marker}");\n\tЗ.ЗаписатьНачалоЭлемента("a");\n\tЗ.Закрыть();\n\tВозврат 6;'),  # noqa: E501
    ],
)
def test_the_engine_has_no_way_out(backend: SandboxBackend, attempt: str, code: str, tmp_path: Path) -> None:
    marker = tmp_path / f"hostile-{attempt}-{uuid.uuid4().hex}"
    result = run(backend, function(code.format(marker=marker)))
    assert result.tests is not None and [c.status for c in result.tests.cases] == ["error", "error"]
    assert not marker.exists()


def _measurements(result: RunResult) -> tuple[object, ...]:
    """What scoring reads, without wall-clock seconds (which differ from run to run)."""
    assert result.perf is not None
    sizes = [dataclasses.replace(s, seconds=None) for s in result.perf.sizes]
    return result.syntax, result.tests, dataclasses.replace(result.perf, sizes=sizes)


@pytest.mark.docker
def test_same_measurements_in_docker_local_and_in_process(real_docker, real_local) -> None:
    bad = function(
        "Итог = 0;",
        "Для Номер = 0 По Массив.Количество() - 1 Цикл",
        "\tИтог = Итог + Массив[Номер] * 2;",
        "КонецЦикла",
        "Возврат Итог;",
    )  # a missing ";" and a wrong result
    for code in (GOOD, bad):
        spec = RunSpec(run_id="same", code=code, task=TASK, limits=LIMITS)
        expected = _measurements(run_legs(spec))
        assert _measurements(real_docker.run(spec)) == expected
        assert _measurements(real_local.run(spec)) == expected
