"""Document endpoints: read one, add or replace some (`POST /documents`), remove one (`DELETE /documents/{id}`).

An update runs `hopgraph.indexing.incremental` on the served store in the request's worker thread, one at a
time; every other request keeps being answered from the current HopGraph meanwhile. When the new store is
in place, a new HopGraph is opened on it (its graph and indexes loaded) and swapped in for the next
requests; requests already running finish on the old one.
"""

from __future__ import annotations

import threading
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Request
from pydantic import BaseModel, Field

from hopgraph.facade import HopGraph
from hopgraph.models import Document, IndexStats
from hopgraph.server.deps import get_hg
from hopgraph.server.lookup import NotFound

router = APIRouter(tags=["documents"])
HG = Annotated[HopGraph, Depends(get_hg)]
ENCODE_GROUP = 32  # texts per encoder call during an update: short holds of the encoder lock queries share
_LOCK = threading.Lock()  # guards the creation of per-app update locks


class DocumentIn(BaseModel):
    """A document to add; an id already in the store is replaced."""

    id: str = Field(min_length=1, max_length=300)
    title: str = Field("", max_length=1000)
    text: str = Field(min_length=1)
    metadata: dict[str, Any] = Field(default_factory=dict)


class AddDocumentsRequest(BaseModel):
    documents: list[DocumentIn] = Field(min_length=1, max_length=10_000)


class UpdateResult(BaseModel):
    """What an update did; the store now holds `documents` documents."""

    documents: int
    added: int
    replaced: int
    removed: int
    chunks: int
    chunks_extracted: int
    chunks_embedded: int
    entities: int
    relations: int
    seconds: float
    stage_seconds: dict[str, float]


def _result(stats: IndexStats) -> UpdateResult:
    return UpdateResult(
        documents=stats.documents, added=stats.documents_added, replaced=stats.documents_replaced,
        removed=stats.documents_removed, chunks=stats.chunks, chunks_extracted=stats.chunks_extracted,
        chunks_embedded=stats.chunks_embedded, entities=stats.entities, relations=stats.relations,
        seconds=round(stats.seconds, 3), stage_seconds={k: round(v, 3) for k, v in stats.stage_seconds.items()},
    )


def _update_lock(app: FastAPI) -> threading.Lock:
    with _LOCK:
        if not hasattr(app.state, "update_lock"):
            app.state.update_lock = threading.Lock()
        return app.state.update_lock


def _swap_in(app: FastAPI, old: HopGraph) -> None:
    """Open the updated store and make it the one later requests use (components loaded first)."""
    from hopgraph.server.app import warm

    new = HopGraph.open(old.store.root, old.settings)
    if getattr(app.state, "warm_up", True):
        warm(new)
    app.state.hg = new  # the old HopGraph stays usable for requests still running on it


@router.get("/documents/{doc_id:path}", response_model=Document, responses={404: {"description": "Unknown document id."}})
def get_document(hg: HG, doc_id: Annotated[str, Path(max_length=300)]) -> Document:
    """A stored document (its full text)."""
    doc = hg.store.get_document(doc_id)
    if doc is None:
        raise NotFound(f"no document with id {doc_id!r}")
    return doc


@router.post("/documents", response_model=UpdateResult)
def add_documents(body: AddDocumentsRequest, request: Request) -> UpdateResult:
    """Add documents, replacing those with the same id; only new and changed ones are extracted and embedded,
    and the store afterwards equals a fresh index of its documents. Other requests are answered meanwhile."""
    from hopgraph.indexing.incremental import add_documents as add

    app = request.app
    with _update_lock(app):
        hg: HopGraph = app.state.hg
        docs = [Document(doc_id=d.id, title=d.title, text=d.text, metadata=d.metadata) for d in body.documents]
        stats = add(hg.store.root, docs, hg.settings, encode_group=ENCODE_GROUP)
        _swap_in(app, hg)
    return _result(stats)


@router.delete("/documents/{doc_id:path}", response_model=UpdateResult,
               responses={404: {"description": "Unknown document id."}})
def remove_document(request: Request, doc_id: Annotated[str, Path(max_length=300)]) -> UpdateResult:
    """Remove one document; entities left with no mention and their relations go with it."""
    from hopgraph.indexing.incremental import remove_documents

    app = request.app
    with _update_lock(app):
        hg: HopGraph = app.state.hg
        if hg.store.get_document(doc_id) is None:
            raise NotFound(f"no document with id {doc_id!r}")
        stats = remove_documents(hg.store.root, [doc_id], hg.settings, encode_group=ENCODE_GROUP)
        _swap_in(app, hg)
    return _result(stats)
