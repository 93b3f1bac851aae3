import copy
import json
from pathlib import Path

import pytest

from solution import extract_commands

UPDATES = json.loads((Path(__file__).parent / "get_updates.json").read_text(encoding="utf-8"))


def test_recorded_response():
    assert extract_commands(UPDATES) == [
        (501, "start", []),
        (-1001, "report", ["2026-01", "продажи"]),
        (503, "help", ["подробно"]),
    ]


def test_bot_name_removed():
    commands = extract_commands({"ok": True, "result": [UPDATES["result"][1]]})
    assert commands[0][1] == "report"


def test_edited_messages_ignored():
    assert extract_commands({"ok": True, "result": [UPDATES["result"][3]]}) == []


def test_messages_without_text_ignored():
    assert extract_commands({"ok": True, "result": [UPDATES["result"][4]]}) == []


def test_order_by_update_id():
    shuffled = copy.deepcopy(UPDATES)
    shuffled["result"].reverse()
    assert [c[1] for c in extract_commands(shuffled)] == ["start", "report", "help"]


def test_error_response():
    with pytest.raises(RuntimeError):
        extract_commands({"ok": False, "error_code": 401, "description": "Unauthorized"})


def test_empty_result():
    assert extract_commands({"ok": True, "result": []}) == []
