"""Graph exploration endpoints: entity suggestions and details, neighbourhoods, paths, evidence subgraphs."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from hopgraph.facade import HopGraph
from hopgraph.graph.paths import evidence_paths
from hopgraph.server.deps import get_hg
from hopgraph.server.lookup import entity_detail, entity_ref, evidence_subgraph, kind_neighborhood, resolve_entity, suggest
from hopgraph.server.overview import overview
from hopgraph.server.schemas import EntityDetail, EntitySuggestion, ExplorerNeighborhood, PathResult, StoreOverview, Subgraph

router = APIRouter(tags=["graph"])
HG = Annotated[HopGraph, Depends(get_hg)]
NOT_FOUND = {404: {"description": "Unknown entity id or name; `closest` lists names you may have meant."}}


@router.get("/overview", response_model=StoreOverview)
def get_overview(hg: HG) -> StoreOverview:
    """What the store holds: counts, entity types, the best connected entities and example questions built
    from its own typed relations (the explorer's start page)."""
    return overview(hg.graph, {"documents": hg.store.count("documents"), "chunks": hg.store.count("chunks")})


@router.get("/entities", response_model=list[EntitySuggestion])
def list_entities(
    hg: HG,
    match: Annotated[str, Query(max_length=200, description="Prefix or substring of a name or alias (empty: best connected).")] = "",
    type: Annotated[str | None, Query(max_length=50, description="Only entities of this type (PERSON, ORG, GPE …).")] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> list[EntitySuggestion]:
    """Entity suggestions: names starting with `match` first, then containing it; best connected first."""
    return suggest(hg.graph, match, type, limit)


@router.get("/entities/{entity_id}", response_model=EntityDetail, responses=NOT_FOUND)
def get_entity(hg: HG, entity_id: Annotated[int, Path(ge=0)]) -> EntityDetail:
    """An entity with its aliases, type, degree, relations (with sentences) and mentions (with chunk ids)."""
    return entity_detail(hg.graph, hg.store, entity_id)


@router.get("/graph/neighborhood", response_model=ExplorerNeighborhood, responses=NOT_FOUND)
def get_neighborhood(
    hg: HG,
    entity: Annotated[str, Query(min_length=1, max_length=300, description="Entity id or name.")],
    hops: Annotated[int, Query(ge=1, le=3)] = 1,
    predicate: Annotated[str | None, Query(max_length=100, description="Follow only edges whose predicate contains this.")] = None,
    limit: Annotated[int, Query(ge=2, le=500, description="Most nodes returned (closest, best connected first).")] = 150,
    cooccur: Annotated[bool, Query(description="Also follow co-occurrence edges (same sentence, no stated relation).")] = False,
) -> ExplorerNeighborhood:
    """Nodes within `hops` of an entity and the edges among them: typed relations unless `cooccur=true`."""
    kg = hg.graph
    return kind_neighborhood(kg, resolve_entity(kg, entity), hops, predicate or None, max_nodes=limit, cooccur=cooccur)


@router.get("/graph/path", response_model=PathResult, responses=NOT_FOUND)
def get_path(
    hg: HG,
    source: Annotated[str, Query(min_length=1, max_length=300, description="Entity id or name.")],
    target: Annotated[str, Query(min_length=1, max_length=300, description="Entity id or name.")],
    max_hops: Annotated[int, Query(ge=1, le=4)] = 3,
    limit: Annotated[int, Query(ge=1, le=20)] = 5,
) -> PathResult:
    """The shortest evidence paths between two entities, each edge with its sentence and chunk."""
    kg = hg.graph
    a, b = resolve_entity(kg, source), resolve_entity(kg, target)
    paths = evidence_paths(kg, a, b, max_hops=max_hops, limit=limit)
    return PathResult(source=entity_ref(kg, a), target=entity_ref(kg, b), paths=paths)


@router.get("/graph/evidence", response_model=Subgraph)
def get_evidence(
    hg: HG,
    chunk_id: Annotated[list[str], Query(min_length=1, max_length=50, description="Chunk ids (repeat the parameter).")],
    sentence: Annotated[list[str] | None, Query(max_length=50, description="Evidence sentences: keep only the relations read from them.")] = None,
) -> Subgraph:
    """The relations stated in the given chunks and the entities they join (the ask view's evidence path)."""
    return evidence_subgraph(hg.graph, chunk_id, sentence)
