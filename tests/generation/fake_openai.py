"""An OpenAI-compatible Chat Completions server for the tests, on 127.0.0.1: it answers
deterministically (the same request gives the same answer), plays the category-B metadata tools
(list_objects, then get_object_structure on a missing object and on the first two listed ones, then
finish_research), and injects faults on request: an HTTP status with headers and body (429 with
Retry-After, 500, 401) or a delay longer than the client's timeout. It records every request."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MISSING_OBJECT = "Справочник.Несуществующий"


@dataclass(frozen=True)
class Fault:
    status: int = 0  # 0: no error status (a delay only)
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = ""  # a JSON value or raw text
    delay: float = 0.0  # seconds before answering (a timeout when longer than the client waits)


@dataclass(frozen=True)
class Recorded:
    at: float  # time.monotonic() on arrival
    headers: dict[str, str]
    body: dict[str, Any]
    fault: Fault | None


def default_answer(body: dict[str, Any]) -> str:
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]
    return f'```bsl\nФункция Ответ() Экспорт\n    Возврат "{digest}";\nКонецФункции\n```'


class FakeModelServer:
    def __init__(self, answer: Callable[[dict[str, Any]], str] = default_answer, delay: float = 0.0):
        self.answer = answer
        self.delay = delay  # every answer waits this long (to watch concurrency or kill mid-run)
        self.requests: list[Recorded] = []
        self.faults: dict[str, deque[Fault]] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def start(self) -> FakeModelServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def fail_next(self, model: str, *faults: Fault) -> None:
        with self.lock:
            self.faults.setdefault(model, deque()).extend(faults)

    def count(self, model: str | None = None) -> int:
        with self.lock:
            return sum(1 for r in self.requests if model is None or r.body.get("model") == model)

    def bodies(self, model: str | None = None) -> list[dict[str, Any]]:
        with self.lock:
            return [r.body for r in self.requests if model is None or r.body.get("model") == model]

    # -- the protocol --------------------------------------------------------------------------------

    def reply(self, body: dict[str, Any]) -> dict[str, Any]:
        messages = body["messages"]
        if body.get("tools"):
            message = self._tool_turn(messages)
        else:
            message = {"role": "assistant", "content": self.answer(body)}
        prompt_chars = sum(len(str(m.get("content") or "")) for m in messages)
        completion = len(json.dumps(message, ensure_ascii=False))
        usage = {"prompt_tokens": prompt_chars // 3 + 1, "completion_tokens": completion // 3 + 1}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return {
            "id": "cmpl-test",
            "object": "chat.completion",
            "model": body["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": usage,
        }

    @staticmethod
    def _tool_turn(messages: list[dict[str, Any]]) -> dict[str, Any]:
        turn = sum(1 for m in messages if m["role"] == "assistant")
        if turn == 0:
            calls = [("list_objects", {})]
        elif turn == 1:
            listed = [m for m in messages if m["role"] == "tool"][-1]["content"].splitlines()
            calls = [("get_object_structure", {"name": MISSING_OBJECT})]
            calls += [("get_object_structure", {"name": name}) for name in listed[:2]]
        else:
            calls = [("finish_research", {"summary": "нашёл нужные объекты"})]
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": f"call_{turn}_{i}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
                }
                for i, (name, args) in enumerate(calls)
            ],
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                arrived = time.monotonic()
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                with server.lock:
                    queue = server.faults.get(body.get("model"))
                    fault = queue.popleft() if queue else None
                    server.requests.append(Recorded(arrived, dict(self.headers), body, fault))
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    time.sleep(server.delay + (fault.delay if fault else 0.0))
                    if self.path != "/v1/chat/completions":
                        self._send(404, {"error": {"message": "not found"}})
                    elif fault is not None and fault.status:
                        self._send(
                            fault.status,
                            fault.body or {"error": {"message": f"injected {fault.status}"}},
                            fault.headers,
                        )
                    else:
                        self._send(200, server.reply(body))
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout): nothing to answer
                finally:
                    with server.lock:
                        server.in_flight -= 1

            def _send(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
                data = (
                    payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
                ).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

        return Handler
