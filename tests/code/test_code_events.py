"""The event channel's reading side: the first verdict of a test is final, malformed or foreign lines
are ignored, non-ASCII text (node's JSON keeps it as UTF-8) and split reads are understood."""

from __future__ import annotations

import json
import os

from prism_desktop.sandbox.code.events import LINE_BYTES, EventLog, emit


def _line(event: dict[str, object]) -> bytes:
    return (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")


def test_first_verdict_wins_and_garbage_is_ignored() -> None:
    log = EventLog()
    data = b"".join(
        [
            _line({"e": "declare", "names": ["a", "b"]}),
            _line({"e": "start", "name": "a"}),
            b"--- PASS: a (0.00s)\nnot json at all\n",
            _line({"e": "end", "name": "a", "status": "fail", "message": "ожидалось «Казань»"}),
            _line({"e": "end", "name": "a", "status": "pass"}),  # a forgery after the verdict
            _line({"e": "end", "name": "b", "status": "bogus"}),
        ]
    )
    half = len(data) // 2
    log.feed(data[:half])
    log.feed(data[half:])
    assert log.verdicts == {"a": ("fail", "ожидалось «Казань»"), "b": ("error", "")}
    assert log.declared == ["a", "b"] and log.current is None


def test_emit_keeps_a_line_under_pipe_buf() -> None:
    read_end, write_end = os.pipe()
    try:
        emit(write_end, {"e": "end", "name": "t", "status": "fail", "message": "ж" * 5000})
        data = os.read(read_end, 65536)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert len(data) <= LINE_BYTES and data.endswith(b"\n")
    assert EventLog().feed(data)[0]["message"].startswith("ж")
