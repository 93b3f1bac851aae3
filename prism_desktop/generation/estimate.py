"""The cost of a generation before it runs, without any network call: an upper bound from
pricing.yaml. Each code request is counted with its prompt (about two characters per token, generous
for Russian text) and a full `max_tokens` answer; a category-B model with tools adds PRISM's eight
context turns at most, each with the whole configuration described and a full 4096-token answer.
Runs already in the response cache and pairs already complete (resume) cost nothing."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from .code_prompt import uses_metadata_loop
from .config import GenerationConfig, ModelEntry
from .context_loop import CONTEXT_MAX_TOKENS, MAX_ITERATIONS, SYSTEM_PROMPT, USER_TEMPLATE
from .metadata_tools import MetadataTools, tool_definitions
from .plan import GenerationPlan
from .prompts import task_messages

CHARS_PER_TOKEN = 2


def approx_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


@dataclass
class CostEstimate:
    total: float = 0.0
    by_model: dict[str, float] = field(default_factory=dict)  # model key -> USD
    requests: int = 0  # requests that may be sent (cache hits and complete pairs excluded)
    cached_runs: int = 0
    complete_pairs: int = 0
    pairs: int = 0
    unknown_price: list[str] = field(default_factory=list)  # model ids without a price
    as_of: str = ""


# (task id, model key) -> whether the pair is already complete; (model, messages, sample) -> cached
PairDone = Callable[[str, str], bool]
RunCached = Callable[[ModelEntry, list[dict[str, object]], int, int | None, float], bool]


def estimate_cost(
    config: GenerationConfig,
    plan: GenerationPlan,
    pair_done: PairDone | None = None,
    run_cached: RunCached | None = None,
) -> CostEstimate:
    estimate = CostEstimate(as_of=config.pricing.as_of, pairs=len(plan.pairs))
    unknown: set[str] = set()
    for task, model in plan.pairs:
        estimate.by_model.setdefault(model.key, 0.0)
        if pair_done is not None and pair_done(task.id, model.key):
            estimate.complete_pairs += 1
            continue
        if not config.pricing.known(model.id):
            unknown.add(model.id)
        cost = 0.0
        uses_tools = uses_metadata_loop(plan.category, task, model)
        if uses_tools:
            described = MetadataTools(task.config_spec)
            every_structure = "\n".join(
                described.get_object_structure(line) for line in described.list_objects().splitlines()
            )
            turn_input = approx_tokens(
                SYSTEM_PROMPT
                + USER_TEMPLATE.format(task=task.prompt)
                + json.dumps(tool_definitions(), ensure_ascii=False)
                + every_structure
            )
            cost += MAX_ITERATIONS * config.pricing.cost(model.id, turn_input, CONTEXT_MAX_TOKENS)[2]
            estimate.requests += MAX_ITERATIONS
            context_chars = min(len(every_structure), model.context_budget)
        else:
            context_chars = 0
        messages = task_messages(config.system_prompts, plan.category, task)
        prompt_text = "".join(str(m["content"]) for m in messages)
        run_input = approx_tokens(prompt_text) + math.ceil(context_chars / CHARS_PER_TOKEN)
        for sample in plan.samples[model.key]:
            if (
                not uses_tools
                and run_cached is not None
                and run_cached(model, list(messages), sample.run_index, sample.seed, sample.temperature)
            ):
                estimate.cached_runs += 1
                continue
            cost += config.pricing.cost(model.id, run_input, config.max_tokens)[2]
            estimate.requests += 1
        estimate.by_model[model.key] += cost
    estimate.total = sum(estimate.by_model.values())
    estimate.unknown_price = sorted(unknown)
    return estimate
