"""The result channel: capped output, the nonce envelope, and the worker's leg-by-leg writing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.runs.onec import RunResult, RunSpec, SyntaxMeasurement, TestsMeasurement
from prism_desktop.sandbox.envelope import RESULT_FILE, Envelope, EnvelopeError, read_envelope, write_envelope
from prism_desktop.sandbox.output_cap import CappedTextIO, cap_text, join_capped
from prism_desktop.sandbox.worker import run_spec


def test_cap_keeps_the_head_and_counts_the_rest() -> None:
    text = cap_text("абв" * 10, 6)  # 2 bytes per letter
    assert text.startswith("абв")
    assert text.endswith("[output truncated: 54 more bytes]\n")


def test_joining_capped_pieces_keeps_one_true_count() -> None:
    first = cap_text("x" * 100, 10)
    joined = join_capped([first, "y" * 50], 10)
    assert joined.count("output truncated") == 1
    assert joined.startswith("x" * 10)
    assert "140 more bytes" in joined


def test_capped_stream_counts_unicode_in_bytes() -> None:
    stream = CappedTextIO(4)
    stream.write("ёёё")
    assert stream.getvalue().startswith("ёё")
    assert "2 more bytes" in stream.getvalue()


def _envelope(nonce: str) -> Envelope:
    return Envelope(nonce=nonce, result=RunResult("r", "ok", "worker", False, "e 1"), complete=True)


def test_envelope_round_trip(tmp_path: Path) -> None:
    write_envelope(tmp_path, _envelope("abc"))
    read = read_envelope(tmp_path, "abc", max_bytes=10_000)
    assert read.complete and read.result.engine_version == "e 1"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "wrote no result"),
        ("PRISM_PASS 1", "not a JSON result envelope"),
        (json.dumps({"format": "other"}), "format 'other'"),
        (json.dumps([1, 2]), "format 'list'"),
    ],
)
def test_bad_result_files_are_rejected(tmp_path: Path, content: str | None, message: str) -> None:
    if content is not None:
        (tmp_path / RESULT_FILE).write_text(content)
    with pytest.raises(EnvelopeError, match=message):
        read_envelope(tmp_path, "abc", max_bytes=10_000)


def test_wrong_nonce_is_rejected(tmp_path: Path) -> None:
    write_envelope(tmp_path, _envelope("guessed"))
    with pytest.raises(EnvelopeError, match="nonce does not match"):
        read_envelope(tmp_path, "the-real-one", max_bytes=10_000)


def test_oversized_result_is_rejected(tmp_path: Path) -> None:
    write_envelope(tmp_path, _envelope("abc"))
    with pytest.raises(EnvelopeError, match="more than the 10 allowed"):
        read_envelope(tmp_path, "abc", max_bytes=10)


def _runner(calls: list[list[str]]):
    def run(spec: RunSpec) -> RunResult:
        calls.append(list(spec.legs))
        result = RunResult(spec.run_id, "ok", "inprocess", False, "fake 2")
        if spec.legs == ["syntax"]:
            result.syntax = SyntaxMeasurement("fake 2")
        if spec.legs == ["tests"]:
            print("Сообщение кандидата")
            if spec.code == "boom":
                raise MemoryError
            result.tests = TestsMeasurement("fake 2", "ok", total=1)
        return result

    return run


def test_worker_runs_each_leg_and_captures_candidate_output(tmp_path: Path, capsys, a_spec) -> None:
    calls: list[list[str]] = []
    spec = a_spec("ok")
    spec.nonce = "n1"
    envelope = run_spec(spec, tmp_path, runner=_runner(calls))
    assert calls == [["syntax"], ["tests"]]
    assert envelope.complete and envelope.fault is None and envelope.legs_done == ["syntax", "tests"]
    assert envelope.result.syntax is not None and envelope.result.tests is not None
    assert envelope.result.stdout == "Сообщение кандидата\n"
    assert capsys.readouterr().out == ""  # nothing reached the real stdout
    on_disk = read_envelope(tmp_path, "n1", max_bytes=1_000_000)
    assert on_disk.result.tests is not None and on_disk.result.tests.total == 1


def test_worker_fault_keeps_finished_legs_and_what_was_printed(tmp_path: Path, a_spec) -> None:
    spec = a_spec("boom")
    spec.nonce = "n2"
    envelope = run_spec(spec, tmp_path, runner=_runner([]))
    assert envelope.complete
    assert envelope.fault is not None and (envelope.fault.kind, envelope.fault.leg) == ("memory", "tests")
    assert envelope.legs_done == ["syntax"]
    assert envelope.result.syntax is not None and envelope.result.tests is None
    assert "Сообщение кандидата" in envelope.result.stdout


def test_worker_refuses_a_category_it_has_no_harness_for(tmp_path: Path, a_spec) -> None:
    spec = a_spec("x")
    spec.task.category = "C"
    spec.nonce = "n3"
    envelope = run_spec(spec, tmp_path)
    assert envelope.fault is not None and "task category 'C'" in envelope.fault.detail
