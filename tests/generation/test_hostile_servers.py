"""Model servers are hostile (issue 26 B), against real servers on 127.0.0.1 (tests/generation/
hostile.py): one deadline for the whole request and a cap on the reply's size, each failing only its
pair; keys and tokens scrubbed from every text shown, logged or stored; a malformed reply is an
"invalid reply" of its pair; usage that is not a sound count never makes money spent go down."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.generation.runner import GenerationEvent

from .conftest import GenWorkspace
from .fake_openai import Fault
from .gen_files import CHATTY, CODER, PARAMS_YAML, write_generation
from .helpers import generate
from .hostile import completion, drip, echo_headers, endless_chunks, huge, nested, raw, reply

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 4
  model_params:
    coder:  { temperature: 0.2, runs: 1 }
    chatty: { temperature: 0.1, runs: 1 }
"""
KEY = "pk9Q7vX2mL4tR8wZ1nB6cY3hJ5sD0fG"  # an API key a gateway echoes back


def _texts(root: Path) -> str:
    """Every file generation wrote under root (results, parts, the response cache), as one text."""
    return "\n".join(
        path.read_text(encoding="utf-8", errors="replace") for path in sorted(root.rglob("*.json"))
    )


# -- one deadline for the whole request ----------------------------------------------------------


@pytest.mark.parametrize(
    "play", [endless_chunks(), drip()], ids=["endless chunked body", "one byte at a time"]
)
def test_a_reply_that_never_ends_fails_its_pair_at_the_deadline(
    gen_workspace: GenWorkspace, play: Any
) -> None:
    server = gen_workspace.server
    write_generation(gen_workspace.root, server.url, params=ONE_RUN)
    server.fail_next(CHATTY, *[Fault(play=play)] * 4)
    started = time.monotonic()
    result, plan = generate(gen_workspace.root, category="A", tasks=("A2",), timeout=1.0)
    elapsed = time.monotonic() - started
    # Four attempts of one second each (each read came quickly: only a whole-request deadline ends them).
    assert elapsed < 10.0, elapsed
    assert result.failures_by_cause() == {"timeout": 1} and server.count(CHATTY) == 4
    (failure,) = result.failures
    assert failure.model_key == "chatty" and "1 s" in failure.message
    assert result.written == [("A2", "coder")]  # the generation went on
    assert json.loads(plan.experiment_path.read_text(encoding="utf-8"))["task_results"][0]["task_id"] == "A2"


# -- a cap on the reply's size -------------------------------------------------------------------


@pytest.mark.parametrize(
    "play",
    [huge(400_000), huge(400_000, chunked=True), huge(4_000_000, gzipped=True), huge(10, announce=10**12)],
    ids=["with its length", "chunked", "gzip that expands", "a length announced"],
)
def test_a_reply_over_the_cap_fails_its_pair(gen_workspace: GenWorkspace, play: Any) -> None:
    server = gen_workspace.server
    write_generation(gen_workspace.root, server.url, params=ONE_RUN + "  max_reply_mb: 0.25\n")
    server.fail_next(CHATTY, Fault(play=play))
    result, _ = generate(gen_workspace.root, category="A", tasks=("A2",))
    assert result.failures_by_cause() == {"reply too large": 1}
    assert server.count(CHATTY) == 1  # never retried: the same server would send the same
    assert "0.25 MB" in result.failures[0].message
    assert result.written == [("A2", "coder")]


def test_the_default_cap_refuses_a_reply_no_model_writes(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    write_generation(gen_workspace.root, server.url, params=ONE_RUN)
    server.fail_next(CHATTY, Fault(play=huge(24 * 2**20, chunked=True)))
    result, plan = generate(gen_workspace.root, category="A", tasks=("A2",))
    assert result.failures_by_cause() == {"reply too large": 1}
    assert plan.experiment_path.stat().st_size < 100_000


def test_the_cap_is_checked_in_params_yaml(gen_workspace: GenWorkspace) -> None:
    from prism_desktop.generation.config import load_generation_config
    from prism_desktop.workspace.errors import WorkspaceError

    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN + "  max_reply_mb: -1\n")
    with pytest.raises(WorkspaceError) as caught:
        load_generation_config(gen_workspace.root)
    (problem,) = caught.value.problems
    assert problem.path.name == "params.yaml" and problem.key == "defaults.max_reply_mb"


