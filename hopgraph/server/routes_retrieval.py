"""Retrieval endpoints: multi-hop ask, single-shot search, chunks, saved traces, health."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Response

from hopgraph.facade import HopGraph
from hopgraph.models import AgenticRetrievalResult, Fusion, Profile, SearchHit
from hopgraph.server.deps import ask_available, get_hg
from hopgraph.server.lookup import NotFound, chunk_entities
from hopgraph.server.schemas import AskRequest, ChunkDetail, Health

router = APIRouter(tags=["retrieval"])
HG = Annotated[HopGraph, Depends(get_hg)]


@router.post("/ask", response_model=AgenticRetrievalResult,
             responses={503: {"description": "The hop loop is not installed."}})
def ask(body: AskRequest, hg: HG) -> AgenticRetrievalResult:
    """Multi-hop retrieval through the hop loop; the result carries every hop's query, hits and verdict."""
    try:
        return hg.ask(body.question, k=body.k, answer=body.answer, where=body.where, session_id=body.session_id)
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith("hopgraph.hops"):
            raise HTTPException(503, "the hop loop is not available in this installation") from None
        raise


@router.delete("/sessions/{session_id}", responses={404: {"description": "Unknown or expired session."}})
def clear_session(hg: HG, session_id: Annotated[str, Path(max_length=100)]) -> dict[str, str]:
    """Forget a follow-up session's memory (sessions also expire after `sessions.ttl_s` unused)."""
    from hopgraph.session import sessions

    if not sessions(hg).clear(session_id):
        raise NotFound(f"no session {session_id!r} (never used, cleared or expired)")
    return {"cleared": session_id}


@router.get("/search", response_model=list[SearchHit])
def search(
    hg: HG,
    q: Annotated[str, Query(min_length=1, max_length=2000, description="The query.")],
    k: Annotated[int, Query(ge=1, le=100)] = 10,
    profile: Annotated[Profile | None, Query(description="Retrieval profile (default: config retrieval.default_profile).")] = None,
    where: Annotated[list[str] | None, Query(max_length=200, description="Metadata filter KEY OP VALUE, repeatable (date>=2021-01-01).")] = None,
    fusion: Annotated[Fusion | None, Query(description="How hybrid profiles fuse dense and BM25 (default: config retrieval.fusion).")] = None,
) -> list[SearchHit]:
    """Single-shot retrieval with one profile; every hit carries the scores that placed it."""
    return hg.search(q, k=k, profile=profile, where=where, fusion=fusion)


@router.get("/chunks/{chunk_id:path}", response_model=ChunkDetail, responses={404: {"description": "Unknown chunk id."}})
def get_chunk(hg: HG, chunk_id: Annotated[str, Path(max_length=300)]) -> ChunkDetail:
    """A chunk's text (always plain text) with its document, span and the entities it mentions."""
    chunk = hg.store.get_chunk(chunk_id)
    if chunk is None:
        raise NotFound(f"no chunk with id {chunk_id!r}")
    return ChunkDetail(**chunk.model_dump(), entities=chunk_entities(hg.graph, chunk_id))


@router.get("/traces/{trace_id}", response_model=AgenticRetrievalResult, responses={404: {"description": "Unknown trace id."}})
def get_trace(hg: HG, trace_id: Annotated[str, Path(max_length=200)]) -> Response:
    """A saved `ask` result (every `ask` saves one under its trace_id)."""
    raw = hg.store.get_trace(trace_id)
    if raw is None:
        raise NotFound(f"no trace with id {trace_id!r}")
    return Response(content=raw, media_type="application/json")


@router.get("/health", response_model=Health)
def health(hg: HG) -> Health:
    """Liveness plus the store's counts."""
    s = hg.stats()
    return Health(
        store=str(s["store"]), documents=int(s["documents"]), chunks=int(s["chunks"]),
        entities=int(s["entities"]), relations=int(s["relations"]), ask_available=ask_available(),
    )
