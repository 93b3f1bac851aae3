"""Generation against a real HTTP server on 127.0.0.1: the exact request bodies (system prompt, user
message, seeds, the metadata heading and tools in category B), keys, and the files written."""

from __future__ import annotations

import json

import pytest

from prism_desktop.generation.context_loop import SYSTEM_PROMPT
from prism_desktop.generation.errors import AdapterConfigError
from prism_desktop.generation.metadata_tools import MetadataTools
from prism_desktop.workspace.workspace import Workspace

from .conftest import GenWorkspace
from .fake_openai import MISSING_OBJECT
from .gen_files import CHATTY, CODER, PRICES, SYSTEM_A, SYSTEM_B, write_generation
from .helpers import generate, read_like_prism


def test_category_a_request_bodies_and_samples(gen_workspace: GenWorkspace) -> None:
    task = gen_workspace.workspace().task("A2")
    result, plan = generate(gen_workspace.root, category="A", tasks=("A2",))
    assert result.complete and result.requests == 3
    coder = gen_workspace.server.bodies(CODER)
    # Two samples with the listed seeds; the user message is the task text only (no signature).
    assert [b["seed"] for b in coder] == [11, 12]
    for body in coder:
        assert body["messages"] == [
            {"role": "system", "content": SYSTEM_A + "\n"},
            {"role": "user", "content": task.prompt},
        ]
        assert body["temperature"] == 0.2 and body["max_tokens"] == 2048 and body["model"] == CODER
        assert "tools" not in body and "tool_choice" not in body
    (chatty,) = gen_workspace.server.bodies(CHATTY)
    assert "seed" not in chatty  # supports_seed: false
    assert task.signature not in json.dumps(chatty, ensure_ascii=False)
    # No key in the environment and a local endpoint: no Authorization header at all.
    assert all("Authorization" not in r.headers for r in gen_workspace.server.requests)
    assert plan.experiment_path.is_file()


def test_key_is_sent_whenever_set_even_to_a_local_endpoint(gen_workspace: GenWorkspace) -> None:
    generate(
        gen_workspace.root,
        category="A",
        tasks=("A2",),
        models=("chatty",),
        env={"OPENAI_COMPAT_API_KEY": "sk-local-123"},
    )
    (request,) = gen_workspace.server.requests
    assert request.headers["Authorization"] == "Bearer sk-local-123"


def test_missing_key_for_a_remote_endpoint_fails_before_any_call(gen_workspace: GenWorkspace) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, remote="https://models.example.com/v1")
    with pytest.raises(
        AdapterConfigError, match=r"remote: https://models.example.com/v1 .*OPENAI_COMPAT_API_KEY"
    ):
        generate(gen_workspace.root, category="A", tasks=("A2",), models=("coder", "remote"))
    assert gen_workspace.server.count() == 0