# -- keys and tokens never shown, logged or stored -------------------------------------------------


def test_an_echoed_key_is_scrubbed_from_errors_retries_parts_and_answers(gen_workspace: GenWorkspace) -> None:
    server = gen_workspace.server
    write_generation(gen_workspace.root, server.url, params=PARAMS_YAML)  # coder: two runs
    # chatty: a 500 echoing the headers (a retry), then the answer; coder: a 401 echoing them with
    # the key just where a quoted body is cut, then an answer that quotes them in its content.
    server.fail_next(CHATTY, Fault(play=echo_headers(500)))
    server.fail_next(
        CODER, Fault(play=echo_headers(401, straddle=300)), Fault(play=echo_headers(200, in_content=True))
    )
    events: list[GenerationEvent] = []
    result, plan = generate(
        gen_workspace.root,
        category="A",
        tasks=("A2",),
        env={"OPENAI_COMPAT_API_KEY": KEY},
        on_event=events.append,
    )
    assert server.bodies() and all(r.headers["Authorization"] == f"Bearer {KEY}" for r in server.requests)
    assert len(result.written) == 2
    retries = [e.message for e in events if e.kind == "retry"]
    assert len(retries) == 1 and "***" in retries[0]
    pair = json.loads(plan.experiment_path.read_text(encoding="utf-8"))["task_results"][0]
    failed, answered = pair["runs"]
    assert failed["error"].startswith("HTTP 401") and "***" in failed["error"]
    assert "***" in answered["response"]
    written = _texts(gen_workspace.root.parent)  # experiment, parts and the response cache
    shown = "\n".join(e.message for e in events)
    for text in (written, shown):
        assert KEY not in text and KEY[:6] not in text  # not even the part before a cut


# -- malformed replies ---------------------------------------------------------------------------


MALFORMED = {
    "usage not a number": reply(completion(usage={"prompt_tokens": "abc", "completion_tokens": 5})),
    "negative usage": reply(completion(usage={"prompt_tokens": 10, "completion_tokens": -1e9})),
    "usage beyond any reply": reply(completion(usage={"prompt_tokens": 10, "completion_tokens": 1e300})),
    "usage NaN": raw(200, json.dumps(completion(usage={"prompt_tokens": float("nan")})).encode()),
    "usage true": reply(completion(usage={"prompt_tokens": True, "completion_tokens": 5})),
    "usage a list": reply(completion(usage=[10, 5])),
    "choices not a list": reply({"choices": "the answer", "usage": {}}),
    "content a number": reply({"choices": [{"message": {"content": 42}}]}),
    "nested 100000 deep": raw(200, nested(100_000)),
}


@pytest.mark.parametrize("play", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_reply_fails_its_pair_only(gen_workspace: GenWorkspace, play: Any) -> None:
    server = gen_workspace.server
    write_generation(gen_workspace.root, server.url, params=ONE_RUN)
    server.fail_next(CHATTY, Fault(play=play))
    result, _ = generate(gen_workspace.root, category="A", tasks=("A2",))
    assert result.failures_by_cause() == {"invalid reply": 1}
    assert result.failures[0].message.startswith("invalid reply: ")
    assert server.count(CHATTY) == 1  # not retried
    assert result.written == [("A2", "coder")]
    assert result.spent >= 0.0


def test_a_malformed_tool_call_in_the_metadata_loop_leaves_the_context_empty(
    gen_workspace: GenWorkspace,
) -> None:
    """Category B: a tool call whose arguments are nested 100,000 deep ends the loop, not the run."""
    server = gen_workspace.server
    deep = "[" * 100_000 + "]" * 100_000
    turn = completion(content="")
    turn["choices"][0]["message"]["tool_calls"] = [
        {"id": "c1", "type": "function", "function": {"name": "get_object_structure", "arguments": deep}}
    ]
    server.fail_next(CODER, Fault(play=reply(turn)))
    events: list[GenerationEvent] = []
    result, _ = generate(
        gen_workspace.root, category="B", tasks=("B10",), models=("coder",), runs=1, on_event=events.append
    )
    assert result.complete and result.written == [("B10", "coder")]
