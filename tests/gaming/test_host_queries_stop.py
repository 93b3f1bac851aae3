"""Issue 20 item 9: host-side queries cannot hang. `query --timeout` (default 30 s) and `bsl run
--config --timeout` stop a catastrophic ПОДОБНО pattern (regex backtracking) and a cartesian join
running inside SQLite; the console's QueryProcess is killed by its time limit or by stop()."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from prism_desktop.cli.main import main
from prism_desktop.services.query_console import QueryProcess, QueryStopped
from prism_desktop.workspace.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
TASK_DIR = next((ROOT / "tasks" / "category_b").glob("B11_*"))
CARTESIAN = "ВЫБРАТЬ КОЛИЧЕСТВО(*) КАК К ИЗ " + ", ".join(
    f"Справочник.Номенклатура КАК Н{i}" for i in range(20)
)  # 3^20 rows, counted in C by SQLite
BACKTRACKING = (
    'ВЫБРАТЬ Н.Ссылка ИЗ Справочник.Номенклатура КАК Н ГДЕ "' + "а" * 40 + '" ПОДОБНО "' + "%а" * 14 + '%б"'
)
PLATFORM = ["--config", str(TASK_DIR / "config_spec.yaml"), "--fixtures", str(TASK_DIR / "fixtures.yaml")]


@pytest.mark.parametrize("query", [CARTESIAN, BACKTRACKING], ids=["cartesian", "backtracking"])
def test_query_stops_at_its_timeout(query: str, capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    assert main(["query", *PLATFORM, "--timeout", "1", query]) != 0
    assert time.monotonic() - started < 15
    assert "stopped after 1 s (--timeout)" in capsys.readouterr().err


def test_query_timeout_defaults_to_thirty_seconds() -> None:
    from prism_desktop.cli.main import COMMANDS, build_parser

    command = next(c for c in COMMANDS if c.words == ("query",))
    args = build_parser(command)[0].parse_args(["query", *PLATFORM, "ВЫБРАТЬ 1"])
    assert args.timeout == 30.0


def test_bsl_run_with_config_honours_timeout_even_inside_a_query(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = tmp_path / "q.bsl"
    module.write_text(
        f'Запрос = Новый Запрос("{CARTESIAN}");\nПопытка\n    Р = Запрос.Выполнить();\nИсключение\n'
        '    Сообщить("поймано");\nКонецПопытки;\nСообщить("после");\n',
        encoding="utf-8",
    )
    started = time.monotonic()
    assert main(["bsl", "run", str(module), *PLATFORM, "--timeout", "1"]) != 0
    assert time.monotonic() - started < 15
    captured = capsys.readouterr()
    assert "остановлено: превышено время исполнения (1 с)" in captured.err  # the run is a timeout


@pytest.fixture(scope="module")
def task():  # type: ignore[no-untyped-def]
    return Workspace.open(ROOT).task("B11")


def test_console_query_process_stops_at_its_time_limit(task) -> None:  # type: ignore[no-untyped-def]
    started = time.monotonic()
    with pytest.raises(QueryStopped, match="time limit"):
        QueryProcess(task, BACKTRACKING, {}, timeout_s=1).result()
    assert time.monotonic() - started < 10


def test_console_query_process_stops_on_request(task) -> None:  # type: ignore[no-untyped-def]
    process = QueryProcess(task, CARTESIAN, {}, timeout_s=120)
    threading.Timer(1.0, process.stop).start()
    started = time.monotonic()
    with pytest.raises(QueryStopped, match="stopped"):
        process.result()
    assert time.monotonic() - started < 10


def test_console_query_process_returns_the_tables(task) -> None:  # type: ignore[no-untyped-def]
    result = QueryProcess(task, "ВЫБРАТЬ КОЛИЧЕСТВО(*) КАК К ИЗ Справочник.Номенклатура КАК Н", {}).result()
    assert result.tables[0].columns == ["К"] and result.tables[0].cells == [["3"]]
