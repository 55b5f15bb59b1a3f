"""Error responses: clear 422s, 404s with closest names, and a 500 that never shows a traceback."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from hopgraph.errors import UserError
from hopgraph.server.lookup import NotFound

log = logging.getLogger("hopgraph.server")


def _where(loc: tuple | list) -> str:
    """("query", "k") -> "query parameter 'k'"; ("body", "question") -> "body field 'question'"."""
    parts = [str(p) for p in loc]
    if not parts:
        return "request"
    kind = {"query": "query parameter", "path": "path parameter", "body": "body field", "header": "header"}.get(parts[0], parts[0])
    name = ".".join(parts[1:])
    return f"{kind} {name!r}" if name else ("request body" if parts[0] == "body" else kind)


def validation_message(errors: list[dict]) -> str:
    """One readable line for all validation errors of a request."""
    return "; ".join(f"{_where(e.get('loc', ()))}: {e.get('msg', 'invalid')}" for e in errors) or "invalid request"


async def on_validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = [{k: v for k, v in e.items() if k in ("loc", "msg", "type")} for e in exc.errors()]
    return JSONResponse(status_code=422, content={"detail": validation_message(errors), "errors": jsonable_encoder(errors)})


async def on_user_error(request: Request, exc: UserError) -> JSONResponse:
    return JSONResponse(status_code=422, content={"detail": str(exc)})


async def on_not_found(request: Request, exc: NotFound) -> JSONResponse:
    return JSONResponse(status_code=404, content={"detail": exc.message, "closest": exc.closest})


async def on_unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse(status_code=500, content={"detail": "internal server error (see the server log)"})


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, on_validation_error)
    app.add_exception_handler(UserError, on_user_error)
    app.add_exception_handler(NotFound, on_not_found)
    app.add_exception_handler(Exception, on_unexpected)