def test_category_b_metadata_loop_and_code_request(gen_workspace: GenWorkspace) -> None:
    task = gen_workspace.workspace().task("B10")
    result, plan = generate(gen_workspace.root, category="B", tasks=("B10",), runs=1)
    assert result.complete
    bodies = gen_workspace.server.bodies(CODER)
    context_turns = [b for b in bodies if b.get("tools")]
    assert len(context_turns) == 3  # list_objects; three structures; finish_research
    first = context_turns[0]
    assert [t["function"]["name"] for t in first["tools"]] == [
        "list_objects",
        "search_objects",
        "get_object_structure",
        "finish_research",
    ]
    assert first["tool_choice"] == "auto" and first["temperature"] == 0.0 and first["max_tokens"] == 4096
    assert first["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert task.prompt in first["messages"][1]["content"]
    kinds = first["tools"][0]["function"]["parameters"]["properties"]["kind"]["enum"]
    assert kinds == [
        "Справочник",
        "Документ",
        "РегистрНакопления",
        "РегистрСведений",
        "ПланСчетов",
        "РегистрБухгалтерии",
        "ПланВидовХарактеристик",
        "Константа",
        "Перечисление",
    ]
    # The tool answers went back to the model with their call ids.
    second = context_turns[1]["messages"]
    tool_message = second[-1]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "call_0_0"
    assert tool_message["content"] == MetadataTools(task.config_spec).list_objects()
    not_found = [m for m in context_turns[2]["messages"] if m["role"] == "tool"][1]
    assert not_found["content"] == f"объект «{MISSING_OBJECT}» не найден в конфигурации"

    (code,) = [b for b in bodies if not b.get("tools")]
    listed = MetadataTools(task.config_spec).list_objects().splitlines()[:2]
    structures = [MetadataTools(task.config_spec).get_object_structure(n) for n in listed]
    expected_system = SYSTEM_B + "\n" + "\n\n# Метаданные конфигурации:\n" + "\n\n---\n\n".join(structures)
    assert code["messages"] == [
        {"role": "system", "content": expected_system},
        {"role": "user", "content": task.prompt},
    ]
    assert "tools" not in code

    experiment = json.loads(plan.experiment_path.read_text(encoding="utf-8"))
    pairs = {p["model_id"]: p for p in experiment["task_results"]}
    assert pairs[CODER]["context_loaded"] is True
    assert pairs[CODER]["context_objects"] == listed  # the names asked for, the missing one left out
    # A model without tools gets no context and the system prompt unchanged.
    (chatty,) = gen_workspace.server.bodies(CHATTY)
    assert chatty["messages"][0]["content"] == SYSTEM_B + "\n"
    assert pairs[CHATTY]["context_loaded"] is False and pairs[CHATTY]["context_objects"] == []
    assert pairs[CHATTY]["context_analysis_cost"] == 0.0
    assert pairs[CODER]["context_analysis_cost"] > 0
    assert pairs[CODER]["total_cost"] == pytest.approx(
        pairs[CODER]["context_analysis_cost"] + sum(r["cost_total"] for r in pairs[CODER]["runs"])
    )


def test_files_have_prisms_shape_hash_and_costs(gen_workspace: GenWorkspace) -> None:
    result, plan = generate(gen_workspace.root, category="A", tasks=("A2", "A11"))
    assert result.complete and len(result.written) == 4
    experiment = json.loads(plan.experiment_path.read_text(encoding="utf-8"))
    rows = read_like_prism(experiment)
    assert len(rows) == 2 * (2 + 1)
    assert plan.experiment_path.name == f"{plan.experiment_name}.json"
    assert plan.experiment_name.startswith("experiment_A_")
    assert experiment["models_used"] == ["Test Coder", "Test Chatty"]
    assert experiment["tasks_count"] == 2 and experiment["runs_per_task"] == 2
    # Bank order of tasks (A11 sorts before A2 by path), then catalogue order of models.
    order = [(p["task_id"], p["model_id"]) for p in experiment["task_results"]]
    assert order == [("A11", CODER), ("A11", CHATTY), ("A2", CODER), ("A2", CHATTY)]
    workspace = gen_workspace.workspace()
    for pair in experiment["task_results"]:
        task = workspace.task(pair["task_id"])
        price_in, price_out = PRICES[pair["model_id"]]
        for run in pair["runs"]:
            # The hash is of the canonical code the server sent, whitespace normalised.
            assert run["success"] and run["response_hash"] == _sha((task.canonical or "").strip())
            assert run["cost_input"] == pytest.approx(run["tokens_input"] / 1e6 * price_in)
            assert run["cost_output"] == pytest.approx(run["tokens_output"] / 1e6 * price_out)
            assert run["tokens_total"] == run["tokens_input"] + run["tokens_output"]
        assert pair["total_tokens"] == sum(r["tokens_total"] for r in pair["runs"])
        determinism = pair["determinism"]
        assert determinism["total_runs"] == len(pair["runs"]) and determinism["unique_responses"] == 1
        assert determinism["match_rate"] == 1.0
        part = (
            plan.results_dir / f"{plan.experiment_name}.parts" / f"{pair['task_id']}__"
            f"{'coder' if pair['model_id'] == CODER else 'chatty'}.json"
        )
        assert json.loads(part.read_text(encoding="utf-8")) == pair
    assert experiment["total_cost"] == pytest.approx(sum(p["total_cost"] for p in experiment["task_results"]))
    # Our own reader accepts it and sees every run.
    loaded = workspace.experiment(plan.experiment_path)
    assert len(loaded.generations) == 6 and {g.model_name for g in loaded.generations} == {
        "Test Coder",
        "Test Chatty",
    }


def test_runs_and_temperature_override_params(gen_workspace: GenWorkspace) -> None:
    result, plan = generate(gen_workspace.root, category="A", tasks=("A2",), runs=3, temperature=0.7)
    assert result.complete
    coder = gen_workspace.server.bodies(CODER)
    assert [b["seed"] for b in coder] == [11, 12, 13] and {b["temperature"] for b in coder} == {0.7}
    chatty = gen_workspace.server.bodies(CHATTY)
    assert len(chatty) == 3 and all("seed" not in b for b in chatty)
    experiment = json.loads(plan.experiment_path.read_text(encoding="utf-8"))
    assert experiment["runs_per_task"] == 3
    runs = experiment["task_results"][1]["runs"]
    assert [(r["run_index"], r["seed"], r["temperature"]) for r in runs] == [
        (0, None, 0.7),
        (1, None, 0.7),
        (2, None, 0.7),
    ]


def test_unknown_model_or_task_is_named(gen_workspace: GenWorkspace) -> None:
    from prism_desktop.generation.plan import GenerationError

    with pytest.raises(GenerationError, match=r"no model nope .*\(models: coder, chatty\)"):
        generate(gen_workspace.root, category="A", models=("nope",))
    with pytest.raises(GenerationError, match=r"no category-A task B1 "):
        generate(gen_workspace.root, category="A", tasks=("B1",))
    assert gen_workspace.server.count() == 0


def test_bundled_generation_folder_reads(tmp_path) -> None:
    from prism_desktop.generation.config import load_generation_config

    from .gen_files import REPO

    config = load_generation_config(REPO)
    assert config.system_prompts.keys() == {"A", "B", "python", "typescript", "go", "library"}
    assert all(config.pricing.known(m.id) for m in config.models.values())
    assert Workspace.open(REPO).root == REPO


def _sha(text: str) -> str:
    import hashlib

    return hashlib.sha256("\n".join(line.rstrip() for line in text.split("\n")).encode()).hexdigest()
