"""An OpenAI-compatible Chat Completions server for the tests, on 127.0.0.1: it answers
deterministically (the same request gives the same answer), plays the category-B metadata tools
(list_objects, then get_object_structure on a missing object and on the first two listed ones, then
finish_research), and injects faults on request: an HTTP status with headers and body (429 with
Retry-After, 500, 401), a delay longer than the client's timeout, or a hostile play that writes the
raw reply itself (tests/generation/hostile.py). It records every request.
For GigaChat it also plays Sber's OAuth endpoint (`POST /api/v2/oauth`, a form body, a token with
expires_at in unix milliseconds) and, once a token was issued, answers 401 to a chat call whose
bearer is not a live token (other authorizations, such as Yandex's Api-Key, pass); given an SSL
context it serves HTTPS."""

from __future__ import annotations

import hashlib
import json
import ssl
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

MISSING_OBJECT = "Справочник.Несуществующий"
OAUTH_PATH = "/api/v2/oauth"


class BadRequest(Exception):
    """A request the API would refuse (its shape is wrong): answered with 400 and the reason."""


@dataclass(frozen=True)
class Fault:
    status: int = 0  # 0: no error status (a delay only)
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = ""  # a JSON value or raw text
    delay: float = 0.0  # seconds before answering (a timeout when longer than the client waits)
    # Writes the whole reply itself (status line, headers, body) on the handler's socket, given the
    # request's headers and JSON body: the hostile servers of tests/generation/hostile.py.
    play: Callable[[BaseHTTPRequestHandler, dict[str, Any]], None] | None = None


@dataclass(frozen=True)
class Recorded:
    at: float  # time.monotonic() on arrival
    headers: dict[str, str]
    body: dict[str, Any]  # the JSON body, or a form body as {name: value}
    fault: Fault | None
    path: str = ""


def default_answer(body: dict[str, Any]) -> str:
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]
    return f'```bsl\nФункция Ответ() Экспорт\n    Возврат "{digest}";\nКонецФункции\n```'


class FakeModelServer:
    def __init__(
        self,
        answer: Callable[[dict[str, Any]], str] = default_answer,
        delay: float = 0.0,
        tls: ssl.SSLContext | None = None,
    ):
        self.answer = answer
        self.delay = delay  # every answer waits this long (to watch concurrency or kill mid-run)
        self.requests: list[Recorded] = []
        self.faults: dict[str, deque[Fault]] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()
        # OAuth (GigaChat): tokens issued and still honoured, each token's expires_at from the
        # server's clock (unix ms), faults of the token endpoint.
        self.token_lifetime = 1800.0
        self.live_tokens: set[str] = set()
        self.issued: list[str] = []
        self.oauth_faults: deque[Fault] = deque()
        self.tls = tls
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        if tls is not None:
            self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def url(self) -> str:
        return f"{self.origin}/v1"

    @property
    def oauth_url(self) -> str:
        return f"{self.origin}{OAUTH_PATH}"

    def revoke_tokens(self) -> None:
        with self.lock:
            self.live_tokens.clear()

    def recorded(self, path: str) -> list[Recorded]:
        with self.lock:
            return [r for r in self.requests if r.path == path]

    def _issue_token(self) -> dict[str, Any]:
        token = f"tok-{uuid.uuid4().hex}"
        with self.lock:
            self.live_tokens.add(token)
            self.issued.append(token)
        return {"access_token": token, "expires_at": int((time.time() + self.token_lifetime) * 1000)}

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
            return sum(1 for r in self.requests if model is None or self.model_of(r.body) == model)

    def bodies(self, model: str | None = None) -> list[dict[str, Any]]:
        with self.lock:
            return [r.body for r in self.requests if model is None or self.model_of(r.body) == model]

    # -- the protocol --------------------------------------------------------------------------------

    def routes(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        """Path -> the answer to a JSON body there (a subclass adds other providers' APIs)."""
        return {"/v1/chat/completions": self.reply}

    @staticmethod
    def model_of(body: dict[str, Any]) -> Any:
        """The model a request names (the key of its injected faults)."""
        return body.get("model")

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
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path == OAUTH_PATH:
                    self._oauth(arrived, raw)
                    return
                body = json.loads(raw)
                with server.lock:
                    queue = server.faults.get(server.model_of(body))
                    fault = queue.popleft() if queue else None
                    server.requests.append(Recorded(arrived, dict(self.headers), body, fault, self.path))
                    authorization = self.headers.get("Authorization", "")
                    refused = (
                        bool(server.issued)
                        and authorization.startswith("Bearer ")
                        and authorization.removeprefix("Bearer ") not in server.live_tokens
                    )
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    time.sleep(server.delay + (fault.delay if fault else 0.0))
                    route = server.routes().get(self.path)
                    if route is None:
                        self._send(404, {"error": {"message": "not found"}})
                    elif refused:
                        self._send(401, {"status": 401, "message": "Token has expired"})
                    elif fault is not None and fault.play is not None:
                        self.close_connection = True  # a play may leave the stream in any state
                        fault.play(self, body)
                    elif fault is not None and fault.status:
                        self._send(
                            fault.status,
                            fault.body or {"error": {"message": f"injected {fault.status}"}},
                            fault.headers,
                        )
                    else:
                        try:
                            answer = route(body)
                        except BadRequest as refusal:
                            self._send(400, {"error": {"message": str(refusal)}})
                        else:
                            self._send(200, answer)
                except OSError:
                    pass  # the client gave up (a timeout, a refused reply): nothing to answer
                finally:
                    with server.lock:
                        server.in_flight -= 1

            def _oauth(self, arrived: float, raw: bytes) -> None:
                form = {k: v[0] for k, v in parse_qs(raw.decode("ascii")).items()}
                with server.lock:
                    fault = server.oauth_faults.popleft() if server.oauth_faults else None
                    server.requests.append(Recorded(arrived, dict(self.headers), form, fault, self.path))
                time.sleep(server.delay + (fault.delay if fault else 0.0))
                try:
                    if fault is not None and fault.play is not None:
                        self.close_connection = True
                        fault.play(self, form)
                    elif fault is not None and fault.status:
                        refusal = {"code": 6, "message": "credentials doesn't match"}
                        self._send(fault.status, fault.body or refusal, fault.headers)
                    else:
                        self._send(200, server._issue_token())
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout)

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
