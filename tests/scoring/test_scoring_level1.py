"""score_run, auto_file and merge_auto: whole run objects in PRISM's auto-file shape (§4.2)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from scoring_fixtures import (
    CODE_A,
    CODE_B,
    L1,
    M_TABLE,
    PERF_A,
    PERF_B,
    PROTOCOLS,
    b_run,
    diag,
    generation,
    l1_protocol,
    make_protocols,
    measured_tests,
    perf_b,
    perf_run,
    result,
    syntax,
    table,
    task_a,
    task_b,
)

from prism_desktop.runs.onec import RunResult
from prism_desktop.scoring.hashing import response_hash
from prism_desktop.scoring.level1 import Instruments, auto_file, group_runs, merge_auto, score_run

LINEAR = perf_run((200, "ok", 1000), (400, "ok", 2000), (800, "ok", 4000), (1600, "ok", 8000))
TASK_A = task_a(tests=5, perf=PERF_A)


def full_a(tests: str = "ppfpp", **legs: Any) -> RunResult:
    return result(
        syntax=legs.get("syntax", syntax()), tests=measured_tests(tests), perf=legs.get("perf", LINEAR)
    )


def test_category_a_run_object() -> None:
    run = score_run(TASK_A, PROTOCOLS, generation(), full_a())
    assert run["scores"] == {"S": 10, "M": 8.0, "O": 10, "P": None, "Q": 9.33}
    assert run["bands"] == {"M": 6, "P": None}
    assert run["run_index"] == 0
    assert run["response_hash"] == response_hash(generation().response)
    assert set(run["detail"]) == {"S", "M", "O"}  # P is not applicable to A: no detail key
    assert all(run["detail"][axis]["instrument"] == "prism-bsl 0.1.0" for axis in ("S", "M", "O"))
    assert run["detail"]["M"]["band"] == 6
    assert run["detail"]["O"]["leg"] == "O-исп"
    json.dumps(run, ensure_ascii=False)  # plain data only


def test_the_code_given_is_the_code_scored_and_the_response_is_not_read_again() -> None:
    """services/level1 extracts the code once for the sandbox and hands that same code to score_run:
    the S pre-check (balance) is then on the code that ran, not on a second reading of the response."""
    ran = "Функция СгруппироватьТаблицу(Таблица)\n\tВозврат Таблица;\n"  # no КонецФункции
    run = score_run(TASK_A, PROTOCOLS, generation(), full_a(), code=ran)
    assert run["scores"]["S"] == 0 and run["detail"]["S"]["balanced"] is False
    read_again = score_run(TASK_A, PROTOCOLS, generation(), full_a())
    assert read_again["scores"]["S"] == 10 and read_again["detail"]["S"]["balanced"] is True


def test_failed_generation_is_null_everywhere_never_zero() -> None:
    failed = generation(success=False, response="", error="429 Too Many Requests " + "x" * 300)
    run = score_run(TASK_A, PROTOCOLS, failed, full_a())
    assert run["scores"] == {"S": None, "M": None, "O": None, "P": None, "Q": None}
    assert run["bands"] == {"M": None, "P": None}
    assert run["response_hash"] == ""
    reason = "генерация не удалась: " + ("429 Too Many Requests " + "x" * 300)[:200]
    assert run["detail"] == {axis: {"reason": reason} for axis in ("S", "M", "O")}


def test_no_measurements_gives_null_axes_with_reasons() -> None:
    run = score_run(TASK_A, PROTOCOLS, generation(), None)
    assert run["scores"] == {"S": None, "M": None, "O": None, "P": None, "Q": None}
    assert all(run["detail"][axis]["reason"].startswith("не измерено") for axis in ("S", "M", "O"))


def test_missing_leg_nulls_only_that_axis_and_q_skips_it() -> None:
    run = score_run(TASK_A, PROTOCOLS, generation(), result(syntax=syntax(), tests=measured_tests("ppppp")))
    assert run["scores"] == {"S": 10, "M": 10.0, "O": None, "P": None, "Q": 10.0}
    assert run["detail"]["O"] == {"reason": "не измерено: нет замера производительности", "leg": "O-исп"}


def test_caller_supplied_reason_and_sandbox_status_reach_the_detail() -> None:
    instruments = Instruments(unavailable={"perf": "O-исп: песочница отключена пользователем"})
    run = score_run(
        TASK_A,
        PROTOCOLS,
        generation(),
        result(syntax=syntax(), tests=measured_tests("p")),
        instruments=instruments,
    )
    assert run["detail"]["O"]["reason"] == "O-исп: песочница отключена пользователем"
    broken = result(status="infra_error", infra_detail="docker: no such image")
    run = score_run(TASK_A, PROTOCOLS, generation(), broken)
    assert run["detail"]["S"]["reason"] == (
        "не измерено: песочница завершилась со статусом infra_error: docker: no such image"
    )


def test_not_requested_axes_are_null_without_detail() -> None:
    run = score_run(
        TASK_A, PROTOCOLS, generation(), full_a(), instruments=Instruments(requested=frozenset("SM"))
    )
    assert run["scores"]["O"] is None and "O" not in run["detail"]
    assert run["scores"]["Q"] == 9.0


def test_m_gate_and_na_excluded_from_q() -> None:
    run = score_run(task_a(tests=3, perf=PERF_A), PROTOCOLS, generation(), full_a("pfe"))
    assert run["scores"] == {"S": 10, "M": 3.3, "O": None, "P": None, "Q": 6.65}
    assert run["detail"]["O"]["gated_by_m"] is True
    assert run["detail"]["O"]["note"] == "оптимальность не оцениваем — задача не решена (M<5)"
    assert run["detail"]["O"]["growth"] == 1.0  # the measurement stays visible


def test_timeout_after_a_successful_size_is_two_in_a() -> None:
    slow = perf_run((200, "ok", 1000), (400, "timeout", None))
    run = score_run(TASK_A, PROTOCOLS, generation(), full_a("ppppp", perf=slow))
    assert run["scores"]["O"] == 2


def test_imbalanced_code_scores_s_zero() -> None:
    truncated = CODE_A.rsplit("КонецФункции", 1)[0]
    run = score_run(TASK_A, PROTOCOLS, generation(truncated), full_a("ppppp"))
    assert run["scores"]["S"] == 0
    assert run["detail"]["S"]["balanced"] is False


def test_no_entry_in_a() -> None:
    run = score_run(
        TASK_A,
        PROTOCOLS,
        generation("Процедура П()\nКонецПроцедуры"),
        result(
            syntax=syntax(),
            tests=measured_tests("", status="no_entry", entry=None),
            perf=perf_run(entry=None),
        ),
    )
    assert run["scores"]["M"] == 0.0 and run["bands"]["M"] == 0
    assert run["scores"]["O"] is None
    assert run["detail"]["M"]["errors"] == ["в коде кандидата не найдено ни одной функции"]


def test_untestable_task_has_no_m() -> None:
    run = score_run(task_a(tests=0, perf=PERF_A), PROTOCOLS, generation(), full_a())
    assert run["scores"]["M"] is None
    assert run["detail"]["M"] == {"reason": "нет скрытых тестов — ось M не исполнима"}


def test_changing_a_bound_in_the_protocol_changes_the_score() -> None:
    assert score_run(TASK_A, PROTOCOLS, generation(), full_a())["bands"]["M"] == 6  # 4/5 = 0.8 < 0.85
    rows = list(M_TABLE.rows)
    rows[1] = dataclasses.replace(rows[1], bound=0.75)
    lenient = make_protocols(
        l1_protocol(M=dataclasses.replace(L1.axes["M"], table=dataclasses.replace(M_TABLE, rows=tuple(rows))))
    )
    assert score_run(TASK_A, lenient, generation(), full_a())["bands"]["M"] == 8
    strict_s = make_protocols(
        l1_protocol(S=dataclasses.replace(L1.axes["S"], table=table("lower_is_better", (0, 8), ("else", 2))))
    )
    assert score_run(TASK_A, strict_s, generation(), full_a())["scores"]["S"] == 8


def test_category_b_ok_run_with_o_auto() -> None:
    log = 'тест1 ОК; тест2 ИСКЛЮЧЕНИЕ: Поле не найдено "Склад"; тест3 ОК'
    measurements = result(syntax=syntax(diag("DeprecatedCurrentDate", 2)), b_run=b_run("ok", 2, 3, log))
    run = score_run(task_b(), PROTOCOLS, generation(CODE_B, task_id="B1"), measurements)
    assert run["scores"] == {"S": 10, "M": 6.7, "O": 8, "P": 6.7, "Q": 7.85}
    assert run["bands"] == {"M": 6, "P": 6}
    assert run["detail"]["P"]["clean_share"] == 0.667
    assert run["detail"]["M"]["platform_error_tests"] == 1
    assert run["detail"]["S"]["instrument"] == run["detail"]["P"]["instrument"] == "prism-platform 0.1.0"
    assert run["detail"]["O"]["instrument"] == "prism-bsl 0.1.0"


def test_category_b_no_entry_row_of_the_failure_table() -> None:
    measurements = result(
        syntax=syntax(),
        b_run=b_run("no_entry", 0, 0, infra_detail="в коде кандидата не найдено ни одной функции"),
    )
    run = score_run(task_b(), PROTOCOLS, generation("А = 1;", task_id="B1"), measurements)
    assert run["scores"] == {"S": 10, "M": 0.0, "O": None, "P": 0.0, "Q": 3.33}
    assert run["detail"]["O"]["run_status"] == "no_entry"


def test_category_b_infrastructure_failure_nulls_every_axis() -> None:
    measurements = result(syntax=syntax(), b_run=b_run("infra_error", 0, 0))
    run = score_run(task_b(), PROTOCOLS, generation(CODE_B, task_id="B1"), measurements)
    assert run["scores"] == {"S": None, "M": None, "O": None, "P": None, "Q": None}


def test_category_b_run_stopped_by_a_limit_is_the_candidates_failure() -> None:
    measurements = result(syntax=syntax(), b_run=b_run("no_result", 0, 0))
    run = score_run(task_b(), PROTOCOLS, generation(CODE_B, task_id="B1"), measurements)
    assert run["scores"]["M"] == 0.0 and run["scores"]["P"] == 0.0 and run["scores"]["S"] == 10


def test_category_b_perf_timeout_is_the_worst_o_not_na() -> None:
    """PRISM leaves it N/A and Q 10.0 (S, M, P): a stall under measurement opted out of O (issue 25)."""
    measurements = result(
        syntax=syntax(), b_run=b_run("ok", 3, 3), perf=perf_b((20, "ok", {"sdbl": 2}), (80, "timeout", {}))
    )
    run = score_run(task_b(perf=PERF_B), PROTOCOLS, generation(CODE_B, task_id="B1"), measurements)
    assert run["scores"]["O"] == 2
    assert run["scores"]["Q"] == 8.0
    assert run["detail"]["O"]["leg"] == "O-исп-B"


def test_category_b_run_killed_under_measurement_is_the_worst_o() -> None:
    measurements = dataclasses.replace(
        result(syntax=syntax(), b_run=b_run("ok", 3, 3)), status="timeout", infra_detail="wall-clock deadline"
    )
    run = score_run(task_b(perf=PERF_B), PROTOCOLS, generation(CODE_B, task_id="B1"), measurements)
    assert run["scores"]["M"] == 10.0 and run["scores"]["O"] == 2, run["detail"]["O"]


def test_stored_hash_is_kept_and_a_missing_one_computed() -> None:
    stored = generation(response_hash="ab" * 32)
    assert score_run(TASK_A, PROTOCOLS, stored, full_a())["response_hash"] == "ab" * 32


def test_invalid_entry_pattern_names_the_file() -> None:
    broken = task_a(tests=5, perf=PERF_A, entry_point_patterns=("(",))
    measurements = result(syntax=syntax(), tests=measured_tests("p", entry=None), perf=LINEAR)
    with pytest.raises(ValueError, match=r"A1_group_table/tests\.yaml: entry_point_patterns\[0\]"):
        score_run(broken, PROTOCOLS, generation(), measurements)


def test_auto_file_top_level_and_groups() -> None:
    first, second = generation(run_index=0), generation(run_index=1)
    other = generation(model_id="vendor/model-y", model_name="Model Y")
    scored = [(g, score_run(TASK_A, PROTOCOLS, g, full_a())) for g in (first, other, second)]
    groups = group_runs(scored)
    assert [(g["model_id"], [r["run_index"] for r in g["runs"]]) for g in groups] == [
        ("vendor/model-x", [0, 1]),
        ("vendor/model-y", [0]),
    ]
    document = auto_file("experiment_A_20260301_120000", "docker", groups, PROTOCOLS, "prism-bsl 0.1.0")
    assert {k: v for k, v in document.items() if k != "tasks"} == {
        "experiment_id": "experiment_A_20260301_120000",
        "evaluator_id": "auto_l1",
        "edition": "core",
        "leaderboard_view": "quality",
        "runner": "docker",
        "syntax_analyzer": "prism-bsl 0.1.0",
        "protocol_version": "1.2.0",
        "constitution_version": "1.2.0",
    }
    assert document["tasks"] == groups


def _file(runs: dict[tuple[str, str, int], float]) -> dict:
    groups: dict[tuple[str, str], dict] = {}
    for (task_id, model_id, index), q in runs.items():
        group = groups.setdefault(
            (task_id, model_id),
            {"task_id": task_id, "model_id": model_id, "model_name": model_id.upper(), "runs": []},
        )
        group["runs"].append({"run_index": index, "scores": {"Q": q}})
    return auto_file("exp", "local", groups.values(), PROTOCOLS, None)


def test_merge_replaces_rescored_runs_and_keeps_the_rest() -> None:
    existing = _file({("A1", "m1", 0): 1.0, ("A1", "m1", 1): 2.0, ("A2", "m2", 0): 3.0})
    update = _file({("A1", "m1", 1): 9.0, ("A1", "m1", 2): 8.0, ("A3", "m3", 0): 7.0})
    update["runner"] = "docker"
    merged = merge_auto(existing, update)
    flat = {
        (g["task_id"], g["model_id"], r["run_index"]): r["scores"]["Q"]
        for g in merged["tasks"]
        for r in g["runs"]
    }
    assert flat == {
        ("A1", "m1", 0): 1.0,
        ("A1", "m1", 1): 9.0,
        ("A1", "m1", 2): 8.0,
        ("A2", "m2", 0): 3.0,
        ("A3", "m3", 0): 7.0,
    }
    assert [g["task_id"] for g in merged["tasks"]] == ["A1", "A2", "A3"]
    assert merged["runner"] == "docker"
    assert existing["tasks"][0]["runs"][1]["scores"]["Q"] == 2.0  # inputs are not modified


def test_merge_refuses_mixed_protocol_versions() -> None:
    existing = _file({("A1", "m1", 0): 1.0})
    update = {**_file({("A1", "m1", 0): 2.0}), "protocol_version": "1.3.0"}
    with pytest.raises(ValueError, match="protocol_version differs"):
        merge_auto(existing, update)
