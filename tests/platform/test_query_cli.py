"""`prism-desktop query`: a query against a synthetic infobase from config_spec.yaml and fixtures.yaml,
printed as an aligned table; errors as one message with exit code 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.cli.main import main

CONFIG = """
catalogs:
  Товары:
    attributes:
      Цена: {type: Число, length: 15, precision: 2}
documents:
  Приход:
    registers: [Остатки]
accumulation_registers:
  Остатки:
    dimensions: {Товар: СправочникСсылка.Товары}
    resources: {Количество: {type: Число, length: 15, precision: 3}}
"""
FIXTURES = """
catalogs:
  Товары:
    - {ref: т1, Наименование: Стол, Цена: 100.5}
    - {ref: т2, Наименование: Стул, Цена: 20}
register_records:
  Остатки:
    registrar: Приход
    records:
      - {Период: 2024-01-10, Товар: т1, Количество: 5}
      - {Период: 2024-02-10, Товар: т1, Количество: 2, ВидДвижения: Расход}
      - {Период: 2024-02-11, Товар: т2, Количество: 7}
"""


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    config, fixtures = tmp_path / "config_spec.yaml", tmp_path / "fixtures.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    fixtures.write_text(FIXTURES, encoding="utf-8")
    return str(config), str(fixtures)


def test_prints_an_aligned_table(files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    config, fixtures = files
    code = main(
        [
            "query",
            "--config",
            config,
            "--fixtures",
            fixtures,
            "--param",
            "Д=2024-02-11",
            "ВЫБРАТЬ О.Товар КАК Товар, О.КоличествоОстаток КАК Остаток "
            "ИЗ РегистрНакопления.Остатки.Остатки(&Д) КАК О",
        ]
    )
    assert code == 0
    assert capsys.readouterr().out.splitlines() == [
        "Товар  Остаток",
        "-----  -------",
        "Стол   3",
        "(1 строка)",
    ]


def test_nulls_and_batches(files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    config, fixtures = files
    code = main(
        [
            "query",
            "--config",
            config,
            "--fixtures",
            fixtures,
            "ВЫБРАТЬ Т.Наименование КАК Имя ПОМЕСТИТЬ ВТ ИЗ Справочник.Товары КАК Т;"
            "ВЫБРАТЬ ВТ.Имя, О.КоличествоОстаток КАК К ИЗ ВТ КАК ВТ ЛЕВОЕ СОЕДИНЕНИЕ "
            "РегистрНакопления.Остатки.Остатки(&Д) КАК О ПО О.Товар.Наименование = ВТ.Имя "
            "УПОРЯДОЧИТЬ ПО ВТ.Имя",
            "--param",
            "Д=2024-02-01",
        ]
    )
    assert code == 0
    assert capsys.readouterr().out.splitlines() == [
        "Количество",
        "----------",
        "2",
        "(1 строка)",
        "",
        "Имя   К",
        "----  ----",
        "Стол  5",
        "Стул  NULL",
        "(2 строки)",
    ]


def test_query_error_is_a_message(files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    config, _ = files
    code = main(["query", "--config", config, "ВЫБРАТЬ Т.Цвет ИЗ Справочник.Товары КАК Т"])
    assert code == 1
    assert 'query: {(1, 11)}: Поле не найдено "Т.Цвет"' in capsys.readouterr().err


def test_config_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "ВЫБРАТЬ 1"]) == 2
    assert "query needs --config" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "0 строк"),
        (1, "1 строка"),
        (2, "2 строки"),
        (4, "4 строки"),
        (5, "5 строк"),
        (11, "11 строк"),
        (12, "12 строк"),
        (14, "14 строк"),
        (21, "21 строка"),
        (22, "22 строки"),
        (111, "111 строк"),
        (1001, "1001 строка"),
    ],
)
def test_row_count_agrees_with_the_number(n: int, text: str) -> None:
    from prism_desktop.cli.query_command import count_rows

    assert count_rows(n) == text
