"""`generate` on a 1C Code Bench, then `score` in Docker, as a user runs them: the fake OpenAI-compatible
server on 127.0.0.1 gets each task's text with the configuration's context and answers with the task's
reference function; every generated answer then compiles and solves its task."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.cli.main import main
from prism_desktop.services.onec_level1 import reference_code
from prism_desktop.services.onec_workspace import OneCBenchView
from tests.generation.fake_openai import FakeModelServer, default_answer
from tests.generation.gen_files import write_generation

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 2
  model_params:
    chatty: { temperature: 0.1, runs: 1 }
"""


def _reference_answers(root: Path) -> Any:
    view = OneCBenchView.open(root)
    by_prompt = {task.prompt: f"```bsl\n{reference_code(view.bench.task(task.id))}```" for task in view.tasks}

    def answer(body: dict[str, Any]) -> str:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return by_prompt.get(user) or default_answer(body)

    return answer


def test_prompt_is_the_task_text_with_the_configuration_context(bench_copy: Path) -> None:
    view = OneCBenchView.open(bench_copy)
    prompt = view.task("mid_01_fill_order_from_stock").prompt
    text = (bench_copy / "tasks" / "mid_01_fill_order_from_stock" / "ЗаполнениеЗаказаПоОстаткам" / "Templates"
            / "Задача" / "Ext" / "Template.txt").read_text(encoding="utf-8")  # fmt: skip
    assert prompt.startswith(text.rstrip())
    assert "Контекст конфигурации" in prompt
    assert (
        "\n\nРегистрНакопления.ТоварныеЗапасы\n- вид регистра: остатки\n- измерения: Номенклатура" in prompt
    )
    assert "\n- табличная часть Товары: Номенклатура (СправочникСсылка.Номенклатура)" in prompt
    assert "Ответ: функция ЗаполнитьПоОстаткам" in prompt
    client = view.task("base_01_short_name").prompt  # a task that names no object gets no context
    assert "Контекст конфигурации" not in client


@pytest.mark.docker
@pytest.mark.slow
def test_generated_answers_are_scored_in_docker(
    bench_copy: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    docker_engine: None,
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    server = FakeModelServer(_reference_answers(bench_copy)).start()
    try:
        write_generation(bench_copy, server.url, params=ONE_RUN)
        argv = ["--workspace", str(bench_copy)]
        assert main([*argv, "generate", "--models", "chatty", "--category", "сложный"]) == 0
    finally:
        server.stop()
    sent = [next(m["content"] for m in r.body["messages"] if m["role"] == "user") for r in server.requests]
    assert len(sent) == 4 and all("Ответ: функция" in text for text in sent)
    (experiment,) = (bench_copy / "results").glob("experiment_*.json")
    assert json.loads(experiment.read_text(encoding="utf-8"))["category"] == "сложный"
    auto = bench_copy / "results" / "auto" / f"{experiment.stem}_auto_l1.json"
    score = ["score", "--experiment", str(experiment), "--out", str(auto), "--sandbox", "docker"]
    assert main([*argv, *score]) == 0
    document = json.loads(auto.read_text(encoding="utf-8"))
    runs = {group["task_id"]: group["runs"] for group in document["tasks"]}
    assert sorted(runs) == ["hard_01_manager_commission", "hard_02_sale_movements",
                            "hard_03_distribute_discount", "hard_04_payment_schedule"]  # fmt: skip
    for task_id, (run,) in runs.items():
        assert run["scores"]["S"] == 10 and run["scores"]["M"] == 10, (task_id, run["detail"])
