"""`prism-desktop generate` against hostile servers on 127.0.0.1 (issue 26 B): a model key that is not
one plain file name is refused before any request; the deadline and the size cap from the command
line; keys scrubbed from the retry lines on stderr and from the summary; a malformed reply or one
with negative usage fails its pair, and the run ends with its summary and the resume hint."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from prism_desktop.cli.main import main

from .conftest import GenWorkspace
from .fake_openai import Fault
from .gen_files import CHATTY, CODER, models_yaml, write_generation
from .hostile import completion, echo_headers, endless_chunks, huge, reply

ONE_RUN = """\
defaults:
  max_tokens: 2048
  concurrency: 1
  model_params:
    coder:  { temperature: 0.2, runs: 1 }
    chatty: { temperature: 0.1, runs: 1 }
"""
KEY = "pk9Q7vX2mL4tR8wZ1nB6cY3hJ5sD0fG"


def _cli(gen: GenWorkspace, *args: str) -> int:
    return main(["generate", "--workspace", str(gen.root), "--category", "A", *args])


@pytest.mark.parametrize(
    "key", ["../../escaped", "/../../../tmp/x", "a\0b", "..", ".hidden", "sub/key", "a\\b"]
)
def test_a_model_key_that_is_no_plain_file_name_is_refused_before_any_request(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    catalogue = gen_workspace.root / "generation" / "models.yaml"
    # json.dumps: a double-quoted YAML scalar (NUL as \u0000).
    catalogue.write_text(
        models_yaml(gen_workspace.server.url).replace("  chatty:\n", f"  {json.dumps(key)}:\n"),
        encoding="utf-8",
    )
    before = {p for p in gen_workspace.root.parent.rglob("*") if p.is_file()}
    code = _cli(gen_workspace, "--tasks", "A2")
    err = capsys.readouterr().err
    assert code == 1 and "internal error" not in err
    assert f"{catalogue}" in err and "models." in err and "letters, digits" in err, err
    assert gen_workspace.server.count() == 0
    assert {p for p in gen_workspace.root.parent.rglob("*") if p.is_file()} == before  # nothing written


def test_timeout_bounds_the_whole_request(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    gen_workspace.server.fail_next(CHATTY, Fault(play=endless_chunks()))
    started = time.monotonic()
    code = _cli(gen_workspace, "--tasks", "A2", "--models", "chatty", "--timeout", "1")
    elapsed = time.monotonic() - started
    captured = capsys.readouterr()
    # One second for the endless reply, PRISM's 2 s before the retry, then the answer.
    assert code == 0 and elapsed < 8.0, (elapsed, captured.out)
    assert "after: openai_compat: timeout: no complete reply within 1 s" in captured.err


def test_max_reply_mb_on_the_command_line(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    gen_workspace.server.fail_next(CHATTY, Fault(play=huge(400_000)))
    code = _cli(gen_workspace, "--tasks", "A2", "--max-reply-mb", "0.25")
    out = capsys.readouterr().out
    assert code == 1 and "1/2 pairs written" in out and "reply too large: 1" in out
    assert "--resume experiment_A_" in out


def test_keys_are_scrubbed_from_stderr_and_the_summary(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_COMPAT_API_KEY", KEY)
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    gen_workspace.server.fail_next(CHATTY, Fault(play=echo_headers(500)))  # retried after 2 s
    gen_workspace.server.fail_next(CODER, Fault(play=echo_headers(401, straddle=150)))  # in the summary's cut
    code = _cli(gen_workspace, "--tasks", "A2")
    captured = capsys.readouterr()
    assert code == 1 and "unauthorized (401): 1" in captured.out
    assert "retry 1 in" in captured.err and "***" in captured.err and "***" in captured.out
    assert KEY[:6] not in captured.out + captured.err
    results = gen_workspace.root / "results"
    assert KEY not in "".join(p.read_text(encoding="utf-8") for p in results.rglob("*.json"))


def test_a_malformed_reply_ends_with_the_summary_and_the_resume_hint(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    gen_workspace.server.fail_next(CHATTY, Fault(play=reply(completion(usage={"prompt_tokens": "abc"}))))
    code = _cli(gen_workspace, "--tasks", "A2", "A11")
    out = capsys.readouterr().out
    assert code == 1 and "3/4 pairs written" in out and "invalid reply: 1" in out
    assert "usage.prompt_tokens" in out and "run again with --resume experiment_A_" in out


def test_negative_usage_never_lowers_the_money_spent(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    costly = completion(usage={"prompt_tokens": 10, "completion_tokens": 300_000, "total_tokens": 300_010})
    refund = completion(usage={"prompt_tokens": 10, "completion_tokens": -1e9, "total_tokens": -1e9})
    gen_workspace.server.fail_next(CODER, Fault(play=reply(refund)), *[Fault(play=reply(costly))] * 3)
    code = _cli(gen_workspace, "--models", "coder", "--tasks", "A1", "A2", "A3", "A4", "--max-cost", "1")
    out = capsys.readouterr().out
    # The refund is an invalid reply; the next pair costs 1.2 USD (300,000 tokens at 4 USD per
    # million) and the budget of 1 USD lets no further pair start.
    assert code == 1 and "1/4 pairs written" in out and "1.2000 USD spent" in out, out
    assert "invalid reply: 1" in out and "over the --max-cost budget: 2" in out
    assert gen_workspace.server.count(CODER) == 2
    experiment = next((gen_workspace.root / "results").glob("experiment_A_*.json"))
    assert json.loads(experiment.read_text(encoding="utf-8"))["total_cost"] > 1.0


def test_a_part_with_a_negative_cost_is_not_resumed(
    gen_workspace: GenWorkspace, capsys: pytest.CaptureFixture[str]
) -> None:
    """A part file is input too: a negative total_cost would lower the money spent on resume."""
    write_generation(gen_workspace.root, gen_workspace.server.url, params=ONE_RUN)
    assert _cli(gen_workspace, "--models", "coder", "--tasks", "A2") == 0
    experiment = next((gen_workspace.root / "results").glob("experiment_A_*.json")).stem
    part: Path = gen_workspace.root / "results" / f"{experiment}.parts" / "A2__coder.json"
    record = json.loads(part.read_text(encoding="utf-8"))
    part.write_text(json.dumps({**record, "total_cost": -1000.0}), encoding="utf-8")
    capsys.readouterr()
    assert (
        _cli(gen_workspace, "--models", "coder", "--tasks", "A2", "--resume", experiment, "--no-cache") == 0
    )
    out = capsys.readouterr().out
    spent = re.search(r"(\S+) USD spent", out)
    assert "1/1 pairs written (0 resumed)" in out and spent is not None and float(spent.group(1)) > 0, out
