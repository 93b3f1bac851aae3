"""The query console of debug mode: a query against a fresh infobase of a category-B task filled by
its fixtures (B11's sales, figures worked out from its fixtures.yaml), batches, parameters typed as
text, 1C's error with its position, and only the query's own data accesses counted."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from pathlib import Path

import pytest

from prism_desktop.platform.query import NULL
from prism_desktop.services.query_console import (
    ConsoleError,
    cell_text,
    parse_parameters,
    run_query,
)
from prism_desktop.workspace.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
MONTHLY = (
    "ВЫБРАТЬ О.Период КАК Месяц, СУММА(О.СуммаОборот) КАК Сумма "
    "ИЗ РегистрНакопления.Продажи.Обороты(&Н, &К, Месяц) КАК О "
    "СГРУППИРОВАТЬ ПО О.Период УПОРЯДОЧИТЬ ПО Месяц"
)


@pytest.fixture(scope="module")
def workspace() -> Workspace:
    return Workspace.open(ROOT)


def test_a_query_sees_the_fixtures_and_counts_only_its_own_accesses(workspace: Workspace) -> None:
    params = parse_parameters("Н = 2024-01-01; К = 2024-04-30T23:59:59")
    outcome = run_query(workspace.task("B11"), MONTHLY, params)
    (result,) = outcome.results
    # January 200 + 50 + 150, March 330 − 150 + 300, April 100; no movement in February, no row
    assert result.rows == [
        (_dt.datetime(2024, 1, 1), 400),
        (_dt.datetime(2024, 3, 1), 480),
        (_dt.datetime(2024, 4, 1), 100),
    ]
    assert outcome.accesses == 1 and outcome.seconds >= 0
    assert outcome.tables[0].columns == ["Месяц", "Сумма"]
    assert outcome.tables[0].cells[0] == ["01.01.2024 0:00:00", "400"]


def test_a_batch_gives_every_statement(workspace: Workspace) -> None:
    text = (
        "ВЫБРАТЬ Н.Ссылка КАК Товар, Н.Артикул КАК Артикул ПОМЕСТИТЬ ВТ ИЗ Справочник.Номенклатура КАК Н;\n"
        "ВЫБРАТЬ ВТ.Артикул ИЗ ВТ ГДЕ ВТ.Артикул ПОДОБНО &Маска УПОРЯДОЧИТЬ ПО ВТ.Артикул"
    )
    outcome = run_query(workspace.task("B11"), text, parse_parameters("Маска = П%"))
    placed, selected = outcome.results
    assert placed.rows == [(3,)]  # ПОМЕСТИТЬ reports the rows it placed
    assert selected.rows == [("ПР-1",)]
    assert outcome.accesses == 2
    # a reference is presented by its description, read while the infobase is open; NULL is None
    joined = run_query(
        workspace.task("B11"),
        "ВЫБРАТЬ Н.Ссылка КАК Товар, П.Контрагент КАК Кому ИЗ Справочник.Номенклатура КАК Н "
        "ЛЕВОЕ СОЕДИНЕНИЕ РегистрНакопления.Продажи КАК П ПО П.Номенклатура = Н.Ссылка И П.Сумма > 400 "
        "УПОРЯДОЧИТЬ ПО Н.Артикул",
        {},
    )
    assert joined.tables[0].cells == [
        ["Бумага A4", "ООО Альфа"],
        ["Папка-регистратор", "ООО Альфа"],
        ["Ручка шариковая", None],
    ]


def test_errors_say_what_1c_says_and_where(workspace: Workspace) -> None:
    with pytest.raises(ConsoleError) as caught:
        run_query(workspace.task("B11"), "ВЫБРАТЬ\n  Н.Цена\nИЗ Справочник.Номенклатура КАК Н", {})
    # 1C points at the part of the path it cannot resolve
    assert caught.value.message == 'Поле не найдено "Н.Цена"' and caught.value.position == (2, 5)
    with pytest.raises(ConsoleError, match="category B"):
        run_query(workspace.task("A2"), "ВЫБРАТЬ 1", {})


def test_parameters_and_cells_as_text() -> None:
    assert parse_parameters("А=1\nБ = 2.50; В = истина ; Г=текст с = внутри\n\n") == {
        "А": 1,
        "Б": Decimal("2.50"),
        "В": True,
        "Г": "текст с = внутри",
    }
    with pytest.raises(ValueError, match="expected Имя = Значение"):
        parse_parameters("А = 1; просто текст")
    assert cell_text(NULL) == "NULL"
    assert cell_text(Decimal("1234.5")) == "1\xa0234,5"
