import json
from pathlib import Path

from solution import workload

RESPONSE = json.loads((Path(__file__).parent / "jira_search.json").read_text(encoding="utf-8"))


def test_counts_recorded_response():
    assert workload(RESPONSE) == {"Анна Петрова": 3, "Не назначен": 1, "Иван Сидоров": 1}


def test_done_excluded():
    assert "Иван Сидоров" not in workload({"issues": [RESPONSE["issues"][2]]})


def test_unassigned():
    assert workload({"issues": [RESPONSE["issues"][1]]}) == {"Не назначен": 1}


def test_empty_response():
    assert workload({"issues": []}) == {}


def test_missing_issues_key():
    assert workload({"total": 0}) == {}


def test_input_not_modified():
    before = json.dumps(RESPONSE, sort_keys=True)
    workload(RESPONSE)
    assert json.dumps(RESPONSE, sort_keys=True) == before
