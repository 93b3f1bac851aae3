"""One question to one model about one task, for debugging a task or a prompt: the same request a
generation sends for its first sample (the category-B metadata loop included), and everything needed
to show it — the messages sent, the objects the model looked at, the raw reply or the error."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

import httpx

from prism_desktop.workspace.tasks import Task

from .adapters import build_adapter
from .cache import ResponseCache
from .chat import ChatRequest, Message
from .code_prompt import code_prompt
from .config import GenerationConfig
from .errors import ModelCallError
from .limits import DEFAULT_TIMEOUT, RequestLimits
from .plan import EVERY_MODEL, override_endpoints
from .retry import RetryPolicy
from .sender import RequestSender


@dataclass
class Answer:
    model_key: str
    messages: list[Message]  # the code request as sent: system (with any metadata context), then the task
    context_objects: list[str] = field(default_factory=list)
    reply: str = ""
    error: str | None = None
    tokens_input: int = 0
    tokens_output: int = 0
    cost: float = 0.0  # USD of this question, metadata loop included
    cached: bool = False


def ask_model(
    config: GenerationConfig,
    task: Task,
    model_key: str,
    *,
    env: Mapping[str, str] | None = None,
    cache: ResponseCache | None = None,
    policy: RetryPolicy | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    transport: httpx.AsyncBaseTransport | None = None,
    endpoint: str = "",
) -> Answer:
    """Ask, at `endpoint` instead of the model's own when one is given (AdapterConfigError before any
    request when the model cannot be called, GenerationError for an endpoint that is not a URL)."""
    (model,) = override_endpoints(
        config, (config.models[model_key],), {EVERY_MODEL: endpoint} if endpoint else {}
    )
    adapter = build_adapter(model, dict(os.environ if env is None else env))

    async def run() -> Answer:
        async with httpx.AsyncClient(timeout=httpx.Timeout(timeout), transport=transport) as client:
            sender = RequestSender(
                adapter,
                client,
                config.pricing,
                model.id,
                cache=cache,
                policy=policy or RetryPolicy(),
                limits=RequestLimits(timeout, config.max_reply_bytes),
            )
            prompt = await code_prompt(
                config, task.category, task, model, lambda request: sender.send(request, "context")
            )
            params = config.params(model.key)
            seeds = config.seeds(model.key)
            request = ChatRequest(
                model=model.id,
                messages=prompt.messages,
                temperature=params.temperature,
                max_tokens=config.max_tokens,
                seed=seeds[0] if model.supports_seed else None,
            )
            answer = Answer(model.key, prompt.messages, prompt.objects, cost=prompt.context_cost)
            try:
                reply = await sender.send(request, 0)
            except ModelCallError as error:
                answer.error = error.message
                return answer
            answer.reply, answer.cached = reply.content, reply.cached
            answer.tokens_input, answer.tokens_output = reply.tokens_input, reply.tokens_output
            answer.cost += config.pricing.cost(model.id, reply.tokens_input, reply.tokens_output)[2]
            return answer

    return asyncio.run(run())
