"""The --config/--fixtures/--techlog options of `bsl run` (cli/platform_options.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.values.base import BslRuntimeError
from prism_desktop.cli.common import CliError
from prism_desktop.cli.platform_options import PlatformRun, add_platform_options

CONFIG = """
catalogs:
  Склады:
    hierarchical: false
"""
FIXTURES = """
catalogs:
  Склады:
    - {ref: Основной, Наименование: "Основной склад"}
"""


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_platform_options(parser)
    return parser.parse_args(list(argv))


@pytest.fixture
def task(tmp_path: Path) -> Path:
    (tmp_path / "config_spec.yaml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "fixtures.yaml").write_text(FIXTURES, encoding="utf-8")
    return tmp_path


def run_module(task: Path, source: str) -> tuple[list[str], BslRuntimeError | None, dict]:
    args = parse(
        "--config",
        str(task / "config_spec.yaml"),
        "--fixtures",
        str(task / "fixtures.yaml"),
        "--techlog",
        str(task / "techlog.json"),
    )
    platform = PlatformRun.from_args(args)
    assert platform is not None
    engine = Engine()
    error = None
    try:
        module = engine.load(platform.module_source(source, "Модуль"), "Модуль")
        platform.before_body(engine, module)
        try:
            engine.run_body(module)
        except BslRuntimeError as exc:
            error = exc
    finally:
        platform.finish()
    return engine.output, error, json.loads((task / "techlog.json").read_text(encoding="utf-8"))


def test_fixtures_are_created_and_line_numbers_are_kept(task: Path) -> None:
    source = (
        'Сообщить(Основной.Наименование);\nСообщить(Спр("Склады", "Основной склад") = Основной);\nХ = 1 / 0;'
    )
    output, error, techlog = run_module(task, source)
    assert output == ["Основной склад", "Да"]
    assert error is not None and error.line == 3  # the fixture helpers did not shift the lines
    # the techlog starts after the fixtures: the module's two data accesses (a read and a lookup)
    assert techlog["total"]["sdbl"] == 2 and techlog["by_module"]["Модуль"]["sdbl"] == 2


def test_module_variables_stay_first(task: Path) -> None:
    source = "Перем Счетчик;\nСчетчик = 1;\nСообщить(Основной.Наименование + Счетчик);\nХ = Основной.Цвет;"
    output, error, _ = run_module(task, source)
    assert output == ["Основной склад1"]
    assert error is not None and error.line == 4


def test_options_need_config(task: Path) -> None:
    with pytest.raises(CliError, match="--fixtures needs --config"):
        PlatformRun.from_args(parse("--fixtures", str(task / "fixtures.yaml")))
    assert PlatformRun.from_args(parse()) is None


def test_bad_config_and_fixtures_are_clear_errors(task: Path) -> None:
    (task / "bad.yaml").write_text("catalogs:\n  Склады: {hierarhical: true}\n", encoding="utf-8")
    with pytest.raises(CliError, match=r"bad\.yaml: catalogs\.Склады\.hierarhical: found True"):
        PlatformRun.from_args(parse("--config", str(task / "bad.yaml")))
    (task / "bad_fixtures.yaml").write_text("catalogs:\n  Склад: []\n", encoding="utf-8")
    with pytest.raises(CliError, match=r"bad_fixtures\.yaml: catalogs\.Склад: found 'Склад'"):
        PlatformRun.from_args(
            parse("--config", str(task / "config_spec.yaml"), "--fixtures", str(task / "bad_fixtures.yaml"))
        )
    (task / "broken.yaml").write_text("catalogs: [\n", encoding="utf-8")
    with pytest.raises(CliError, match=r"broken\.yaml:\d+: not valid YAML"):
        PlatformRun.from_args(parse("--config", str(task / "broken.yaml")))


def test_bsl_run_command_runs_a_module_against_the_infobase(
    task: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from prism_desktop.cli.main import main

    module = task / "module.bsl"
    module.write_text(
        'Склад = Справочники.Склады.НайтиПоНаименованию("Основной склад");\n'
        "Сообщить(Склад.Наименование);\n"
        "Сообщить(Склад.Цвет);\n",
        encoding="utf-8",
    )
    techlog = task / "techlog.json"
    argv = ["bsl", "run", str(module), "--config", str(task / "config_spec.yaml")]
    status = main([*argv, "--fixtures", str(task / "fixtures.yaml"), "--techlog", str(techlog)])
    captured = capsys.readouterr()
    assert status == 1
    assert captured.out.splitlines() == ["Основной склад"]
    assert "module.bsl:3: Поле объекта не обнаружено (Цвет)" in captured.err
    assert json.loads(techlog.read_text(encoding="utf-8"))  # written even though the module failed
