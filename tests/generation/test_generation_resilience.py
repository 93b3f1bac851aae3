"""Retries on PRISM's schedule (transient: 429 with Retry-After, 500, a timeout; permanent: 401 and an
exhausted quota, never retried), the response cache, the concurrency bounds, the cost cap and
cancellation, all against the fake server on 127.0.0.1."""

from __future__ import annotations

import json
import threading
import time

import pytest

from prism_desktop.generation.retry import RetryPolicy, no_jitter, random_jitter

from .conftest import GenWorkspace
from .fake_openai import Fault
from .gen_files import CHATTY, CODER, write_generation
from .helpers import RecordingSleep, generate

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 4
  model_params:
    coder:  { temperature: 0.2, runs: 1 }
    chatty: { temperature: 0.1, runs: 1 }
"""


def test_prism_backoff_schedule_and_jitter_only_lengthens() -> None:
    policy = RetryPolicy(jitter=no_jitter)
    assert [policy.delay(k, None) for k in range(3)] == [2.0, 4.0, 8.0]  # 2·2^k seconds
    assert policy.delay(0, 30.0) == 30.0 and policy.delay(2, 3.0) == 8.0  # Retry-After when longer
    jittered = RetryPolicy(jitter=random_jitter)
    for k in range(3):
        for _ in range(200):
            assert 2.0 * 2**k <= jittered.delay(k, None) <= 2.0 * 2**k * 1.1


def test_transient_failures_are_retried_on_the_schedule(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.fail_next(CHATTY, Fault(500), Fault(500), Fault(429, {"Retry-After": "7"}, "rate limit exceeded"))
    sleep = RecordingSleep()
    result, plan = generate(
        gen_workspace.root,
        category="A",
        tasks=("A2",),
        models=("chatty",),
        policy=RetryPolicy(base_delay=0.05, jitter=no_jitter),
        sleep=sleep,
    )
    assert result.complete
    assert server.count(CHATTY) == 4  # three failures, then the answer
    assert sleep.delays == [0.05, 0.1, 7.0]  # base·2^0, base·2^1, then Retry-After beats base·2^2
    (run,) = json.loads(plan.experiment_path.read_text(encoding="utf-8"))["task_results"][0]["runs"]
    assert run["success"] and run["error"] is None


def test_retry_after_is_waited_for_real(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.fail_next(CHATTY, Fault(429, {"Retry-After": "1"}))
    result, _ = generate(gen_workspace.root, category="A", tasks=("A2",), models=("chatty",))
    assert result.complete
    first, second = server.requests
    assert second.at - first.at >= 1.0  # the base here is 0.01 s: only Retry-After explains the wait


def test_timeout_is_transient(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.fail_next(CHATTY, Fault(delay=2.0))
    sleep = RecordingSleep()
    result, _ = generate(
        gen_workspace.root, category="A", tasks=("A2",), models=("chatty",), timeout=0.5, sleep=sleep
    )
    assert result.complete and server.count(CHATTY) == 2 and sleep.delays == [0.01]


@pytest.mark.parametrize(
    ("fault", "cause"),
    [
        (Fault(401, body={"error": {"message": "Invalid API key"}}), "unauthorized (401)"),
        (Fault(403), "unauthorized (403)"),
        (Fault(429, body='{"error": {"code": "insufficient_quota"}}'), "quota or credit exhausted"),
    ],
)
def test_permanent_failures_are_not_retried(gen_workspace: GenWorkspace, fault: Fault, cause: str) -> None:
    server = gen_workspace.server
    server.fail_next(CHATTY, fault)
    sleep = RecordingSleep()
    result, plan = generate(gen_workspace.root, category="A", tasks=("A2",), models=("chatty",), sleep=sleep)
    assert server.count(CHATTY) == 1 and sleep.delays == []
    assert not result.complete and [f.cause for f in result.failures] == [cause]
    # Every run of the pair failed: no part and no experiment, so --resume tries it again.
    assert not (plan.results_dir / f"{plan.experiment_name}.parts" / "A2__chatty.json").exists()
    assert result.experiment_path is None


def test_exhausted_retries_fail_the_run_after_four_attempts(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.fail_next(CHATTY, *[Fault(500)] * 4)
    sleep = RecordingSleep()
    result, _ = generate(gen_workspace.root, category="A", tasks=("A2",), models=("chatty",), sleep=sleep)
    assert server.count(CHATTY) == 4 and sleep.delays == [0.01, 0.02, 0.04]
    assert result.failures_by_cause() == {"server error (500)": 1}


def test_a_pair_with_one_failed_run_is_written_and_resumed(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.fail_next(CODER, Fault(401))  # the first of coder's two runs
    _, plan = generate(gen_workspace.root, category="A", tasks=("A2",), models=("coder",))
    pair = json.loads(plan.experiment_path.read_text(encoding="utf-8"))["task_results"][0]
    assert [(r["success"], r["response_hash"] != "") for r in pair["runs"]] == [(False, False), (True, True)]
    assert pair["runs"][0]["error"].startswith("HTTP 401")
    assert pair["determinism"]["total_runs"] == 1
    # Not complete: resume generates the pair again (the good run comes from the cache).
    before = server.count()
    again, _ = generate(
        gen_workspace.root, category="A", tasks=("A2",), models=("coder",), resume=plan.experiment_name
    )
    assert again.complete and again.written == [("A2", "coder")] and server.count() == before + 1


def test_rerun_is_served_from_the_cache(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    first, plan1 = generate(gen_workspace.root, category="B", tasks=("B10",), runs=1)
    sent = server.count()
    assert sent == first.requests and first.cache_hits == 0
    second, plan2 = generate(gen_workspace.root, category="B", tasks=("B10",), runs=1)
    assert server.count() == sent and second.requests == 0 and second.cache_hits == sent
    assert second.spent == 0.0 and first.spent > 0
    runs1 = [p["runs"] for p in json.loads(plan1.experiment_path.read_text(encoding="utf-8"))["task_results"]]
    runs2 = [p["runs"] for p in json.loads(plan2.experiment_path.read_text(encoding="utf-8"))["task_results"]]
    assert runs1 == runs2
    third, _ = generate(gen_workspace.root, category="B", tasks=("B10",), runs=1, use_cache=False)
    assert server.count() == 2 * sent and third.cache_hits == 0
    # Another temperature is another request.
    generate(gen_workspace.root, category="B", tasks=("B10",), runs=1, temperature=0.9, models=("chatty",))
    assert server.count() == 2 * sent + 1


def test_concurrency_bounds_requests_in_flight(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.delay = 0.3
    write_generation(gen_workspace.root, server.url, params=ONE_RUN)
    result, _ = generate(gen_workspace.root, category="A", tasks=("A2", "A11", "A16"), concurrency=2)
    assert result.complete and server.count() == 6 and server.max_in_flight == 2


def test_provider_concurrency_bounds_one_adapter(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    server.delay = 0.2
    write_generation(
        gen_workspace.root, server.url, params=ONE_RUN + "  provider_concurrency:\n    openai_compat: 1\n"
    )
    result, _ = generate(gen_workspace.root, category="A", tasks=("A2", "A11"), concurrency=4)
    assert result.complete and server.count() == 4 and server.max_in_flight == 1


def test_max_cost_starts_no_new_pair(gen_workspace: GenWorkspace) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    result, plan = generate(
        gen_workspace.root,
        category="A",
        tasks=("A2", "A11", "A16"),
        models=("coder",),
        concurrency=1,
        max_cost=0.000001,
    )
    assert len(result.written) == 1 and gen_workspace.server.count() == 1
    assert result.failures_by_cause() == {"over the --max-cost budget": 2}
    assert len(json.loads(plan.experiment_path.read_text(encoding="utf-8"))["task_results"]) == 1


def test_cancel_abandons_requests_in_flight(gen_workspace: GenWorkspace) -> None:
    from prism_desktop.generation.cache import ResponseCache
    from prism_desktop.generation.config import load_generation_config
    from prism_desktop.generation.plan import GenerationRequest, make_plan
    from prism_desktop.generation.runner import Generator

    server = gen_workspace.server
    server.delay = 5.0
    request = GenerationRequest(category="A", tasks=("A2", "A11"))
    config = load_generation_config(gen_workspace.root)
    plan = make_plan(gen_workspace.workspace(), config, request)
    generator = Generator(config, plan, request, env={}, cache=ResponseCache(gen_workspace.root / "c"))
    outcome = {}
    thread = threading.Thread(target=lambda: outcome.setdefault("result", generator.run()))
    started = time.monotonic()
    thread.start()
    while server.count() < 2 and time.monotonic() - started < 10:
        time.sleep(0.02)
    generator.cancel()
    thread.join(10)
    assert not thread.is_alive() and time.monotonic() - started < 4.0
    result = outcome["result"]
    assert result.cancelled and result.written == [] and result.experiment_path is None
    assert {f.cause for f in result.failures} == {"cancelled"} and len(result.failures) == 4


def test_a_stop_event_cancels_like_cancel(gen_workspace: GenWorkspace) -> None:
    """The GUI's background worker hands its cancel event over (set when the app quits)."""
    from prism_desktop.generation.cache import ResponseCache
    from prism_desktop.generation.config import load_generation_config
    from prism_desktop.generation.plan import GenerationRequest, make_plan
    from prism_desktop.generation.runner import Generator

    server = gen_workspace.server
    server.delay = 5.0
    request = GenerationRequest(category="A", tasks=("A2",))
    config = load_generation_config(gen_workspace.root)
    generator = Generator(
        config,
        make_plan(gen_workspace.workspace(), config, request),
        request,
        env={},
        cache=ResponseCache(gen_workspace.root / "c"),
    )
    stop = threading.Event()
    outcome = {}
    thread = threading.Thread(target=lambda: outcome.setdefault("result", generator.run(stop)))
    started = time.monotonic()
    thread.start()
    while server.count() < 1 and time.monotonic() - started < 10:
        time.sleep(0.02)
    stop.set()
    thread.join(10)
    assert not thread.is_alive() and time.monotonic() - started < 4.0
    assert outcome["result"].cancelled and outcome["result"].written == []
