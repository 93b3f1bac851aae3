"""The event channel's reading side: only events proven by the run's secret count, the first verdict
of a test is final, anything else on the pipe (forged, malformed, foreign lines) is counted and
ignored, non-ASCII text (node's JSON keeps it as UTF-8) and split reads are understood."""

from __future__ import annotations

import json
import os

from prism_desktop.sandbox.code.events import LINE_BYTES, EventLog, emit, proof

SECRET = "5e" * 32


def _line(event: dict[str, object], secret: str | None = SECRET) -> bytes:
    if secret is not None:
        event = {**event, "mac": proof(secret, event)}
    return (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")


def test_only_proven_events_count_and_the_first_verdict_wins() -> None:
    log = EventLog(SECRET)
    data = b"".join(
        [
            _line({"e": "declare", "name": "a"}),
            _line({"e": "start", "name": "a"}),
            b"--- PASS: a (0.00s)\nnot json at all\n",
            _line({"e": "end", "name": "b", "status": "pass"}, secret=None),  # no proof
            _line({"e": "end", "name": "c", "status": "pass"}, secret="guessed"),  # a wrong secret
            _line(
                {
                    **{"e": "end", "name": "d", "status": "pass"},
                    "mac": proof(SECRET, {"e": "end", "name": "x"}),
                },
                None,
            ),
            _line({"e": "end", "name": "a", "status": "fail", "message": "ожидалось «Казань»"}),
            _line({"e": "end", "name": "a", "status": "pass"}),  # a second verdict changes nothing
            _line({"e": "end", "name": "e", "status": "bogus"}),
        ]
    )
    half = len(data) // 2
    log.feed(data[:half])
    log.feed(data[half:])
    assert log.verdicts == {"a": ("fail", "ожидалось «Казань»"), "e": ("error", "")}
    assert log.declared == ["a", "e"] and log.current is None and not log.finished
    assert log.unverified == 5
    log.feed(_line({"e": "finish"}, secret="guessed") + _line({"e": "finish"}))
    assert log.finished and log.unverified == 6


def test_a_proof_binds_the_name_and_the_status() -> None:
    event = {"e": "end", "name": "t", "status": "fail"}
    forged = {**event, "status": "pass", "mac": proof(SECRET, event)}
    log = EventLog(SECRET)
    log.feed(_line(forged, secret=None))
    assert log.verdicts == {} and log.unverified == 1


def test_emit_keeps_a_line_under_pipe_buf_and_proves_it() -> None:
    read_end, write_end = os.pipe()
    try:
        emit(write_end, {"e": "end", "name": "t", "status": "fail", "message": "ж" * 5000}, SECRET)
        data = os.read(read_end, 65536)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert len(data) <= LINE_BYTES and data.endswith(b"\n")
    (event,) = EventLog(SECRET).feed(data)
    assert event["message"].startswith("ж") and event["status"] == "fail"


def test_node_verdict_overrides_the_live_one_which_stands_when_node_never_spoke() -> None:
    log = EventLog(SECRET)
    log.feed(
        _line({"e": "start", "name": "a"})
        + _line({"e": "live", "name": "a", "status": "pass"})  # the body returned…
        + _line({"e": "start", "name": "b"})
        + _line({"e": "live", "name": "b", "status": "pass"})
        + _line({"e": "end", "name": "a", "status": "fail", "message": "subtest failed"})  # …node says fail
    )
    assert log.outcomes() == {"a": ("fail", "subtest failed"), "b": ("pass", "")}
