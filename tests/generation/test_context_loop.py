"""The category-B metadata loop's limits (PRISM_FORMAT §7): 8 turns, 5 structures, the character
budget, the end at finish_research or at a turn without tool calls, and an empty context when a call
fails — driven by a scripted model."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from prism_desktop.generation.chat import ChatReply, ChatRequest, ToolCall
from prism_desktop.generation.context_loop import MAX_ITERATIONS, gather_context
from prism_desktop.generation.errors import ModelCallError
from prism_desktop.generation.metadata_tools import MetadataTools

SPEC = {
    "catalogs": {f"Справочник{i}": {"attributes": {"Код": {"type": "Строка", "length": 9}}} for i in range(8)}
}
NAMES = [f"Справочник.Справочник{i}" for i in range(8)]


def _calls(*calls: tuple[str, dict[str, str]]) -> ChatReply:
    return ChatReply(
        content="",
        tool_calls=tuple(
            ToolCall(f"c{i}", name, json.dumps(args, ensure_ascii=False))
            for i, (name, args) in enumerate(calls)
        ),
        tokens_input=10,
        tokens_output=2,
    )


class Script:
    """A model that answers turn n with `turns(n)` and remembers every request."""

    def __init__(self, turns: Callable[[int], ChatReply]):
        self.turns = turns
        self.requests: list[ChatRequest] = []

    async def __call__(self, request: ChatRequest) -> ChatReply:
        self.requests.append(request)
        return self.turns(len(self.requests) - 1)


def _run(script: Script, budget: int = 15000):
    return asyncio.run(gather_context("m", "Задача", SPEC, budget, script))


def test_stops_after_eight_turns() -> None:
    script = Script(lambda n: _calls(("list_objects", {})))
    result = _run(script)
    assert len(script.requests) == MAX_ITERATIONS == 8 and result.iterations == 8
    assert result.text == "" and result.objects == []
    assert (result.tokens_input, result.tokens_output) == (80, 16)


def test_stops_at_five_structures() -> None:
    script = Script(lambda n: _calls(*[("get_object_structure", {"name": name}) for name in NAMES]))
    result = _run(script)
    assert len(script.requests) == 1 and result.objects == NAMES[:5]
    tools = MetadataTools(SPEC)
    assert result.text == "\n\n---\n\n".join(tools.get_object_structure(n) for n in NAMES[:5])


def test_stops_at_the_character_budget() -> None:
    one = len(MetadataTools(SPEC).get_object_structure(NAMES[0]))
    script = Script(lambda n: _calls(*[("get_object_structure", {"name": name}) for name in NAMES]))
    result = _run(script, budget=2 * one)
    assert result.objects == NAMES[:2]


def test_finish_research_and_a_quiet_turn_end_the_loop() -> None:
    script = Script(
        lambda n: _calls(
            ("get_object_structure", {"name": NAMES[1]}),
            ("finish_research", {"summary": "ok"}),
            ("get_object_structure", {"name": NAMES[2]}),
        )
    )
    result = _run(script)
    assert result.objects == [NAMES[1]] and result.summary == "ok" and len(script.requests) == 1
    quiet = Script(
        lambda n: _calls(("search_objects", {"query": "1"})) if n == 0 else ChatReply(content="готово")
    )
    result = _run(quiet)
    assert len(quiet.requests) == 2 and result.objects == [] and result.text == ""
    # The tool's answer went back to the model with the call's id.
    assert quiet.requests[1].messages[-1] == {
        "role": "tool",
        "tool_call_id": "c0",
        "name": "search_objects",
        "content": "Справочник.Справочник1",
    }


def test_a_failed_call_leaves_the_context_empty() -> None:
    def turns(n: int) -> ChatReply:
        if n == 0:
            return _calls(("get_object_structure", {"name": NAMES[0]}))
        raise ModelCallError("HTTP 500: down", status=500)

    result = _run(Script(turns))
    assert result.error == "HTTP 500: down" and result.text == "" and result.objects == []
    assert result.tokens_input == 10  # the first turn's tokens are still charged
