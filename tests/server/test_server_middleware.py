"""Body size limit, security headers and error messages, on a tiny app (no store)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

from hopgraph.server import handlers
from hopgraph.server.middleware import BodySizeLimit, SecurityHeaders


class Echo(BaseModel):
    text: str


def make_client(max_bytes: int = 2000) -> TestClient:
    app = FastAPI()
    app.add_middleware(BodySizeLimit, max_bytes=max_bytes)
    app.add_middleware(SecurityHeaders)
    handlers.install(app)

    @app.post("/echo")
    def echo(body: Echo) -> dict:
        return {"length": len(body.text)}

    @app.get("/boom")
    def boom() -> dict:
        raise RuntimeError("secret-token-123 leaked in a traceback")

    return TestClient(app, raise_server_exceptions=False)


def test_body_within_limit_reaches_the_route():
    r = make_client().post("/echo", json={"text": "x" * 1500})
    assert r.status_code == 200 and r.json() == {"length": 1500}


def test_declared_oversized_body_is_413():
    r = make_client().post("/echo", json={"text": "x" * 5000})
    assert r.status_code == 413
    assert "2000 bytes" in r.json()["detail"]


def test_streamed_oversized_body_without_content_length_is_413():
    def chunks():
        for _ in range(10):
            yield b"x" * 500

    r = make_client().post("/echo", content=chunks(), headers={"content-type": "application/json"})
    assert "content-length" not in r.request.headers
    assert r.status_code == 413


def test_validation_error_is_one_readable_line():
    r = make_client().post("/echo", json={"txt": "a"})
    assert r.status_code == 422
    body = r.json()
    assert body["detail"] == "body field 'text': Field required"
    assert body["errors"][0]["loc"] == ["body", "text"]


def test_unexpected_error_is_a_generic_500_without_traceback(caplog):
    r = make_client().get("/boom")
    assert r.status_code == 500
    assert r.json() == {"detail": "internal server error (see the server log)"}
    assert "secret-token-123" not in r.text and "Traceback" not in r.text
    assert any("unhandled error on GET /boom" in rec.getMessage() for rec in caplog.records)  # logged server-side


def test_security_headers_on_every_response():
    r = make_client().post("/echo", json={"text": "a"})
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert "unsafe-inline" not in r.headers["content-security-policy"].split("script-src")[1].split(";")[0]
