"""The code request of one (task, model): for category B and a model with tools, the metadata loop
first (its context joins the system prompt); then the messages every sample of the pair shares. A
coding-bench task never runs the metadata loop (it is about 1C configurations)."""

from __future__ import annotations

from dataclasses import dataclass, field

from prism_desktop.workspace.tasks import Task

from .chat import Message
from .config import GenerationConfig, ModelEntry
from .context_loop import ChatCall, ContextResult, gather_context
from .prompts import is_code_task, task_messages


@dataclass
class CodePrompt:
    messages: list[Message]
    context: ContextResult = field(default_factory=ContextResult)
    context_cost: float = 0.0  # USD of the metadata loop's tokens

    @property
    def objects(self) -> list[str]:
        return self.context.objects


async def code_prompt(
    config: GenerationConfig, category: str, task: Task, model: ModelEntry, chat: ChatCall
) -> CodePrompt:
    context = ContextResult()
    if uses_metadata_loop(category, task, model):
        context = await gather_context(model.id, task.prompt, task.config_spec, model.context_budget, chat)
    cost = config.pricing.cost(model.id, context.tokens_input, context.tokens_output)[2]
    messages = task_messages(config.system_prompts, category, task, context.text)
    return CodePrompt(messages, context, cost)


def uses_metadata_loop(category: str, task: Task, model: ModelEntry) -> bool:
    return category == "B" and model.supports_tools and not is_code_task(task)
