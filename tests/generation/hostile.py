"""Hostile model servers: plays for FakeModelServer's `Fault(play=…)` that write the raw HTTP reply
on the socket themselves — a 200 whose chunked body never ends, one byte at a time, a reply far
larger than any answer (plain, chunked or gzip-compressed), an error body echoing the request's
headers (Authorization included, as many gateways do), a completion with malformed usage, a body
nested 100,000 deep. A play that would go on forever gives up after `give_up` seconds and then
ends its reply as a valid completion, so code without a whole-request deadline finishes (late)
instead of hanging the test run."""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import Any

Play = Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]
GIVE_UP = 20.0  # seconds a never-ending play keeps going before it ends its reply after all


def completion(content: str = "```bsl\nВозврат 1;\n```", usage: Any = None) -> dict[str, Any]:
    """An OpenAI chat completion; `usage` replaces the usage object as it is (any JSON value)."""
    return {
        "id": "cmpl-hostile",
        "object": "chat.completion",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        if usage is None
        else usage,
    }


def _head(handler: BaseHTTPRequestHandler, status: int, headers: dict[str, str]) -> None:
    lines = [f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    handler.wfile.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
    handler.wfile.flush()


def _chunk(handler: BaseHTTPRequestHandler, data: bytes) -> None:
    handler.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
    handler.wfile.flush()


def endless_chunks(interval: float = 0.2, give_up: float = GIVE_UP) -> Play:
    """200, chunked, a chunk of padding every `interval` seconds: each read is quick, the body never
    ends (until `give_up`, when the completion is closed and the chunked stream terminated)."""

    def play(handler: BaseHTTPRequestHandler, _body: dict[str, Any]) -> None:
        _head(handler, 200, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        text = json.dumps(completion())
        _chunk(handler, b'{"padding": "')
        started = time.monotonic()
        while time.monotonic() - started < give_up:
            _chunk(handler, b"x" * 64)
            time.sleep(interval)
        _chunk(handler, b'", ' + text[1:].encode())
        _chunk(handler, b"")

    return play


def drip(interval: float = 0.3, give_up: float = GIVE_UP) -> Play:
    """200 with the Content-Length of a complete reply, sent one byte every `interval` seconds (the
    last bytes all at once after `give_up`)."""

    def play(handler: BaseHTTPRequestHandler, _body: dict[str, Any]) -> None:
        data = json.dumps(completion()).encode()
        _head(handler, 200, {"Content-Type": "application/json", "Content-Length": str(len(data))})
        started = time.monotonic()
        sent = 0
        while sent < len(data) - 1 and time.monotonic() - started < give_up:
            handler.wfile.write(data[sent : sent + 1])
            handler.wfile.flush()
            sent += 1
            time.sleep(interval)
        handler.wfile.write(data[sent:])

    return play


def huge(size: int, *, chunked: bool = False, gzipped: bool = False, announce: int | None = None) -> Play:
    """200 with a valid completion whose content is `size` bytes: with its Content-Length (or
    `announce` instead of the true length), chunked without any length, or gzip-compressed (a few
    kilobytes on the wire that expand to `size`)."""

    def play(handler: BaseHTTPRequestHandler, _body: dict[str, Any]) -> None:
        head, tail = json.dumps(completion(content="\0")).encode().split(b"\\u0000")
        if gzipped:
            data = gzip.compress(head + b"x" * size + tail, compresslevel=9)
            length = announce if announce is not None else len(data)
            _head(
                handler,
                200,
                {
                    "Content-Type": "application/json",
                    "Content-Encoding": "gzip",
                    "Content-Length": str(length),
                },
            )
            handler.wfile.write(data)
            return
        if chunked:
            _head(handler, 200, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
            _chunk(handler, head)
            block = b"x" * 65536
            for _ in range(size // len(block)):
                _chunk(handler, block)
            _chunk(handler, tail)
            _chunk(handler, b"")
            return
        length = announce if announce is not None else len(head) + size + len(tail)
        _head(handler, 200, {"Content-Type": "application/json", "Content-Length": str(length)})
        handler.wfile.write(head)
        block = b"x" * 65536
        for _ in range(size // len(block)):
            handler.wfile.write(block)
        handler.wfile.write(b"x" * (size % len(block)) + tail)

    return play


def echo_headers(status: int, *, straddle: int | None = None, in_content: bool = False) -> Play:
    """A gateway that echoes the request's headers: in an error body with `status` (with `straddle`,
    padded so that the credential of the Authorization header begins six characters before that
    offset of the body: where a quoted body is cut), or with 200 inside the completion's content."""

    def play(handler: BaseHTTPRequestHandler, _body: dict[str, Any]) -> None:
        # Authorization first, so that `straddle` can place it anywhere from the start on.
        seen = dict(sorted(handler.headers.items(), key=lambda item: item[0] != "Authorization"))
        if in_content:
            data = json.dumps(completion(content=f"ответ; заголовки запроса: {json.dumps(seen)}")).encode()
        else:
            data = json.dumps({"error": {"message": "denied", "request_headers": seen}}).encode()
            credential = seen.get("Authorization", "").partition(" ")[2].encode()
            if straddle is not None and credential:
                padding = max(0, straddle - 6 - data.index(credential))
                data = data.replace(b'"denied"', b'"denied' + b" " * padding + b'"', 1)
        _head(handler, status, {"Content-Type": "application/json", "Content-Length": str(len(data))})
        handler.wfile.write(data)

    return play


def raw(status: int, data: bytes) -> Play:
    """Exactly these bytes as the body."""

    def play(handler: BaseHTTPRequestHandler, _body: dict[str, Any]) -> None:
        _head(handler, status, {"Content-Type": "application/json", "Content-Length": str(len(data))})
        handler.wfile.write(data)

    return play


def reply(payload: Any) -> Play:
    """This JSON value as a 200 reply."""
    return raw(200, json.dumps(payload).encode())


def nested(depth: int) -> bytes:
    """A JSON body nested `depth` deep."""
    return b'{"choices": ' + b"[" * depth + b"]" * depth + b"}"
