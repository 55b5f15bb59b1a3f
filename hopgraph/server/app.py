"""The FastAPI app: JSON API + the web graph explorer at `/`, over one HopGraph loaded once.

    from hopgraph import HopGraph
    from hopgraph.server.app import create_app
    app = create_app(HopGraph.open(".hopgraph"))   # then: uvicorn.run(app, host="127.0.0.1")

Routes are plain (sync) functions, so FastAPI runs them in its threadpool; they
share the HopGraph's components (graph, retriever, hop loop), which load once
when the app starts, never per request.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from hopgraph.facade import HopGraph
from hopgraph.server import handlers
from hopgraph.server.deps import ask_available
from hopgraph.server.middleware import BodySizeLimit, SecurityHeaders
from hopgraph.server.reload import LiveStore
from hopgraph.server.routes_documents import router as documents_router
from hopgraph.server.routes_graph import router as graph_router
from hopgraph.server.routes_retrieval import router as retrieval_router

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("hopgraph.server")


def warm(hg: HopGraph) -> None:
    """Load the graph, the retriever and (when installed) the hop loop with what its router and grader load
    lazily (the spaCy pipeline, the relation matcher by meaning) before the first request."""
    _ = hg.graph
    _ = hg.retriever
    if ask_available():
        from hopgraph.hops.lazy_models import load_now

        load_now(hg.hop_loop.router)
    else:
        log.warning("hopgraph.hops.loop is not installed: POST /ask will answer 503")


def create_app(hg: HopGraph, warm_up: bool = True) -> FastAPI:
    """An app serving `hg`; with `warm_up`, heavy components load at startup rather than on first use."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if warm_up:
            warm(hg)
        yield

    app = FastAPI(
        title="hopgraph",
        summary="GraphRAG for relational multi-hop retrieval: search, ask, explore the knowledge graph.",
        version="0.1.0",
        docs_url=None,  # served below from local assets, so /docs works offline
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.hg = hg
    app.state.live = LiveStore(app.state, warm)  # answers from a rebuilt store once `hopgraph index` swaps it in
    app.state.warm_up = warm_up  # an update (routes_documents) warms the HopGraph it swaps in likewise
    app.add_middleware(BodySizeLimit, max_bytes=hg.settings.server.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    handlers.install(app)
    app.include_router(retrieval_router)
    app.include_router(graph_router)
    app.include_router(documents_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def explorer() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json", title="hopgraph API",
            swagger_js_url="/static/vendor/swagger-ui-bundle.js", swagger_css_url="/static/vendor/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
        )

    return app
