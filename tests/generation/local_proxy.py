"""A small HTTP proxy on 127.0.0.1 for the tests: it forwards plain-HTTP requests given in absolute
form (`POST http://host:port/path`) and tunnels `CONNECT host:port` (HTTPS), and records what went
through it (the method, the target, the Proxy-Authorization header). Asked to, it demands a
Proxy-Authorization and answers 407 without one."""

from __future__ import annotations

import http.client
import select
import socket
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Passed:
    method: str
    target: str  # the absolute URL, or host:port of a tunnel
    authorization: str | None


class LocalProxy:
    def __init__(self, require_auth: str | None = None):
        self.passed: list[Passed] = []
        self.require_auth = require_auth  # the exact Proxy-Authorization value to demand
        self.lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self) -> LocalProxy:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _admit(self) -> bool:
                authorization = self.headers.get("Proxy-Authorization")
                with proxy.lock:
                    proxy.passed.append(Passed(self.command, self.path, authorization))
                if proxy.require_auth is not None and authorization != proxy.require_auth:
                    self.send_response(407)
                    self.send_header("Proxy-Authenticate", 'Basic realm="test"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return False
                return True

            def do_POST(self) -> None:
                if not self._admit():
                    return
                target = urlsplit(self.path)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {
                    k: v
                    for k, v in self.headers.items()
                    if k.lower() not in ("proxy-authorization", "proxy-connection")
                }
                upstream = http.client.HTTPConnection(target.hostname or "", target.port or 80, timeout=30)
                try:
                    path = target.path + (f"?{target.query}" if target.query else "")
                    upstream.request("POST", path, body=body, headers=headers)
                    answer = upstream.getresponse()
                    data = answer.read()
                    self.send_response(answer.status)
                    for name, value in answer.getheaders():
                        if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                            self.send_header(name, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                finally:
                    upstream.close()

            def do_CONNECT(self) -> None:
                if not self._admit():
                    return
                host, _, port = self.path.rpartition(":")
                upstream = socket.create_connection((host, int(port)), timeout=30)
                self.send_response(200, "Connection established")
                self.end_headers()
                client = self.connection
                try:
                    while True:
                        ready, _, _ = select.select([client, upstream], [], [], 30)
                        if not ready:
                            return
                        for side in ready:
                            data = side.recv(65536)
                            if not data:
                                return
                            (upstream if side is client else client).sendall(data)
                finally:
                    upstream.close()

        return Handler
