"""A real HTTP search tool on 127.0.0.1 (a server in a thread) for the tool registry tests.

    server = ToolServer(passages=[{"id": "p1", "title": "T", "text": "..."}]).start()
    server.url          # POST {"query", "k"} here
    server.requests     # every JSON body received, in order
    server.mode = "slow" / "error" / "garbage"   # misbehave
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class ToolServer:
    def __init__(self, passages: list[dict[str, Any]] | None = None, mode: str = "ok", delay: float = 2.0):
        self.passages = passages or []
        self.mode = mode  # ok | slow | error | garbage
        self.delay = delay
        self.requests: list[dict[str, Any]] = []
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/search"

    def start(self) -> ToolServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                owner.requests.append(json.loads(body or b"{}"))
                if owner.mode == "slow":
                    time.sleep(owner.delay)
                if owner.mode == "error":
                    self._send(500, b'{"error": "down"}')
                elif owner.mode == "garbage":
                    self._send(200, b"<html>not json</html>")
                else:
                    k = int(owner.requests[-1].get("k", 10))
                    self._send(200, json.dumps({"passages": owner.passages[:k]}).encode())

            def _send(self, status: int, body: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:  # the client gave up waiting (the slow mode)
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._server.block_on_close = False
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
