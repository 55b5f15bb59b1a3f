"""A real OpenAI-compatible HTTP server on 127.0.0.1 with scripted replies, for LLM tests.

    server = FakeOpenAI().start()
    server.push(Reply.json({"a": 1}), Reply(status=500))
    client = LLMClient(settings_for(server))
    ...
    server.requests  # every JSON body the server received, in order

Requests whose `response_format.type` is in `server.reject_formats` get HTTP `server.reject_status` (400)
without consuming a scripted reply (like a server that lacks that feature).
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from hopgraph.config_sections import LLMSettings
from hopgraph.models import Chunk, Document
from hopgraph.store import Store, StoreWriter


@dataclass
class Reply:
    """One scripted answer: message content, or an error status, optionally after a delay."""

    content: str | None = None
    status: int = 200
    delay: float = 0.0
    error_body: dict[str, Any] = field(default_factory=lambda: {"error": {"message": "scripted failure", "type": "server_error"}})

    @classmethod
    def json(cls, obj: Any, **kw: Any) -> Reply:
        return cls(content=json.dumps(obj), **kw)


class FakeOpenAI:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.default: Reply | None = None  # used when the script runs out (else HTTP 500)
        self.reject_formats: set[str] = set()
        self.reject_status = 400  # llama-cpp-python's server answers an unknown response_format with 500
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None

    # ------------------------------------------------------------ control
    def start(self) -> FakeOpenAI:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                owner._handle(self)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False  # do not wait for a handler still sleeping in a slow reply
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    @property
    def base_url(self) -> str:
        assert self._httpd is not None
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def push(self, *replies: Reply) -> None:
        with self._lock:
            self.replies.extend(replies)

    @property
    def formats(self) -> list[str | None]:
        """The response_format type of every request received (None = no response_format)."""
        return [(r.get("response_format") or {}).get("type") for r in self.requests]

    # ------------------------------------------------------------ serving
    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        body = json.loads(h.rfile.read(int(h.headers.get("Content-Length", 0))) or b"{}")
        fmt = (body.get("response_format") or {}).get("type")
        with self._lock:
            self.requests.append(body)
            self.headers.append({k.lower(): v for k, v in h.headers.items()})
            if h.path != "/v1/chat/completions":
                reply = Reply(status=404)
            elif fmt in self.reject_formats:
                message = (f"response_format {fmt} is not supported" if self.reject_status == 400 else
                           f"1 validation error:\n  ('body', 'response_format', 'type')\n    Input should be 'text' or 'json_object', input {fmt!r}")
                reply = Reply(status=self.reject_status, error_body={"error": {"message": message, "type": "invalid_request_error"}})
            elif self.replies:
                reply = self.replies.popleft()
            else:
                reply = self.default or Reply(status=500)
        if reply.delay:
            time.sleep(reply.delay)
        if reply.status == 200:
            payload = {
                "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion", "created": int(time.time()),
                "model": body.get("model", ""),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply.content}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
            }
        else:
            payload = reply.error_body
        data = json.dumps(payload).encode()
        try:
            h.send_response(reply.status)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", str(len(data)))
            h.end_headers()
            h.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout tests)


def settings_for(server: FakeOpenAI, **overrides: Any) -> LLMSettings:
    """LLM settings pointing at the fake server, with short timeouts for tests."""
    values: dict[str, Any] = {"base_url": server.base_url, "model": "fake-model", "timeout_s": 2.0, **overrides}
    return LLMSettings(**values)


def tiny_store(root: Path) -> Store:
    """A real (empty-index) SQLite store with two chunks, built by StoreWriter; enough for the LLM cache."""
    writer = StoreWriter(root)
    writer.write_meta({"embedding_model": "none"})
    writer.write_documents([Document(doc_id="d1", title="The Glass Harbor", text="x")])
    writer.write_chunks([
        Chunk(chunk_id="d1#0", doc_id="d1", text="The Glass Harbor was directed by Oskar Brandt.", start=0, end=46, content_hash="a"),
        Chunk(chunk_id="d2#0", doc_id="d2", text="Oskar Brandt was born in Tamsel.", start=0, end=32, content_hash="b"),
    ])
    writer.commit()
    return Store.open(root)
