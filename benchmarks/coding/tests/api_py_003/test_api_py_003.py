import json
from pathlib import Path

from solution import pages_to_rows

RESPONSE = json.loads((Path(__file__).parent / "notion_query.json").read_text(encoding="utf-8"))


def test_archived_skipped():
    assert [row["id"] for row in pages_to_rows(RESPONSE)] == ["p1", "p2"]


def test_title_joined():
    assert pages_to_rows(RESPONSE)[0]["Название"] == "Договор № 17"


def test_number_and_select():
    row = pages_to_rows(RESPONSE)[0]
    assert row["Сумма"] == 125000.5 and row["Статус"] == "Подписан"


def test_empty_values():
    row = pages_to_rows(RESPONSE)[1]
    assert row["Сумма"] is None and row["Статус"] is None and row["Дата"] is None


def test_multi_select_and_date():
    row = pages_to_rows(RESPONSE)[0]
    assert row["Теги"] == ["ключевой", "2026"] and row["Дата"] == "2026-01-12"


def test_empty_response():
    assert pages_to_rows({"object": "list", "results": []}) == []
